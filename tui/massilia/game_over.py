"""The game-over screen: every merchant's final reputation by source (R-END-1) and the winner after R-TIE."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from tui.game_over import GameOverScreen as SharedGameOverScreen
from tui.game_over import breakdown_table
from tui.i18n import t

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
    rows = [(t(label), [cell(p, key) for p in scores.players]) for key, label in SOURCES]
    return breakdown_table("", names, rows, [p.total for p in scores.players], bold_labels=False)


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


class GameOverScreen(SharedGameOverScreen):
    """The final score table. Returns "board" (look at the board) or "leave"."""

    def score_table(self, scores: Any, names: list[str]) -> RenderableType:
        return score_table(scores, names)

    def result_text(self, scores: Any, names: list[str]) -> RenderableType:
        return result_text(scores, names)
