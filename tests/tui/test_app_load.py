"""The load screen: the saves list, resume, delete with confirmation, rename, finished games, bad saves."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input

from saves import SaveStore
from tests.tui.app_support import (  # noqa: F401
    finished_save,
    isolated_fixture,
    make_app,
    running_save,
    screen_text,
    store_fixture,
)
from tui.concordia.screen import GameScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.load import AskTitleScreen, FinishedGameScreen, LoadScreen, replay_log

pytestmark = pytest.mark.usefixtures("isolated")


async def open_load(app: object, pilot: object) -> LoadScreen:
    await pilot.press("l")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, LoadScreen)
    return screen


async def test_the_list_shows_date_title_game_setup_seats_turn_and_status(store: SaveStore) -> None:
    finished_save(store, title="Last week")
    running_save(store, decisions=9, title="Sunday game")
    app = make_app(store=store)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await open_load(app, pilot)
        table = screen.query_one("#saves", DataTable)
        assert table.row_count == 2
        first = [str(c) for c in table.get_row_at(0)]
        assert first[1:4] == ["Sunday game", "Concordia", "Imperium (base)"]
        assert first[4] == str(store.list()[0].turn + 1)
        assert first[5] == "running"
        assert first[6].startswith("Anna, Bot 2 (random)")
        second = [str(c) for c in table.get_row_at(1)]
        assert second[1:4] == ["Last week", "Concordia", "Italia (base)"]
        assert second[5].startswith("finished (")
        assert first[0][:2] == "20" and len(first[0]) == len("2026-11-25 22:10")
        text = screen_text(app)
        assert "Games are saved automatically after every turn." in text


async def test_enter_resumes_a_running_game(store: SaveStore) -> None:
    game = running_save(store, decisions=6)
    app = make_app(store=store)
    async with app.run_test(size=(120, 30)) as pilot:
        await open_load(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.game_id == game.game_id
        assert app.screen.session.actions[:6] == game.actions


async def test_a_finished_game_opens_its_score_table_and_log(store: SaveStore) -> None:
    game = finished_save(store)
    app = make_app(store=store)
    async with app.run_test(size=(120, 30)) as pilot:
        await open_load(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FinishedGameScreen)
        scores = screen.query_one("#scores", DataTable)
        assert scores.row_count == 2
        totals = sorted(int(str(scores.get_row_at(i)[-1])) for i in range(2))
        assert totals == sorted(p.total for p in game.state.final_scores().players)
        log = screen.query_one("#log", DataTable)
        assert log.row_count == len(game.actions)
        assert "Winner:" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)


def test_the_log_of_a_finished_game_is_in_words(store: SaveStore) -> None:
    game = finished_save(store)
    log = replay_log(game)
    assert len(log) == len(game.actions)
    assert all(text for _turn, _seat, text in log)
    assert log[-1][0] >= log[0][0]


async def test_delete_asks_first_and_no_keeps_the_save(store: SaveStore) -> None:
    running_save(store)
    app = make_app(store=store)
    async with app.run_test(size=(120, 30)) as pilot:
        await open_load(app, pilot)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert len(store.list()) == 1
        await pilot.press("d", "escape")
        await pilot.pause()
        assert len(store.list()) == 1
        await pilot.press("d", "enter")  # Enter is on "No" first
        await pilot.pause()
        assert len(store.list()) == 1
        assert isinstance(app.screen, LoadScreen)


async def test_delete_with_yes_removes_only_that_save(store: SaveStore) -> None:
    keep = finished_save(store)
    running_save(store)
    app = make_app(store=store)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await open_load(app, pilot)
        await pilot.press("delete", "y")
        await pilot.pause()
        assert [h.game_id for h in store.list()] == [keep.game_id]
        assert screen.query_one("#saves", DataTable).row_count == 1


async def test_rename(store: SaveStore) -> None:
    running_save(store, title="old")
    app = make_app(store=store)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await open_load(app, pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, AskTitleScreen)
        app.screen.query_one("#title-input", Input).value = ""
        await pilot.press(*"Rome or bust", "enter")
        await pilot.pause()
        assert [h.title for h in store.list()] == ["Rome or bust"]
        assert str(screen.query_one("#saves", DataTable).get_row_at(0)[1]) == "Rome or bust"


async def test_rename_refuses_an_empty_title_and_escape_cancels(store: SaveStore) -> None:
    running_save(store, title="old")
    app = make_app(store=store)
    async with app.run_test(size=(120, 30)) as pilot:
        await open_load(app, pilot)
        await pilot.press("r")
        await pilot.pause()
        app.screen.query_one("#title-input", Input).value = "   "
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AskTitleScreen)
        assert "The title cannot be empty." in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert [h.title for h in store.list()] == ["old"]


async def test_an_empty_list_says_so_and_keys_do_no_harm(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(120, 30)) as pilot:
        await open_load(app, pilot)
        assert "No saved games yet" in screen_text(app)
        for key in ("enter", "d", "r"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, LoadScreen)
        messages = [n.message for n in app._notifications]
        assert "There is no save to open." in messages
        assert "There is no save to delete." in messages
        assert "There is no save to rename." in messages


async def test_a_damaged_file_is_left_out_and_a_save_damaged_later_is_reported(store: SaveStore) -> None:
    running_save(store)
    Path(store.directory, "0" * 32 + ".concordia").write_bytes(b"garbage")
    app = make_app(store=store)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await open_load(app, pilot)
        assert screen.query_one("#saves", DataTable).row_count == 1
        Path(screen.headers[0].path).write_bytes(b"broken since it was listed")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert any("This save cannot be loaded" in n.message for n in app._notifications)
