"""State and navigation (issue 21): fast key bursts never drop a running game back to the title screen, the
title always offers the most recent running game, and the load list is read again when it is shown again.

The cause of "the app fell back to the title screen ... No running game to continue.": two fast Enters on a
dialog both reached its list before it closed, the dialog dismissed itself twice, and Textual's second
``dismiss`` popped the game screen without its callback (no save, no refreshed title).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual import events
from textual.widgets import DataTable

from engine.concordia import GameConfig
from saves import SaveStore, Seat
from tests.tui.app_support import (  # noqa: F401
    isolated_fixture,
    make_app,
    running_save,
    store_fixture,
    wait_until,
)
from tui.concordia.widgets.dialogs import ChoiceDialog
from tui.screens.load import LoadScreen
from tui.screens.title import TitleScreen

pytestmark = pytest.mark.usefixtures("isolated")

HAMMER_KEYS = ("1", "2", "3", "4", "5", "enter", "enter", "down", "down")
"""What a fast player presses: hand digits, Enter and Down (Enter and Down twice as often)."""

SEEDS = (1, 2)
BURSTS = 20
"""Key bursts per game in ``make test`` (the soak in tests/bench plays more games, longer)."""

KEY_CHARS = {"enter": "\r", "down": None}


def burst(app: Any, keys: list[str]) -> None:
    """Post ``keys`` at once, the way a fast typist's keys reach the app before it has redrawn."""
    for key in keys:
        app.post_message(events.Key(key, KEY_CHARS.get(key, key)))


def game_screen_of(app: Any) -> Any:
    return next((s for s in app.screen_stack if hasattr(s, "session")), None)


def italia(seed: int) -> tuple[Any, int, list[Seat]]:
    seats = [Seat("Anna", None), Seat("Bot 2", "random"), Seat("Bot 3", "random")]
    return GameConfig(map="italia", players=3), seed, seats


@pytest.mark.parametrize("keys", [["enter", "enter"], ["down", "enter", "enter"], ["enter", "1"], ["1", "enter"]])
async def test_fast_keys_on_a_dialog_never_close_the_game(store: SaveStore, keys: list[str]) -> None:
    app = make_app(store=store, new_game=italia(5))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_until(pilot, lambda: game_screen_of(app) is not None and app.screen is game_screen_of(app))
        game = app.screen
        await wait_until(pilot, game.human_to_decide)
        legal = game.legal()[:2]
        chosen: list[Any] = []
        app.push_screen(ChoiceDialog("pick", [("first", legal[0]), ("second", legal[1])]), chosen.append)
        await pilot.pause()
        burst(app, keys)
        await pilot.pause(0.2)
        assert game in app.screen_stack and not isinstance(app.screen, TitleScreen)
        assert len(chosen) == 1  # the dialog answered once


async def test_the_title_offers_the_running_game_whatever_path_led_back(store: SaveStore) -> None:
    """A game screen popped without its callback (the old double dismiss) still leaves a title that offers it."""
    app = make_app(store=store, new_game=italia(7))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_until(pilot, lambda: game_screen_of(app) is not None)
        game = game_screen_of(app)
        game.session.autosave()
        app.pop_screen()  # no callback: only the title's own refresh on being shown again can find the game
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.latest is not None)
        assert app.screen.latest.game_id == game.session.game_id


async def test_the_load_list_is_read_again_when_shown_again(store: SaveStore) -> None:
    old = running_save(store, decisions=6, title="Sunday")
    app = make_app(store=store)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        load = app.screen
        table = load.query_one("#saves", DataTable)
        assert [str(c) for c in table.get_row_at(0)][5] == "running"
        await pilot.press("enter")
        await wait_until(pilot, lambda: game_screen_of(app) is not None and app.screen is game_screen_of(app))
        session = app.screen.session
        rng = random.Random(1)
        while not session.state.is_over:  # the game ends while it is open (as if played to the end)
            session.apply(rng.choice(session.state.legal_actions()), autosave=False)
        session.autosave()
        app.screen.action_leave()
        await wait_until(pilot, lambda: app.screen is load)
        await wait_until(pilot, lambda: str(table.get_row_at(0)[5]).startswith("finished"))
        assert table.row_count == 1 and store.list()[0].game_id == old.game_id


async def hammer_one_game(app: Any, pilot: Any, rng: random.Random, bursts: int) -> int:
    """Press key bursts in a running game; after each, the game must still be there (or over). Decisions made."""
    game = game_screen_of(app)
    session = game.session
    for _ in range(bursts):
        if session.state.is_over:
            break
        burst(app, [rng.choice(HAMMER_KEYS) for _ in range(rng.randint(1, 4))])
        await pilot.pause()
        if app.workers._workers:
            await app.workers.wait_for_complete()
        await pilot.pause()
        stack = app.screen_stack
        assert game in stack, f"the game screen left the stack: {[type(s).__name__ for s in stack]}"
        assert not isinstance(app.screen, TitleScreen)
        assert type(stack[0]).__name__ == "TitleScreen"  # the app's base screen
        assert stack.count(game) == 1 and len(stack) <= 3  # at most one dialog over the game
        kinds = [type(s) for s in stack]
        assert len(kinds) == len(set(kinds)), f"a dialog over its own kind: {kinds}"
    return len(session.actions)


async def hammer_game(store: SaveStore, seed: int, bursts: int) -> int:
    """One seeded Italia game against random bots, played by bursts of digits, Enter and Down; after each
    burst the game screen is still on the stack; after leaving, the title offers the game. Decisions made."""
    app = make_app(store=store, new_game=italia(seed))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: game_screen_of(app) is not None)
        game = game_screen_of(app)
        decisions = await hammer_one_game(app, pilot, random.Random(seed), bursts=bursts)
        assert decisions > bursts // 2
        if app.screen is not game and not game.session.state.is_over:  # a dialog left open by the last burst
            await pilot.press("escape")
        if app.screen is game:
            await pilot.press("q")
        else:  # the game-over table: Enter leaves
            await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.latest is not None)
        if not game.session.state.is_over:
            assert app.screen.latest.game_id == game.session.game_id
    return decisions


async def hammer(store: SaveStore, seeds: tuple[int, ...], bursts: int) -> int:
    """``hammer_game`` for each seed; the decisions made in all."""
    return sum([await hammer_game(store, seed, bursts) for seed in seeds])


async def test_hammering_keys_never_drops_the_game(store: SaveStore) -> None:
    await hammer(store, SEEDS, BURSTS)
