"""The players panel: every seat's money, goods, houses, colonists, cards, top discard card and score so far.

The score is the engine's projection "if the game ended now" (``state.final_scores()``); the projection per
god is the gods table (``g``, ``tui.concordia.widgets.gods``). Names are never cut in the wide layout: the
panel drops its least needed column (the top card, which the market lists too) when it lacks the room; in the
narrow layouts (80x24, the board layout at 120x36) a name too long for its column goes on between words on a
line under it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from engine.concordia import GameState
from engine.concordia.model import GOODS
from tui import glyphs
from tui.concordia.names import card_name
from tui.concordia.widgets.teams import seat_order, team_rows
from tui.i18n import t
from tui.widgets.text_panel import TextPanel

COMPACT_NAME = 14
"""The name column's width in the compact layout (where the panel has about 37 columns)."""


class PlayersPanel(TextPanel):
    """A row per seat."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._signature: object = None
        self._shown: tuple[GameState, Sequence[str], Sequence[bool], int, bool] | None = None

    def show(self, s: GameState, names: Sequence[str], bots: Sequence[bool], version: int, compact: bool) -> None:
        self._shown = (s, names, bots, version, compact)
        width = self.content_region.width or 0
        signature = (version, compact, glyphs.ascii_mode(), width)
        if signature == self._signature:
            return
        self._signature = signature
        self.show_text(render_players(s, names, bots, compact, width or None))

    def on_resize(self) -> None:
        """The columns shown depend on the panel's width: draw the table again for the new one."""
        if self._shown is not None:
            self.show(*self._shown)


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


NAME_INDENT = 3
"""Where a wrapped name goes on: under the name, past the cursor and the seat number (``▶1 ``)."""


def name_lines(cell: Text, width: int, name_end: int | None = None, most: int = 3) -> list[Text]:
    """A name cell broken between words onto lines of ``width`` cells (at most ``most``; the last is cut only
    when a single word is longer than the column), so that a long name is read whole: ``▶1 Maximilian`` /
    ``   Augustus ☺``. ``name_end``: where the name ends in the cell; the marks after it stay with its last word."""
    lines: list[Text] = []
    rest = cell
    end = len(cell.plain) if name_end is None else name_end
    while rest.cell_len > width and len(lines) < most - 1:
        plain = rest.plain
        cut = plain.rfind(" ", 0, min(width + 1, end))  # a space inside the name, never the one before the marks
        while cut > NAME_INDENT and rest[:cut].cell_len > width:  # wide characters: a cell is not a char
            cut = plain.rfind(" ", 0, cut)
        if cut <= NAME_INDENT:  # no break between words: the cut with an ellipsis, as before
            break
        lines.append(rest[:cut])
        rest = Text(" " * NAME_INDENT).append_text(rest[cut + 1:])
        end += NAME_INDENT - cut - 1
    lines.append(rest)
    return lines


def name_cell(s: GameState, q: int, names: Sequence[str], bots: Sequence[bool]) -> Text:
    """Cursor, name, bot or person, and the Praefectus Magnus and Concordia markers."""
    name = Text()
    name.append(glyphs.glyph("cursor")[0] if q == s.current_player and not s.is_over else " ", style="bold yellow")
    name.append(names[q], style=f"bold {glyphs.player_colour(q)}")
    name.append(" " + glyphs.glyph("bot" if bots[q] else "human"), style="dim")
    if s.pm == q:
        name.append(glyphs.glyph("praefectus"), style="yellow")
    if s.concordia == q:
        name.append(glyphs.glyph("concordia"), style="yellow")
    return name


