"""R-LEGATUS: the Legatus player takes the partner's hand and recommends a card; the hand panel shows it then.

Whether a seat may see the partner's hand is the engine's privacy rule (``GameState.view``: the partner's
hand is hidden except while that seat recommends with the Legatus): the panel shows exactly the hand the
seat's view holds, the cards that may be recommended bright, the others (a Legatus) dim.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from engine.concordia import GameState, model
from engine.concordia.actions import Action, Recommend
from tui import glyphs
from tui.concordia.names import card_name
from tui.concordia.text import gods_text
from tui.i18n import t


def visible_partner_hand(s: GameState, seat: int) -> list[str]:
    """The partner's cards ``seat`` sees now (empty unless the engine's view of ``seat`` holds them)."""
    if not s.config.is_team or s.decision != "recommend" or s.current_player != seat:
        return []
    return list(s.view(seat).players[s.partner(seat)].hand)


def render_partner_hand(s: GameState, seat: int, cards: Sequence[str], legal: Sequence[Action]) -> Text:
    """A heading and one line per kind of card of the partner's hand, recommendable ones bright."""
    q = s.partner(seat)
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(t("Partner {seat}'s hand (Legatus):").format(seat=glyphs.player_letter(q)), style="bold")
    recommendable = {a.card for a in legal if isinstance(a, Recommend)}
    counts: dict[str, int] = {}
    first: dict[str, str] = {}
    for cid in cards:
        name = model.cards()[cid].play_name
        counts[name] = counts.get(name, 0) + 1
        first.setdefault(name, cid)
    for name, cid in first.items():
        bright = name in recommendable
        out.append("\n")
        out.append(glyphs.glyph("bullet") + " ", style="bold" if bright else "dim")
        out.append(card_name(cid), style="bold" if bright else "dim")
        if counts[name] > 1:
            out.append(f" ×{counts[name]}", style="bold")
        out.append(f" ({gods_text(cid)})", style="cyan" if bright else "dim")
    out.append("\n")
    return out
