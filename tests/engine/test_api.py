"""The public API: IllegalAction and parse errors, view/clone/determinize, to_dict/from_dict, engine purity."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.concordia import GameState, IllegalAction, StateFormatError, actions, parse_action
from engine.concordia.model import cards
from tests.engine.helpers import game, play, turn_of

ROOT = Path(__file__).resolve().parents[2]


def advanced(seed: int = 4, decisions: int = 60) -> GameState:
    s = game("imperium", 4, "base", seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


@pytest.mark.parametrize(
    "text",
    ["play consul", "build roma", "produce atlantis", "move roma land:roma~novaria", "purchase 9", "cash",
     "sell wine 99", "accept brick=1", "copy 1", "done"],
)
def test_illegal_action_has_a_readable_message_and_leaves_the_state_unchanged(text: str) -> None:
    s = game("imperium", 4, "base", 1)
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply(text)
    msg = str(err.value)
    assert msg.startswith(f"{text} is not legal now (P{s.current_player + 1} to decide: play a card from your hand)")
    assert "legal: play tribune, play architect" in msg
    assert s.to_dict() == before


def test_illegal_action_in_the_middle_of_an_action_leaves_the_state_unchanged() -> None:
    s = game("imperium", 4, "base", 1)
    turn_of(s, 0)
    play(s, "play architect")
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="Architect"):
        s.apply("build roma")
    assert s.to_dict() == before


def test_illegal_action_is_a_value_error() -> None:
    assert issubclass(IllegalAction, ValueError)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty action"),
        ("fly to rome", "cannot read"),
        ("sell gold 3", "unknown good"),
        ("sell wine lots", "quantity"),
        ("place air roma", "land or sea"),
        ("purchase x", "display slot"),
        ("purchase 2 food", "pay="),
        ("accept brick=x", "quantity"),
        ("copy one", "seat"),
    ],
)
def test_parse_errors_name_what_was_wrong(text: str, words: str) -> None:
    with pytest.raises(IllegalAction, match=words):
        actions.parse(text)
    s = game()
    with pytest.raises(IllegalAction, match=words):
        parse_action(s, text)


def test_parse_action_checks_legality() -> None:
    s = game()
    assert parse_action(s, "play prefect") == actions.Play("prefect")
    with pytest.raises(IllegalAction, match="not how an action is written"):  # canonical text only (issue 33)
        parse_action(s, "  PLAY   Prefect ")
    with pytest.raises(IllegalAction, match="not legal"):
        parse_action(s, "play consul")


def test_every_action_text_round_trips_on_a_played_game() -> None:
    s = advanced(decisions=0)
    rng = random.Random(9)
    for _ in range(300):
        legal = s.legal_actions()
        for a in legal:
            assert parse_action(s, str(a)) == a
            assert eval(repr(a), vars(actions)) == a  # repr is a constructor expression
        s.apply(legal[rng.randrange(len(legal))])


def test_view_hides_the_deck_order_but_nothing_else() -> None:
    s = advanced()
    for p in range(4):
        v = s.view(p)
        a, b = s.to_dict(), v.to_dict()
        assert b["deck_hidden"] is True
        assert b["seed"] == -1, "the setup seed would give the deck order away"
        assert Counter(a["deck"]) == Counter(b["deck"])
        stacks = [cards()[c].stack for c in b["deck"]]
        assert stacks == [cards()[c].stack for c in a["deck"]], "the stacks stay in place"
        for key in a:
            if key not in ("deck", "deck_hidden", "seed"):
                assert a[key] == b[key], key
        assert v.legal_actions() == s.legal_actions()


def test_view_deck_order_does_not_depend_on_the_real_order() -> None:
    s = advanced()
    t = s.clone()
    t.deck.reverse()
    t.deck.sort(key=lambda c: -["I", "II", "III", "IV", "V"].index(cards()[c].stack))
    assert s.view(0).deck == t.view(0).deck


def test_determinize_keeps_stacks_and_is_seeded() -> None:
    s = advanced()
    v = s.view(1)
    d1 = v.determinize(random.Random(1))
    d2 = v.determinize(random.Random(1))
    assert d1.deck == d2.deck and not d1.deck_hidden
    assert [cards()[c].stack for c in d1.deck] == [cards()[c].stack for c in s.deck]
    assert Counter(d1.deck) == Counter(s.deck)


def test_clone_is_independent_of_the_original() -> None:
    s = advanced()
    before = s.to_dict()
    c = s.clone()
    rng = random.Random(3)
    for _ in range(80):
        legal = c.legal_actions()
        c.apply(legal[rng.randrange(len(legal))])
    c.players[0].houses.add("massilia")
    c.players[0].goods[0] += 1
    c.active_markers.clear()
    assert s.to_dict() == before
    assert c.to_dict() != before


def test_to_dict_from_dict_round_trip_and_json() -> None:
    s = advanced()
    d = s.to_dict()
    t = GameState.from_dict(json.loads(json.dumps(d)))
    assert t.to_dict() == d
    assert t.legal_actions() == s.legal_actions()


def test_same_seed_and_actions_give_the_same_state() -> None:
    assert advanced(7, 120).to_dict() == advanced(7, 120).to_dict()


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d.pop("players"), "malformed"),
        (lambda d: d["config"].update(map="atlantis"), "unknown map"),
        (lambda d: d["players"][0].update(money=-3), "negative money"),
        (lambda d: d["players"][0]["hand"].append("start-prefect"), "cards are not each in one place"),
        (lambda d: d["players"][0]["store"].update(land=3), "land colonists"),
        (lambda d: d.update(display=d["display"][:6]), "7 slots"),
        (lambda d: d.update(active=9), "not a seat"),
        (lambda d: d["players"][1].update(houses=["roma"]), "outside the map"),
    ],
)
def test_from_dict_rejects_bad_input_with_state_format_error(edit: object, words: str) -> None:
    d = advanced().to_dict()
    edit(d)  # type: ignore[operator]
    with pytest.raises(StateFormatError, match=words):
        GameState.from_dict(d)


def test_engine_purity_no_ui_or_saves_imported() -> None:
    code = (
        "import sys, engine.concordia, engine.bots\n"
        "from engine.concordia import GameConfig, new_game\n"
        "new_game(GameConfig(), 1).legal_actions()\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'tui', 'saves')]\n"
        "assert not bad, bad\n"
    )
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr


def test_to_dict_is_a_snapshot_that_later_moves_do_not_change() -> None:
    s = game("imperium", 4, "base", 1)
    turn_of(s, 0)
    play(s, "play mercator")
    d = s.to_dict()
    frozen = json.dumps(d, sort_keys=True)
    play(s, "sell wine 1")
    assert json.dumps(d, sort_keys=True) == frozen


def test_from_dict_states_share_nothing_with_the_dict_or_each_other() -> None:
    s = game("imperium", 4, "base", 1)
    turn_of(s, 0)
    play(s, "play mercator")
    d = s.to_dict()
    a, b = GameState.from_dict(d), GameState.from_dict(d)
    play(a, "sell wine 1")
    assert b.frame is not None and b.frame["traded"] == []
    assert d["frames"][-1]["traded"] == []
    play(b, "sell cloth 1", "sell food 1")
    assert a.frame is not None and a.frame["traded"] == ["wine"]


@pytest.mark.parametrize(
    ("frame", "words"),
    [
        ({"k": ["mercator"], "p": 0}, "unknown pending decision"),
        ({"k": "mercator", "p": True}, "unknown pending decision"),
        ({"k": "mercator", "p": 0}, "bad details"),
        ({"k": "mercator", "p": 0, "traded": ["gold"]}, "bad details"),
        ({"k": "architect", "p": 0, "pts": "3", "built": False}, "bad details"),
        ({"k": "buy", "p": 0, "mode": "emperor", "left": 1}, "bad details"),
        ({"k": "overflow", "p": 0, "offer": [1, 2], "why": ""}, "bad details"),
        ({"k": "magister", "p": 0, "owner": 0, "index": 5}, "bad details"),
    ],
)
def test_from_dict_rejects_a_damaged_pending_decision(frame: dict[str, object], words: str) -> None:
    s = game("imperium", 4, "base", 1)
    turn_of(s, 0)
    play(s, "play mercator")
    d = s.to_dict()
    d["frames"][-1] = frame
    with pytest.raises(StateFormatError, match=words):
        GameState.from_dict(d)


def test_view_cannot_be_used_to_recompute_the_deck_order() -> None:
    s = advanced()
    v = s.view(0)
    assert v.seed < 0
    assert GameState.from_dict(v.to_dict()).deck == v.deck
