"""Massilia's words on the shell's game-over screen (``tui.game_over``): every merchant's final reputation by
source (R-END-1) and the winner after R-TIE."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from tui.game_over import breakdown_table, result_lines
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
    """The final reputation by source (``GameUI.score_table`` turned to rows, with what each counts)."""
    rows = [(t(label), [cell(p, key) for p in scores.players]) for key, label in SOURCES]
    return breakdown_table("", names, rows, [p.total for p in scores.players], bold_labels=False)


def final_table(_state: Any, scores: Any, names: list[str]) -> Table:
    """``GameUI.final_table``."""
    return score_table(scores, names)


def result_text(scores: Any, names: list[str]) -> Text:
    """``GameUI.final_result``: the winner (or the seats that share the win) and whether a tie-break decided it."""
    if len(scores.winners) > 1:
        winner = t("Shared win: {names}").format(names=", ".join(names[q] for q in scores.winners))
    else:
        winner = t("Winner: {name} with {points} reputation").format(
            name=names[scores.winner], points=scores.total(scores.winner))
    tie = t("Tie on reputation: stalls, sesterces and stones decided it.") if scores.tie_break else ""
    return result_lines(winner, tie, t("No tie-break was needed."))
