"""R-DIE: taking dice into a USE, its value, what it costs in stones, and the worked example E3."""

from __future__ import annotations

from engine.massilia.dice import cyc, die_text, next_random, parse_die, pip_table, units
from engine.massilia.state import GameState

from .helpers import after_setup, give, set_temple, set_turn, texts


def e3(supply: int = 20) -> GameState:
    """E3: the temple holds grey 2, brown 5, brown 1; seat 1 to act."""
    s = after_setup(2, 1)
    set_temple(s, "grey2", "brown5", "brown1")
    set_turn(s, 0)
    s.supply = supply
    s.players[0].money = 0
    for x in s.stalls_of(0):
        s.stock[x] = [0, 0, 0, 0]
    s.touch()
    return s


def stones_after(s: GameState, *steps: str) -> int:
    c = s.clone()
    before = c.players[0].stones
    for step in steps:
        c.apply(step)
    return c.players[0].stones - before


def test_r_die_3_cyclic_pips_and_units() -> None:
    assert cyc(1, 6) == 1 and cyc(3, 1) == 2 and cyc(2, 5) == 3
    assert pip_table((5, 2))[8] == 1 and pip_table((5, 1))[8] == 2 and pip_table((5, 2, 1))[8] == 0
    assert pip_table((1,))[6] == 1
    assert units([parse_die("brown5"), parse_die("grey2")], 1) == (1, 1)
    assert units([parse_die("brown5"), parse_die("grey2"), parse_die("brown1")], 1) == (1, 2)


def test_r_die_3_e3_each_way_to_brown_8_costs_3_stones() -> None:
    s = e3()
    assert stones_after(s, "take brown5", "add grey2", "as brown 8") == 3  # colour 1 + add 1 + pip 1
    assert stones_after(s, "take brown5", "add brown1", "as brown 8") == 3  # add 1 + pip 2
    assert stones_after(s, "take brown5", "add grey2", "add brown1", "as brown 8") == 3  # colour 1 + add 2
    assert stones_after(s, "take brown1", "as brown 6") == 1  # a 1 becomes a 6, not 5 steps


def test_r_die_3_e3_phoebus_and_juno_cover_a_unit_each() -> None:
    s = e3()
    give(s, 0, "phoebus", "juno")
    assert stones_after(s, "take brown5", "add grey2", "as brown 8 phoebus juno") == 1
    c = s.clone()
    c.apply("take brown5")
    c.apply("add grey2")
    c.apply("as brown 8 phoebus juno")
    assert c.players[0].hand == [] and sorted(c.discard) == ["juno", "phoebus"]


def test_r_die_4_e3_empty_supply_leaves_only_the_faces() -> None:
    """R-DIE-4: with no stones and no cards, V can only be 5 or 1 (and no die can be added)."""
    s = e3(supply=0)
    assert texts(s) == ["pass", "take brown1", "take brown5"]  # grey 2 needs cubes to sacrifice
    c = s.clone()
    c.apply("take brown5")  # "as brown 5" is the only choice left, so it is carried out at once
    assert ("auto", {"player": 0, "action": "as brown 5"}) in c.events
    assert c.decision == "brown" and c.frames[-1]["v"] == 5
    c = s.clone()
    c.apply("take brown1")
    assert c.decision == "brown" and c.frames[-1]["v"] == 1


def test_r_die_4_stones_taken_go_behind_the_screen() -> None:
    s = e3(supply=3)
    s.apply("take brown5")
    s.apply("add grey2")
    s.apply("as brown 8")
    assert s.players[0].stones == 3 and s.supply == 0
    assert s.players[0].screen[1] >= 1 and s.players[0].screen[3] >= 1


def test_r_die_1_dice_go_behind_the_screen_and_the_action_follows() -> None:
    """R-DIE-1: the group's dice go behind the user's screen, then the action of A with exactly V."""
    s = e3()
    screen = list(s.players[0].screen)
    s.apply("take brown5")
    assert s.decision == "use" and s.temple == sorted(parse_die(d) for d in ("grey2", "brown1"))
    s.apply("as brown 5")
    assert s.players[0].screen == [screen[0], screen[1] + 1, screen[2], screen[3]]
    assert s.decision == "brown" and s.frames[-1]["v"] == 5
    assert all(t.startswith("move") for t in texts(s))


def test_r_die_2_colour_change_for_another_action() -> None:
    """R-DIE-2 colour: a brown die may do the black action for one stone."""
    s = e3()
    s.players[0].money = 10
    s.prices[0] = 2
    s.touch()
    s.apply("take brown5")
    assert "as black 5" in texts(s) and "as black 6" not in texts(s)  # 6 x 2 > 10
    s.apply("as black 5")
    assert s.players[0].stones == 1
    assert s.decision == "turn" and s.players[0].rep == 5 and s.players[0].money == 0  # one option: done at once


def test_r_die_1_kept_dice_and_temple_dice_combine() -> None:
    s = e3()
    s.players[0].kept = [parse_die("brown3")]
    s.touch()
    assert "take kept brown3" in texts(s)
    s.apply("take kept brown3")
    assert "add brown5" in texts(s)
    s.apply("add brown5")
    assert "as brown 8" in texts(s)
    assert s.players[0].kept == []


def test_dice_text_and_generator() -> None:
    assert die_text(parse_die("grey6")) == "grey6"
    a, state = next_random(1)
    b, _ = next_random(state)
    assert a != b and next_random(1) == (a, state)


def test_roll_dice_is_below_six_step_by_step() -> None:
    """The inline phase II roller gives exactly the faces and generator state of ``below(state, 6)`` per die."""
    from engine.massilia.dice import below, roll_dice

    state = 12345
    colours = [0, 0, 1, 2, 3, 3, 3]
    want = []
    step = state
    for c in colours:
        v, step = below(step, 6)
        want.append(c * 6 + v)
    assert roll_dice(state, colours) == (want, step)
    assert roll_dice(state, []) == ([], state)


def test_r_die_3_one_die_costs_its_colour_unit_and_pip_units() -> None:
    """R-DIE-3 for a single die (the short way ``stones_for`` takes): colour unit + pip units, cards cover one."""
    from engine.massilia.actions import As
    from engine.massilia.rules.dice import stones_for

    s = e3()
    for d in range(24):
        for colour in range(4):
            for value in range(1, 7):
                cu, au = units([d], colour)
                pu = pip_table((d % 6 + 1,))[value]
                assert au == 0
                assert stones_for(s, [d], As(colour, value)) == cu + pu
                if cu:
                    assert stones_for(s, [d], As(colour, value, phoebus=True)) == pu
    assert stones_for(s, [parse_die("brown5")], As(2, 1)) == 1 + 2  # black, 5 -> 6 -> 1 cyclic
