"""The game-over screen: a per-god score table for every player, as in the rulebook's scoring example.

Rows are the gods in the rulebook's order, then the Concordia card and the total; columns are the seats.
Below: the winner, and whether the tie-break (the Praefectus Magnus order) decided it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from engine.concordia import FinalScores
from engine.concordia.model import GOD_ORDER
from tui import glyphs
from tui.i18n import t
from tui.session import GameSession


def score_table(scores: FinalScores, names: list[str], venus: bool = True) -> Table:
    """The per-god table; ``venus`` False leaves out the Venus row (a game without the Venus cards)."""
    table = Table(title=t("Final scoring"), show_lines=False)
    table.add_column(t("God"), style="bold")
    for q, name in enumerate(names):
        table.add_column(Text(name, style=f"bold {glyphs.player_colour(q)}"), justify="right")
    for god in GOD_ORDER:
        if god == "venus" and not venus:
            continue
        table.add_row(t(god.capitalize()), *[str(p.gods.get(god, 0)) for p in scores.players])
    table.add_row(t("Concordia card"), *[str(p.concordia) for p in scores.players], end_section=True)
    table.add_row(Text(t("Total"), style="bold"), *[Text(str(p.total), style="bold") for p in scores.players])
    if scores.teams:
        table.add_row(t("Team"), *[str(scores.team_totals[q % len(scores.teams)]) for q in range(len(names))])
    return table


def result_text(scores: FinalScores, names: list[str]) -> Text:
    out = Text()
    if scores.teams:
        team = next(i for i, members in enumerate(scores.teams) if scores.winner in members)
        who = " & ".join(names[q] for q in scores.teams[team])
        out.append(t("Winners: {names} with {vp} VP").format(names=who, vp=scores.team_totals[team]), style="bold")
    else:
        out.append(t("Winner: {name} with {vp} VP").format(name=names[scores.winner], vp=scores.total(scores.winner)),
                   style="bold")
    out.append("\n")
    if scores.tie_break:
        out.append(t("Tie on points: the tie-break (Praefectus Magnus order) decided it."), style="yellow")
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
        Binding("enter", "leave", "Leave"),
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
                venus = self.session.state.config.is_venus
                yield Static(score_table(scores, names, venus), id="score-table")
            yield Static(result_text(scores, names), id="result")
        yield Footer()

    def action_leave(self) -> None:
        self.dismiss("leave")

    def action_board(self) -> None:
        self.dismiss("board")
