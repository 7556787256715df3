"""Concordia's words on the shell's game-over screen (``tui.game_over``): a per-god score table for every
player, as in the rulebook's scoring example, and the result.

Rows are the gods in the rulebook's order, then the Concordia card and the total; columns are the seats.
Below: the winner, and whether the tie-break (the Praefectus Magnus order) decided it.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from engine.concordia import FinalScores
from engine.concordia.model import GOD_ORDER
from tui.game_over import breakdown_table, result_lines
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
    """``GameUI.final_result``: the winner (team game: both partners) and whether the tie-break decided it."""
    if scores.teams:
        team = next(i for i, members in enumerate(scores.teams) if scores.winner in members)
        who = " & ".join(names[q] for q in scores.teams[team])
        winner = t("Winners: {names} with {vp} VP").format(names=who, vp=scores.team_totals[team])
    else:
        winner = t("Winner: {name} with {vp} VP").format(name=names[scores.winner], vp=scores.total(scores.winner))
    tie = t("Tie on points: the tie-break (Praefectus Magnus order) decided it.") if scores.tie_break else ""
    return result_lines(winner, tie, t("No tie-break was needed."))


def final_table(state: Any, scores: FinalScores, names: list[str]) -> Table:
    """``GameUI.final_table``: the per-god table, with the Venus row only in a game with the Venus cards."""
    return score_table(scores, names, state.config.is_venus)
