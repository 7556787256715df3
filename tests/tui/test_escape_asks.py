"""Esc never takes a player out of their game unasked (issue 18 playtest): Esc closes a dialog, and the next
Esc on the game screen asks "Leave the game?" (Esc or n stays, y leaves); ``q`` still leaves at once. The same
for the three games' screens (the shared ``tui/play_screen.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tui import game_harness
from tests.tui.colosseum import harness as colosseum
from tests.tui.massilia import harness as massilia
from tui.concordia.widgets.gods import GodsScreen
from tui.screens.confirm import ConfirmScreen


def _app(game: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    if game == "colosseum":
        colosseum.install_bots(monkeypatch)
        return colosseum.ColosseumApp(colosseum.make_session(seed=9, players=2))
    if game == "massilia":
        return massilia.GameApp(massilia.make_session(seed=2, players=2))
    return game_harness.GameApp(game_harness.make_session("base", 7))


@pytest.mark.parametrize("game", ["concordia", "colosseum", "massilia"])
async def test_escape_after_closing_a_dialog_asks_before_leaving(game: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(game, monkeypatch)
    async with app.run_test(size=(120, 36)) as pilot:
        await game_harness.settle(pilot)
        screen = app.game_screen
        await pilot.press("question_mark")  # the help dialog
        await pilot.pause()
        assert app.screen is not screen
        await pilot.press("escape")  # closes it
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")  # the second Esc: a question, not the title screen
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and app.quits == []
        await pilot.press("escape")  # Esc again: "no", still in the game
        await pilot.pause()
        assert app.screen is screen and app.quits == []
        await pilot.press("escape", "n")
        await pilot.pause()
        assert app.screen is screen and app.quits == []
        await pilot.press("escape", "y")  # yes: leaves (the shell saves)
        await pilot.pause()
        assert app.quits == [app.session]


async def test_concordia_gods_table_then_two_escapes_stays_in_the_game() -> None:
    app = game_harness.GameApp(game_harness.make_session("base", 7))
    async with app.run_test(size=(80, 24)) as pilot:
        await game_harness.settle(pilot)
        screen = app.game_screen
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, GodsScreen)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and app.quits == []
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("q")  # the explicit quit key still leaves at once
        await pilot.pause()
        assert app.quits == [app.session]
