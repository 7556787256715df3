"""A third-party bot in a seat of the game screen's session is guarded: a raising or hanging plugin costs a
fallback move (with a warning), never the game (DESIGN.md: a crashing or slow plugin bot cannot break it)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import pytest

from engine.bots import SafeBot, registry
from engine.concordia import GameConfig
from saves import Seat
from tui.session import GameSession


class BrokenBot:
    name = "broken"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        raise RuntimeError("plugin bug")


class SleepyBot:
    name = "sleepy"
    seconds = 0.05

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        time.sleep(0.5)
        return legal_actions[0]


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    found = {"broken": lambda: BrokenBot, "sleepy": lambda: SleepyBot}
    monkeypatch.setattr(registry, "_plugins", lambda: found)


@pytest.mark.parametrize("name", ["broken", "sleepy"])
def test_plugin_bots_are_wrapped_and_the_game_goes_on(plugins: None, name: str) -> None:
    session = GameSession(GameConfig(players=2), 3, [Seat("You", None), Seat("Plugin", name)])
    bot = session.bots[1]
    assert isinstance(bot, SafeBot)
    state = session.state
    seat = 1
    legal = state.legal_actions()
    action = bot.choose(state.view(seat), legal, random.Random(1))
    assert action in legal
    assert bot.failures == 1


def test_built_in_bots_are_not_wrapped() -> None:
    session = GameSession(GameConfig(players=2), 3, [Seat("You", None), Seat("Bot", "random")])
    assert not isinstance(session.bots[1], SafeBot)
