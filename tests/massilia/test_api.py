"""The engine contract: registry entry, plain form round trip, damaged data refused, action text, views."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import games
from engine.core.errors import IllegalAction, StateFormatError
from engine.massilia import GAME, STAND_INS, GameConfig, GameState, fingerprint, new_game, parse_action
from engine.massilia.bots import determinize
from engine.massilia.dice import parse_die

from .helpers import after_setup, give, set_turn, texts


def played(n: int, seed: int, steps: int) -> GameState:
    rng = random.Random(seed)
    s = new_game(GameConfig(players=n), seed)
    for _ in range(steps):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def test_registry_reaches_massilia_by_id() -> None:
    info = games.get("massilia")
    assert info is GAME and info.title == "Massilia" and (info.min_players, info.max_players) == (2, 4)
    s = info.new_game(info.config_from_dict({"players": 3}), 4)
    assert s.game == "massilia" and s.n == 3 and s.seed == 4
    assert info.state_from_dict(s.to_dict()).to_dict() == s.to_dict()
    assert info.parse_action(s, "stall 0") == s.legal_actions()[0]
    assert list(info.extras["stand_ins"]) == STAND_INS
    assert "massilia" in games.ids()


def test_fingerprint_is_plain_and_follows_decisions() -> None:
    s = played(3, 2, 30)
    fp = fingerprint(s)
    assert json.loads(json.dumps(fp)) == json.loads(json.dumps(fp))
    c = s.clone()
    c.apply(c.legal_actions()[-1])
    assert fingerprint(c) != fp and fingerprint(s) == fp


@pytest.mark.parametrize("n", [2, 3, 4])
def test_to_dict_from_dict_round_trip(n: int) -> None:
    for steps in (0, 15, 60, 150, 400):
        s = played(n, steps, steps)
        d = json.loads(json.dumps(s.to_dict()))
        t = GameState.from_dict(d)
        assert t.to_dict() == s.to_dict()
        assert t.legal_actions() == s.legal_actions()
        v = s.view(0)
        assert GameState.from_dict(json.loads(json.dumps(v.to_dict()))).to_dict() == v.to_dict()


def test_from_dict_refuses_damage_with_a_clear_message() -> None:
    d = played(2, 1, 40).to_dict()
    cases: list[tuple[Any, str]] = [
        (None, "the state"),
        ({**d, "game": "concordia"}, "not a Massilia state"),
        ({**d, "config": {"players": 7}}, "2 to 4"),
        ({**d, "harbour": [20, 20, 20, 21]}, "goods cubes are not conserved"),
        ({**d, "supply": d["supply"] + 1}, "stones are not conserved"),
        ({**d, "temple": d["temple"] + [0]}, "dice are not conserved"),
        ({**d, "prices": [0, 1, 2, 3]}, "prices"),
        ({**d, "frames": [{"k": "dance", "p": 0}]}, "unknown kind"),
        ({**d, "rng": -1}, "rng"),
        ({**d, "over": True}, "end"),
    ]
    for bad, msg in cases:
        with pytest.raises(StateFormatError, match=msg):
            GameState.from_dict(bad)


BASES = [played(2, 3, 25).to_dict(), played(4, 8, 120).to_dict(), played(3, 5, 300).to_dict()]
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=4), st.lists(st.integers(-1, 24), max_size=5),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def mutate(d: Any, path: list[int], value: Any, delete: bool) -> Any:
    """Replace (or delete) one entry somewhere in ``d``, chosen by ``path``."""
    if not path or not isinstance(d, (dict, list)) or not d:
        return value
    keys = list(d.keys()) if isinstance(d, dict) else list(range(len(d)))
    k = keys[path[0] % len(keys)]
    if isinstance(d, dict):
        out = dict(d)
        if delete and len(path) == 1:
            del out[k]
        else:
            out[k] = mutate(d[k], path[1:], value, delete)
        return out
    lst = list(d)
    lst[k] = mutate(d[k], path[1:], value, delete)
    return lst


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2), st.lists(st.integers(0, 99), min_size=1, max_size=4), VALUES, st.booleans())
def test_from_dict_fuzz_only_state_format_errors(base: int, path: list[int], value: Any, delete: bool) -> None:
    bad = mutate(BASES[base], path, value, delete)
    try:
        s = GameState.from_dict(bad)
    except StateFormatError:
        return
    if not s.is_over and s.viewer == -1:  # whatever full state was accepted must be playable
        s.apply(s.legal_actions()[0])


def test_parse_action_round_trips_and_refuses() -> None:
    s = played(4, 11, 90)
    for a in s.legal_actions():
        assert parse_action(s, str(a)) == a
    with pytest.raises(IllegalAction, match="not a Massilia action"):
        parse_action(s, "fly to rome")
    with pytest.raises(IllegalAction, match="empty"):
        parse_action(s, "  ")
    before = s.to_dict()
    with pytest.raises(IllegalAction):
        s.apply("build")  # not legal now: the state is unchanged
    assert s.to_dict() == before


def test_every_action_kind_round_trips_through_text() -> None:
    from engine.massilia import actions as A

    for a in (A.StartStall(4), A.Keep((parse_die("beige5"), parse_die("brown6")), True), A.Keep(()), A.Venus(2),
              A.Pass(), A.Take(parse_die("grey2"), True), A.Add(parse_die("brown1")), A.As(1, 8, True, True, False),
              A.Buy(2, 2, True, -1), A.Place(3, (0, 0, 1, 2)), A.Reputation(1), A.Offer(9, (1, 0, 0, 0)),
              A.God(0, True), A.God(2), A.Move(0, 8), A.Move(3, 5, 1), A.Pluto(True), A.Pluto(False),
              A.Pay((2, 0, 0, 0)), A.Pay((0, 0, 0, 0)), A.Build(True), A.Build(False), A.Shift(5, (0, 0, 2, 0)),
              A.Done()):
        assert A.parse(str(a)) == a
    assert str(A.Keep((parse_die("beige5"), parse_die("brown6"), parse_die("black2")), True)) == (
        "keep beige5 brown6 black2 mars")


# ------------------------------------------------------------------------------------------------ views
def test_view_hides_other_money_and_stones() -> None:
    s = played(3, 4, 80)
    v = s.view(1)
    assert v.players[1].money == s.players[1].money and v.players[1].stones == s.players[1].stones
    assert v.players[0].money == -1 and v.players[2].stones == -1
    assert v.final_scores().players[0].money == 0


def test_view_hides_the_generator_and_the_seed() -> None:
    s = played(2, 4, 10)
    v = s.view(0)
    assert v.rng == 0 and v.seed == -1
    with pytest.raises(IllegalAction, match="view"):
        v.apply(s.legal_actions()[0])


def test_view_hides_cards_drawn_unseen_and_the_deck_order() -> None:
    s = after_setup(2, 1)
    give(s, 0, "pluto", known=False, fresh=True)
    give(s, 0, "venus", known=True)
    v = s.view(1)
    assert v.players[0].hand == ["venus"] and v.hidden_cards[0] == 1 and v.hidden_fresh[0] == 1
    assert sorted(v.deck) == v.deck and sorted(v.deck) == sorted([*s.deck, "pluto"])
    assert s.view(0).players[0].hand == ["pluto", "venus"]


def test_view_hides_faces_rolled_behind_another_screen() -> None:
    s = after_setup(2, 1)
    assert s.decision == "keep" and s.current_player == 0
    rolled = s.frames[-1]["rolled"]
    v = s.view(1)
    assert v.frames[-1]["rolled"] == sorted(-1 - d // 6 for d in rolled)
    assert all(e[0] != "roll" or e[1]["player"] == 1 for e in v.events)
    assert s.view(0).frames[-1]["rolled"] == rolled


def test_determinize_fills_in_a_consistent_full_state() -> None:
    s = played(3, 6, 150)
    give_from = [q for q in range(3)]
    assert give_from
    v = s.view(2)
    d = determinize(v, random.Random(3))
    assert d.viewer == -1 and d.rng != 0
    assert GameState.from_dict(d.to_dict()).to_dict() == d.to_dict()  # conserved and consistent
    assert d.players[2].to_dict() == s.players[2].to_dict()
    assert d.legal_actions() == s.legal_actions() or s.current_player != 2
    assert sum(pl.stones for pl in d.players) + d.supply == 30
    full = determinize(s, random.Random(3))
    assert full.to_dict() == s.to_dict()


def test_set_turn_helper_makes_a_consistent_position() -> None:
    s = after_setup(2, 1)
    set_turn(s, 1)
    assert s.current_player == 1 and texts(s)[0] == "pass"