def render_players(
    s: GameState, names: Sequence[str], bots: Sequence[bool], compact: bool, width: int | None = None
) -> Text:
    """A fixed-width table as plain text (much cheaper to draw than a Rich table).

    ``width``: the panel's width; in the wide layout the name column holds every name whole and the top card
    column is left out when the row would not fit.
    """
    scores = s.final_scores()
    name_cells = [name_cell(s, q, names, bots) for q in range(s.n)]
    salt = 2 if s.config.salt else 0  # R-SALSA-SALT: room for the salt in the goods column
    widest = max(cell.cell_len for cell in name_cells)
    name_w = min(widest, COMPACT_NAME) if compact else max(widest, cell_len(t("Player")))
    tops = [s.top_card(q) for q in range(s.n)]
    top_w = max([cell_len(t("Top"))] + [cell_len(card_name(c)) for c in tops if c])
    def col(title: str, width: int, right: bool) -> tuple[str, int, bool]:
        """A column as wide as its values, and in the wide layout as its heading too."""
        return title, width if compact else max(width, cell_len(title)), right

    fitted = compact and bool(width)  # fitted to ``width``: the money column as wide as its values, no space after VP
    coin_w = max(2, *(len(str(pl.money)) for pl in s.players)) if fitted else 3
    cols: list[tuple[str, int, bool]] = [(t("Player"), name_w, False), col(glyphs.glyph("coin"), coin_w, True),
                                          col(t("Goods"), 10 + salt, False), col(glyphs.glyph("house"), 2, True)]
    if not compact:
        cols += [col(t("Col."), 4, True), col(t("Cards"), 5, True)]
        used = sum(w + 1 for _title, w, _right in cols) + 4
        if width is None or used + top_w + 1 <= width:
            cols.append((t("Top"), top_w, False))
    cols.append(col(t("VP"), 3, True))
    if width and fitted:  # the name column takes what the others leave: whole names when they fit, VP never cut
        rest = sum(w + 1 for _title, w, _right in cols[1:])
        cols[0] = (cols[0][0], max(6, min(widest, width - rest)), False)
    last = len(cols) - 1
    sep = [" " if i < last or not fitted else "" for i in range(len(cols))]
    out = Text(no_wrap=True, overflow="ellipsis")
    for i, (title, col_w, right) in enumerate(cols):
        out.append_text(_cell(Text(title, style="bold"), col_w, right))
        out.append(sep[i])
    teams = team_rows(s, scores)
    for q in seat_order(s):
        pl = s.players[q]
        wrapped = name_lines(name_cells[q], cols[0][1], 1 + len(names[q])) if fitted else [name_cells[q]]
        row: list[Text | str] = [wrapped[0], str(pl.money), goods_text(pl.goods, salt=pl.salt),
                                 str(len(pl.houses))]
        if not compact:
            row.append(f"{len(pl.colonists)}/{pl.store[0] + pl.store[1]}")
            row.append(f"{len(pl.hand)}/{len(pl.discard)}")
            if len(cols) == 8:
                top = tops[q]
                row.append(card_name(top) if top else "—")
        row.append(Text(str(scores.players[q].total), style="bold"))
        out.append("\n")
        for i, ((_title, col_w, right), value) in enumerate(zip(cols, row, strict=True)):
            out.append_text(_cell(value, col_w, right))
            out.append(sep[i])
        for more in wrapped[1:]:  # the rest of a long name, on its own lines under it
            out.append("\n")
            out.append_text(_cell(more, cols[0][1]))
        if q in teams:  # the team game: the pair's row (R-TEAM-MONEY money, R-TEAM-END score)
            team = teams[q]
            cells: list[Text | str] = [Text(team.label, style="bold"), Text(str(team.money), style="bold"), "",
                                       Text(str(team.houses), style="bold")]
            cells += [""] * (len(cols) - len(cells) - 1)
            cells.append(Text(str(team.vp), style="bold reverse" if team.leading else "bold"))
            out.append("\n")
            for i, ((_title, cell_w, right), value) in enumerate(zip(cols, cells, strict=True)):
                out.append_text(_cell(value, cell_w, right))
                out.append(sep[i])
    return out
