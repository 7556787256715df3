"""A game another window plays (issue 33 item 1): the app says so and offers read-only or a copy.

The other window is a claim held in this process here (``flock`` refuses a second claim within a process as
between two); ``tests/reliability/test_one_writer.py`` has the same with a second process and ``kill -9``,
and ``test_two_apps_on_one_save_folder`` below runs two real apps in pseudo-terminals.
"""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path
from typing import Any

import pytest

from engine.core import games as core_games
from saves import SaveBusy, SavedGame, SaveStore, Seat
from tests.tui.app_support import (  # noqa: F401
    Terminal,
    isolated_fixture,
    make_app,
    screen_text,
    store_fixture,
    wait_until,
)
from tui.screens.open_elsewhere import OpenElsewhereScreen
from tui.screens.title import TitleScreen
from tui.session import ReadOnlySession

pytestmark = pytest.mark.usefixtures("isolated")


def _running(store: SaveStore, game: str, decisions: int = 12) -> SavedGame:
    """A running 2-player game (Anna, and a random bot) after ``decisions`` random decisions, saved."""
    info = core_games.get(game)
    config = info.config_from_dict({"players": 2})
    saved = SavedGame.new(config, 7, [Seat("Anna", None), Seat("Bruno", "random")], title="mine", game=game)
    rng = random.Random(7)
    state = info.new_game(config, 7)
    while len(saved.actions) < decisions or state.current_player != 0:
        action = rng.choice(state.legal_actions())
        saved.actions.append(str(action))
        state.apply(action)
    saved.state = state
    store.save(saved)
    return saved


def _game_screen(app: Any) -> bool:
    return getattr(app.screen, "session", None) is not None and hasattr(app.screen, "human_to_decide")


@pytest.mark.parametrize("game", ["concordia", "colosseum", "massilia"])
async def test_read_only_shows_the_game_and_changes_nothing(store: SaveStore, game: str) -> None:
    saved = _running(store, game)
    path = store.path_of(saved.game_id)
    before = path.read_bytes()
    other = store.claim(saved.game_id)  # the other window
    app = make_app(store=store, saved=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, OpenElsewhereScreen))
        text = screen_text(app)
        assert "'mine' is open in another window" in text and f"process {os.getpid()}" in text
        assert "Read-only (R)" in text and "Copy (C)" in text and "Back (Esc)" in text
        await pilot.press("r")
        await wait_until(pilot, lambda: _game_screen(app))
        session = app.screen.session
        assert isinstance(session, ReadOnlySession)
        assert session.actions == saved.actions and session.state.to_dict() == saved.state.to_dict()
        assert session.legal_actions() == [] and not app.screen.human_to_decide()
        assert session.bots == {} and session.store is None
        await pilot.pause()
        assert "1 Anna to decide · read-only" in screen_text(app).splitlines()[0]
        await pilot.press("enter", "u", "h", "1")
        await pilot.pause()
        assert session.actions == saved.actions  # nothing was decided here
        await pilot.press("f2")  # F2 saves a copy to play on: offered here too
        await pilot.pause()
        await pilot.press("escape")
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert path.read_bytes() == before  # the other window's save is untouched
        await app.action_quit()
    assert path.read_bytes() == before
    assert other.held
    other.release()


async def test_back_leaves_the_game_to_the_other_window(store: SaveStore) -> None:
    saved = _running(store, "colosseum")
    before = store.path_of(saved.game_id).read_bytes()
    other = store.claim(saved.game_id)
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")  # Continue on the title screen
        await wait_until(pilot, lambda: isinstance(app.screen, OpenElsewhereScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
    assert store.path_of(saved.game_id).read_bytes() == before
    other.release()


async def test_a_copy_plays_on_in_a_save_of_its_own(store: SaveStore) -> None:
    saved = _running(store, "colosseum")
    path = store.path_of(saved.game_id)
    before = path.read_bytes()
    other = store.claim(saved.game_id)
    app = make_app(store=store, saved=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, OpenElsewhereScreen))
        await pilot.press("c")
        await wait_until(pilot, lambda: _game_screen(app) and app.screen.human_to_decide(), timeout=30)
        session = app.screen.session
        assert not session.read_only and session.game_id != saved.game_id
        assert session.title == "mine (copy)" and session.actions == saved.actions
        with pytest.raises(SaveBusy):  # this app now plays the copy: nobody else may
            store.claim(session.game_id)
        session.apply(session.legal_actions()[0])
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        copy = store.load(store.path_of(session.game_id))
        assert copy.actions[: len(saved.actions)] == saved.actions and len(copy.actions) > len(saved.actions)
        store.claim(session.game_id).release()  # left: the copy is free again
    assert path.read_bytes() == before
    other.release()


async def test_the_game_this_app_plays_is_claimed_until_it_is_left(store: SaveStore) -> None:
    saved = _running(store, "massilia")
    app = make_app(store=store, saved=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: _game_screen(app))
        with pytest.raises(SaveBusy):
            store.claim(saved.game_id)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        store.claim(saved.game_id).release()
        await pilot.press("c")  # Continue: the same app claims it again
        await wait_until(pilot, lambda: _game_screen(app))
        assert not app.screen.session.read_only
        with pytest.raises(SaveBusy):
            store.claim(saved.game_id)
    store.claim(saved.game_id).release()  # the app ended with the game on screen (no q): it is free again


@pytest.mark.slow
def test_two_apps_on_one_save_folder(isolated: Path) -> None:
    """The issue's probe with two real apps: B is refused while A plays; A's moves stay; A killed with
    ``kill -9``, the next app takes the game over."""
    store = SaveStore(isolated / "saves")
    saved = _running(store, "colosseum")
    path = store.path_of(saved.game_id)
    env = {"CONCORDIA_SAVE_DIR": str(store.directory), "CONCORDIA_CONFIG_DIR": str(isolated / "config")}
    args = ["--continue"]
    a = Terminal(args, env)
    b = c = None
    try:
        a.wait_for("Anna", timeout=60)
        a.settle()
        assert store.holder(saved.game_id) == f"process {a.proc.pid} on {os.uname().nodename}"
        b = Terminal(args, env)
        b.wait_for("open in another window", timeout=60)
        b.wait_for(f"process {a.proc.pid}", timeout=10)
        b.send("\x1b")  # Back: B leaves the game to A
        b.settle()
        b.send("q")
        assert b.wait(30) == 0
        assert store.load(path).actions == saved.actions  # B wrote nothing
        a.signal(signal.SIGKILL)
        a.wait(10)
        c = Terminal(args, env)  # A's lock died with it: C plays the game
        c.wait_for("Anna", timeout=60)
        c.settle()
        assert "open in another window" not in c.text()
        assert store.holder(saved.game_id) == f"process {c.proc.pid} on {os.uname().nodename}"
        c.send("q")
        c.settle()
        c.send("q")
        assert c.wait(30) == 0
        assert store.holder(saved.game_id) is None
        assert store.load(path).actions == saved.actions
    finally:
        for term in (a, b, c):
            if term is not None:
                term.close()
