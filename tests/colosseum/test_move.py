"""R-TURN-ORDER and R-MOVE-*: moving the consul (D-MOVE), worked example E2."""

from __future__ import annotations

import pytest

from engine.colosseum import IllegalAction

from .helpers import fresh, ready, texts


def test_r_turn_order_clockwise_no_rounds() -> None:
    """R-TURN-ORDER: move, one field action, then the next seat clockwise (turn counter +1)."""
    s = ready(fresh(3))
    seen = []
    for _ in range(4):
        seen.append(s.active)
        s.apply("move 2")  # field 2 or 4 ...: play out whatever follows with the first option
        while s.decision != "move":
            s.apply(s.legal_actions()[0])
    assert seen == [0, 1, 2, 0]
    assert s.turn == 4 and s.active == 1


def test_r_move_free_first_step() -> None:
    """R-MOVE-FREE: one field clockwise costs nothing."""
    s = ready(fresh(3))
    s.apply("move 1")
    pl = s.players[0]
    assert (s.consul, pl.marker, pl.points, pl.fame) == (1, 0, 2, 0)


def test_r_move_points_each_further_step_one_wheel() -> None:
    """R-MOVE-POINTS: move 3 with P = 2 uses both points (p 0 -> 2), no fame."""
    s = fresh(3)
    s.players[0].fame = 4
    ready(s)
    s.apply("move 3")
    pl = s.players[0]
    assert (s.consul, pl.marker, pl.points, pl.fame) == (3, 2, 0, 4)


def test_r_move_points_are_used_before_fame() -> None:
    """R-MOVE-POINTS (Ruling #8): with P = 2 and fame 5, move 4 costs 2 points and 1 fame."""
    s = fresh(3)
    s.players[0].fame = 5
    ready(s)
    s.apply("move 4")
    assert (s.players[0].marker, s.players[0].fame, s.consul) == (2, 4, 4)


def test_r_move_fame_pays_when_no_points_left() -> None:
    """R-MOVE-FAME: P = 0, fame 3: move 1..4 legal; move 3 costs 2 fame; fame never goes below 0."""
    s = fresh(3)
    s.players[0].marker = 2
    s.players[0].fame = 3
    ready(s)
    assert texts(s) == ["move 1", "move 2", "move 3", "move 4"]
    s.apply("move 3")
    assert (s.players[0].fame, s.players[0].marker, s.consul) == (1, 2, 3)


def test_r_move_fame_none_left_only_the_free_step_is_forced() -> None:
    """R-MOVE-FAME: P = 0 and fame 0: the single option, move 1, is carried out at once."""
    s = fresh(3)
    s.players[0].marker = 2
    ready(s)
    assert s.consul == 1
    assert ("forced", {"player": 0, "action": "move 1"}) in s.events


def test_r_move_total_wraps_and_is_limited_only_by_points_and_fame() -> None:
    """R-MOVE-TOTAL: 1 <= k <= 1 + P + fame; move 7 returns to the same field (6 points); with P = 7 and no
    fame, move 8 is the longest (7 points), move 9 is no option."""
    s = fresh(2)
    s.players[0].wheels = 8  # P = 7
    s.players[0].rows[0] = 3
    s.consul = 2
    ready(s)
    assert texts(s) == [f"move {k}" for k in range(1, 9)]
    with pytest.raises(IllegalAction):
        s.apply("move 9")
    s.apply("move 7")
    assert (s.consul, s.players[0].marker, s.players[0].points) == (2, 6, 1)


def test_r_move_total_beyond_seven_fields_round_the_loop() -> None:
    """R-MOVE-TOTAL ("beliebig viele" further fields, the German rulebook; the spec once capped k at 7):
    P = 3, fame 10, consul on 2: move 12 = 1 free + 3 points + 8 fame, the consul goes round once and on
    to field (2 + 12) mod 7 = 0 (D); the marker ends on the rightmost wheel (p = 3, P = 0)."""
    s = fresh(2)
    pl = s.players[0]
    pl.wheels, pl.marker, pl.fame = 4, 0, 10  # P = 3
    s.consul = 2
    ready(s)
    assert texts(s) == [f"move {k}" for k in range(1, 15)]  # 1 free + 3 points + 10 fame
    s.apply("move 12")
    assert (pl.marker, pl.points, pl.fame, s.consul) == (3, 0, 2, 0)
    assert s.events[0] == ("move", {"player": 0, "steps": 12, "points": 3, "fame": 8, "field": 0})


def test_e2_move_with_fame() -> None:
    """E2: W 4, p 1 (P 2), fame 5, consul on 6: move 5 = 1 free + 2 points + 2 fame -> field 4 (B3)."""
    s = fresh(3)
    pl = s.players[0]
    pl.wheels, pl.marker, pl.fame = 4, 1, 5
    pl.rows[0] = 2
    s.consul = 6
    ready(s)
    assert pl.points == 2
    assert texts(s)[-1] == "move 8"  # 2 points + 5 fame pay 7 further fields (R-MOVE-TOTAL: no cap of 7)
    with pytest.raises(IllegalAction, match="move 9 is not possible"):
        s.apply("move 9")
    s.apply("move 5")
    assert (pl.marker, pl.points, pl.fame, s.consul) == (3, 0, 3, 4)
    assert s.events[0] == ("move", {"player": 0, "steps": 5, "points": 2, "fame": 2, "field": 4})
