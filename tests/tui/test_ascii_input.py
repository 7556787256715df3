"""ASCII mode's text boxes spell what is typed the way every other text is spelled there (issue 21): "Jörg"
shows as "Joerg", not "Jorg"; the value, and so the seat's or save's name, keeps "Jörg"."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input

from saves import SaveStore
from tests.tui.app_support import (  # noqa: F401
    isolated_fixture,
    make_app,
    reset_globals,
    running_save,
    screen_text,
    store_fixture,
    wait_until,
)
from tui.screens.load import AskTitleScreen, LoadScreen
from tui.screens.new_game import NewGameScreen
from tui.settings import Settings
from tui.widgets.text_input import TextInput

pytestmark = pytest.mark.usefixtures("isolated", "concordia_only")


@pytest.fixture(autouse=True)
def unicode_after() -> Any:
    yield
    reset_globals()


def drawn_line(app: Any, box: TextInput) -> str:
    """The box's row as drawn on the screen, from its left edge."""
    row = screen_text(app).split("\n")[box.region.y]
    return row[box.region.x:box.region.right]


async def test_a_name_typed_in_ascii_mode_is_shown_with_oe_and_kept_with_the_umlaut(store: SaveStore) -> None:
    app = make_app(Settings(ascii=True, pace="instant"), store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        name = app.screen.query_one("#name-0", Input)
        assert isinstance(name, TextInput)
        name.focus()
        await wait_until(pilot, lambda: name.has_focus)
        await pilot.press(*"Jörg Weiß")
        await wait_until(pilot, lambda: name.value == "Jörg Weiß")
        await pilot.pause()
        assert drawn_line(app, name).startswith("Joerg Weiss")
        # at the end the cursor stands one cell behind the shown text ("Joerg Weiss" is 11 cells; Input's own
        # rule for the end), where the cell count of the typed "Jörg Weiß" (9) would put it inside the name
        assert name.cursor_screen_offset.x == name.content_region.x + len("Joerg Weiss") + 1
        await pilot.press("home", "right", "right")  # on "r", after "Jö" (three cells: "Joe")
        assert name.cursor_screen_offset.x == name.content_region.x + 3
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: getattr(app.screen, "session", None) is not None)
        assert app.screen.session.seats[0].name == "Jörg Weiß"


async def test_a_save_title_typed_in_ascii_mode_keeps_the_umlaut(store: SaveStore) -> None:
    running_save(store, title="Spiel")
    app = make_app(Settings(ascii=True, pace="instant"), store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, AskTitleScreen))
        box = app.screen.query_one("#title-input", TextInput)
        await pilot.press("end", *"-Größe")
        await wait_until(pilot, lambda: box.value == "Spiel-Größe")
        await pilot.pause()
        assert drawn_line(app, box).startswith("Spiel-Groesse")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        assert store.list()[0].title == "Spiel-Größe"


def test_outside_ascii_mode_the_box_draws_the_value_as_typed() -> None:
    from tui import glyphs
    from tui.widgets.text_input import shown

    assert shown("Jörg Weiß") == "Jörg Weiß"
    glyphs.use_ascii(True)
    assert shown("Jörg Weiß") == "Joerg Weiss"
