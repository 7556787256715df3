"""R-SCORE-ORDER, R-SCORE-LAND, R-SCORE-STABLE, R-SCORE-FAME: scoring a tile type for all players.

Seats act one at a time, the active seat first, then clockwise; each finishes completely (take or decline,
fame, hand-limit discards) before the next (Ruling #13), so cards discarded go back to the pile in time
for later seats. A landscape entitles a seat to as many cards as it has tiles in that row (D-TAKE: any part
of it); the stable resets the marker to the leftmost wheel (D-RESET). Only a seat entitled to something
(n >= 1, or p >= 1 at a stable) that ends with nothing takes 1 fame, whether it declined or the pile was
empty ("So als ob er freiwillig ... verzichtet hätte"); taking part earns none (Ruling #12).
"""

from __future__ import annotations

from ..actions import DECLINE, RESET, TAKES, Decline, Reset, Take
from ..components import CARD_TYPES, SCORE_KINDS, STABLE_SCORING
from ..state import GameState
from . import turn


def start(s: GameState, kind: int, row: int | None = None) -> None:
    """Score ``kind`` (0..3 a landscape, 4 the stable) for every seat, starting with the active one.

    ``row``: the landscape row whose new front tile set off the scoring (R-ACT-B2); None when the active
    seat chose it on field D. The event says which, so a log can word what happened."""
    event: dict[str, object] = {"kind": SCORE_KINDS[kind], "player": s.active}
    if row is not None:
        event["row"] = row
    s.events.append(("scoring", event))
    s.score_kind = kind
    n = len(s.players)
    s.score_queue = [(s.active + i) % n for i in range(n)]
    s.after = "scoring"
    continue_scoring(s)


def continue_scoring(s: GameState) -> None:
    """Hand the scoring to the next seat with a decision; seats without one are settled here."""
    kind = s.score_kind
    q = s.score_queue
    while q:
        p = q.pop(0)
        pl = s.players[p]
        if kind == STABLE_SCORING:
            if pl.marker > 0:
                s.phase = "reset"
                s.decider = p
                return
            continue
        if pl.rows[2 + kind] == 0:
            continue
        if s.supply[kind] == 0:
            pl.fame += 1
            s.events.append(("empty_pile", {"player": p, "kind": CARD_TYPES[kind]}))
            continue
        s.phase = "take"
        s.decider = p
        return
    s.after = "turn"
    turn.end_turn(s)


def legal_take(s: GameState) -> list[Take]:
    """D-TAKE: ``take k`` for 0 <= k <= min(tiles in the row, cards on the pile)."""
    kind = s.score_kind
    top = min(s.players[s.decider].rows[2 + kind], s.supply[kind])
    return TAKES[:top + 1]


def apply_take(s: GameState, a: Take) -> None:
    p = s.decider
    pl = s.players[p]
    kind = s.score_kind
    if a.count == 0:
        pl.fame += 1
        s.events.append(("decline", {"player": p}))
    else:
        pl.hand[kind] += a.count
        s.supply[kind] -= a.count
        s.events.append(("take", {"player": p, "kind": CARD_TYPES[kind], "count": a.count}))
        if turn.over_limit(s, p):
            return
    continue_scoring(s)


def legal_reset(s: GameState) -> list[Reset | Decline]:
    return [RESET, DECLINE]


def apply_reset(s: GameState, a: Reset | Decline) -> None:
    p = s.decider
    pl = s.players[p]
    if isinstance(a, Reset):
        s.events.append(("reset", {"player": p, "points": pl.marker}))
        pl.marker = 0
    else:
        pl.fame += 1
        s.events.append(("decline", {"player": p}))
    continue_scoring(s)
