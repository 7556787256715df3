"""The play loop and the game-over screen the three game screens share (``tui/play_screen.py``,
``tui/game_over.py``): every game's screen is a ``PlayScreen`` whose ``Quit`` keeps the game screen's handler
name, the loop's words come from the game's own catalog first, and the shell's game-over screen shows a game's
breakdown with nothing of the game's own."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from rich.console import Console
from textual.app import App

from engine.core import games as core_games
from saves import Seat
from tui import games, glyphs
from tui.game_over import GameOverScreen, breakdown_table
from tui.i18n import set_language
from tui.play_screen import PACES, PlayScreen
from tui.session import GameSession

HANDLERS = {"concordia": "on_game_screen_quit", "colosseum": "on_colosseum_screen_quit",
            "massilia": "on_game_screen_quit"}
"""The app's handler of each game screen's ``Quit`` (the test apps and the shell listen under these names)."""


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language("en")


def finished(game: str, seed: int = 5) -> GameSession:
    """A three-seat game of ``game`` played to its end with random legal decisions."""
    info = core_games.get(game)
    session = GameSession(info.config_from_dict({"players": 3}), seed, [Seat("A"), Seat("B"), Seat("C")], game=game)
    rng = random.Random(2)
    while not session.state.is_over:
        session.apply(rng.choice(session.state.legal_actions()), autosave=False)
    return session


@pytest.mark.parametrize("game", sorted(HANDLERS))
def test_every_game_screen_plays_through_the_shared_loop(game: str) -> None:
    screen = games.get(game).screen()
    assert issubclass(screen, PlayScreen)
    assert issubclass(screen.Quit, PlayScreen.Quit) and screen.Quit.handler_name == HANDLERS[game]
    assert screen.VIEWS and all(isinstance(v, str) for v in screen.VIEWS)
    with pytest.raises(ValueError, match="unknown pace 'warp'"):
        screen(finished(game), pace="warp")
    assert PACES == {"slow": 1.5, "normal": 0.6, "fast": 0.15, "instant": 0.0}


def test_the_loops_words_come_from_the_games_catalog_first(german: None) -> None:
    """Colosseum says its hint wait in its own German; Massilia and Concordia in the shell's."""
    colosseum = games.get("colosseum").screen()(finished("colosseum"))
    massilia = games.get("massilia").screen()(finished("massilia"))
    assert colosseum.say("Thinking about a hint") == "Denke über einen Tipp nach"
    assert massilia.say("Thinking about a hint") == "Suche einen Tipp"
    # Colosseum names who decides apart from whose turn it is ("am Zug", status_parts): a scoring asks every seat
    assert colosseum.say("{name} to decide").format(name="Anna") == "Entscheidung: Anna"
    assert massilia.say("{name} to decide").format(name="Anna") == "am Zug: Anna"


def test_the_breakdown_table_has_the_sources_a_line_the_totals_and_the_rows_after() -> None:
    table = breakdown_table("Source", ["A", "B"], [("fame", ["3", "4"]), ("cards", ["1", "0"])], [4, 4],
                            after=[("Team", ["8", "8"])])
    assert table.columns[0].header == "Source" and len(table.columns) == 3
    assert table.row_count == 4 and table.rows[1].end_section and not table.rows[0].end_section
    glyphs.use_ascii(True)
    try:
        console = Console(width=60, record=True)
        console.print(breakdown_table("", ["A"], [("x", ["1"])], [1]))
        assert console.export_text().isascii()
    finally:
        glyphs.use_ascii(False)


async def test_the_shells_game_over_screen_shows_the_games_breakdown_and_leaves() -> None:
    session = finished("massilia")
    answers: list[str | None] = []

    class Over(App[None]):
        def on_mount(self) -> None:
            self.push_screen(GameOverScreen(session), answers.append)

    app = Over()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        winner = session.names()[session.state.final_scores().winner]
        assert "Final scoring" in text and f"Winner: {winner}" in text
        assert "Total" in text and all(name in text for name in session.names())
        await pilot.press("enter")
        await pilot.pause()
    assert answers == ["leave"]


def _six_seat_concordia() -> GameSession:
    info = core_games.get("concordia")
    seats = [Seat(f"Bot {q + 1} (greedy)") for q in range(6)]
    session = GameSession(info.config_from_dict({"players": 6, "map": "imperium", "variant": "venus-team"}), 3, seats,
                          game="concordia")
    rng = random.Random(3)
    while not session.state.is_over:
        session.apply(rng.choice(session.state.legal_actions()), autosave=False)
    return session


@pytest.mark.parametrize("game", ["concordia", "colosseum", "massilia", "concordia-6"])
async def test_the_one_game_over_screen_shows_the_whole_final_table_at_80_columns(game: str) -> None:
    """Every game's final table, in its own words, in the shell's one screen: every seat's column, every
    source's row and the totals, nothing cut at 80x24 (six long seat names in Concordia too)."""
    session = _six_seat_concordia() if game == "concordia-6" else finished(game)
    scores = session.state.final_scores()

    class Over(App[None]):
        def on_mount(self) -> None:
            self.push_screen(GameOverScreen(session))

    app = Over()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen) is GameOverScreen
        lines = [strip.text for strip in app.screen._compositor.render_strips()]
        text = "\n".join(lines)
        assert "…" not in text and "Final scoring" in text
        total = next(line for line in lines if "Total" in line)
        assert [int(x) for x in re.findall(r"-?\d+", total.split("Total", 1)[1])] == [p.total for p in scores.players]
        assert all(name.split()[-1] in text for name in session.names())  # a long name wraps between words
        assert "Winner" in text or "Shared win" in text
