"""Decision rows too long for the list wrap between words onto indented rows instead of being cut (issue 31:
``Produce in Gallia (you get 1 cl…`` at 80x24); the cursor, the keys and a click still go by choice."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.widgets.choice_list import ChoiceList

LABELS = ["Produce in Hispania (you get 1 cloth, 2 food)", "Do nothing", "Take the cash bonus (3 sestertii)"]


class _ListApp(App[None]):
    def compose(self) -> ComposeResult:
        yield ChoiceList(id="choices")

    def on_mount(self) -> None:
        self.query_one(ChoiceList).styles.width = 24


def rows(choices: ChoiceList) -> list[str]:
    return [choices.render_line(y).text.rstrip() for y in range(choices.scrollable_content_region.height)]


async def test_a_long_choice_wraps_between_words_and_the_cursor_goes_by_choice() -> None:
    app = _ListApp()
    async with app.run_test(size=(40, 10)) as pilot:
        choices = app.query_one(ChoiceList)
        choices.set_choices(LABELS)
        choices.focus()
        await pilot.pause()
        shown = rows(choices)
        assert shown[:6] == ["▶ Produce in Hispania", "    (you get 1 cloth, 2", "    food)", "  Do nothing",
                             "  Take the cash bonus (3", "    sestertii)"]
        assert not any("…" in line for line in shown)
        await pilot.press("down")
        assert choices.highlighted == 1 and rows(choices)[3] == "▶ Do nothing"
        await pilot.click(ChoiceList, offset=(6, 5))  # the second row of the third choice
        await pilot.pause()
        assert choices.highlighted == 2


async def test_a_short_form_that_fits_is_shown_whole_instead_of_wrapping() -> None:
    app = _ListApp()
    async with app.run_test(size=(40, 10)) as pilot:
        choices = app.query_one(ChoiceList)
        choices.set_choices(LABELS, [("Hispania: 1 cloth, 2 food",  "Hispania: 1C+2F"), (), ()])
        await pilot.pause()
        assert rows(choices)[0] == "▶ Hispania: 1C+2F"  # the only focusable widget has the focus
        assert rows(choices)[1] == "  Do nothing"
