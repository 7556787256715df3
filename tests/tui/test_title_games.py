"""The title, New game and Rules with the three games the app plays (Concordia, Colosseum, Massilia)."""

from __future__ import annotations

from tests.tui.app_support import isolated_fixture, make_app, screen_text  # noqa: F401
from tui.screens.choose_game import ChooseGameScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.rules import RulesScreen
from tui.screens.title import TitleScreen


async def test_the_title_offers_a_quick_game_of_each_game() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for title in ("Quick game: Concordia", "Quick game: Die Baumeister des Colosseum", "Quick game: Massilia"):
            assert title in text


async def test_new_game_asks_for_the_game_then_shows_its_form() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ChooseGameScreen)
        text = screen_text(app)
        assert "Concordia" in text and "Colosseum" in text and "Massilia" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("n", "1")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_the_rules_of_each_game() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        for key, words in (("1", "The goal"), ("2", "Colosseum"), ("3", "Massilia")):
            await pilot.press("r", key)
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            assert words in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
