"""The play loop and the game-over screen the three game screens share (``tui/play_screen.py``,
``tui/game_over.py``): every game's screen is a ``PlayScreen`` that posts the shell's one ``Quit`` and gets its
view keys, styles and focus from it, the loop's words come from the game's own catalog first, and the shell's
game-over screen shows a game's breakdown with nothing of the game's own."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from textual.app import App

from engine.core import games as core_games
from saves import Seat
from tui import games, glyphs
from tui.game_over import GameOverScreen, breakdown_table
from tui.i18n import set_language
from tui.play_screen import PACES, PlayScreen, View
from tui.session import GameSession

GAMES = ("colosseum", "concordia", "massilia")


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


@pytest.mark.parametrize("game", GAMES)
def test_every_game_screen_plays_through_the_shared_loop(game: str) -> None:
    screen = games.get(game).screen()
    assert issubclass(screen, PlayScreen)
    # one message for leaving, whichever game: the test apps listen under this one name
    assert screen.Quit is PlayScreen.Quit and screen.Quit.handler_name == "on_play_screen_quit"
    assert screen.AUTO_FOCUS == "#choices"
    styles = screen.CSS_PATH  # game.tcss beside the game's screen.py, found by PlayScreen
    assert styles == str(Path(games.__file__).parent / game / "game.tcss")
    assert screen.VIEWS and all(isinstance(v, View) for v in screen.VIEWS)
    with pytest.raises(ValueError, match="unknown pace 'warp'"):
        screen(finished(game), pace="warp")
    assert PACES == {"slow": 1.5, "normal": 0.6, "fast": 0.15, "instant": 0.0}


@pytest.mark.parametrize("game", GAMES)
def test_each_view_key_shows_its_view_and_hides_from_the_footer(game: str) -> None:
    """PlayScreen binds every view's key to ``view(name)`` from ``VIEWS``; a game's screen restates none."""
    screen = games.get(game).screen()
    names = [v.name for v in screen.VIEWS]
    keyed = [v for v in screen.VIEWS if v.key]
    assert len(set(names)) == len(names) and len({v.key for v in keyed}) == len(keyed)
    bindings = screen._merged_bindings.key_to_bindings  # what Textual dispatches the keys by
    for view in keyed:
        assert [(b.action, b.description, b.show) for b in bindings[view.key]] == [
            (f"view('{view.name}')", view.label, False)]
    views = [b.action for bs in bindings.values() for b in bs if b.action.startswith("view(")]
    assert len(views) == len(keyed)


def test_the_view_keys_of_each_game() -> None:
    """The compact layout's keys as the help and the status line name them (unchanged by moving them here)."""
    keys = {game: [(v.key, v.name) for v in games.get(game).screen().VIEWS] for game in GAMES}
    assert keys == {
        "colosseum": [("b", "board"), ("l", "log")],
        "concordia": [("m", "map"), ("k", "market"), ("p", "players"), ("l", "log"), ("w", "warehouse"),
                      ("", "forum")],
        "massilia": [("m", "market"), ("b", "board"), ("p", "players"), ("l", "log")],
    }


def test_a_screen_defines_no_view_it_has_no_panel_for() -> None:
    """A PlayScreen subclass in a module without ``game.tcss`` keeps what it inherits, and no view, no keys."""

    class Bare(PlayScreen):
        pass

    assert Bare.CSS_PATH is None and Bare.VIEWS == ()
    assert not [b for bs in Bare._merged_bindings.key_to_bindings.values() for b in bs if b.action.startswith("view(")]


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
