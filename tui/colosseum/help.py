"""What the shell's help overlay shows for the Colosseum screen (``?``): the keys, the board and its letters.

Every line passes through ``t`` from the game's catalog (``colosseum.po``), as every other word of the game;
the letters of the tiles and cards are filled in from ``text`` (``TILE_LETTERS`` differ by language), so the
help always names the letters the board shows.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

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


def help_parts() -> list[Any]:
    """``GameUI.help``: a title and the help's lines, as the shell's help overlay (``tui.help_screen``) shows them."""
    return [Static(Text(t("Colosseum keys"), style="bold")), Static(Text(help_text()))]
