"""The title screen and every path from it: Continue, Quick game, New game, Load, Rules, Settings, Quit;
the game screen and back; quitting and saving from a game; the terminal-too-small guard.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from saves import SaveStore
from tests.tui.app_support import isolated_fixture, make_app, running_save, screen_text, store_fixture  # noqa: F401
from tui.concordia.screen import GameScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.load import AskTitleScreen, LoadScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.rules import RulesScreen
from tui.screens.settings import SettingsScreen
from tui.screens.title import TitleScreen
from tui.screens.too_small import TooSmallScreen

pytestmark = pytest.mark.usefixtures("isolated", "concordia_only")  # Concordia as the only game: see tests/conftest.py


async def test_title_lists_every_entry_with_its_key() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        text = screen_text(app)
        for line in ("C  Continue", "G  Quick game", "N  New game", "L  Load", "R  Rules", "S  Settings", "Q  Quit"):
            assert line in text
        assert "No running game to continue." in text


async def test_continue_without_a_running_game_is_refused() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#title-menu", OptionList)
        assert menu.get_option("continue").disabled
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert any("No running game" in n.message for n in app._notifications)


async def test_continue_resumes_the_most_recent_running_game(store: SaveStore) -> None:
    running_save(store, seed=3, title="older")
    game = running_save(store, seed=4, decisions=7, title="newest")
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Continue: Imperium" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.game_id == game.game_id
        assert app.screen.session.actions[:7] == game.actions


async def test_enter_on_the_highlighted_entry_chooses_it(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # without a running game the cursor starts on Quick game; two down is Load
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)


async def test_quick_game_is_you_against_three_normal_bots_on_imperium(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert (session.config.map, session.config.players, session.config.variant) == ("imperium", 4, "base")
        assert [s.bot for s in session.seats] == [None, "normal", "normal", "normal"]
        assert session.seats[0].name == "You"
        assert screen.pace == "instant"


async def test_each_entry_opens_its_screen_and_escape_comes_back() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for key, screen_type in (("n", NewGameScreen), ("l", LoadScreen), ("r", RulesScreen), ("s", SettingsScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen_type)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)


async def test_quit() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape", "escape")  # backing out too far never quits
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, TitleScreen)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_unknown_keys_do_nothing() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("x", "z", "5", "f5", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.is_running


async def test_leaving_a_game_comes_back_to_the_title_with_continue(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        game_id = app.screen.session.game_id
        await pilot.press("q")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):  # the game screen may ask before leaving
            await pilot.press("y")
            await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert not app.screen.query_one("#title-menu", OptionList).get_option("continue").disabled
        latest = store.latest_running()
        assert latest is not None and latest.game_id == game_id


async def test_ctrl_q_in_a_game_saves_it_before_quitting(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        session = app.screen.session
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0
    saved = store.load(store.path_of(session.game_id))
    assert saved.actions == session.actions


async def test_sigterm_and_sighup_autosave_the_running_game(store: SaveStore) -> None:
    import signal

    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        session = app.screen.session
        app._on_signal(signal.SIGHUP)
        await pilot.pause()
    assert app.return_code == 128 + signal.SIGHUP
    assert store.load(store.path_of(session.game_id)).actions == session.actions


async def test_save_as_from_the_game_writes_a_named_copy(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        session = app.screen.session
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, AskTitleScreen)
        app.screen.query_one("#title-input").value = ""
        await pilot.press(*"Before the Senator", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        titles = {h.title: h for h in store.list()}
        assert "Before the Senator" in titles
        assert titles["Before the Senator"].game_id != session.game_id


async def test_save_as_escape_saves_nothing(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        session = app.screen.session
        await pilot.press("f2", "escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert {h.game_id for h in store.list()} <= {session.game_id}  # only the game's own autosave


async def test_save_as_is_not_offered_outside_a_game() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_a_save_folder_that_cannot_be_read_is_reported(tmp_path: Path) -> None:
    blocked = tmp_path / "afile"
    blocked.write_text("not a folder")

    class Broken(SaveStore):
        def list(self) -> Any:
            from saves import SaveError

            raise SaveError("cannot read the save folder")

    app = make_app(store=Broken(tmp_path / "x"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Saves could not be read: cannot read the save folder" in screen_text(app)


async def test_too_small_terminal_says_how_big_it_must_be_and_recovers() -> None:
    app = make_app()
    async with app.run_test(size=(50, 15)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = screen_text(app)
        assert "50x15" in text and "60x20" in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_the_game_needs_more_room_than_the_title(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(70, 22)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "80x24" in screen_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
