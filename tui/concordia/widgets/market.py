"""The market panel: the 7 display slots with each card, its card cost, the slot's extra cost, the total,
its gods and, where the panel has room, what the card does.

The card the prompt's cursor is on (a card to buy) is marked and its action written out whole under the
table. Below: every seat's top discard card (the Diplomat's targets), the cards left in the deck and who
holds the Concordia card and the Praefectus Magnus.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from engine.concordia import GameState, model
from tui import glyphs
from tui.concordia.names import card_name, god_name
from tui.concordia.text import card_short
from tui.i18n import t, tn
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
    """Display slots, deck size, Concordia card, Praefectus Magnus and every seat's top card."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._signature: object = None
        self._shown: tuple[GameState, Sequence[str], int, bool] | None = None
        self.selected: int | None = None
        """The display slot (1-7) the prompt's cursor is on (a card to buy): its action is written out."""

    def show(self, s: GameState, names: Sequence[str], version: int, compact: bool) -> None:
        self._shown = (s, names, version, compact)
        width = self.content_region.width or 0
        tall = not compact and self.app.size.height >= TALL
        signature = (version, compact, glyphs.ascii_mode(), width, self.selected, tall)
        if signature == self._signature:
            return
        self._signature = signature
        before = self.lines
        self.show_text(render_market(s, names, compact, width or None, self.selected, tall))
        if self.lines < before:  # a card's action written out and gone again: give its rows back to the
            self.refresh(layout=True)  # decision list at once (TextPanel leaves them blank until a later layout)

    def select(self, slot: int | None) -> None:
        """Write out the action of the card in ``slot`` under the table (None: no card)."""
        if slot != self.selected:
            self.selected = slot
            if self._shown is not None:
                self.show(*self._shown)

    def on_resize(self) -> None:
        """The action column depends on the panel's width: draw the table again for the new one."""
        if self._shown is not None:
            self.show(*self._shown)


def _cell(text: Text | str, width: int) -> Text:
    """``text`` cut or padded to ``width`` cells (plain Text rendering is much cheaper than a Rich table)."""
    cell = text.copy() if isinstance(text, Text) else Text(text)
    cell.truncate(width, overflow="ellipsis", pad=True)
    return cell


ACTION_MIN = 12
"""The action column is shown only when at least this many cells are left for it."""

TALL = 48

WRAP_MIN = 24
"""An action column narrower than this is cut (the selected card's action stands whole under the table)."""
"""From this terminal height on, an action text too long for its row goes on under it (whole)."""


def _gods(card_id: str, short: bool) -> str:
    gods = model.cards()[card_id].gods
    return "/".join(god_name(g)[:3] if short else god_name(g) for g in gods)


def _wrap(out: Text, first: Text, rest: str, width: int | None, style: str = "") -> None:
    """``first`` then ``rest``, continued on indented lines when ``width`` is too narrow."""
    out.append_text(first)
    if width is None or first.cell_len + cell_len(rest) <= width:
        out.append(rest, style=style)
        return
    lines = textwrap.wrap(rest, max(12, width), initial_indent="\0" * first.cell_len, subsequent_indent="  ",
                          break_on_hyphens=False)
    for i, line in enumerate(lines):
        out.append(("\n" if i else "") + line.lstrip("\0"), style=style)


def top_cards_text(s: GameState, width: int | None) -> Text:
    """Every seat's top discard card (the cards a Diplomat may copy), seat digit in the seat's colour."""
    out = Text()
    parts: list[Text] = []
    for q in range(s.n):
        top = s.top_card(q)
        part = Text(glyphs.player_letter(q), style=f"bold {glyphs.player_colour(q)}")
        part.append(" " + (card_name(top) if top else "—"), style="" if top else "dim")
        parts.append(part)
    head = Text(t("Top cards") + ": ", style="bold")
    line = head.copy()
    for i, part in enumerate(parts):
        sep = " · " if i else ""
        if width is not None and i and line.cell_len + len(sep) + part.cell_len > width:
            out.append_text(line)
            out.append("\n")
            line = Text("  ")
            sep = ""
        line.append(sep)
        line.append_text(part)
    out.append_text(line)
    return out


