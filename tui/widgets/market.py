"""The market panel: the 7 display slots with each card, its card cost, the slot's extra cost and the total.

Also the cards left in the deck and who holds the Concordia card and the Praefectus Magnus.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from engine.concordia import GameState, model
from tui import glyphs
from tui.i18n import card_name, t


def goods_letters(goods: Sequence[str]) -> Text:
    """Goods as coloured letters (``?`` for a good of the buyer's choice)."""
    out = Text()
    for g in goods:
        if g == "any":
            out.append(glyphs.glyph("any_good"), style="bold white")
        else:
            out.append(glyphs.good_letter(g), style=f"bold {glyphs.good_colour(g)}")
    return out


class MarketPanel(Static):
    """Display slots, deck size, Concordia card and Praefectus Magnus."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self._signature: object = None

    def show(self, s: GameState, names: Sequence[str], version: int, compact: bool) -> None:
        signature = (version, compact, glyphs.ascii_mode())
        if signature == self._signature:
            return
        self._signature = signature
        self.update(render_market(s, names, compact))


def render_market(s: GameState, names: Sequence[str], compact: bool) -> Table:
    table = Table(box=None, padding=(0, 1), expand=False, show_edge=False, pad_edge=False)
    table.add_column("#", justify="right", style="bold")
    table.add_column(t("Card"))
    table.add_column(t("Card cost"))
    table.add_column(t("+Slot"))
    table.add_column(t("Total"))
    slots = model.components().display[s.config.display]
    for i, cid in enumerate(s.display):
        extra = list(slots[i])
        if cid is None:
            table.add_row(str(i + 1), Text("—", style="dim"), "", goods_letters(extra), "")
            continue
        card = model.cards()[cid]
        cost = [g for g, n in card.cost for _ in range(n)]
        name = Text(card_name(cid))
        gods = "/".join(g[:3].capitalize() for g in card.gods)
        name.append(f" {gods}", style="cyan")
        if not compact:
            name.append(f" {card.stack}", style="dim")
        table.add_row(str(i + 1), name, goods_letters(cost), goods_letters(extra), goods_letters(cost + extra))
    foot = Text()
    foot.append(t("Deck: {n} cards").format(n=len(s.deck)), style="bold")
    foot.append("  ")
    foot.append(glyphs.glyph("concordia") + " " + t("Concordia") + ": ")
    foot.append(names[s.concordia] if s.concordia >= 0 else t("in play"), style="bold")
    foot.append("  ")
    foot.append(glyphs.glyph("praefectus") + " " + t("Praefectus Magnus") + ": ")
    foot.append(names[s.pm], style="bold")
    grid = Table.grid()
    grid.add_row(table)
    grid.add_row(foot)
    return grid
