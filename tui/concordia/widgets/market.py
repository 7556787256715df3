"""The market panel: the 7 display slots with each card, its card cost, the slot's extra cost, the total,
its gods and, where the panel has room, what the card does.

The card the prompt's cursor is on (a card to buy) is marked and its action written out whole under the
table. Below: every seat's top discard card (the Diplomat's targets), the cards left in the deck and who
holds the Concordia card and the Praefectus Magnus.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

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
        room = self._rows() if compact else None
        signature = (version, compact, glyphs.ascii_mode(), width, self.selected, tall, room)
        if signature == self._signature:
            return
        self._signature = signature
        before = self.lines
        self.show_text(render_market(s, names, compact, width or None, self.selected, tall, room))
        if self.lines < before:  # a card's action written out and gone again: give its rows back to the
            self.refresh(layout=True)  # decision list at once (TextPanel leaves them blank until a later layout)

    def _rows(self) -> int | None:
        """The rows the view around the panel has (the compact layout's market view), None when unknown."""
        parent = self.parent
        if isinstance(parent, Widget) and parent.id == "market-view":
            return parent.content_region.height or None
        return None

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
    wrap_rows: bool = False, height: int | None = None,
) -> Text:
    """The display as a table: card, its cost, the slot's extra cost, the total, gods and (with room) action.

    ``width``: the panel's width (None: unlimited); ``selected``: the slot whose action is written out whole
    under the table (the card the prompt's cursor is on); ``wrap_rows``: a long action text goes on in its
    column on the following lines instead of being cut. ``height``: the rows the panel has; when the action
    column has no room beside the cards but every card's action fits on the lines under its card within these
    rows (80x24: a 37-column panel of 20 rows), they stand there, so the player reads them all without a cursor.
    """
    if height is not None and width is not None and not wrap_rows:
        table = _render_market(s, names, compact, width, selected, False)
        if table.plain.count("\n") + 1 < height and _action_cut(s, compact, width):
            under = _render_market(s, names, compact, width, selected, True)
            if under.plain.count("\n") + 1 <= height:
                return under
        return table
    return _render_market(s, names, compact, width, selected, wrap_rows)


@dataclass(frozen=True)
class _Columns:
    """The table's column widths (each but the name's with its leading space)."""

    name: int
    cost: int
    slot: int
    """0 when ``merged``."""
    total: int
    """0 when ``merged``."""
    gods: int
    short_gods: bool
    """The gods written short (``Jup``)."""
    merged: bool
    """One cost column that reads card cost plus slot cost (``BF+C``) instead of three: a narrow panel."""

    @property
    def fixed(self) -> int:
        """Cells before the gods (the row's digit, the columns and the space before the gods)."""
        return 2 + self.name + self.cost + self.slot + self.total + 1


def _goods_of(cid: str) -> list[str]:
    return [g for g, n in model.cards()[cid].cost for _ in range(n)]


def _columns(s: GameState, compact: bool, width: int | None) -> _Columns:
    """The columns for a panel of ``width``: as wide as their widest entry or head; when cost, slot and total
    with the gods written short do not fit (80x24: 37 columns, in German longer heads), one cost column reads
    ``card cost+slot cost``, so the gods are never cut (``Ju…`` was all that was left of them)."""
    slots = model.components().display[s.config.display]
    cards = [c for c in s.display if c is not None]
    full_name = max([cell_len(t("Card"))] + [cell_len(card_name(c)) for c in cards])
    name_w = min(full_name, 16) if compact else full_name
    costs = [len(_goods_of(c)) for c in cards]
    extras = [len(slots[i]) for i in range(len(s.display))]
    totals = [len(_goods_of(c)) + len(slots[i]) for i, c in enumerate(s.display) if c is not None]
    cost_w = 1 + max([cell_len(t("Cost")), *costs])
    slot_w = 1 + max([cell_len(t("+Slot")), *extras])
    total_w = 1 + max([cell_len(t("Total")), *totals])
    long_gods = max([0] + [cell_len(_gods(c, False)) for c in cards])

    def gods_w(short: bool) -> int:
        return max([cell_len(t("Gods"))] + [cell_len(_gods(c, short)) for c in cards])

    three = _Columns(name_w, cost_w, slot_w, total_w, gods_w(False), False, False)
    if width is None or three.fixed + long_gods + 1 + ACTION_MIN <= width:
        return three
    three = _Columns(name_w, cost_w, slot_w, total_w, gods_w(True), True, False)
    if three.fixed + three.gods <= width:
        return three
    merged_w = 1 + max([cell_len(t("Cost"))] + [n + 1 + e if e else n for n, e in
                                                  zip(costs, [extras[i] for i, c in enumerate(s.display)
                                                              if c is not None], strict=True)])
    gods = gods_w(True)
    name_w = max(cell_len(t("Card")), min(full_name, width - 2 - merged_w - 1 - gods))
    return _Columns(name_w, merged_w, 0, 0, gods, True, True)


def _action_cut(s: GameState, compact: bool, width: int) -> bool:
    """True when some card's action does not fit beside its card at ``width``."""
    cols = _columns(s, compact, width)
    action_w = width - cols.fixed - cols.gods - 1
    return any(cell_len(card_short(c)) > action_w for c in s.display if c is not None)


def _render_market(
    s: GameState, names: Sequence[str], compact: bool, width: int | None, selected: int | None, wrap_rows: bool,
) -> Text:
    slots = model.components().display[s.config.display]
    cols = _columns(s, compact, width)
    name_w, gods_w, short = cols.name, cols.gods, cols.short_gods
    fixed = cols.fixed
    action_w = (width - fixed - gods_w - 1) if width is not None else 10**6
    with_action = action_w >= ACTION_MIN
    cut = False
    out = Text(no_wrap=True, overflow="ellipsis")
    header = Text("# ", style="bold")
    header.append_text(_cell(t("Card"), name_w))
    header.append_text(_cell(" " + t("Cost"), cols.cost))
    if not cols.merged:
        header.append_text(_cell(" " + t("+Slot"), cols.slot))
        header.append_text(_cell(" " + t("Total"), cols.total))
    header.append_text(_cell(" " + t("Gods"), gods_w + 1))
    if with_action and not (wrap_rows and action_w < WRAP_MIN):
        header.append(" " + t("Action"))
    header.stylize("bold")
    out.append_text(header)
    for i, cid in enumerate(s.display):
        extra = list(slots[i])
        row = Text(f"{i + 1} ", style="bold reverse" if selected == i + 1 else "bold")
        if cid is None:
            row.append_text(_cell(Text("—", style="dim"), name_w))
            if not cols.merged:
                row.append_text(_cell("", cols.cost))
                row.append_text(_cell(Text(" ").append_text(goods_letters(extra)), cols.slot))
        else:
            cost = _goods_of(cid)
            row.append_text(_cell(Text(card_name(cid), style="bold" if selected == i + 1 else ""), name_w))
            if cols.merged:  # "BF+C": the card's cost, then what its slot adds
                both = Text(" ").append_text(goods_letters(cost))
                if extra:
                    both.append("+").append_text(goods_letters(extra))
                row.append_text(_cell(both, cols.cost))
            else:
                row.append_text(_cell(Text(" ").append_text(goods_letters(cost)), cols.cost))
                row.append_text(_cell(Text(" ").append_text(goods_letters(extra)), cols.slot))
                row.append_text(_cell(Text(" ").append_text(goods_letters(cost + extra)), cols.total))
            row.append(" ")
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
                for part in textwrap.wrap(action, max(12, width - 2), break_on_hyphens=False):
                    row.append("\n  " + part, style="dim")
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
