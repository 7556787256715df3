"""What the shell's help overlay (``tui.help_screen``) shows for Concordia: every key, and what the map's
symbols mean."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from engine.concordia.model import GOODS
from tui import glyphs
from tui.i18n import N_, t

KEYS: tuple[tuple[str, str], ...] = (
    ("1-9", N_("play the card with that number from your hand")),
    ("↑ ↓ Enter", N_("choose in the prompt (or click a choice)")),
    ("Tab", N_("go to the map; there Tab / Shift+Tab go round the highlighted targets, Enter chooses")),
    (N_("arrows"), N_("on the map: the look cursor (Shift: faster); the status line says what is under it")),
    ("o z n", N_("on the map: overview of the whole board / another scale / legend of provinces and short names")),
    ("r", N_("on the map: routes from here, coloured by the steps from the city under the cursor (green 1, "
             "yellow 2, orange 3, pink 4+); the status line says each route's steps")),
    ("Esc", N_("on the map: back to the decision list")),
    ("d", N_("done: end the current action (when possible)")),
    ("u, Ctrl+Z", N_("undo your last decision")),
    ("h", N_("hint: what the normal bot would play, and why")),
    ("v", N_("switch between the map drawing and the list of provinces")),
    ("g", N_("score projection per god in the players panel")),
    ("m k p l w", N_("small terminals: show map, market, players, log or storehouse")),
    ("- +", N_("scroll the log a page back or on, from anywhere (on a small terminal they open it)")),
    ("f", N_("Salsa: the forum (tableau and everyone's forum cards)")),
    ("s", N_("score table (after the game)")),
    ("?, F1", N_("this help")),
    ("q, Esc", N_("leave the game (it is saved); Esc asks first, and on the map only goes back to the list")),
)
"""The game screen's keys in words (the footer shows the most used ones)."""


def legend() -> Text:
    """What the symbols on the map and in the panels mean."""
    out = Text()
    plain = glyphs.ascii_mode()
    rows = [
        (glyphs.glyph("capital"), t("the capital")),
        ("- / |" if plain else "─ ╱ │", t("land route (a line from city to city)")),
        ("~" if plain else "≈", t("sea route")),
        ("o O" if plain else "○ ◎", t("empty colonist space of a land / sea route")),
        ("1-6", t("a player's house (after a city's good) or colonist (on a route's space): the seat's digit")),
        (glyphs.good_letter("brick") + "1" + glyphs.glyph("empty_slot_map"),
         t("a city: its good, then the seats with a house there")),
        (glyphs.glyph("marker_goods") + glyphs.good_letter("wine"),
         t("province bonus marker, goods side: the province can produce")),
        ("$2", t("bonus marker, coin side: worth that much for the Prefect's cash")),
        (glyphs.glyph("praefectus"), t("Praefectus Magnus")),
        (glyphs.glyph("concordia"), t("Concordia card")),
        (glyphs.glyph("bot") + " " + glyphs.glyph("human"), t("bot / person")),
    ]
    for sym, what in rows:
        out.append(f"{sym:>4}  ", style="bold")
        out.append(what + "\n")
    out.append(t("Goods") + ": ")
    for g in GOODS:
        out.append(glyphs.good_letter(g), style=f"bold {glyphs.good_colour(g)}")
        out.append(f" {t(g)}  ")
    out.append(glyphs.glyph("salt"), style="bold bright_white")  # R-SALSA-SALT (on the map: a salt city's S)
    out.append(f" {t('salt')}  ")
    out.append(glyphs.glyph("patrician") + " " + glyphs.glyph("citizen"), style="bold")
    out.append(" " + t("forum: patrician / citizen"))
    return out


def help_parts(keys: Sequence[tuple[str, str]] = KEYS) -> list[Any]:
    """``GameUI.help``: every key and what the map's symbols mean, as the shell's help overlay shows them."""
    table = Table(box=None, show_header=False, padding=(0, 2))
    table.add_column(style="bold yellow", no_wrap=True)
    table.add_column()
    for key, what in keys:
        table.add_row(t(key) if key == "arrows" else key, t(what))
    return [Text(t("Keys"), style="bold underline"), table, Text("\n" + t("Symbols"), style="bold underline"),
            legend()]
