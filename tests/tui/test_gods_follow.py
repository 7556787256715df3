"""The gods pop-up (``g``) follows the game: while it is open and the game moves on (bots play), it redraws with
the new numbers instead of keeping the ones of the moment it opened (issue 21)."""

from __future__ import annotations

from rich.console import Console
from textual.widgets import Static

from engine.concordia import GameState
from tests.tui.game_harness import GameApp, game_screen, make_session
from tui.concordia.widgets.gods import GodsScreen, gods_table


def table_text(state: GameState, names: list[str]) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(gods_table(state, names))
    return console.export_text()


async def test_the_open_gods_pop_up_redraws_when_the_game_moves_on() -> None:
    session = make_session("base", 7)
    app = GameApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await game_screen(pilot)
        await pilot.press("g")
        await pilot.pause()
        gods = app.screen
        assert isinstance(gods, GodsScreen)
        names = session.names()
        before = table_text(session.state, names)
        shown = gods.query_one("#gods-table", Static)
        # the game moves on under the pop-up until a god's number changes (as when bots play on)
        for _ in range(400):
            session.apply(session.state.legal_actions()[0], autosave=False)
            if table_text(session.state, names) != before:
                break
        after = table_text(session.state, names)
        assert after != before
        await pilot.pause(GodsScreen.REFRESH_SECONDS * 3)
        assert gods.version == session.version and gods.state is session.state
        drawn = Console(width=120, record=True, color_system=None)
        drawn.print(shown.content)
        assert drawn.export_text() == after
