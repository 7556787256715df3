"""Letter keys work in either case (Shift or Caps Lock) wherever the other case means nothing of its own.

``tui.app.ConcordiaApp._check_bindings`` tries the other case of a letter no binding takes; a screen that
binds both cases keeps both, and a text field keeps the letters typed into it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Input

from saves import SaveStore
from tests.tui.app_support import isolated_fixture, make_app, running_save, store_fixture  # noqa: F401
from tui.app import other_case
from tui.concordia.screen import GameScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.load import LoadScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.rules import RulesScreen
from tui.screens.settings import SettingsScreen

pytestmark = pytest.mark.usefixtures("isolated", "concordia_only")


def test_other_case_is_for_ascii_letters_only() -> None:
    assert [other_case(k) for k in ("N", "n", "z", "Z")] == ["n", "N", "Z", "z"]
    assert [other_case(k) for k in ("1", "enter", "question_mark", "ä", "ctrl+n")] == [None] * 5


@pytest.mark.parametrize(("key", "screen"), [("N", NewGameScreen), ("R", RulesScreen), ("S", SettingsScreen),
                                             ("L", LoadScreen)])
async def test_title_entries_take_upper_case(key: str, screen: type) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, screen), (key, app.screen)


async def test_upper_case_quick_game_and_game_keys(store: SaveStore) -> None:
    """G starts the quick game (a key the title handles itself); K and P switch the game's view at 80x24."""
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("G")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        for key, view in (("K", "market"), ("P", "players"), ("k", "market")):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen.view == view, key


async def test_load_screen_delete_in_upper_case(store: SaveStore) -> None:
    running_save(store, seed=3, title="one")
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("D")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)


class BothCases(Screen[None]):
    """A screen where N and n mean different things, beside a text field with a priority letter binding."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "hit('n')"), Binding("N", "hit('N')"), Binding("x", "hit('x')", priority=True),
        Binding("y", "hit('y')"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.hits: list[str] = []

    def compose(self) -> ComposeResult:
        yield Input(id="field")

    def action_hit(self, what: str) -> None:
        self.hits.append(what)


async def test_a_letter_with_a_meaning_of_its_own_keeps_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = BothCases()
        app.push_screen(screen)
        await pilot.pause()
        screen.set_focus(None)
        await pilot.press("N", "n", "X", "Y")
        await pilot.pause()
        assert screen.hits == ["N", "n", "x", "y"]


async def test_a_text_field_keeps_its_letters() -> None:
    app: Any = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = BothCases()
        app.push_screen(screen)
        await pilot.pause()
        field = screen.query_one("#field", Input)
        field.focus()
        await pilot.press("X", "Y", "a")
        await pilot.pause()
        assert field.value == "XYa"
        assert screen.hits == []


@pytest.mark.parametrize(("lang", "label", "key", "answer"), [
    ("de", "Ja (J)", "j", True), ("de", "Ja (J)", "Y", True), ("de", "Ja (J)", "J", True),
    ("en", "Yes (Y)", "j", None), ("en", "Yes (Y)", "Y", True),
])
async def test_the_confirm_dialog_names_the_languages_yes_key(lang: str, label: str, key: str,
                                                              answer: bool | None) -> None:
    from textual.widgets import Button

    from tui import i18n
    from tui.settings import Settings

    app = make_app(Settings(language=lang, pace="instant"))
    answers: list[bool | None] = []
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(ConfirmScreen("?"), answers.append)
            await pilot.pause()
            assert str(app.screen.query_one("#yes", Button).label) == label
            await pilot.press(key)
            await pilot.pause()
            assert answers == ([] if answer is None else [answer])
    finally:
        i18n.set_language("en")
