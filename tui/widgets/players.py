"""The players panel: every seat's money, goods, houses, colonists, cards, top discard card and score so far.

The score is the engine's projection "if the game ended now" (``state.final_scores()``); per god on demand.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from engine.concordia import GameState
from engine.concordia.model import GOD_ORDER, GOODS
from tui import glyphs
from tui.i18n import card_name, t


class PlayersPanel(Static):
    """A row per seat; ``per_god`` shows the score projection per god."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self._signature: object = None
        self.per_god = False

    def show(self, s: GameState, names: Sequence[str], bots: Sequence[bool], version: int, compact: bool) -> None:
        signature = (version, compact, self.per_god, glyphs.ascii_mode())
        if signature == self._signature:
            return
        self._signature = signature
        self.update(render_players(s, names, bots, compact, self.per_god))


def goods_text(counts: Sequence[int]) -> Text:
    out = Text()
    for g, n in zip(GOODS, counts, strict=True):
        if n:
            out.append(f"{n}")
            out.append(glyphs.good_letter(g), style=f"bold {glyphs.good_colour(g)}")
    return out if out.plain else Text("—", style="dim")


def render_players(
    s: GameState, names: Sequence[str], bots: Sequence[bool], compact: bool, per_god: bool
) -> Table:
    scores = s.final_scores()
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column(t("Player"), no_wrap=True)
    table.add_column(glyphs.glyph("coin"), justify="right")
    table.add_column(t("Goods"), no_wrap=True)
    table.add_column(glyphs.glyph("house"), justify="right")
    if not compact:
        table.add_column(t("Col."), justify="right")
        table.add_column(t("Cards"), justify="right")
        table.add_column(t("Top card"), no_wrap=True)
    if per_god:
        for god in GOD_ORDER:
            table.add_column(god[:3].capitalize(), justify="right")
    table.add_column(t("VP"), justify="right", style="bold")
    for q, pl in enumerate(s.players):
        name = Text()
        name.append(glyphs.glyph("cursor")[0] if q == s.current_player and not s.is_over else " ", style="bold yellow")
        name.append(names[q], style=f"bold {glyphs.player_colour(q)}")
        name.append(" " + glyphs.glyph("bot" if bots[q] else "human"), style="dim")
        if s.pm == q:
            name.append(glyphs.glyph("praefectus"), style="yellow")
        if s.concordia == q:
            name.append(glyphs.glyph("concordia"), style="yellow")
        row: list[Text | str] = [name, str(pl.money), goods_text(pl.goods), str(len(pl.houses))]
        if not compact:
            row.append(f"{len(pl.colonists)}/{pl.store[0] + pl.store[1]}")
            row.append(f"{len(pl.hand)}/{len(pl.discard)}")
            top = s.top_card(q)
            row.append(card_name(top) if top else "—")
        if per_god:
            row.extend(str(scores.players[q].gods.get(god, 0)) for god in GOD_ORDER)
        row.append(str(scores.players[q].total))
        table.add_row(*row)
    return table
