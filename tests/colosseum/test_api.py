"""The state protocol: registry entry, plain form round trip, strict ``from_dict`` (with a fuzz), action text,
``view`` hiding what a seat cannot see, ``determinize``, events, clones and errors."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.colosseum import (
    GAME,
    GameConfig,
    GameState,
    IllegalAction,
    StateFormatError,
    fingerprint,
    new_game,
    parse_action,
)
from engine.colosseum.validate import check_state
from engine.core import games


def played(players: int = 3, seed: int = 1, decisions: int = 150, **options: Any) -> GameState:
    s = new_game(GameConfig(players=players, **options), seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


# ------------------------------------------------------------------------------------------- registry
def test_registered_in_the_game_registry() -> None:
    info = games.get("colosseum")
    assert info is GAME and "colosseum" in games.ids()
    assert (info.title, info.min_players, info.max_players) == ("Die Baumeister des Colosseum", 2, 4)
    cfg = info.config_from_dict({"players": 2})
    s = info.new_game(cfg, 3)
    assert s.game == "colosseum" and s.config.players == 2 and s.seed == 3 and s.n == 2
    assert info.state_from_dict(s.to_dict()).to_dict() == s.to_dict()
    assert info.parse_action(s, "card stone") == s.legal_actions()[3]
    assert json.loads(json.dumps(info.fingerprint(s))) == info.fingerprint(s)
    assert isinstance(info.extras["stand_ins"], list)


def test_fingerprint_changes_with_every_decision() -> None:
    s = new_game(GameConfig(players=4), 2)
    rng = random.Random(2)
    for _ in range(300):
        if s.is_over:
            break
        before = fingerprint(s)
        s.apply(rng.choice(s.legal_actions()))
        assert fingerprint(s) != before


def test_engine_purity_no_ui_or_saves_imported() -> None:
    """The engine and its bot knowledge import no UI and no save code (and no other game)."""
    code = (
        "import sys, engine.colosseum, engine.colosseum.bots, engine.colosseum.bots.greedy\n"
        "from engine.colosseum import GameConfig, new_game\n"
        "new_game(GameConfig(), 1).legal_actions()\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'tui', 'saves')\n"
        "       or m.startswith(('engine.concordia', 'engine.massilia'))]\n"
        "assert not bad, bad\n"
    )
    root = Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr


# -------------------------------------------------------------------------------------------- plain form
@pytest.mark.parametrize("decisions", [0, 40, 200, 5000])
def test_to_dict_from_dict_round_trip(decisions: int) -> None:
    s = played(4, 5, decisions, field_d="random")
    d = s.to_dict()
    assert json.loads(json.dumps(d)) == d
    back = GameState.from_dict(json.loads(json.dumps(d)))
    assert back.to_dict() == d
    assert [str(a) for a in back.legal_actions()] == [str(a) for a in s.legal_actions()]
    assert back.final_scores() == s.final_scores()


def _break(d: dict[str, Any], how: str) -> None:
    if how == "missing":
        del d["supply"]
    elif how == "game":
        d["game"] = "concordia"
    elif how == "players_type":
        d["players"][0]["fame"] = "7"
    elif how == "bool_as_int":
        d["consul"] = True
    elif how == "card_doubled":
        d["players"][0]["hand"]["water"] += 1
    elif how == "tile_lost":
        d["land_rows"][0] = d["land_rows"][0][1:]
    elif how == "part_doubled":
        d["parts"].append(d["parts"][0])
    elif how == "phase":
        d["phase"] = "dance"
    elif how == "decider":
        d["decider"] = 9
    elif how == "phase_field":
        d["phase"], d["decider"] = "storage", d["active"]
        d["consul"] = 1
    elif how == "config":
        d["config"]["players"] = 7
    elif how == "marker":
        d["players"][1]["marker"] = 99
    elif how == "not_a_dict":
        d.clear()
    elif how == "unknown_tile":
        d["stack2"] = ["volcano"]


@pytest.mark.parametrize("how", ["missing", "game", "players_type", "bool_as_int", "card_doubled", "tile_lost",
                                 "part_doubled", "phase", "decider", "phase_field", "config", "marker",
                                 "not_a_dict", "unknown_tile"])
def test_from_dict_rejects_malformed_and_inconsistent_data(how: str) -> None:
    s = played(3, 4, 60)
    d = copy.deepcopy(s.to_dict())
    if how == "phase_field":
        d = copy.deepcopy(new_game(GameConfig(players=3), 4).to_dict())
        d["after"] = "turn"
    _break(d, how)
    with pytest.raises(StateFormatError) as err:
        GameState.from_dict(d)
    assert "\n" not in str(err.value)


def test_from_dict_rejects_non_dicts() -> None:
    for bad in (None, 3, "state", [], {"game": "colosseum"}):
        with pytest.raises(StateFormatError):
            GameState.from_dict(bad)  # type: ignore[arg-type]


_BASE = played(3, 9, 120).to_dict()
_values = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.integers(-(2**70), 2**70), st.text(max_size=6),
    st.sampled_from(["river", "stable2", "A1", "C7", "take", "over", "scoring", "water"]),
    st.lists(st.integers(-1, 5), max_size=4), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.floats(allow_nan=True),
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


_PATHS = _paths(_BASE)[1:]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(_PATHS) - 1), _values, st.booleans()), min_size=1, max_size=3))
def test_from_dict_fuzz_only_state_format_errors(changes: list[tuple[int, Any, bool]]) -> None:
    """Whatever is changed or deleted, ``from_dict`` either accepts the data or raises ``StateFormatError``."""
    d = copy.deepcopy(_BASE)
    for index, value, delete in changes:
        node: Any = d
        path = _PATHS[index]
        try:
            for key in path[:-1]:
                node = node[key]
            if delete and isinstance(node, dict):
                node.pop(path[-1], None)
            else:
                node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    try:
        s = GameState.from_dict(d)
    except StateFormatError:
        return
    assert check_state(s) == []
    if not s.is_over:
        assert s.legal_actions()


# -------------------------------------------------------------------------------------------- actions
def test_parse_action_round_trip_and_errors() -> None:
    s = played(3, 2, 30)
    for a in s.legal_actions():
        assert parse_action(s, str(a)) == a
        with pytest.raises(IllegalAction):  # canonical text only (issue 33): a save or a client writes str(a)
            parse_action(s, f"  {str(a).upper()} ")
    for bad in ("", "fly", "move", "move x", "take -1", "card gold", "build Q1", "exchange water", "score sky"):
        with pytest.raises(IllegalAction) as err:
            parse_action(s, bad)
        assert "\n" not in str(err.value)


def test_illegal_apply_leaves_the_state_unchanged() -> None:
    s = played(3, 6, 25)
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="is not possible now"):
        s.apply("move 7" if s.decision != "move" else "take 9")
    with pytest.raises(IllegalAction):
        s.apply("hello world")
    assert s.to_dict() == before


def test_events_are_plain_values() -> None:
    s = new_game(GameConfig(players=4), 12)
    rng = random.Random(12)
    seen = set()
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
        for event_id, params in s.events:
            assert isinstance(event_id, str) and isinstance(params, dict)
            json.dumps(params)
            seen.add(event_id)
    assert {"move", "tile", "scoring", "take", "build", "game_over"} <= seen


def test_clone_is_independent() -> None:
    s = played(4, 3, 80)
    c = s.clone()
    before = s.to_dict()
    rng = random.Random(0)
    for _ in range(50):
        if c.is_over:
            break
        c.apply(rng.choice(c.legal_actions()))
    assert s.to_dict() == before


# ----------------------------------------------------------------------------------------- hidden info
def test_view_hides_the_order_of_stack_ii() -> None:
    s = new_game(GameConfig(players=2), 1)
    other = s.clone()
    other.stack2.reverse()
    assert s.stack2 != other.stack2
    assert s.view(0).stack2 == other.view(0).stack2 == sorted(s.stack2)
    assert s.view(0).to_dict() == other.view(0).to_dict()


def test_view_hides_the_order_of_stack_iii() -> None:
    s = new_game(GameConfig(players=3), 2)
    other = s.clone()
    other.stack3.reverse()
    assert s.view(1).to_dict() == other.view(1).to_dict()
    assert sorted(s.view(1).stack3) == sorted(s.stack3)


def test_view_hides_the_order_of_the_parts_stack() -> None:
    s = new_game(GameConfig(players=4), 3)
    other = s.clone()
    other.parts = other.parts[6::-1] + other.parts[7:]  # the C parts in another order
    assert other.parts != s.parts
    assert s.view(2).parts == other.view(2).parts
    assert sorted(s.view(2).parts) == sorted(s.parts)


def test_view_hides_the_setup_seed() -> None:
    """The seed would give every stack order away (``new_game(config, seed)``)."""
    s = new_game(GameConfig(players=2), 77)
    assert s.view(0).seed == -1 and s.view(0).hidden


def test_view_keeps_everything_public_and_plays_the_same() -> None:
    s = played(3, 8, 90)
    v = s.view(s.current_player)
    pub = ("players", "supply", "storage", "consul", "land_rows", "slots", "built", "phase", "decider")
    assert all(v.to_dict()[k] == s.to_dict()[k] for k in pub)
    assert v.legal_actions() == s.legal_actions()
    assert GameState.from_dict(v.to_dict()).to_dict() == v.to_dict()


def test_determinize_samples_the_hidden_stacks() -> None:
    s = played(3, 10, 40)
    v = s.view(0)
    orders = set()
    for seed in range(8):
        d = v.determinize(random.Random(seed))
        assert not d.hidden and sorted(d.stack2) == sorted(s.stack2) and sorted(d.parts) == sorted(s.parts)
        assert check_state(d) == []
        assert d.players[0].hand == s.players[0].hand and d.land_rows == s.land_rows
        orders.add(tuple(d.stack3))
    assert len(orders) > 1
