"""R-MOVE-FREE, R-MOVE-POINTS, R-MOVE-FAME, R-MOVE-TOTAL: moving the consul (D-MOVE).

The move is one decision, the total number of steps ``k`` >= 1: the first step is free, each further one
costs a movement point while any are left (``p += 1``; Ruling #8: points before fame), then 1 fame each.

R: "beliebig viele" further fields, as far as points and fame pay (R-MOVE-TOTAL). The spec once capped the
move at 7; the rulebook does not, and going round the loop can matter: it burns points, so that a seat
lands with p >= 1 and may decline the next stable scoring for 1 fame (R-SCORE-FAME).
"""

from __future__ import annotations

from ..actions import Move, move_action
from ..state import GameState
from . import turn


def legal(s: GameState) -> list[Move]:
    """``move k`` for every k >= 1 with ``max(0, k - 1 - P) <= fame`` (R-MOVE-TOTAL), nearest first."""
    pl = s.players[s.active]
    budget = pl.points + pl.fame + 1
    return [move_action(k) for k in range(1, budget + 1)]


def apply(s: GameState, a: Move) -> None:
    pl = s.players[s.active]
    k = a.steps
    paid = min(k - 1, pl.points)
    fame = k - 1 - paid
    pl.marker += paid
    pl.fame -= fame
    s.consul = (s.consul + k) % 7
    s.events.append(("move", {"player": s.active, "steps": k, "points": paid, "fame": fame, "field": s.consul}))
    turn.field_action(s)
