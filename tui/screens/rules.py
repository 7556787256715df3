"""The rules screen: one short chapter at a time (English or German) and the card reference.

The chapter list is on the left; ← → (or N / P) turn the page, ↑ ↓ scroll a long one, L switches the
rules' language without changing the app's. The last page is the card reference, generated from the
engine's card data.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from tui import i18n
from tui.i18n import t
from tui.rules import Chapter, card_reference, chapters

CARDS_PAGE = "cards"


class RulesScreen(Screen[None]):
    """Rules chapters and the card reference, one page on screen at a time."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "page(1)", "Next", priority=True),
        Binding("left,p", "page(-1)", "Previous", priority=True),
        Binding("l", "switch_language", "English/Deutsch"),
        Binding("c", "cards", "Cards"),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, lang: str | None = None) -> None:
        super().__init__()
        self.lang = lang or i18n.language()
        self.page = 0

    def pages(self) -> list[Chapter]:
        title = "Kartenübersicht" if self.lang == "de" else "Card reference"
        return [*chapters(self.lang), Chapter(CARDS_PAGE, title, "")]

    def compose(self) -> ComposeResult:
        with Horizontal(id="rules-body"):
            yield OptionList(*[Option(c.title, id=c.key) for c in self.pages()], id="chapters")
            with VerticalScroll(id="rules-page"):
                yield Markdown("", id="rules-text")
                yield DataTable(id="cards", cursor_type="row", zebra_stripes=True)
        yield Static("", id="card-detail")
        yield Static("", id="rules-status")
        yield Footer()

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
        detail.display = chapter.key == CARDS_PAGE
        if chapter.key == CARDS_PAGE:
            text.display = False
            table.display = True
            self._fill_cards(table)
            table.focus()
        else:
            table.display = False
            text.display = True
            text.update(chapter.text)
            self.query_one("#rules-page", VerticalScroll).focus()
        self.query_one("#rules-page", VerticalScroll).scroll_home(animate=False)
        lang = "Deutsch" if self.lang == "de" else "English"
        self.query_one("#rules-status", Static).update(
            f"{self.page + 1}/{len(pages)} · {chapter.title} · {lang}"
        )

    def _fill_cards(self, table: DataTable[str]) -> None:
        de = self.lang == "de"
        table.clear(columns=True)
        table.add_columns(
            "Karte" if de else "Card", "Gott" if de else "God", "Kosten" if de else "Cost",
            "Stapel" if de else "Stack", "Aktion" if de else "Action",
        )
        for row in card_reference(self.lang):
            table.add_row(row.name, row.gods, row.cost, row.stack, row.action, key=row.card_id)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        rows = {r.card_id: r for r in card_reference(self.lang)}
        row = rows.get(str(event.row_key.value))
        if row is not None:
            decks = ("Decks" if self.lang == "en" else "Spiele") + f": {row.decks}"
            self.query_one("#card-detail", Static).update(f"[b]{row.name}[/b] ({row.gods}): {row.action}. {decks}")

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
        self.show(len(self.pages()) - 1)

    def action_switch_language(self) -> None:
        self.lang = "en" if self.lang == "de" else "de"
        self.relabel()
        self.notify(t("Rules in English") if self.lang == "en" else t("Rules in German"))

    def action_back(self) -> None:
        self.dismiss(None)
