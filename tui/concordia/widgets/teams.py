"""The team game in the players panel (R-TEAM-SEATS, R-TEAM-END): partners side by side and a team row.

In the Venus team game the players panel lists the seats team by team (``1 + 3``, then ``2 + 4``), each pair
followed by a row with the team's money (which either partner may spend, R-TEAM-MONEY), its houses and its
score so far: the sum of both partners' projections "if the game ended now" (the engine's
``final_scores().team_totals``). The individual game keeps the seat order and has no team rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.concordia import GameState
from engine.concordia.state import FinalScores
from tui import glyphs
from tui.i18n import t


@dataclass(frozen=True, slots=True)
class TeamRow:
    """The row below a team's last seat."""

    label: str
    money: int
    houses: int
    vp: int
    leading: bool


def seat_order(s: GameState) -> list[int]:
    """The seats in the panel's order: team by team in the team game, else by seat."""
    return [q for team in s.teams() for q in team] if s.config.is_team else list(range(s.n))


def team_label(team: tuple[int, ...]) -> str:
    """``Team 1+3`` (the seats' map symbols)."""
    return t("Team {seats}").format(seats="+".join(glyphs.player_letter(q) for q in team))


def team_rows(s: GameState, scores: FinalScores) -> dict[int, TeamRow]:
    """The team rows of a team game, keyed by the seat they follow (empty in the individual game)."""
    if not s.config.is_team:
        return {}
    totals = scores.team_totals
    best = max(totals) if totals else 0
    out: dict[int, TeamRow] = {}
    for team, total in zip(scores.teams, totals, strict=True):
        out[team[-1]] = TeamRow(
            label=team_label(team),
            money=sum(s.players[q].money for q in team),
            houses=sum(len(s.players[q].houses) for q in team),
            vp=total,
            leading=total == best and totals.count(best) == 1,
        )
    return out


def team_summary(s: GameState) -> str:
    """``Teams 1+3: 37 · 2+4: 52 VP`` (the score so far of each team), or "" in the individual game: a line
    that fits under the prompt, so the compact layout shows the teams without the players view."""
    if not s.config.is_team:
        return ""
    scores = s.final_scores()
    parts = [f"{'+'.join(glyphs.player_letter(q) for q in team)}: {total}"
             for team, total in zip(scores.teams, scores.team_totals, strict=True)]
    return f"{t('Teams')} {' · '.join(parts)} {t('VP')}"
