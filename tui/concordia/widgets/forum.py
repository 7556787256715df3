"""The forum panel of Concordia Salsa (R-SALSA-FORUM-*): the 4-card tableau and every player's forum cards.

The tableau lists positions 1-4 with what each needs (the Tribune's cards taken back, 4/6/8/10, from the
engine's ``forum().thresholds``), the card and its effect; the deck's size and its face-up top card (unless
``forum_hide_next``) and the forum discard pile. Under it each seat's cards: patricians (kept for good) and
the citizens still to use, and the citizens already used (read from the session's action log, since a used
citizen lies on the common forum discard pile). While the viewer takes a forum card the panel says how far
their cards reach. Glyphs: ``patrician``, ``citizen`` and ``used_card`` (ASCII P, c, x).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from rich.text import Text

from engine.concordia import GameState, model
from tui import glyphs
from tui.concordia.salsa_text import forum_effect, forum_kind, forum_name
from tui.i18n import t
from tui.widgets.text_panel import TextPanel

EFFECT_INDENT = 6
"""Columns before a card's effect on its own line (under the card's name, after ``1  4→ ``)."""

PATRICIAN_STYLE = "bold bright_blue"
CITIZEN_STYLE = "bold green"


def used_citizens(actions: Sequence[str], seats: Sequence[int]) -> dict[int, list[str]]:
    """The citizens each seat has used, in order, from the action texts and the seat that decided each."""
    used: dict[int, list[str]] = {}
    for text, seat in zip(actions, seats, strict=False):
        if text.startswith("forum use "):
            used.setdefault(seat, []).append(text.split()[2])
    return used


def _card(card: str, used: bool = False) -> Text:
    kind = forum_kind(card)
    if used:
        return Text(glyphs.glyph("used_card") + " " + forum_name(card), style="dim strike")
    out = Text()
    out.append(glyphs.glyph(kind), style=PATRICIAN_STYLE if kind == "patrician" else CITIZEN_STYLE)
    out.append(" " + forum_name(card))
    return out


def forum_head(s: GameState) -> str:
    """The deck, the discard pile and the deck's face-up top card: ``deck 16, discard 0, next: Laurentius``."""
    head = [t("deck {n}").format(n=len(s.forum_deck)), t("discard {n}").format(n=len(s.forum_discard))]
    if s.forum_deck and not s.config.forum_hide_next and not any(f["k"] == "keep" for f in s.frames):
        head.append(f"{t('next')}: {forum_name(s.forum_deck[-1])}")
    return ", ".join(head)


def _effect_text(effect: str, compact: bool, width: int) -> str:
    """A card's effect after its name: on the same line, or (compact) on its own lines under the name, wrapped
    within ``width`` when given (never back at the left edge)."""
    if not compact:
        return "  " + effect
    indent = "\n" + " " * EFFECT_INDENT
    if width > 2 * EFFECT_INDENT:
        return indent + indent.join(textwrap.wrap(effect, width - EFFECT_INDENT) or [effect])
    return indent + effect


