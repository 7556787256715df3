"""ASCII mode is pure ASCII on every screen of every game (issue 21, "ASCII and old terminals").

The sweep opens each screen in ASCII mode, in English and in German, and reads what the app draws (the
compositor's lines, after the app's line filters: what the terminal gets): title, choose game, each game's
new-game form, every rules page (card reference included), settings, load with a confirmation and a rename
dialog, a finished game, too small, a notification, each game's screen with its help and its game-over table.
Any character above 127 fails, with the screen and the line. German in ASCII mode spells umlauts ae oe ue ss.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from engine.core import games as core_games
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
from tui import glyphs, i18n
from tui.screens.load import FinishedGameScreen, LoadScreen
from tui.screens.rules import RulesScreen
from tui.screens.title import TitleScreen
from tui.session import GameSession
from tui.settings import Settings

pytestmark = pytest.mark.usefixtures("isolated")


class Sweep:
    """Collects every screen's text and the non-ASCII characters found in it."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.seen: dict[str, str] = {}
        self.bad: list[str] = []

    def look(self, name: str) -> str:
        text = screen_text(self.app)
        self.seen[name] = text
        for n, line in enumerate(text.splitlines()):
            odd = sorted({ch for ch in line if ord(ch) > 127})
            if odd:
                self.bad.append(f"{name}, line {n + 1}: {' '.join(odd)} in {line.strip()[:90]!r}")
        return text


async def settle(pilot: Any, condition: Any = None) -> None:
    await pilot.pause()
    if condition is not None:
        await wait_until(pilot, condition, timeout=20)
    await pilot.pause()


def finished_session(game: str, seed: int) -> GameSession:
    """A game of ``game`` played to its end by random choices (a person in seat 1, random bots)."""
    ui_quick = __import__("tui.games", fromlist=["get"]).get(game)
    config = ui_quick.info.config_from_dict(ui_quick.quick_config)
    seats = [Seat("Anna", None)] + [Seat(f"Bot {i + 1}", "random") for i in range(1, config.players)]
    session = GameSession(config, seed, seats, game=game)
    rng = random.Random(seed)
    while not session.state.is_over:
        session.apply(rng.choice(session.state.legal_actions()), autosave=False)
    return session


async def sweep_app(store: SaveStore, lang: str, size: tuple[int, int]) -> Sweep:
    running_save(store, decisions=12, title="Sonntag übermorgen")
    finished_save(store, title="Größte Partie")
    app = make_app(Settings(ascii=True, language=lang, pace="instant"), store=store)
    sweep = Sweep(app)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.latest is not None)
        sweep.look("title")
        app.notify("Notiz: Würfel „fünf“ — ok", severity="warning")
        await pilot.pause()
        sweep.look("notification")
        await pilot.press("n")
        await settle(pilot)
        sweep.look("choose game")
        await pilot.press("escape")
        for n, game in enumerate(core_games.ids(), 1):
            await pilot.press("n", str(n))
            await settle(pilot)
            sweep.look(f"new game {game}")
            await pilot.press("escape")
            await settle(pilot, lambda: isinstance(app.screen, TitleScreen))
            await pilot.press("r", str(n))
            await settle(pilot, lambda: isinstance(app.screen, RulesScreen))
            rules = app.screen
            for page in range(len(rules.pages())):
                rules.show(page)
                await pilot.pause()
                sweep.look(f"rules {game} page {page + 1}")
            await pilot.press("escape")
            await settle(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("s")
        await settle(pilot)
        sweep.look("settings")
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("l")
        await settle(pilot, lambda: isinstance(app.screen, LoadScreen))
        sweep.look("load")
        await pilot.press("d")
        await settle(pilot)
        sweep.look("delete dialog")
        await pilot.press("n")
        await pilot.press("r")
        await settle(pilot)
        sweep.look("rename dialog")
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, LoadScreen))
        load = app.screen
        finished = next(i for i, h in enumerate(load.headers) if h.status == "finished")
        load.query_one("#saves").move_cursor(row=finished)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, FinishedGameScreen))
        sweep.look("finished game")
        await pilot.press("escape")
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.resize_terminal(50, 15)
        await settle(pilot)
        sweep.look("too small")
        await pilot.resize_terminal(*size)
        await settle(pilot, lambda: isinstance(app.screen, TitleScreen))
        for n, game in enumerate(core_games.ids(), 1):
            app.quick_game(game)
            await settle(pilot, lambda: hasattr(app.screen, "session"))
            screen = app.screen
            await settle(pilot, lambda screen=screen: screen.human_to_decide() or app.screen is not screen)
            sweep.look(f"game {game}")
            await pilot.press("question_mark")
            await settle(pilot)
            sweep.look(f"help {game}")
            await pilot.press("escape")
            await settle(pilot, lambda screen=screen: app.screen is screen)
            await pilot.press("q")
            await settle(pilot, lambda: isinstance(app.screen, TitleScreen))
            app.play(finished_session(game, n))
            await settle(pilot, lambda: type(app.screen).__name__ == "GameOverScreen")
            sweep.look(f"game over {game}")
            await pilot.press("escape")
            await settle(pilot)
            sweep.look(f"final board {game}")
            app.screen_stack[-1].action_leave() if hasattr(app.screen, "action_leave") else None
            await settle(pilot, lambda: isinstance(app.screen, TitleScreen))
    return sweep


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "size"), [("en", (120, 36)), ("de", (80, 24))])
async def test_every_screen_is_pure_ascii(store: SaveStore, lang: str, size: tuple[int, int]) -> None:
    sweep = await sweep_app(store, lang, size)
    assert len(sweep.seen) >= 20
    dump = os.environ.get("CONCORDIA_ASCII_SWEEP_DUMP")
    if dump:  # for a look at every screen: CONCORDIA_ASCII_SWEEP_DUMP=/tmp/sweep.txt
        Path(dump).write_text("".join(f"==== {k}\n{v}\n" for k, v in sweep.seen.items()), encoding="utf-8")
    assert sweep.bad == [], "\n".join(sweep.bad[:40])
    if lang == "de":
        assert "moechtest" in sweep.seen["choose game"]  # "Welches Spiel möchtest du spielen?"
        assert "Loeschen" in sweep.seen["load"] and "Zurueck" in sweep.seen["load"]  # the footer's German


def test_german_words_are_spelt_in_ascii() -> None:
    glyphs.use_ascii(True)
    i18n.set_language("de")
    try:
        assert i18n.t("Which game do you want to play?") == "Welches Spiel moechtest du spielen?"
        assert glyphs.ascii_text("„Größe“ — Fuß…") == '"Groesse" - Fuss...'
        assert all(len(glyphs.ascii_cell(ch)) == 1 for ch in "╭─╮│█▀▄▊⏎é…ä·×")
        assert glyphs.ascii_cell("é") == "e" and glyphs.ascii_cell("╭") == "+" and glyphs.ascii_cell("█") == "#"
    finally:
        glyphs.use_ascii(False)
        i18n.set_language("en")
