"""R-MOVE-FREE, R-MOVE-POINTS, R-MOVE-FAME, R-MOVE-TOTAL: moving the consul (D-MOVE).

The move is one decision, the total number of steps ``k`` (1..7): the first step is free, each further one
costs a movement point while any are left (``p += 1``; Ruling #8: points before fame), then 1 fame each.

R allows "beliebig viele" further fields; the spec caps the move at 7 (R-MOVE-TOTAL). We keep the cap: a
move of k > 7 lands where k - 7 lands and costs 7 more (points or fame), so it is never better; the one use,
burning points so that p >= 1 for a later stable decline, is open with k <= 7 already.
"""

from __future__ import annotations

from ..actions import MOVES, Move
from ..components import components
from ..state import GameState
from . import turn

_COMP = components()


def legal(s: GameState) -> list[Move]:
    """``move k`` for 1 <= k <= 7 with ``max(0, k - 1 - P) <= fame`` (R-MOVE-TOTAL)."""
    pl = s.players[s.active]
    budget = pl.points + pl.fame + 1
    top = min(_COMP.max_steps, budget)
    return MOVES[1:top + 1]


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
