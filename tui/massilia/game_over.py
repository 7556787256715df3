"""The game-over screen: every merchant's final reputation by source (R-END-1) and the winner after R-TIE."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui import glyphs
from tui.i18n import t
from tui.session import GameSession

SOURCES: tuple[tuple[str, str], ...] = (
    ("reputation", "Reputation during play"),
    ("stalls", "Stalls on the market"),
    ("money", "Sesterces (1 per 3)"),
    ("stones", "Penalty stones"),
)
"""The breakdown's rows in the rulebook's order of the final scoring."""

def cell(ps: Any, key: str) -> str:
    """Points from one source, with what they count in brackets: ``9 (3)`` for 3 stalls, ``-6 (4)`` for 4 stones."""
    points = str(ps.breakdown.get(key, 0))
    counted = {"stalls": ps.stalls, "money": ps.money, "stones": ps.stones}.get(key)
    return points if counted is None else f"{points} ({counted})"


def score_table(scores: Any, names: list[str]) -> Table:
    table = Table(title=t("Final scoring"), show_lines=False, safe_box=glyphs.ascii_mode())
    if glyphs.ascii_mode():
        from rich import box

        table.box = box.ASCII
    table.add_column("")
    for q, name in enumerate(names):
        table.add_column(Text(name, style=f"bold {glyphs.player_colour(q)}"), justify="right")
    for key, label in SOURCES:
        table.add_row(t(label), *[cell(p, key) for p in scores.players], end_section=key == SOURCES[-1][0])
    table.add_row(Text(t("Total"), style="bold"), *[Text(str(p.total), style="bold") for p in scores.players])
    return table


def result_text(scores: Any, names: list[str]) -> Text:
    out = Text()
    if len(scores.winners) > 1:
        out.append(t("Shared win: {names}").format(names=", ".join(names[q] for q in scores.winners)), style="bold")
    else:
        out.append(t("Winner: {name} with {points} reputation").format(
            name=names[scores.winner], points=scores.total(scores.winner)), style="bold")
    out.append("\n")
    if scores.tie_break:
        out.append(t("Tie on reputation: stalls, sesterces and stones decided it."), style="yellow")
    else:
        out.append(t("No tie-break was needed."), style="dim")
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

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        scores = self.session.state.final_scores()
        names = self.session.names()
        with Vertical():
            with VerticalScroll():
                yield Static(score_table(scores, names), id="score-table")
            yield Static(result_text(scores, names), id="result")
        yield Footer()

    def action_leave(self) -> None:
        self.dismiss("leave")

    def action_board(self) -> None:
        self.dismiss("board")