def render_market(
    s: GameState, names: Sequence[str], compact: bool, width: int | None = None, selected: int | None = None,
    wrap_rows: bool = False,
) -> Text:
    """The display as a table: card, its cost, the slot's extra cost, the total, gods and (with room) action.

    ``width``: the panel's width (None: unlimited); ``selected``: the slot whose action is written out whole
    under the table (the card the prompt's cursor is on); ``wrap_rows``: a long action text goes on in its
    column on the following lines instead of being cut.
    """
    slots = model.components().display[s.config.display]
    cards = [c for c in s.display if c is not None]
    name_w = max([cell_len(t("Card"))] + [cell_len(card_name(c)) for c in cards])
    if compact:
        name_w = min(name_w, 16)
    cost_w = max(6, 1 + cell_len(t("Cost")) + 1)
    slot_w = max(7, 1 + cell_len(t("+Slot")) + 1)
    total_w = max(7, 1 + cell_len(t("Total")) + 1)
    fixed = 2 + name_w + cost_w + slot_w + total_w
    long_gods = max([0] + [cell_len(_gods(c, False)) for c in cards])
    short = width is not None and fixed + long_gods + 1 + ACTION_MIN > width
    gods_w = max([cell_len(t("Gods"))] + [cell_len(_gods(c, short)) for c in cards])
    action_w = (width - fixed - gods_w - 1) if width is not None else 10**6
    with_action = action_w >= ACTION_MIN
    cut = False
    out = Text(no_wrap=True, overflow="ellipsis")
    header = Text("# ", style="bold")
    header.append_text(_cell(t("Card"), name_w))
    header.append_text(_cell(" " + t("Cost"), cost_w))
    header.append_text(_cell(" " + t("+Slot"), slot_w))
    header.append_text(_cell(" " + t("Total"), total_w))
    header.append_text(_cell(t("Gods"), gods_w))
    if with_action and not (wrap_rows and action_w < WRAP_MIN):
        header.append(" " + t("Action"))
    header.stylize("bold")
    out.append_text(header)
    for i, cid in enumerate(s.display):
        extra = list(slots[i])
        row = Text(f"{i + 1} ", style="bold reverse" if selected == i + 1 else "bold")
        if cid is None:
            row.append_text(_cell(Text("—", style="dim"), name_w))
            row.append_text(_cell("", cost_w))
            row.append_text(_cell(Text(" ").append_text(goods_letters(extra)), slot_w))
        else:
            card = model.cards()[cid]
            cost = [g for g, n in card.cost for _ in range(n)]
            row.append_text(_cell(Text(card_name(cid), style="bold" if selected == i + 1 else ""), name_w))
            row.append_text(_cell(Text(" ").append_text(goods_letters(cost)), cost_w))
            row.append_text(_cell(Text(" ").append_text(goods_letters(extra)), slot_w))
            row.append_text(_cell(Text(" ").append_text(goods_letters(cost + extra)), total_w))
            row.append_text(_cell(Text(_gods(cid, short), style="cyan"), gods_w))
            action = card_short(cid)
            if with_action and cell_len(action) <= action_w:
                row.append(" " + action, style="dim")
            elif with_action and wrap_rows and action_w >= WRAP_MIN:
                parts = textwrap.wrap(action, action_w, break_on_hyphens=False)
                row.append(" " + parts[0], style="dim")
                for part in parts[1:]:
                    row.append("\n" + " " * (fixed + gods_w + 1) + part, style="dim")
            elif wrap_rows and width is not None:  # no room beside the card: on the lines under it
                for part in textwrap.wrap(action, max(12, width - 4), break_on_hyphens=False):
                    row.append("\n    " + part, style="dim")
            elif with_action:
                cut = True
                row.append(" ")
                row.append_text(_cell(Text(action, style="dim"), action_w))
            else:
                cut = True
        out.append("\n")
        out.append_text(row)
    chosen = s.display[selected - 1] if selected is not None and 0 < selected <= len(s.display) else None
    if chosen is not None and cut:
        out.append("\n")
        first = Text(f"{selected} {card_name(chosen)} ({_gods(chosen, False)}): ", style="bold")
        _wrap(out, first, card_short(chosen), width, "italic")
    out.append("\n")
    out.append_text(top_cards_text(s, width))
    deck = Text(tn("Deck: {n} card", "Deck: {n} cards", len(s.deck)).format(n=len(s.deck)), style="bold")
    concordia = Text(glyphs.glyph("concordia") + " " + t("Concordia") + ": ")
    concordia.append(names[s.concordia] if s.concordia >= 0 else t("in play"), style="bold")
    pm = Text(glyphs.glyph("praefectus") + " " + t("Praefectus Magnus") + ": ")
    pm.append(names[s.pm], style="bold")
    line = deck.copy()
    for part in (concordia, pm):
        if width is not None and line.cell_len + 2 + part.cell_len > width:
            out.append("\n")
            out.append_text(line)
            line = part.copy()
        else:
            line.append("  ")
            line.append_text(part)
    out.append("\n")
    out.append_text(line)
    return out
