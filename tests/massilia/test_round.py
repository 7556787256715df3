"""R-ROUND, R-PRICE, R-ROLL, R-TURN, R-PASS, R-ORDER and the worked examples E1, E2 and E7."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.massilia.dice import parse_die
from engine.massilia.rules import rounds

from .helpers import after_setup, give, set_temple, set_turn, texts


def pass_all(s) -> None:  # type: ignore[no-untyped-def]
    """Every seat still in this round passes (keeping nothing in phase II)."""
    while s.phase == "keep":
        s.apply("keep none")
    day = s.round
    while not s.is_over and s.round == day:
        s.apply("pass")


def test_r_price_e1_price_shift() -> None:
    """E1 / R-PRICE: temple 1, violet 2, orange 3, pink 2 -> violet 1, orange 2, pink 3, temple 2 on day 2."""
    s = after_setup(2, 1)
    s.prices = [1, 2, 3, 2]
    pass_all(s)
    assert s.round == 2
    assert s.prices == [2, 1, 2, 3]


def test_r_price_skipped_on_day_1() -> None:
    s = after_setup(2, 5)
    before = list(s.prices)
    assert s.round == 1 and s.prices == before
    assert ("prices", {"prices": s.prices}) not in s.events


def test_r_round_1_seven_days_then_the_end() -> None:
    s = after_setup(3, 2)
    for day in range(1, 8):
        assert s.round == day and not s.is_over
        pass_all(s)
    assert s.is_over and s.phase == "over" and s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.apply("pass")


def test_r_roll_1_temple_dice_rolled_each_day() -> None:
    s = after_setup(2, 3)
    assert len(s.temple) == 4 and sorted(d // 6 for d in s.temple) == [0, 1, 2, 3]
    rolls = [e[1]["dice"] for e in s.events if e[0] == "roll_temple"]
    assert rolls == [s.temple]
    pass_all(s)
    assert s.round == 2
    rolls = [e[1]["dice"] for e in s.events if e[0] == "roll_temple"]
    assert len(rolls) == 1 and len(rolls[0]) == 12  # day 1: 4 temple dice + 2 x 4 given back, all rolled


def test_r_roll_2_e2_keeping_dice() -> None:
    """E2 / R-ROLL-2: 5 sesterces, rolled brown 3, brown 6, black 2, beige 5."""
    s = after_setup(2, 1)
    rolled = sorted(parse_die(d) for d in ("brown3", "brown6", "black2", "beige5"))
    s.frames = [{"k": "keep", "p": 1, "rolled": rolled}]
    s.active = 1
    s.players[1].money = 5
    s.queue = []
    s.touch()
    assert "keep beige5" in texts(s)
    assert "keep beige5 brown3 brown6 black2" not in texts(s)  # 8 > 5: illegal
    assert "keep beige5 brown6 black2" not in texts(s)  # 6 > 5
    assert "keep beige5 brown6 mars" not in texts(s)  # no Mars in hand
    t = s.clone()
    t.apply("keep beige5")
    assert t.players[1].money == 3
    assert t.players[1].kept == [parse_die("beige5")]
    assert sorted(t.temple) == sorted([*s.temple, parse_die("brown3"), parse_die("brown6"), parse_die("black2")])
    give(s, 1, "mars")
    s.apply("keep beige5 brown6 black2 mars")
    assert s.players[1].money == 3
    assert s.players[1].hand == [] and s.discard == ["mars"]


def test_r_roll_2_no_dice_no_roll() -> None:
    """A player with no dice behind his screen skips the step."""
    s = after_setup(2, 4)
    while s.phase == "keep":
        s.apply("keep none")
    assert s.phase == "actions"
    for pl in s.players:
        pl.screen = [0, 0, 0, 0]
    s.players[0].screen = [1, 0, 0, 0]
    s.players[0].kept, s.players[1].kept = [], []
    s.queue = [0, 1]
    s.frames = []
    rounds.next_roller(s)
    assert s.frames[-1]["k"] == "keep" and s.frames[-1]["p"] == 0 and len(s.frames[-1]["rolled"]) == 1
    s.touch()
    s.apply("keep none")
    assert s.phase == "actions"  # seat 2 had nothing to roll


def test_r_roll_3_kept_dice_only_for_their_owner() -> None:
    s = after_setup(2, 1)
    set_turn(s, 1)
    set_temple(s)
    s.players[0].kept = [parse_die("brown4")]
    s.touch()
    assert texts(s) == ["pass"]
    set_turn(s, 0)
    assert texts(s) == ["pass", "take kept brown4"]


def test_r_turn_1_order_fixed_at_start_and_passers_skipped() -> None:
    s = after_setup(3, 1)
    set_temple(s, "brown1", "brown2", "brown3", "brown4", "brown5", "brown6")
    set_turn(s, 1, order=[1, 2, 0])
    seen = []
    for _ in range(5):
        seen.append(s.current_player)
        if s.current_player == 2:
            s.apply("pass")
        else:
            s.apply(texts(s)[1])  # take a brown die
            s.apply(next(t for t in texts(s) if t.startswith("as brown")))
            while s.decision not in ("turn", "keep"):
                s.apply(s.legal_actions()[0])
    assert seen == [1, 2, 0, 1, 0]


def test_r_pass_and_r_order_e7() -> None:
    """E7: order A, B, C, D; C passes (tile 4, +4), A (3, +3), D (2, +2), B last (no tile) -> B, D, A, C."""
    s = after_setup(4, 1)
    set_temple(s, *(f"brown{v}" for v in (1, 2, 3, 4, 5, 6)))
    set_turn(s, 0)
    money = [pl.money for pl in s.players]

    def use() -> None:
        s.apply(next(t for t in texts(s) if t.startswith("take brown")))
        s.apply(next(t for t in texts(s) if t.startswith("as brown")))
        while s.decision not in ("turn", "keep"):
            s.apply(s.legal_actions()[-1])

    a, b, c, d = 0, 1, 2, 3
    use()  # A
    use()  # B
    assert s.current_player == c
    s.apply("pass")
    assert s.players[c].tile == 4 and s.players[c].money == money[c] + 4
    use()  # D
    s.apply("pass")  # A
    assert s.players[a].tile == 3 and s.players[a].money == money[a] + 3
    use()  # B
    s.apply("pass")  # D
    assert s.players[d].tile == 2 and s.players[d].money == money[d] + 2
    before_b = s.players[b].money
    s.apply("pass")  # B, the last
    assert s.players[b].money == before_b
    assert ("pass", {"player": b, "tile": 0}) in s.events
    assert s.order == [b, d, a, c]
    assert s.round == 2 and s.round_tiles == [2, 3, 4]
    assert all(pl.tile == 0 and not pl.passed for pl in s.players)


def test_r_order_unused_kept_dice_go_behind_the_screen() -> None:
    """R-ORDER Ruling: unused kept dice go behind their owner's screen; temple dice stay."""
    s = after_setup(2, 1)
    set_turn(s, 0)
    s.players[0].kept = [parse_die("grey6")]
    s.players[0].screen = [0, 0, 0, 0]
    s.touch()
    s.apply("pass")
    s.apply("pass")
    assert s.round == 2 and s.order == [1, 0]
    assert ("day", {"round": 2, "order": [1, 0]}) in s.events
    assert s.players[0].kept == []
    assert s.frames[-1]["p"] == 1  # seat 2 passed last, so he rolls first
    s.apply("keep none")
    assert s.frames[-1]["p"] == 0
    assert [d // 6 for d in s.frames[-1]["rolled"]] == [3]  # the grey die kept on day 1
