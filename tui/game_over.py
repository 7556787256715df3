"""The game-over screen every game shares: the final scoring by source and seat, and the winner below it.

A game subclasses ``GameOverScreen`` with its own ``score_table`` (usually ``breakdown_table`` with its
sources as rows) and ``result_text`` (the winner and how a tie was broken); the frame, the keys and the
answer ("leave" or "board") are the same for every game. Without a subclass the table comes from the game's
``GameUI.score_table`` (what the load screen shows) and the text names the winner.
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
from textual.widgets import Footer, Static

from tui import glyphs
from tui.i18n import t


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
        """The breakdown: the game's ``GameUI.score_table`` turned to one row per source."""
        columns, rows = self.session.ui.score_table(scores, names)
        cells = [(label, [row[i] for row in rows]) for i, label in enumerate(columns[:-1])]
        return breakdown_table("", names, cells, [p.total for p in scores.players])

    def result_text(self, scores: Any, names: list[str]) -> RenderableType:
        """The winner (a game adds how a tie was broken)."""
        return Text(f"{t('Winner')}: {names[scores.winner]}", style="bold")

    def compose(self) -> ComposeResult:
        scores = self.session.state.final_scores()
        names = self.session.names()
        with Vertical():
            with VerticalScroll():
                yield Static(self.score_table(scores, names), id="score-table")
            yield Static(self.result_text(scores, names), id="result")
        yield Footer()

    def action_leave(self) -> None:
        self.dismiss("leave")

    def action_board(self) -> None:
        self.dismiss("board")
