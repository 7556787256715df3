"""R-robustness (issue 15, items 9 and 10): what the guard hands a bot and how it judges the answer.

The bot gets a view that shares nothing mutable with the live game, and its answer is judged by its canonical
text among the legal actions' texts, never by ``==`` on an object the bot made; the guard returns the
engine's own action object. These bots run in the guard's thread (the way built-in bots run); third-party
bots run in a worker process, see ``test_plugin_worker``.
"""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine.bots import RandomBot, SafeBot
from engine.bots.safe import DEFAULT_SECONDS, LOGGED_FAILURES, answer_text, budget, detached
from engine.concordia import GameConfig, GameState, new_game
from engine.concordia.bots import GreedyBot

from .helpers import checked_game


class Mutating:
    """Writes into every mutable part of its view, then plays a legal action."""

    name = "mutating"
    seconds = 1.0

    def choose(self, view: GameState, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        for k in list(view.tiles):
            view.tiles[k] = "gold"
        for k in list(view.bonus):
            view.bonus[k] = "gold"
        view.map.cities.clear()
        view.map.provinces.clear()
        view.map.routes.clear()
        view.map.routes_at.clear()
        view.map.route_next.clear()
        view.routes.clear()
        view.display.clear()
        view.deck.clear()
        view.active_markers.clear()
        for f in view.frames:
            f.clear()
        view.frames.clear()
        view.team_copied.append([0, 0, 0])
        view.hidden_hand_sizes[0] = 9
        for p in view.players:
            p.money = 999
            p.goods[:] = [9] * len(p.goods)
            p.store[:] = [0, 0]
            p.hand.clear()
            p.discard.append("x")
            p.houses.add("roma")
            p.colonists.clear()
        view.turn = 999
        return legal_actions[-1]


class Everything:
    """Equal to everything: it passed the old ``answer in legal`` check and then broke the engine."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __str__(self) -> str:
        return "build atlantis"


class Boom:
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def __str__(self) -> str:
        raise RuntimeError("str")

    def __repr__(self) -> str:
        raise RuntimeError("repr")


class LyingText(str):
    """A ``str`` subclass whose ``==`` says yes to everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class Answering:
    def __init__(self, answer: Any, name: str = "answering") -> None:
        self.answer = answer
        self.name = name

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return self.answer


class Raises:
    def __init__(self, exc: BaseException) -> None:
        self.exc = exc
        self.name = type(exc).__name__.lower()

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        raise self.exc


def _position(players: int = 2, seed: int = 3) -> GameState:
    s = new_game(GameConfig(players=players), seed)
    rng = random.Random(seed)
    for _ in range(12):  # a position with colonists moved, cards bought and frames open
        s.apply(GreedyBot(seconds=0.05).choose(s.view(s.current_player), s.legal_actions(), rng))
    return s


def test_r_robustness_a_mutating_bot_cannot_change_the_live_game() -> None:
    """Item 9: ``clone`` shares ``tiles`` and ``bonus`` (and the board); the guard's copy shares nothing."""
    s = _position()
    before = s.to_dict()
    board = (dict(s.map.cities), dict(s.map.provinces), dict(s.map.routes), dict(s.map.routes_at),
             dict(s.map.route_next))
    safe = SafeBot(Mutating(), fallback=RandomBot())
    legal = s.legal_actions()
    action = safe.choose(s.view(s.current_player), legal, random.Random(1))
    assert action is legal[-1]
    assert safe.failures == 0
    assert s.to_dict() == before
    assert (s.map.cities, s.map.provinces, s.map.routes, s.map.routes_at, s.map.route_next) == board
    assert new_game(GameConfig(players=2), 3).map.cities == board[0]  # the cached board is intact too
    s.apply(action)  # and the live game goes on


def test_r_robustness_a_whole_game_with_a_mutating_bot_matches_its_replay() -> None:
    """The game a mutating bot took part in is the game its action log replays to (what autosave checks)."""
    config = GameConfig(players=2)
    s = new_game(config, 5)
    bots = [SafeBot(Mutating(), fallback=RandomBot()), GreedyBot(seconds=0.05)]
    rng = random.Random(5)
    log: list[str] = []
    while not s.is_over:
        p = s.current_player
        before = s.to_dict()
        action = bots[p].choose(s.view(p), s.legal_actions(), rng)
        assert s.to_dict() == before
        s.apply(action)
        log.append(str(action))
    replay = new_game(config, 5)
    for text in log:
        replay.apply(text)
    assert replay.to_dict() == s.to_dict() and len(log) > 50


def test_detached_copies_what_clone_shares_and_clone_stays_shallow_there() -> None:
    s = _position()
    c = s.clone()
    assert c.tiles is s.tiles and c.bonus is s.bonus and c.map is s.map  # the engine's fast copy
    d = s.detached()
    assert d.to_dict() == s.to_dict()
    assert d.tiles is not s.tiles and d.bonus is not s.bonus and d.map is not s.map
    assert d.map.cities is not s.map.cities and d.map.routes_at is not s.map.routes_at
    assert d.map.cities == s.map.cities and d.map.id == s.map.id
    assert d.legal_actions() == s.legal_actions()
    assert detached(s).to_dict() == s.to_dict()


def test_detached_falls_back_to_a_deep_copy_for_other_views() -> None:
    view = {"a": [1, 2]}
    copy = detached(view)
    copy["a"].append(3)
    assert view == {"a": [1, 2]}


def test_r_robustness_an_answer_equal_to_everything_gets_a_fallback(caplog: pytest.LogCaptureFixture) -> None:
    """Item 10: legality by the answer's text, never ``==``; the engine's own object is played."""
    s = _position()
    legal = s.legal_actions()
    safe = SafeBot(Answering(Everything(), "liar"), fallback=RandomBot())
    with caplog.at_level(logging.WARNING, logger="engine.bots.safe"):
        action = safe.choose(s.view(s.current_player), legal, random.Random(2))
    assert any(action is a for a in legal)
    assert safe.failures == 1
    assert "returned an illegal action 'build atlantis'" in caplog.text
    s.apply(action)


@pytest.mark.parametrize("answer", [Boom(), LyingText("build atlantis")], ids=["raising-dunders", "str-subclass"])
def test_r_robustness_a_liar_answer_never_raises_out_of_the_guard(answer: Any) -> None:
    s = _position()
    legal = s.legal_actions()
    safe = SafeBot(Answering(answer), fallback=RandomBot())
    action = safe.choose(s.view(s.current_player), legal, random.Random(2))
    assert any(action is a for a in legal)
    assert safe.failures == 1


def test_an_answer_given_as_its_text_is_the_engines_action() -> None:
    s = _position()
    legal = s.legal_actions()
    for i in (0, len(legal) - 1):
        safe = SafeBot(Answering(str(legal[i])))
        action = safe.choose(s.view(s.current_player), legal, random.Random(3))
        assert action is legal[i] and safe.failures == 0
    lying = SafeBot(Answering(LyingText(str(legal[0]))))
    assert lying.choose(s.view(s.current_player), legal, random.Random(3)) is legal[0]  # judged by its text


def test_answer_text_is_a_plain_str_and_bounded() -> None:
    text = answer_text(LyingText("pass"))
    assert type(text) is str and text == "pass"
    with pytest.raises(ValueError, match="characters long"):
        answer_text("x" * 5000)


@pytest.mark.parametrize("exc", [KeyboardInterrupt(), SystemExit(3), MemoryError()], ids=lambda e: type(e).__name__)
def test_r_robustness_interrupt_and_exit_inside_a_bot_cost_one_logged_fallback(
    exc: BaseException, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 11: KeyboardInterrupt in a bot prints no traceback and is not called an illegal action."""
    s = _position()
    safe = SafeBot(Raises(exc), fallback=RandomBot())
    with caplog.at_level(logging.WARNING, logger="engine.bots.safe"):
        action = safe.choose(s.view(s.current_player), s.legal_actions(), random.Random(4))
    assert action in s.legal_actions()
    assert safe.failures == 1
    assert len(caplog.records) == 1
    message = caplog.records[0].getMessage()
    assert "illegal" not in message and "fallback" in message
    if isinstance(exc, KeyboardInterrupt):
        assert "was interrupted (KeyboardInterrupt)" in message
    assert "Traceback" not in capsys.readouterr().err


class Seconds:
    name = "seconds"

    def __init__(self, seconds: Any) -> None:
        self.seconds = seconds

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[0]


class SecondsRaise:
    name = "seconds-raise"

    @property
    def seconds(self) -> float:
        raise RuntimeError("no budget")

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[0]


@pytest.mark.parametrize("declared", [math.inf, math.nan, -1.0, 0, "soon", True, 10**400, 1e9],
                         ids=["inf", "nan", "negative", "zero", "text", "bool", "huge-int", "above-max"])
def test_r_robustness_a_declared_budget_that_is_no_number_gets_the_default(
    declared: Any, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="engine.bots.safe"):
        safe = SafeBot(Seconds(declared))
    assert safe.seconds == DEFAULT_SECONDS
    assert "declares a time budget" in caplog.text
    s = _position()
    legal = s.legal_actions()
    assert safe.choose(s.view(s.current_player), legal, random.Random(5)) is legal[0]


def test_a_budget_property_that_raises_is_no_budget() -> None:
    assert SafeBot(SecondsRaise()).seconds == DEFAULT_SECONDS
    assert budget(0.25) == 0.25 and budget(2) == 2.0 and budget(None) == DEFAULT_SECONDS


def test_a_bot_failing_every_decision_is_logged_a_few_times_then_counted(caplog: pytest.LogCaptureFixture) -> None:
    safe = SafeBot(Raises(RuntimeError("bug")), fallback=RandomBot())
    with caplog.at_level(logging.WARNING, logger="engine.bots.safe"):
        _s, asked = checked_game(GameConfig(players=2), 2, [safe, RandomBot()], max_decisions=60)
    assert asked == 60 and safe.failures > LOGGED_FAILURES
    assert len(caplog.records) == LOGGED_FAILURES + 1
    assert "further failures are counted, not logged" in caplog.records[-1].getMessage()
