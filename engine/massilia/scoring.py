"""Final scoring (R-END-1) and the winner (R-TIE).

R-END-1: after day 7 each player's reputation changes by the stalls he has on the market (1 -> 0, 2 -> 4,
3 -> 9, 4 -> 16, 5 or more -> 25), plus sesterces // 3, minus the stones behind his screen (1-2 -> 3, 3-4 -> 6,
5-6 -> 9, 7-8 -> 12, 9 or more -> 15). Cards and goods score nothing; a total may fall below 0.
R-TIE: the most reputation wins; ties go to more stalls, then more sesterces, then fewer stones; if still
tied, the win is shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import components
from .state import FinalScores, PlayerScore

if TYPE_CHECKING:
    from .state import GameState


def score_player(s: GameState, p: int) -> PlayerScore:
    """One player's score if the game ended now (hidden money or stones of a view count as 0)."""
    pl = s.players[p]
    return _score(s, p, max(0, pl.money), max(0, pl.stones))


def _score(s: GameState, p: int, money: int, stones: int) -> PlayerScore:
    """Seat ``p``'s end scoring (R-END-1) with ``money`` sesterces and ``stones`` penalty stones."""
    comp = components()
    stalls = s.owner.count(p)
    breakdown = {
        "reputation": s.players[p].rep,
        "stalls": comp.stall_score(stalls),
        "money": money // comp.money_per_point,
        "stones": -comp.stone_score(stones),
    }
    return PlayerScore(p, breakdown, sum(breakdown.values()), stalls, money, stones)


def projected(s: GameState, p: int) -> PlayerScore | None:
    """Seat ``p``'s final score if the game ended now (R-END-1) as the viewer of ``s`` can work it out: his own
    sesterces and stones where he sees them, else what the table counted of ``p``'s payments (``counted``,
    ruling 21), never a total hidden behind a screen; None when ``p``'s count is unknown (a view without it)."""
    pl = s.players[p]
    money, stones = (pl.money, pl.stones) if pl.money >= 0 and pl.stones >= 0 else s.counted[p]
    if money < 0 or stones < 0:
        return None
    return _score(s, p, money, stones)


def rank_key(ps: PlayerScore) -> tuple[int, int, int, int]:
    return (ps.total, ps.stalls, ps.money, -ps.stones)


def final_scores(s: GameState) -> FinalScores:
    players = [score_player(s, p) for p in range(s.n)]
    ranking = sorted(range(s.n), key=lambda p: (rank_key(players[p]), -p), reverse=True)
    best = players[ranking[0]]
    winners = sorted(p for p in range(s.n) if rank_key(players[p]) == rank_key(best))
    tie = sum(1 for ps in players if ps.total == best.total) > 1
    return FinalScores(players=players, winner=ranking[0], tie_break=tie, winners=winners, ranking=ranking)
