"""The one game-over screen of every game: the final scoring by source and seat, and the winner below it.

A game gives its own words through its ``GameUI``: ``final_table`` (usually ``breakdown_table`` with its
sources as rows) and ``final_result`` (the winner and how a tie was broken, usually ``result_lines``); the
frame, the keys and the answer ("leave" or "board") are the same for every game. A game that gives neither
gets the table of its ``GameUI.score_table`` (what the load screen shows) and a line naming the winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui import glyphs
from tui.i18n import t
from tui.widgets.footer import FittingFooter


def breakdown_table(
    head: str,
    names: Sequence[str],
    rows: Sequence[tuple[str, Sequence[str]]],
    totals: Sequence[int],
    *,
    bold_labels: bool = True,
    ascii_box: bool = True,
    after: Sequence[tuple[str, Sequence[str]]] = (),
) -> Table:
    """The final scoring: one row per source (``label``, a cell per seat), a line, the bold totals, then the
    ``after`` rows (Concordia's team totals). Columns are the seats in their colours; ``head`` names the
    label column. ``ascii_box`` draws the frame in ASCII in ASCII mode."""
    table = Table(title=t("Final scoring"), box=box.ASCII if ascii_box and glyphs.ascii_mode() else box.HEAVY_HEAD)
    table.add_column(head, style="bold" if bold_labels else "")
    for q, name in enumerate(names):
        table.add_column(Text(name, style=f"bold {glyphs.player_colour(q)}"), justify="right")
    for i, (label, cells) in enumerate(rows):
        table.add_row(label, *cells, end_section=i == len(rows) - 1)
    table.add_row(Text(t("Total"), style="bold"), *[Text(str(total), style="bold") for total in totals])
    for label, cells in after:
        table.add_row(label, *cells)
    return table


def fit(table: Table, width: int) -> None:
    """Make ``table`` show every word whole within ``width`` columns: a column never narrows below its longest
    word (a seat's name wraps between words instead of ending in "…"), and where the frame would not leave
    room for that, the table drops its outer frame and inner lines for single spaces (six seats at 80
    columns)."""
    for column in table.columns:
        cells = [column.header, *column.cells]
        words = [w for cell in cells for w in (cell.plain if isinstance(cell, Text) else str(cell)).split()]
        column.min_width = max((len(w) for w in words), default=1)
        column.overflow = "fold"
    text_width = sum(column.min_width or 1 for column in table.columns)
    padding = table.padding[1] + table.padding[3] if len(table.padding) == 4 else 2
    lines = len(table.columns) - 1 + (2 if table.show_edge else 0)
    if text_width + padding * len(table.columns) + lines > width:
        table.box = box.ASCII if glyphs.ascii_mode() else box.SIMPLE_HEAD
        table.show_edge = False
        table.padding = (0, 0)


def result_lines(winner: str, tie_break: str, untied: str, *notes: str) -> Text:
    """The result below the table: the winner line in bold, then how a tie was broken (``tie_break``, in
    yellow) or, without one, ``untied`` (the game's words for "no tie-break was needed") dimmed, then any
    ``notes`` (a truncated game) in yellow."""
    out = Text(winner, style="bold")
    out.append("\n")
    if tie_break:
        out.append(tie_break, style="yellow")
    else:
        out.append(untied, style="dim")
    for note in notes:
        out.append("\n" + note, style="yellow")
    return out


class GameOverScreen(ModalScreen[str]):
    """The final score table. Returns "board" (look at the board) or "leave"."""

    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen > Vertical { width: 96%; max-width: 110; height: auto; max-height: 100%;
        border: thick $success; background: $surface; padding: 0 1; }
    GameOverScreen VerticalScroll { height: auto; max-height: 1fr; width: 100%; }
    GameOverScreen Static { width: 100%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "leave", "Leave", key_display="Enter"),
        Binding("q", "leave", "Leave", show=False),
        Binding("escape", "board", "Look at the board"),
        Binding("b", "board", "Board", show=False),
    ]

    def __init__(self, session: Any) -> None:
        super().__init__()
        self.session = session

    def score_table(self, scores: Any, names: list[str]) -> RenderableType:
        """The breakdown: the game's ``GameUI.final_table``, else its ``score_table`` turned to one row per
        source."""
        ui = self.session.ui
        if ui.final_table is not None:
            return ui.final_table(self.session.state, scores, names)
        columns, rows = ui.score_table(scores, names)
        cells = [(label, [row[i] for row in rows]) for i, label in enumerate(columns[:-1])]
        return breakdown_table("", names, cells, [p.total for p in scores.players])

    def result_text(self, scores: Any, names: list[str]) -> RenderableType:
        """The winner and how a tie was broken: the game's ``GameUI.final_result``, else the winner's name."""
        ui = self.session.ui
        if ui.final_result is not None:
            return ui.final_result(scores, names)
        return Text(f"{t('Winner')}: {names[scores.winner]}", style="bold")

    def compose(self) -> ComposeResult:
        scores = self.session.state.final_scores()
        names = self.session.names()
        table = self.score_table(scores, names)
        if isinstance(table, Table):
            fit(table, min(110, self.app.size.width * 96 // 100) - 4)  # the frame's width, less border and padding
        with Vertical():
            with VerticalScroll():
                yield Static(table, id="score-table")
            yield Static(self.result_text(scores, names), id="result")
        yield FittingFooter()

    def action_leave(self) -> None:
        self.dismiss("leave")

    def action_board(self) -> None:
        self.dismiss("board")
