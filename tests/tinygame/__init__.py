"""The tiny test game "Ten" with its own engine and UI packages, as ``docs/adding-a-game.md`` describes them:
``tests/tinygame/engine`` (rules, state, ``GAME``) and ``tests/tinygame/tui`` (``GAME_UI`` and its screen).
``register(monkeypatch)`` offers it beside the three games for one test (``tests/test_tiny_game.py``)."""

from __future__ import annotations

import pytest

GAME_ID = "ten"


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register Ten in the engine's and the UI's registry, as the three games are (no shell code changes)."""
    from engine.core import games as core_games
    from tui import games

    monkeypatch.setitem(core_games.BUILTIN, GAME_ID, "tests.tinygame.engine")
    monkeypatch.setitem(core_games.TITLES, GAME_ID, "Ten")
    monkeypatch.setitem(games.PACKAGES, GAME_ID, "tests.tinygame.tui")
