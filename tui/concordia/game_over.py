"""The game-over screen: a per-god score table for every player, as in the rulebook's scoring example.

Rows are the gods in the rulebook's order, then the Concordia card and the total; columns are the seats.
Below: the winner, and whether the tie-break (the Praefectus Magnus order) decided it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType

from engine.concordia import FinalScores
from engine.concordia.model import GOD_ORDER
from tui.game_over import GameOverScreen as SharedGameOverScreen
from tui.game_over import breakdown_table
from tui.i18n import t


def score_table(scores: FinalScores, names: list[str], venus: bool = True) -> Table:
    """The per-god table; ``venus`` False leaves out the Venus row (a game without the Venus cards)."""
    gods = [god for god in GOD_ORDER if venus or god != "venus"]
    rows = [(t(god.capitalize()), [str(p.gods.get(god, 0)) for p in scores.players]) for god in gods]
    rows.append((t("Concordia card"), [str(p.concordia) for p in scores.players]))
    teams = [(t("Team"), [str(scores.team_totals[q % len(scores.teams)]) for q in range(len(names))])
             ] if scores.teams else []
    # the frame stays as it always was, also in ASCII mode
    return breakdown_table(t("God"), names, rows, [p.total for p in scores.players], ascii_box=False, after=teams)


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


class GameOverScreen(SharedGameOverScreen, inherit_bindings=False):
    """The final score table. Returns "board" (look at the board) or "leave"."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "leave", "Leave"),
        Binding("q", "leave", "Leave", show=False),
        Binding("escape", "board", "Look at the board"),
        Binding("b", "board", "Board", show=False),
    ]

    def score_table(self, scores: Any, names: list[str]) -> RenderableType:
        return score_table(scores, names, self.session.state.config.is_venus)

    def result_text(self, scores: Any, names: list[str]) -> RenderableType:
        return result_text(scores, names)
