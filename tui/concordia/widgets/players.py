"""The players panel: every seat's money, goods, houses, colonists, cards, top discard card and score so far.

The score is the engine's projection "if the game ended now" (``state.final_scores()``); per god on demand.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from engine.concordia import GameState
from engine.concordia.model import GOD_ORDER, GOODS
from tui import glyphs
from tui.concordia.names import card_name
from tui.concordia.widgets.teams import seat_order, team_rows
from tui.i18n import t
from tui.widgets.text_panel import TextPanel


class PlayersPanel(TextPanel):
    """A row per seat; ``per_god`` shows the score projection per god."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._signature: object = None
        self.per_god = False

    def show(self, s: GameState, names: Sequence[str], bots: Sequence[bool], version: int, compact: bool) -> None:
        signature = (version, compact, self.per_god, glyphs.ascii_mode())
        if signature == self._signature:
            return
        self._signature = signature
        self.show_text(render_players(s, names, bots, compact, self.per_god))


def goods_text(counts: Sequence[int], compact: bool = True, salt: int = 0) -> Text:
    """``2B1F`` per good, then salt (R-SALSA-SALT) with its own glyph."""
    out = Text()
    for g, n in zip(GOODS, counts, strict=True):
        if n:
            if out.plain and not compact:
                out.append(" ")
            out.append(f"{n}")
            out.append(glyphs.good_letter(g), style=f"bold {glyphs.good_colour(g)}")
    if salt:
        if out.plain and not compact:
            out.append(" ")
        out.append(f"{salt}")
        out.append(glyphs.glyph("salt"), style="bold bright_white")
    return out if out.plain else Text("—", style="dim")


def _cell(text: Text | str, width: int, right: bool = False) -> Text:
    cell = text.copy() if isinstance(text, Text) else Text(text)
    if right and cell.cell_len < width:
        cell = Text(" " * (width - cell.cell_len)).append_text(cell)
    cell.truncate(width, overflow="ellipsis", pad=True)
    return cell


def render_players(
    s: GameState, names: Sequence[str], bots: Sequence[bool], compact: bool, per_god: bool
) -> Text:
    """A fixed-width table as plain text (much cheaper to draw than a Rich table)."""
    scores = s.final_scores()
    name_w = min(max(len(n) for n in names) + 4, 14)
    salt = 2 if s.config.salt else 0  # R-SALSA-SALT: room for the salt (taken from the top card's name)
    cols: list[tuple[str, int, bool]] = [(t("Player"), name_w, False), (glyphs.glyph("coin"), 3, True),
                                          (t("Goods"), 10 + salt, False), (glyphs.glyph("house"), 2, True)]
    if not compact:
        cols += [(t("Col."), 4, True), (t("Cards"), 5, True), (t("Top"), 10 - salt, False)]
    if per_god:
        cols += [(god[:3].capitalize(), 3, True) for god in GOD_ORDER]
    cols.append((t("VP"), 3, True))
    out = Text(no_wrap=True, overflow="ellipsis")
    for title, width, right in cols:
        out.append_text(_cell(Text(title, style="bold"), width, right))
        out.append(" ")
    teams = team_rows(s, scores)
    for q in seat_order(s):
        pl = s.players[q]
        name = Text()
        name.append(glyphs.glyph("cursor")[0] if q == s.current_player and not s.is_over else " ", style="bold yellow")
        name.append(names[q], style=f"bold {glyphs.player_colour(q)}")
        name.append(" " + glyphs.glyph("bot" if bots[q] else "human"), style="dim")
        if s.pm == q:
            name.append(glyphs.glyph("praefectus"), style="yellow")
        if s.concordia == q:
            name.append(glyphs.glyph("concordia"), style="yellow")
        row: list[Text | str] = [name, str(pl.money), goods_text(pl.goods, salt=pl.salt), str(len(pl.houses))]
        if not compact:
            row.append(f"{len(pl.colonists)}/{pl.store[0] + pl.store[1]}")
            row.append(f"{len(pl.hand)}/{len(pl.discard)}")
            top = s.top_card(q)
            row.append(card_name(top) if top else "—")
        if per_god:
            row.extend(str(scores.players[q].gods.get(god, 0)) for god in GOD_ORDER)
        row.append(Text(str(scores.players[q].total), style="bold"))
        out.append("\n")
        for (_title, width, right), value in zip(cols, row, strict=True):
            out.append_text(_cell(value, width, right))
            out.append(" ")
        if q in teams:  # the team game: the pair's row (R-TEAM-MONEY money, R-TEAM-END score)
            team = teams[q]
            cells: list[Text | str] = [Text(team.label, style="bold"), Text(str(team.money), style="bold"), "",
                                       Text(str(team.houses), style="bold")]
            cells += [""] * (len(cols) - len(cells) - 1)
            cells.append(Text(str(team.vp), style="bold reverse" if team.leading else "bold"))
            out.append("\n")
            for (_title, width, right), value in zip(cols, cells, strict=True):
                out.append_text(_cell(value, width, right))
                out.append(" ")
    return out
