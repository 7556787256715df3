"""The hand panel: the viewing player's cards, each with its god, a short action text and a number key.

Cards that can be played now are bright, the others dim; below them the own discard pile, top card last.
A card's action text is never cut: when the line does not fit the panel, the text goes on the following
lines, indented under the card's name.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from engine.concordia import GameState, model
from engine.concordia.actions import Action, Play
from tui import glyphs
from tui.concordia.names import card_name
from tui.concordia.text import card_short, gods_text
from tui.concordia.widgets.partner_hand import render_partner_hand, visible_partner_hand
from tui.i18n import t
from tui.widgets.text_panel import TextPanel

HAND_KEYS = "1234567890"
"""The key of the n-th kind of card in the hand (more kinds than keys: choose them in the prompt)."""


def hand_cards(s: GameState, seat: int) -> list[str]:
    """One card of each kind in the seat's hand (cards that play alike are one kind), in a stable order."""
    order = {cid: i for i, cid in enumerate(model.cards())}
    cards = model.cards()
    seen: set[str] = set()
    out: list[str] = []
    for cid in sorted(s.players[seat].hand, key=lambda c: order.get(c, 0)):
        if cards[cid].play_name not in seen:
            seen.add(cards[cid].play_name)
            out.append(cid)
    return out


def hand_count(s: GameState, seat: int, card_id: str) -> int:
    """How many cards of ``card_id``'s kind the seat holds."""
    cards = model.cards()
    name = cards[card_id].play_name
    return sum(1 for c in s.players[seat].hand if cards[c].play_name == name)


def plays_for(s: GameState, card_id: str, legal: Sequence[Action]) -> list[Play]:
    """The legal ``play`` actions that play ``card_id`` (one per role of a double-role card)."""
    name = model.cards()[card_id].play_name
    return [a for a in legal if isinstance(a, Play) and a.card == name]


class HandPanel(TextPanel):
    """The hand of one seat with number keys; the discard pile below it."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._signature: object = None
        self._shown: tuple[GameState, int | None, Sequence[Action], int, bool] | None = None

    def show(self, s: GameState, seat: int | None, legal: Sequence[Action], version: int, compact: bool) -> None:
        self._shown = (s, seat, legal, version, compact)
        width = self.content_region.width or 0
        signature = (version, seat, compact, glyphs.ascii_mode(), width)
        if signature == self._signature:
            return
        self._signature = signature
        if seat is None:
            self.show_text(Text(t("(hidden)"), style="dim"))
            return
        partner = visible_partner_hand(s, seat)  # R-LEGATUS: the partner's hand while recommending
        if partner and compact:  # no room for both hands: the own one in a line (no card of it is playable now)
            own = Text(t("Your hand: {n} cards").format(n=len(s.players[seat].hand)), style="dim")
        else:
            own = render_hand(s, seat, legal, compact, width or None)
        self.show_text(render_partner_hand(s, seat, partner, legal).append_text(own) if partner else own)

    def on_resize(self) -> None:
        """The action texts wrap at the panel's width: draw them again for the new one."""
        if self._shown is not None:
            self.show(*self._shown)


def _wrapped(text: str, width: int, indent: int) -> list[str]:
    """``text`` in lines of at most ``width - indent`` cells, broken between words."""
    return textwrap.wrap(text, max(8, width - indent), break_on_hyphens=False) or [""]


def render_hand(
    s: GameState, seat: int, legal: Sequence[Action], compact: bool, width: int | None = None
) -> Text:
    """One line per kind of card (key, name, count, gods, action text); ``width``: wrap the action text there."""
    out = Text(no_wrap=True, overflow="ellipsis")
    your_turn = s.current_player == seat
    for i, cid in enumerate(hand_cards(s, seat)):
        playable = your_turn and bool(plays_for(s, cid, legal))
        key = HAND_KEYS[i] if i < len(HAND_KEYS) else " "
        out.append(key, style="bold reverse" if playable else "dim")
        out.append(" ")
        out.append(card_name(cid), style="bold" if playable else "")
        n = hand_count(s, seat, cid)
        if n > 1:
            out.append(f" ×{n}", style="bold")
        out.append(f" ({gods_text(cid)})", style="cyan" if playable else "dim")
        if not compact:
            short = card_short(cid)
            line = out.plain[out.plain.rfind("\n") + 1 :]
            if width is None or cell_len(line) + 1 + cell_len(short) <= width:
                out.append(f" {short}", style="dim")
            else:
                for part in _wrapped(short, width, 4):
                    out.append("\n    " + part, style="dim")
        out.append("\n")
    pile = s.players[seat].discard
    out.append(t("Discard") + f" ({len(pile)}): ", style="bold")
    if pile:
        shown = pile[-3:] if compact else pile[-6:]
        if len(pile) > len(shown):
            out.append(glyphs.glyph("thinking") + " ")
        out.append(", ".join(card_name(c) for c in shown[:-1]) + (", " if len(shown) > 1 else ""), style="dim")
        out.append(card_name(pile[-1]), style="bold")
    else:
        out.append(t("empty"), style="dim")
    return out
