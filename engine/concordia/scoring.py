"""R-SCORE, R-VENUS-GOD, R-TEAM-VENUS and R-TIE: final scoring, per god, and the tie-break.

Every card a player owns (hand and discard pile) scores for its god(s):
Vesta (money + goods at storehouse prices) // 10; Jupiter: houses in non-brick cities; Saturnus: provinces
with a house; Venus: 2 per province with 2+ houses (team: 1 per province where both partners have a house);
Mercurius: 2 per type of good produced by own houses; Mars: 2 per colonist on the board; Minerva: the
card's value per house in a city of its good. The Concordia card adds 7.

With salt (R-SALSA-SCORE): each salt counts 7 for Vesta; a salt city counts for Jupiter and Saturnus (and
Venus) like any city, never for Mercurius, and for Minerva as a city of the one good whose specialist cards
the player holds are worth most (ruling: all salt cities go to that good, the player's best choice).
"""

from __future__ import annotations

from collections import Counter

from .model import GOD_ORDER, GOODS, SALT, components
from .state import FinalScores, GameState, PlayerScore


def god_values(s: GameState, p: int) -> dict[str, int]:
    """VP that one card of each god (but Minerva) is worth for ``p`` now."""
    pl = s.players[p]
    comp = components()
    houses_per_province = Counter(s.map.cities[c].province for c in pl.houses)
    wealth = pl.money + sum(n * comp.prices[g] for g, n in zip(GOODS, pl.goods, strict=True))
    wealth += pl.salt * comp.salt_vesta
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
        "mercurius": 2 * len({s.tiles[c] for c in pl.houses} - {SALT}),
        "mars": 2 * len(pl.colonists),
    }


def salt_city_good(s: GameState, p: int) -> str:
    """R-SALSA-SCORE: the good the salt cities of ``p`` count as for Minerva ("" without specialists): the one
    whose specialist cards held by ``p`` add up to the most (ties: the cheaper good, it changes nothing)."""
    value = dict.fromkeys(GOODS, 0)
    for cid in s.players[p].cards():
        card = s.card(cid)
        if card.specialist_good:
            value[card.specialist_good] += card.minerva
    best = max(GOODS, key=lambda g: value[g])
    return best if value[best] else ""


def score_player(s: GameState, p: int, with_concordia: bool = True) -> PlayerScore:
    pl = s.players[p]
    values = god_values(s, p)
    gods = dict.fromkeys(GOD_ORDER, 0)
    salt_as = salt_city_good(s, p)
    for cid in pl.cards():
        card = s.card(cid)
        for god in card.gods:
            if god == "minerva":
                good = card.specialist_good
                gods[god] += card.minerva * sum(
                    1 for c in pl.houses if s.tiles[c] == good or (s.tiles[c] == SALT and good == salt_as)
                )
            else:
                gods[god] += values[god]
    concordia = components().concordia_card if with_concordia and s.concordia == p else 0
    return PlayerScore(p, gods, concordia, sum(gods.values()) + concordia, s.config.is_venus)


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
