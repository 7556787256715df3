"""R-SCORE, R-VENUS-GOD, R-TEAM-VENUS and R-TIE: final scoring, per god, and the tie-break.

Every card a player owns (hand and discard pile) scores for its god(s):
Vesta (money + goods at storehouse prices) // 10; Jupiter: houses in non-brick cities; Saturnus: provinces
with a house; Venus: 2 per province with 2+ houses (team: 1 per province where both partners have a house);
Mercurius: 2 per type of good produced by own houses; Mars: 2 per colonist on the board; Minerva: the
card's value per house in a city of its good. The Concordia card adds 7.
"""

from __future__ import annotations

from collections import Counter

from .model import GOD_ORDER, GOODS, components
from .state import FinalScores, GameState, PlayerScore


def god_values(s: GameState, p: int) -> dict[str, int]:
    """VP that one card of each god (but Minerva) is worth for ``p`` now."""
    pl = s.players[p]
    comp = components()
    houses_per_province = Counter(s.map.cities[c].province for c in pl.houses)
    wealth = pl.money + sum(n * comp.prices[g] for g, n in zip(GOODS, pl.goods, strict=True))
    if s.config.is_team:
        q = s.partner(p)
        theirs = {s.map.cities[c].province for c in s.players[q].houses}
        venus = sum(1 for prov in houses_per_province if prov in theirs)
    else:
        venus = 2 * sum(1 for n in houses_per_province.values() if n >= 2)
    return {
        "vesta": wealth // 10,
        "jupiter": sum(1 for c in pl.houses if s.tiles[c] != "brick"),
        "saturnus": len(houses_per_province),
        "venus": venus,
        "mercurius": 2 * len({s.tiles[c] for c in pl.houses}),
        "mars": 2 * len(pl.colonists),
    }


def score_player(s: GameState, p: int, with_concordia: bool = True) -> PlayerScore:
    pl = s.players[p]
    values = god_values(s, p)
    gods = dict.fromkeys(GOD_ORDER, 0)
    for cid in pl.cards():
        card = s.card(cid)
        for god in card.gods:
            if god == "minerva":
                gods[god] += card.minerva * sum(1 for c in pl.houses if s.tiles[c] == card.specialist_good)
            else:
                gods[god] += values[god]
    concordia = components().concordia_card if with_concordia and s.concordia == p else 0
    return PlayerScore(p, gods, concordia, sum(gods.values()) + concordia)


def tie_order(s: GameState) -> list[int]:
    """Seats in the order they hold or would receive the Praefectus Magnus (it passes anticlockwise)."""
    return [(s.pm - i) % s.n for i in range(s.n)]


def final_scores(s: GameState) -> FinalScores:
    scores = [score_player(s, p) for p in range(s.n)]
    order = tie_order(s)
    teams = s.teams()
    totals = [sum(scores[p].total for p in team) for team in teams]
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    if len(tied) == 1:
        winner_team = tied[0]
    else:
        rank = {p: i for i, p in enumerate(order)}
        winner_team = min(tied, key=lambda t: min(rank[p] for p in teams[t]))
    winner = min(teams[winner_team], key=lambda p: order.index(p)) if s.config.is_team else teams[winner_team][0]
    return FinalScores(
        players=scores,
        winner=winner,
        tie_break=len(tied) > 1,
        teams=teams if s.config.is_team else [],
        team_totals=totals if s.config.is_team else [],
    )
