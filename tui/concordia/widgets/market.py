"""The market panel: the 7 display slots with each card, its card cost, the slot's extra cost and the total.

Also the cards left in the deck and who holds the Concordia card and the Praefectus Magnus.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from engine.concordia import GameState, model
from tui import glyphs
from tui.concordia.names import card_name
from tui.i18n import t
from tui.widgets.text_panel import TextPanel


def goods_letters(goods: Sequence[str]) -> Text:
    """Goods as coloured letters (``?`` for a good of the buyer's choice)."""
    out = Text()
    for g in goods:
        if g == "any":
            out.append(glyphs.glyph("any_good"), style="bold white")
        else:
            out.append(glyphs.good_letter(g), style=f"bold {glyphs.good_colour(g)}")
    return out


class MarketPanel(TextPanel):
    """Display slots, deck size, Concordia card and Praefectus Magnus."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._signature: object = None

    def show(self, s: GameState, names: Sequence[str], version: int, compact: bool) -> None:
        signature = (version, compact, glyphs.ascii_mode())
        if signature == self._signature:
            return
        self._signature = signature
        self.show_text(render_market(s, names, compact))


def _cell(text: Text | str, width: int) -> Text:
    """``text`` cut or padded to ``width`` cells (plain Text rendering is much cheaper than a Rich table)."""
    cell = text.copy() if isinstance(text, Text) else Text(text)
    cell.truncate(width, overflow="ellipsis", pad=True)
    return cell


def render_market(s: GameState, names: Sequence[str], compact: bool) -> Text:
    slots = model.components().display[s.config.display]
    name_w = 16 if compact else 24
    out = Text(no_wrap=True, overflow="ellipsis")
    header = Text("# ", style="bold")
    header.append_text(_cell(t("Card"), name_w))
    header.append_text(_cell(" " + t("Cost"), 6))
    header.append_text(_cell(" " + t("+Slot"), 7))
    header.append(" " + t("Total"))
    header.stylize("bold")
    out.append_text(header)
    for i, cid in enumerate(s.display):
        extra = list(slots[i])
        row = Text(f"{i + 1} ", style="bold")
        if cid is None:
            row.append_text(_cell(Text("—", style="dim"), name_w))
            row.append_text(_cell("", 6))
            row.append_text(_cell(Text(" ").append_text(goods_letters(extra)), 7))
        else:
            card = model.cards()[cid]
            cost = [g for g, n in card.cost for _ in range(n)]
            name = Text(card_name(cid))
            gods = "/".join(g[:3].capitalize() for g in card.gods)
            name.append(f" {gods}", style="cyan")
            if not compact:
                name.append(f" {card.stack}", style="dim")
            row.append_text(_cell(name, name_w))
            row.append_text(_cell(Text(" ").append_text(goods_letters(cost)), 6))
            row.append_text(_cell(Text(" ").append_text(goods_letters(extra)), 7))
            row.append(" ")
            row.append_text(goods_letters(cost + extra))
        out.append("\n")
        out.append_text(row)
    out.append("\n")
    out.append(t("Deck: {n} cards").format(n=len(s.deck)), style="bold")
    out.append("  ")
    out.append(glyphs.glyph("concordia") + " " + t("Concordia") + ": ")
    out.append(names[s.concordia] if s.concordia >= 0 else t("in play"), style="bold")
    out.append("\n")
    out.append(glyphs.glyph("praefectus") + " " + t("Praefectus Magnus") + ": ")
    out.append(names[s.pm], style="bold")
    return out
