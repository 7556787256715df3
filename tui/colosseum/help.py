"""The key help overlay of the Colosseum screen (``?``): the keys, the board and the letters it draws with.

Every line passes through ``t`` from the game's catalog (``colosseum.po``), as every other word of the game;
the letters of the tiles and cards are filled in from ``text`` (``TILE_LETTERS`` differ by language), so the
help always names the letters the board shows.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui import glyphs
from tui.i18n import N_, t

HELP_LINES: tuple[str, ...] = (
    N_("Up/Down and Enter (or a click) choose a line of the Decision panel; 1-9 choose the first nine lines."),
    N_("u undo · h hint (the greedy bot's choice) · s scores at the end · q leave (the game is saved)"),
    N_("b board · p displays · l log (in a small terminal the left side shows one of them)"),
    "",
    N_("Board: the consul track (fields 1-7: A storage, B tile or build, D scoring); the consul's field in [ ]."),
    N_("Each B field has its landscape row (front tile first) and the Colosseum part on offer."),
    N_("Tiles: {tiles}"),
    N_("Cards and costs: {cards}"),
    N_("Displays: fame, hand against the limit, stable wheels with the movement marker, storage, landscapes."),
)
"""The help's lines in English (the catalog has them in German); an empty string is a blank line."""


def help_text() -> str:
    """The help in the current language, with the letters the board draws now."""
    from .text import CARD_LETTERS, card_name, tile_legend

    sep = " - " if glyphs.ascii_mode() else " · "
    cards = sep.join(f"{letter} {card_name(kind)}" for kind, letter in CARD_LETTERS.items())
    lines = [t(line).format(tiles=tile_legend(), cards=cards) if line else "" for line in HELP_LINES]
    return "\n".join(lines)  # t spells a line in ASCII in ASCII mode (· as /)


class HelpScreen(ModalScreen[None]):
    """The keys and the board's letters, in the current language."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 96%; max-width: 112; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("enter", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text(t("Colosseum keys"), style="bold"))
            yield Static(Text(help_text()))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
