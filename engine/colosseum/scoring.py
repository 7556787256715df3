"""R-END-ROWS, R-END-CARDS, R-END-WIN: the end scoring and the winner.

For each of the 6 display rows, the seat alone with the most tiles gains 4 fame, every seat tied for the
most gains 2 (a row where the most is 0 scores nothing, Ruling #16); each seat gains 1 fame per 3 cards
left in hand. Most fame wins; a tie goes to the tied seat with most cards left; still tied, the win is
shared. Before the end this is the projection "if the game ended now".
"""

from __future__ import annotations

from .components import ROWS, components
from .state import FinalScores, GameState, PlayerScore


def row_points(s: GameState) -> list[list[int]]:
    """R-END-ROWS: fame per seat per row (seat-major)."""
    comp = components()
    out = [[0] * len(ROWS) for _ in range(s.n)]
    for r in range(len(ROWS)):
        counts = [pl.rows[r] for pl in s.players]
        best = max(counts)
        if best == 0:
            continue
        leaders = [p for p, c in enumerate(counts) if c == best]
        value = comp.majority_alone if len(leaders) == 1 else comp.majority_tied
        for p in leaders:
            out[p][r] = value
    return out


def score_player(s: GameState, p: int, rows: list[int]) -> PlayerScore:
    pl = s.players[p]
    cards = pl.cards
    breakdown = {"fame": pl.fame}
    for r, name in enumerate(ROWS):
        breakdown[name] = rows[r]
    breakdown["cards"] = cards // components().cards_per_fame
    return PlayerScore(p, breakdown, sum(breakdown.values()), cards)


def final_scores(s: GameState) -> FinalScores:
    rows = row_points(s)
    scores = [score_player(s, p, rows[p]) for p in range(s.n)]
    best = max(sc.total for sc in scores)
    tied = [sc for sc in scores if sc.total == best]
    most_cards = max(sc.cards for sc in tied)
    winners = [sc.player for sc in tied if sc.cards == most_cards]
    return FinalScores(players=scores, winner=winners[0], tie_break=len(tied) > 1, winners=winners,
                       truncated=s.truncated)
