"""Names, titles, file names and error texts are text, never markup (issue 15, item 4).

A player named ``[/]`` crashed the app with a MarkupError when it quit (and every later start, through the
title screen's Continue line); a finished save titled ``[/x]`` crashed the Load screen. Each test runs the
real app with Pilot over every screen that shows such a string and checks the string is shown as it is.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import DataTable

from engine.concordia import GameConfig
from saves import SaveStore, Seat
from tests.tui.app_support import (  # noqa: F401
    finished_save,
    isolated_fixture,
    make_app,
    running_save,
    screen_text,
    store_fixture,
    wait_until,
)
from tests.tui.game_harness import GameApp, choose_by_keys, settle
from tui.concordia.screen import GameScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.load import FinishedGameScreen, LoadScreen
from tui.screens.title import TitleScreen
from tui.session import GameSession

pytestmark = pytest.mark.usefixtures("isolated", "concordia_only")  # Concordia as the only game: see tests/conftest.py

HOSTILE = ["[/]", "[/x]", "[bold]B", "[link=x]L"]
"""Seat names that are (broken or working) Rich/Textual markup."""


def hostile_seats(humans: int = 1) -> list[Seat]:
    return [Seat(name, None if i < humans else "random") for i, name in enumerate(HOSTILE)]


def plain_cells(table: DataTable) -> list[str]:  # type: ignore[type-arg]
    return [str(c) for r in range(table.row_count) for c in table.get_row_at(r)]


async def test_a_player_named_like_markup_can_quit_and_continue(store: SaveStore) -> None:
    """``concordia new --name '[/]'`` then q: the save is made, the title screen's Continue line shows it."""
    app = make_app(store=store, new_game=(GameConfig(), 7, hostile_seats()))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause(0.3)
        assert "[/]" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.pause(0.2)
        assert "[/], [/x] (random), [bold]B" in screen_text(app)
    assert store.latest_running() is not None
    # the next start reads the same save for its Continue line
    again = make_app(store=store)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.3)
        assert "[/], [/x] (random)" in screen_text(again)


async def test_load_screen_and_finished_game_show_markup_titles_as_text(store: SaveStore) -> None:
    game = finished_save(store, title="[/x]")
    game.seats = [Seat("[/]", None), Seat("[bold]B", None)]
    store.save(game)
    running_save(store, title="[red]not red")
    app = make_app(store=store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.pause()
        cells = plain_cells(app.screen.query_one("#saves", DataTable))
        assert "[/x]" in cells and "[red]not red" in cells
        assert any(c.startswith("[/], [bold]B") for c in cells)
        table = app.screen.query_one("#saves", DataTable)
        row = next(r for r in range(table.row_count) if "[/x]" in [str(c) for c in table.get_row_at(r)])
        table.move_cursor(row=row)
        await pilot.press("d")  # the delete question quotes the title
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "'[/x]'" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, FinishedGameScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "[/x] ·" in text and "Winner: [" in text
        cells = plain_cells(app.screen.query_one("#scores", DataTable))
        assert any(c.startswith("[/]") for c in cells) and any(c.startswith("[bold]B") for c in cells)
        log_cells = plain_cells(app.screen.query_one("#log", DataTable))
        assert "[/]" in log_cells and "[bold]B" in log_cells


async def test_an_unreadable_save_folder_named_like_markup_is_shown_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save folder named like markup that cannot be read: the Load screen says so in plain text.

    The tests may run as root, whom permissions do not stop: the refusal of the system is simulated.
    """
    folder = tmp_path / "[red]saves"
    folder.mkdir()
    store = SaveStore(folder)

    def refuse(path: object) -> list[str]:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("saves.store.os.listdir", refuse)
    app = make_app(store=store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        assert "[red]saves" in screen_text(app)  # the title screen's Continue line
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "Saves could not be read" in text and "[red]saves" in text


async def test_a_bot_game_with_markup_names_plays_to_the_game_over_screen() -> None:
    """The panels, the log and the game-over screen show every name as it is."""
    seats = [Seat(name, "random") for name in HOSTILE]
    session = GameSession(GameConfig(map="italia", players=4), 5, seats)
    app = GameApp(session)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_until(pilot, lambda: session.state.is_over, timeout=120)
        await pilot.pause(0.3)
        text = screen_text(app)
        assert "[link=x]L" in text and "[bold]B" in text


@pytest.mark.slow
async def test_hot_seat_dialogs_and_log_with_markup_names() -> None:
    """Two people at one keyboard (the hand-over names them) in the team game: choices, dialogs, the log."""
    session = GameSession(GameConfig(map="imperium", players=4, variant="venus-team"), 5, hostile_seats(2))
    app = GameApp(session)
    rng = random.Random(15)
    async with app.run_test(size=(160, 50)) as pilot:
        decisions = 0
        handovers = 0
        while decisions < 20 and not session.state.is_over:
            await settle(pilot)
            screen = app.game_screen
            assert screen is not None
            if app.screen is not screen:  # the hot-seat hand-over names the next player
                assert any(name in screen_text(app) for name in HOSTILE[:2])
                handovers += 1
                await pilot.press("enter")
                await pilot.pause()
                continue
            await choose_by_keys(pilot, screen, rng)
            await pilot.pause()
            decisions += 1
        assert handovers > 0 and decisions == 20
        assert any(name in screen_text(app) for name in HOSTILE[:2])
