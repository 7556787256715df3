"""The rules screen: one game's rules, one short chapter at a time (English or German), and its reference tables.

The chapter list is on the left; ← → (or N / P) turn the page, ↑ ↓ scroll a long one, L switches the
rules' language without changing the app's, C jumps to the last reference table (Concordia's card
reference). The pages are the game's own (``GameUI.rules``): Markdown chapters and tables generated from
the engine's data.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from engine.core import games as core_games
from tui import games, glyphs, i18n
from tui.games import RulesPage, TablePage
from tui.i18n import t
from tui.widgets.footer import FittingFooter

WIDE_TABLE = 120
"""From this terminal width on, a reference table stands beside the chapter list; below it, alone."""


def _shown(text: str) -> str:
    """A rules text as drawn: the rulebook's German in ASCII mode spelt with ae, oe, ue, ss."""
    return glyphs.shown(text)


class RulesScreen(Screen[None]):
    """A game's rules chapters and reference tables, one page on screen at a time."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "page(1)", "Next", priority=True),
        Binding("left,p", "page(-1)", "Previous", priority=True),
        Binding("l", "switch_language", "English/Deutsch"),
        Binding("c", "cards", "Cards"),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, lang: str | None = None, game: str = core_games.DEFAULT) -> None:
        super().__init__()
        self.lang = lang or i18n.language()
        self.game = game
        self.page = 0
        self._pages: tuple[str, list[RulesPage]] | None = None

    def pages(self) -> list[RulesPage]:
        """The game's pages in the rules' language (made once per language: tables come from the game data)."""
        if self._pages is None or self._pages[0] != self.lang:
            self._pages = (self.lang, list(games.get(self.game).rules(self.lang)))
        return self._pages[1]

    def compose(self) -> ComposeResult:
        with Horizontal(id="rules-body"):
            yield OptionList(*[Option(_shown(c.title), id=c.key) for c in self.pages()], id="chapters")
            with VerticalScroll(id="rules-page"):
                yield Markdown("", id="rules-text")
                yield DataTable(id="cards", cursor_type="row", zebra_stripes=True)
        yield Static("", id="card-detail")
        yield Static("", id="rules-status")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.show(self.page)

    def relabel(self) -> None:
        self.refresh(recompose=True)
        self.call_after_refresh(self.show, self.page)

    def show(self, page: int) -> None:
        """Show page ``page`` (wrapping around)."""
        pages = self.pages()
        self.page = page % len(pages)
        chapter = pages[self.page]
        menu = self.query_one("#chapters", OptionList)
        if menu.highlighted != self.page:
            menu.highlighted = self.page
        text = self.query_one("#rules-text", Markdown)
        table = self.query_one("#cards", DataTable)
        detail = self.query_one("#card-detail", Static)
        detail.display = isinstance(chapter, TablePage)
        # a table needs the width: below WIDE_TABLE columns the chapter list gives way (arrows still turn pages)
        menu.display = not (isinstance(chapter, TablePage) and self.app.size.width < WIDE_TABLE)
        if isinstance(chapter, TablePage):
            text.display = False
            table.display = True
            self._fill_table(table, chapter)
            table.focus()
        else:
            table.display = False
            text.display = True
            text.update(_shown(chapter.text))
            self.query_one("#rules-page", VerticalScroll).focus()
        self.query_one("#rules-page", VerticalScroll).scroll_home(animate=False)
        lang = "Deutsch" if self.lang == "de" else "English"
        self.query_one("#rules-status", Static).update(
            _shown(f"{self.page + 1}/{len(pages)} · {chapter.title} · {lang}")
        )

    def _fill_table(self, table: DataTable[str], page: TablePage) -> None:
        table.clear(columns=True)
        table.add_columns(*(_shown(c) for c in page.columns))
        for row in page.rows:
            table.add_row(*(_shown(c) if isinstance(c, str) else c for c in row.cells), key=row.key)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        page = self.pages()[self.page]
        if not isinstance(page, TablePage):
            return
        rows = {r.key: r for r in page.rows}
        row = rows.get(str(event.row_key.value))
        if row is not None:
            self.query_one("#card-detail", Static).update(_shown(row.detail) if isinstance(row.detail, str)
                                                          else row.detail)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index != self.page:
            self.show(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.show(event.option_index)

    def action_page(self, step: int) -> None:
        self.show(self.page + step)

    def action_cards(self) -> None:
        """The last reference table (Concordia's card reference); a bell for a game without one."""
        tables = [i for i, p in enumerate(self.pages()) if isinstance(p, TablePage)]
        if tables:
            self.show(tables[-1])
        else:
            self.app.bell()

    def action_switch_language(self) -> None:
        self.lang = "en" if self.lang == "de" else "de"
        self.relabel()
        self.notify(t("Rules in English") if self.lang == "en" else t("Rules in German"))

    def action_back(self) -> None:
        self.dismiss(None)
