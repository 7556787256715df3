"""The new-game screen takes only what a save can hold (issue 15, items 3 and 5): a name of at most 40
characters (the field stops there) and a seed 0 <= seed < 2**63; a name like markup is text."""

from __future__ import annotations

import pytest
from textual.widgets import Button, Input

from saves import SaveStore
from saves.model import MAX_NAME
from tests.tui.app_support import isolated_fixture, make_app, store_fixture, wait_until  # noqa: F401
from tui.concordia.screen import GameScreen
from tui.screens.new_game import NewGameScreen

pytestmark = pytest.mark.usefixtures("isolated", "concordia_only")  # Concordia as the only game: see tests/conftest.py


async def test_a_long_name_stops_at_what_a_save_holds_and_the_game_saves(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        screen = app.screen
        name = screen.query_one("#name-0", Input)
        name.focus()
        await pilot.press(*"[/]" + "x" * 60)
        await pilot.pause()
        assert name.value == ("[/]" + "x" * 60)[:MAX_NAME]
        seed = screen.query_one("#seed", Input)
        seed.value = str(2**63)
        await pilot.pause()
        assert screen.query_one("#start", Button).disabled
        seed.value = "\u00b2"
        await pilot.pause()
        assert screen.query_one("#start", Button).disabled
        seed.value = "12"
        await pilot.pause()
        assert not screen.query_one("#start", Button).disabled
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        session = app.screen.session
        assert session.seats[0].name == ("[/]" + "x" * 60)[:MAX_NAME]
        session_id = session.game_id
        await pilot.press("q")
        await pilot.pause()
    assert any(h.game_id == session_id for h in store.list())