def render_forum(
    s: GameState, names: Sequence[str], seat: int | None, used: dict[int, list[str]], compact: bool,
    head: bool = True, width: int = 0,
) -> Text:
    """The tableau, the deck and every player's forum cards as text (effects on their own line when compact,
    wrapped within ``width`` columns under the card's name when given; ``head`` False: without the deck's
    line, which the caller shows in the panel's border, and the seats by their digit, packed to the width)."""
    fm = model.forum()
    out = Text()
    if not s.config.forum:
        out.append(t("no forum cards"), style="dim")
        return out
    if head:
        out.append(t("Tableau"), style="bold")
        out.append(" (" + forum_head(s) + ")", style="dim")
    f = s.frame
    budget = int(f["budget"]) if f is not None and f.get("k") == "forumtake" and f.get("p") == seat else None
    laid_out = head or any(s.forum_table)  # in the map's place an empty tableau (patricians kept) takes no rows
    for k in range(1, fm.tableau + 1 if laid_out else 1):
        need = fm.thresholds[k - 1]
        card = s.forum_table[k - 1] if k <= len(s.forum_table) else ""
        reach = budget is not None and need <= budget
        if head or k > 1:
            out.append("\n")
        out.append(f"{k} ", style="bold yellow" if reach else "bold")
        out.append(f"{need:>2}{glyphs.glyph('arrow')} ", style="yellow" if reach else "dim")
        if not card:
            out.append("—", style="dim")
            continue
        out.append_text(_card(card))
        out.append(_effect_text(forum_effect(s, card), compact, width), style="dim")
    if f is not None and f.get("k") == "keep" and f.get("p") == seat:  # R-FORUM-SETUP: the two to choose from
        out.append("\n")
        out.append(t("Keep one of:"), style="bold yellow")
        for card in f["offer"]:
            out.append("\n   ")
            out.append_text(_card(card))
            out.append(_effect_text(forum_effect(s, card), compact, width), style="dim")
    if budget is not None:
        reach_k = sum(1 for x in fm.thresholds if x <= budget)
        out.append("\n")
        if reach_k:
            out.append(t("You may take up to position {k} ({n} cards)").format(k=reach_k, n=budget), style="yellow")
        else:
            out.append(t("No position is in reach ({n} cards)").format(n=budget), style="yellow")
    line = 0  # cells on the current line of the packed seats
    for q, pl in enumerate(s.players):
        entry = Text()
        who = names[q] if q < len(names) else f"P{q + 1}"
        entry.append(glyphs.player_letter(q) if not head else who, style=f"bold {glyphs.player_colour(q)}")
        entry.append(": ")
        cards = [_card(c) for c in sorted(pl.forum, key=lambda c: (forum_kind(c) != "patrician", c))]
        cards += [_card(c, used=True) for c in used.get(q, [])]
        if not cards:
            entry.append("—", style="dim")
        for i, c in enumerate(cards):
            if i:
                entry.append(", ")
            entry.append_text(c)
        # without the head (the wide layout's map place, every row counts) the seats go by their digit, several
        # to a line while they fit; otherwise one line each, by name
        if not head and line and width and line + 3 + entry.cell_len <= width:
            out.append("   ")
            line += 3 + entry.cell_len
        else:
            out.append("\n")
            line = entry.cell_len
        out.append_text(entry)
    return out[1:] if out.plain.startswith("\n") else out


def render_legend() -> Text:
    """The glyphs' meaning in one line."""
    out = Text()
    out.append(glyphs.glyph("patrician"), style=PATRICIAN_STYLE)
    out.append(" " + t("patrician") + "  ")
    out.append(glyphs.glyph("citizen"), style=CITIZEN_STYLE)
    out.append(" " + t("citizen") + "  ")
    out.append(glyphs.glyph("used_card") + " " + t("used"), style="dim")
    return out


class ForumPanel(TextPanel):
    """The forum tableau and the players' forum cards (shown only in a game with the forum)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._signature: object = None
        self._shown: tuple[Any, ...] = ()

    def on_resize(self) -> None:
        """Wrap the effects again for the new width (the panel is first drawn before it has one)."""
        if self._shown:
            self.show(*self._shown)

    def show(self, s: GameState, names: Sequence[str], seat: int | None, used: dict[int, list[str]], version: int,
             compact: bool, border: bool = False) -> None:
        """``border``: without the deck's line and the glyphs' line (the caller shows them in the panel's border:
        the forum in the map's place of the wide layout, where every row counts)."""
        self._shown = (s, names, seat, used, version, compact, border)
        width = self.content_region.width
        signature = (version, seat, compact, border, width, glyphs.ascii_mode())
        if signature == self._signature:
            return
        self._signature = signature
        text = render_forum(s, names, seat, used, compact, head=not border, width=width)
        legend = not border
        if s.config.forum and legend:
            text.append("\n")
            text.append_text(render_legend())
        self.show_text(text)
