"""R-SCORE-* (scoring a tile type for all players) and R-HAND-* (hand limit, supply)."""

from __future__ import annotations

from engine.colosseum import GameState

from .helpers import decide_on_field, fresh, rows, set_hand, texts


def _score(s: GameState, kind: str, active: int = 0) -> GameState:
    decide_on_field(s, 0, active)
    s.apply(f"score {kind}")
    return s


def test_r_score_order_active_first_then_clockwise() -> None:
    """R-SCORE-ORDER: in a 4-player game with seat 2 active, seats decide 2, 3, 0, 1."""
    s = fresh(4)
    for p in range(4):
        rows(s, p, river=1)
    _score(s, "river", active=2)
    order = []
    while s.decision == "take":
        order.append(s.current_player)
        s.apply("take 1")
    assert order == [2, 3, 0, 1]
    assert s.active == 3 and s.decision == "move"


def test_r_score_land_take_any_part_of_the_entitlement() -> None:
    """R-SCORE-LAND: 3 grain tiles, 18 on the pile: take 0..3; taking 1 of 3 earns no fame."""
    s = fresh(2)
    rows(s, 0, grain=3)
    rows(s, 1, grain=0)
    _score(s, "grain")
    assert texts(s) == ["take 0", "take 1", "take 2", "take 3"]
    s.apply("take 1")
    assert s.players[0].hand == [0, 1, 0, 0] and s.players[0].fame == 0 and s.supply[1] == 17


def test_r_score_land_limited_by_the_pile() -> None:
    """R-SCORE-LAND: 3 tiles but 1 card on the pile: take 0..1."""
    s = fresh(2)
    rows(s, 0, river=3)
    rows(s, 1, river=0)
    s.supply[0] = 1
    _score(s, "river")
    assert texts(s) == ["take 0", "take 1"]


def test_r_score_fame_complete_decline_gives_one() -> None:
    """R-SCORE-FAME: ``take 0`` with n >= 1 gives 1 fame."""
    s = fresh(2)
    rows(s, 0, mountain=2)
    rows(s, 1, mountain=0)
    _score(s, "mountain")
    s.apply("take 0")
    assert s.players[0].fame == 1 and s.players[0].hand == [0, 0, 0, 0]
    assert ("decline", {"player": 0}) in s.events


def test_r_score_fame_nothing_for_a_seat_not_entitled() -> None:
    """R-SCORE-FAME (Ruling #12): n = 0 -> no decision, no fame; p = 0 at a stable -> no decision, no fame."""
    s = fresh(3)
    for p in range(3):
        rows(s, p, forest=0)
    _score(s, "forest")
    assert [pl.fame for pl in s.players] == [0, 1, 2] and s.active == 1
    s = fresh(3)
    _score(s, "stable")
    assert [pl.fame for pl in s.players] == [0, 1, 2] and s.active == 1


def test_r_score_fame_empty_pile_counts_as_declining() -> None:
    """R-SCORE-FAME: entitled but the pile is empty -> +1 fame automatically."""
    s = fresh(2)
    rows(s, 0, grain=1)
    rows(s, 1, grain=2)
    s.supply[1] = 0
    _score(s, "grain")
    assert [pl.fame for pl in s.players] == [1, 2]
    assert [e for e in s.events if e[0] == "empty_pile"] == [
        ("empty_pile", {"player": 0, "kind": "grain"}), ("empty_pile", {"player": 1, "kind": "grain"})]


def test_r_score_stable_reset_to_the_leftmost_wheel() -> None:
    """R-SCORE-STABLE: p 3 of W 5 -> p 0: P goes from 1 to 4; declining keeps p and gives 1 fame."""
    s = fresh(2)
    s.players[0].wheels, s.players[0].marker = 5, 3
    rows(s, 0, stable=2)
    s.players[1].marker = 1
    _score(s, "stable")
    assert s.players[0].points == 1 and texts(s) == ["reset", "decline"]
    s.apply("reset")
    assert (s.players[0].marker, s.players[0].points, s.players[0].fame) == (0, 4, 0)
    assert ("reset", {"player": 0, "points": 3}) in s.events
    s.apply("decline")
    assert (s.players[1].marker, s.players[1].fame) == (1, 2)


def test_r_hand_limit_discard_to_exactly_the_limit() -> None:
    """R-HAND-LIMIT: limit 4 + 2 per storage tile; hand 4 + 3 taken = 7 -> 3 discards (one decision each)."""
    s = fresh(2)
    set_hand(s, 0, "W2 G2")
    rows(s, 0, mountain=3)
    rows(s, 1, mountain=0)
    _score(s, "mountain")
    s.apply("take 3")
    assert s.players[0].cards == 7 and s.decision == "discard"
    for _ in range(3):
        assert s.current_player == 0
        s.apply("discard stone")
    assert s.players[0].hand == [2, 2, 0, 0] and s.supply[3] == 18 and s.active == 1


def test_r_hand_limit_storage_tiles_raise_it() -> None:
    """R-HAND-LIMIT: with 2 storage tiles taken the limit is 8: taking 3 onto 5 needs no discard."""
    s = fresh(2)
    set_hand(s, 0, "W5")
    rows(s, 0, storage=3, river=3)
    rows(s, 1, river=0)
    assert s.players[0].limit == 8
    _score(s, "river")
    s.apply("take 3")
    assert s.players[0].cards == 8 and s.active == 1 and s.decision == "move"


def test_r_hand_supply_discards_and_payments_return_to_the_piles() -> None:
    """R-HAND-SUPPLY: every card is either on its pile or in a hand; a discard goes back to its pile."""
    s = fresh(2)
    set_hand(s, 0, "H4")
    rows(s, 0, forest=2)
    rows(s, 1, forest=0)
    _score(s, "forest")
    s.apply("take 2")  # 6 wood, limit 4: the only option is discarding wood, twice (carried out at once)
    assert [e for e in s.events if e[0] == "discard"] == [("discard", {"player": 0, "kind": "wood"})] * 2
    assert s.supply[2] == 14 and s.players[0].hand[2] == 4
    assert sum(s.supply) + sum(pl.cards for pl in s.players) == 72
