"""R-robustness (issue 15, item 11): in the real app, a game with plugin seats starts their worker processes, plays
on with them, and leaving the game ends them (no idle plugin process outlives its game)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bots.worker import PluginBot
from engine.concordia import GameConfig
from saves import SaveStore, Seat
from tests.bots.hostile import install
from tests.tui.app_support import isolated_fixture, make_app, store_fixture, wait_until  # noqa: F401
from tui.concordia.screen import GameScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.title import TitleScreen

pytestmark = pytest.mark.usefixtures("isolated")


async def test_leaving_a_game_ends_its_plugin_workers(
    store: SaveStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(install(tmp_path / "dist")))
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        seats = [Seat("You", None), Seat("Liar", "liar-equal"), Seat("First", "first")]
        app.start_new_game(GameConfig(players=3), 5, seats)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        session = app.screen.session
        bots = [session.bots[1], session.bots[2]]
        assert all(isinstance(b, PluginBot) for b in bots)
        workers = [b._worker for b in bots]
        await wait_until(pilot, lambda: len(session.actions) > 3 or session.is_human(session.state.current_player),
                         timeout=30)
        await pilot.press("q")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
            await pilot.pause()
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert all(w is None or w.proc.poll() is not None for w in workers)
        assert all(b._worker is None and b.benched for b in bots)
