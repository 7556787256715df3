"""The new-game screen: every choice reaches the game, and every bad combination is explained before starting."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Button, Input, Select

from saves import SaveStore
from tests.tui.app_support import isolated_fixture, make_app, screen_text, store_fixture, wait_until  # noqa: F401
from tui import seating
from tui.concordia.screen import GameScreen
from tui.screens.fields import Tick
from tui.screens.new_game import NewGameScreen
from tui.screens.title import TitleScreen

pytestmark = pytest.mark.usefixtures("isolated", "concordia_only")  # Concordia as the only game: see tests/conftest.py


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seating, "random_seed", lambda: 4711)


async def open_form(app: Any, pilot: Any) -> NewGameScreen:
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


def problems(screen: NewGameScreen) -> str:
    return str(screen.query_one("#problems").render())


async def test_defaults_start_a_four_player_imperium_game_with_the_shown_seed(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot)
        assert form.query_one("#seed", Input).value == "4711"
        assert not form.query_one("#start", Button).disabled
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        assert (session.config.map, session.config.players, session.config.variant, session.seed) == (
            "imperium", 4, "base", 4711)
        assert [(s.name, s.bot) for s in session.seats] == [
            ("You", None), ("Bot 2 (normal)", "normal"), ("Bot 3 (normal)", "normal"), ("Bot 4 (normal)", "normal")]


async def test_the_keyboard_alone_sets_up_a_game(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot)
        map_select = form.query_one("#map", Select)
        players = form.query_one("#players", Select)
        # map: Imperium -> Italia (the list opens with Enter, arrows move, Enter picks)
        await pilot.press("enter")
        await wait_until(pilot, lambda: map_select.expanded)
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: map_select.value == "italia" and not map_select.expanded)
        await pilot.press("tab", "tab")
        await wait_until(pilot, lambda: players.has_focus)
        await pilot.press("enter")
        await wait_until(pilot, lambda: players.expanded)
        await pilot.press("up", "enter")  # players 4 -> 3
        await wait_until(pilot, lambda: players.value == 3 and not players.expanded)
        await pilot.press("tab", "tab")  # seat 1 name
        name = form.query_one("#name-0", Input)
        await wait_until(pilot, lambda: name.has_focus)
        await pilot.press(*"Livia")
        await wait_until(pilot, lambda: name.value == "Livia")
        seed = form.query_one("#seed", Input)
        seed.focus()
        await wait_until(pilot, lambda: seed.has_focus)
        await pilot.press("end", *["backspace"] * 8, *"99")
        await wait_until(pilot, lambda: seed.value == "99")
        await pilot.press("enter")  # Enter in a field starts the game
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        session = app.screen.session
        assert (session.config.map, session.config.players, session.seed) == ("italia", 3, 99)
        assert session.seats[0].name == "Livia"


async def test_escape_goes_back_without_starting() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_form(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


BAD_COMBINATIONS: list[tuple[dict[str, Any], str]] = [
    ({"#seed": "abc"}, "the seed must be a whole number"),
    ({"#seed": ""}, "the seed must be a whole number"),
    ({"#seed": "-5"}, "the seed must be a whole number"),
    ({"#colour-1": 0}, "two seats have the colour 1 red"),
    ({"#name-0": "Bad\tname"}, "the name of seat 1 contains control characters"),
]
GOOD = {"#variant": "base", "#players": 4, "#seed": "4711", "#colour-1": 1, "#name-0": ""}


async def test_bad_combinations_are_explained_and_cannot_start() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot)
        for changes, message in BAD_COMBINATIONS:
            for selector, value in changes.items():
                form.query_one(selector).value = value
            await pilot.pause()
            assert message in problems(form)
            assert form.query_one("#start", Button).disabled
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is form
            assert any(message in n.message for n in app._notifications)
            for selector, value in GOOD.items():
                form.query_one(selector).value = value
            await pilot.pause()
            assert problems(form) == "", message
            assert not form.query_one("#start", Button).disabled


async def test_unusual_choices_warn_but_may_start(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#map", Select).value = "italia"
        form.query_one("#players", Select).value = 5
        await pilot.pause()
        assert "Italia is recommended for 2-4 players, not 5" in problems(form)
        assert "recommended: 2-4" in screen_text(app)
        assert not form.query_one("#start", Button).disabled


async def test_all_bots_is_a_warning_and_a_watched_game(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#players", Select).value = 2
        form.query_one("#kind-0", Select).value = "random"
        form.query_one("#kind-1", Select).value = "random"
        await pilot.pause()
        assert "every seat is a bot" in problems(form)
        await pilot.press("ctrl+s")
        await pilot.pause()
        session = app.running_session()  # random bots at instant pace may already have finished
        assert session is not None
        assert [s.bot for s in session.seats] == ["random", "random"]


async def test_venus_team_options_and_colours_reach_the_game(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#map", Select).value = "hellas"
        form.query_one("#variant", Select).value = "venus-team"
        form.query_one("#players", Select).value = 4
        form.query_one("#display", Select).value = "wine"
        form.query_one("#interim", Tick).value = True
        # seat 1 (a person) takes colour C (third at the table); seat 3 takes A
        form.query_one("#colour-0", Select).value = 2
        form.query_one("#colour-2", Select).value = 0
        form.query_one("#name-2", Input).value = "Cato"
        form.query_one("#seed", Input).value = "12"
        await pilot.pause()
        assert "Teams: 1 red + 3 green, 2 blue + 4 yellow" in problems(form)
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        config = session.config
        assert (config.map, config.variant, config.display, config.interim_scoring) == (
            "hellas", "venus-team", "wine", True)
        assert [s.name for s in session.seats] == ["Cato", "Bot 2 (normal)", "You", "Bot 4 (normal)"]


async def test_small_ionium_for_three(store: SaveStore) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#map", Select).value = "ionium"
        form.query_one("#players", Select).value = 3
        form.query_one("#small", Tick).value = True
        await pilot.pause()
        assert "recommended: 2-3" in screen_text(app)
        assert problems(form) == ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen.session.config.small


async def test_new_seed_draws_another_seed() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot)
        seating.random_seed = lambda: 815  # type: ignore[assignment]  # restored by the fixture
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert form.query_one("#seed", Input).value == "815"


async def test_a_game_that_cannot_be_made_is_a_message_not_a_crash(store: SaveStore,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.bots.registry as registry

    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#kind-1", Select).value = "random"
        await pilot.pause()

        def broken(name: str, *args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("the plugin bot crashed while starting")

        monkeypatch.setattr(registry, "make_bot", broken)
        monkeypatch.setattr("engine.bots.make_bot", broken)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        assert any("the plugin bot crashed" in n.message for n in app._notifications)


def offered_counts(form: NewGameScreen) -> list[int]:
    return [value for _label, value in form.query_one("#players", Select)._options if isinstance(value, int)]


async def test_the_form_offers_only_what_the_map_and_variant_allow() -> None:
    """Small Ionium only while Ionium is the map (the map data's variants); the player counts the engine's
    config accepts (2-5 alone, 4 or 6 in teams); a count outside the map's recommendation warns in yellow."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot)
        small = form.query_one("#small", Tick)
        assert not small.display and offered_counts(form) == [2, 3, 4, 5]
        form.query_one("#map", Select).value = "ionium"
        await pilot.pause()
        assert small.display
        small.value = True
        await pilot.pause()
        assert "recommended: 2-3" in str(form.query_one("#recommended").render())
        assert "Ionium (small) is recommended for 2-3 players, not 4" in problems(form)
        form.query_one("#map", Select).value = "hellas"
        await pilot.pause()
        assert not small.display
        assert form.values()["small"] is False  # a hidden option keeps its default: no error for Hellas
        assert "only Ionium" not in problems(form)
        assert "recommended: 3-4" in str(form.query_one("#recommended").render())
        form.query_one("#players", Select).value = 5
        await pilot.pause()
        assert "Hellas is recommended for 3-4 players, not 5" in problems(form)
        assert not form.query_one("#start", Button).disabled  # a warning only
        form.query_one("#variant", Select).value = "venus-team"
        await pilot.pause()
        assert offered_counts(form) == [4, 6]
        assert form.query_one("#players", Select).value in (4, 6)
        form.query_one("#variant", Select).value = "base"
        await pilot.pause()
        assert offered_counts(form) == [2, 3, 4, 5]
