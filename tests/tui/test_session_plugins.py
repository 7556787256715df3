"""A third-party bot in a seat of the game screen's session is guarded: a raising or hanging plugin costs a
fallback move (with a warning), never the game (DESIGN.md: a crashing or slow plugin bot cannot break it).
The plugins come through real entry points (``tests/bots/hostile.py``) and play in worker processes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.bots import SafeBot
from engine.bots.worker import PluginBot
from engine.concordia import GameConfig
from saves import Seat
from tests.bots.hostile import install
from tui.session import GameSession


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.syspath_prepend(str(install(tmp_path / "dist")))


@pytest.mark.parametrize("name", ["raising", "hanging"])
def test_plugin_bots_are_wrapped_and_the_game_goes_on(plugins: None, name: str) -> None:
    session = GameSession(GameConfig(players=2), 3, [Seat("You", None), Seat("Plugin", name)])
    bot = session.bots[1]
    assert isinstance(bot, PluginBot) and isinstance(bot, SafeBot)
    state = session.state
    seat = 1
    legal = state.legal_actions()
    try:
        action = bot.choose(state.view(seat), legal, random.Random(1))
    finally:
        bot.close()
    assert action in legal
    assert bot.failures == 1


def test_built_in_bots_are_not_wrapped() -> None:
    session = GameSession(GameConfig(players=2), 3, [Seat("You", None), Seat("Bot", "random")])
    assert not isinstance(session.bots[1], SafeBot)
