"""One app, several games: the registry of game UIs, and the shell's screens with a second game beside Concordia.

The second game is a tiny Nim defined wholly in ``tests/tui/second_game.py`` (engine and ``GameUI``), so
these tests also show that a game needs nothing but its own packages: the title offers its quick game, New
game and Rules ask which game, the new-game form is the game's own, and the session plays it through the
state protocol.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from textual.widgets import Select

from engine.concordia import GameConfig
from engine.core import games as core_games
from engine.core.errors import GameDataError, GameError, IllegalAction
from saves import SaveStore, Seat
from tests.tui import second_game
from tests.tui.app_support import isolated_fixture, make_app, screen_text, store_fixture, wait_until  # noqa: F401
from tui import games
from tui.concordia import GAME_UI as CONCORDIA_UI
from tui.concordia.screen import GameScreen
from tui.screens.choose_game import ChooseGameScreen
from tui.screens.load import describe_header, game_text, setup_text
from tui.screens.new_game import NewGameScreen, colour_label
from tui.screens.rules import RulesScreen
from tui.screens.title import TitleScreen
from tui.session import GameSession

pytestmark = pytest.mark.usefixtures("isolated")


@pytest.fixture(name="nim")
def nim_fixture(monkeypatch: pytest.MonkeyPatch) -> None:
    second_game.install(monkeypatch)


# ----------------------------------------------------------------------------------- the registry


def test_concordia_is_the_game_on_offer_and_its_ui_comes_from_its_own_package() -> None:
    assert games.ids()[0] == "concordia"
    assert set(games.ids()) <= set(core_games.ids())
    ui = games.get("concordia")
    assert ui is CONCORDIA_UI and ui.title == "Concordia"
    assert ui.screen() is GameScreen
    assert ui.info.config_from_dict(ui.quick_config) == GameConfig(map="imperium", players=4, variant="base")


def test_an_unknown_game_or_one_without_a_screen_is_one_clear_line() -> None:
    with pytest.raises(games.NoGameUI, match="unknown game 'chess'"):
        games.get("chess")
    for game_id in core_games.BUILTIN:
        if game_id not in games.ids():
            with pytest.raises(games.NoGameUI, match=f"cannot show the game '{game_id}'"):
                games.get(game_id)


def test_concordias_form_makes_the_config_and_says_why_one_cannot_be_played() -> None:
    values = {"map": "ionium", "variant": "venus", "interim": True, "display": "wine", "small": True}
    assert CONCORDIA_UI.config(values, 3) == GameConfig(map="ionium", players=3, variant="venus",
                                                        interim_scoring=True, display="wine", small=True)
    assert CONCORDIA_UI.form.recommended(values) == (2, 3)
    with pytest.raises(GameDataError, match="the Venus team game is for 4 or 6 players"):
        CONCORDIA_UI.config({**values, "variant": "venus-team", "small": False}, 3)
    assert CONCORDIA_UI.form.warnings(GameConfig(map="imperium", players=2)) == [
        "Imperium is recommended for 3-5 players, not 2"]
    team = GameConfig(players=4, variant="venus-team")
    assert CONCORDIA_UI.form.notes(team, [0, 1, 2, 3]) == [
        f"Teams: {colour_label(0)} + {colour_label(2)}, {colour_label(1)} + {colour_label(3)}"]
    assert colour_label(2).endswith(" green")


def test_a_save_header_is_described_in_its_games_words() -> None:
    header = SimpleNamespace(game="concordia", map="italia", variant="venus-team", options={}, title="",
                             seats=[Seat("Anna"), Seat("Bot 2", "hard")], turn=4, updated=0.0, status="playing")
    assert setup_text(header) == "Italia (Venus team)"
    assert game_text(header) == "Concordia"
    assert describe_header(header) == "Italia (Venus team), Anna, Bot 2 (hard), turn 5, saved -"
    assert describe_header(header, with_game=True).startswith("Concordia, Italia (Venus team), Anna")
    old = SimpleNamespace(map="imperium", variant="base")  # a header from before saves named their game
    assert (games.game_of(old), setup_text(old)) == ("concordia", "Imperium (base)")
    foreign = SimpleNamespace(game="chess", options={"board": 8})  # a game this version does not have
    assert (game_text(foreign), setup_text(foreign)) == ("chess", "-")


# ----------------------------------------------------------------------------------- a second game


@pytest.mark.usefixtures("nim")
def test_the_session_plays_any_game_through_the_protocol_and_words_its_log() -> None:
    seats = [Seat("Anna"), Seat("Bert", "random")]
    session = GameSession(second_game.NimConfig(players=2, stones=5), 1, seats, game="nim")
    entry = session.apply("take 2")
    assert (entry.text, entry.events, entry.turn, entry.seat, entry.bot) == ("takes 2", ("3 stones left",), 0, 0,
                                                                            False)
    session.apply(second_game.Take(1))
    assert session.actions == ["take 2", "take 1"] and session.state.stones == 2
    assert session.log[-1].bot and session.bot_request() is None  # Anna decides again
    with pytest.raises(IllegalAction):
        session.apply("take 3")
    assert session.undo() and session.actions == [] and session.state.stones == 5
    replayed = GameSession(second_game.NimConfig(players=2, stones=5), 1, seats, ["take 2", "take 1"], game="nim")
    assert replayed.state.stones == 2 and [e.text for e in replayed.log] == ["takes 2", "takes 1"]


@pytest.mark.usefixtures("nim")
def test_a_game_the_save_format_cannot_name_is_not_saved_as_concordia() -> None:
    from saves import SavedGame

    session = GameSession(second_game.NimConfig(), 1, [Seat("Anna"), Seat("Bert")], game="nim")
    if "game" in getattr(SavedGame, "__dataclass_fields__", {}):
        assert session.to_saved().game == "nim"
    else:
        with pytest.raises(GameError, match="cannot save a game of Nim"):
            session.to_saved()


@pytest.mark.usefixtures("nim")
async def test_the_title_offers_a_quick_game_of_each_game_and_plays_the_second(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "G  Quick game: Concordia" in text and "2  Quick game: Nim" in text
        assert "Board games of ancient Rome: Concordia, Nim" in text
        await pilot.press("2")
        await wait_until(pilot, lambda: isinstance(app.screen, second_game.NimScreen))
        session = app.screen.session
        assert (session.game, session.config, [s.bot for s in session.seats]) == (
            "nim", second_game.NimConfig(players=2, stones=5), [None, "random"])  # Nim's only bot
        for _ in range(10):  # 5 stones: at most 5 decisions, bots' included
            if session.state.is_over:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert session.state.final_scores().winner in (0, 1)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))


@pytest.mark.usefixtures("nim")
async def test_new_game_asks_which_game_then_shows_that_games_form(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, ChooseGameScreen))
        assert "Nim (2-3 players): Take the last stone" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("n", "2")
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert form.game == "nim" and "New game: Nim" in screen_text(app)
        assert not form.query("#map")  # Concordia's fields belong to Concordia's form
        form.query_one("#stones", Select).value = 21
        form.query_one("#players", Select).value = 3
        await pilot.pause()
        assert form.problems() == ([], [])
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, second_game.NimScreen))
        assert app.screen.session.config == second_game.NimConfig(players=3, stones=21)
        assert [s.bot for s in app.screen.session.seats] == [None, "random", "random"]  # the bot Nim has


@pytest.mark.usefixtures("nim")
async def test_new_game_lists_the_games_own_reason_a_setup_cannot_start(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n", "1")
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert form.game == "concordia" and form.query_one("#map", Select).value == "imperium"
        form.query_one("#variant", Select).value = "venus-team"
        await pilot.pause()
        players = form.query_one("#players", Select)
        assert [v for _label, v in players._options if isinstance(v, int)] == [4, 6]  # the form offers no other
        with players.prevent(Select.Changed):  # a count the form no longer offers: the game's own reason
            players.set_options([(str(n), n) for n in range(2, 7)])
            players.value = 3
        assert form.problems()[0] == ["the Venus team game is for 4 or 6 players (teams of two)"]


@pytest.mark.usefixtures("nim")
async def test_rules_ask_which_game_and_show_its_chapters(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "2")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.game == "nim"
        assert "Take the last stone." in screen_text(app) and "1/1 · The goal" in screen_text(app)
        await pilot.press("c")  # no reference table in Nim: nothing happens
        await pilot.pause()
        assert app.screen.page == 0
        await pilot.press("escape", "r", "1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen) and app.screen.game == "concordia")
        assert f"1/{len(app.screen.pages())} · The goal" in screen_text(app)


def test_a_game_ui_is_all_a_second_game_adds() -> None:
    """The Nim of these tests lives in one module: nothing in the shell names it."""
    ui: Any = second_game.UI
    assert ui.id == "nim" and ui.form.fields[0].key == "stones"
    assert "nim" not in games.ids()


def test_a_bots_level_is_said_once_in_the_saves_line() -> None:
    """A bot seat named with its level ("Bot 2 (schwer)", made in German) gets no second level; a bot named
    without one gets its level in the reader's language; a person gets none."""
    from tui.i18n import set_language
    from tui.screens.load import seats_text

    set_language("de")
    try:
        seats = [Seat("1 Anna"), Seat("2 Bot 2 (schwer)", "hard"), Seat("3 Rex", "easy")]
        assert seats_text(seats, limit=80) == "1 Anna, 2 Bot 2 (schwer), 3 Rex (leicht)"
    finally:
        set_language("en")
