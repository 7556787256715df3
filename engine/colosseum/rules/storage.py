"""R-ACT-A: on a red field the active seat may discard 1 card of any type for a storage tile (D-STORAGE).

"Wirft der Spieler keine Karte ab, so bekommt er kein Lager": no card, no tile. The tile raises the hand
limit by 2 at once; the discarded card goes back to its supply pile (Ruling #14).
"""

from __future__ import annotations

from ..actions import PASS, STORAGES, Pass, Storage
from ..components import CARD_TYPES, STORAGE_ROW
from ..state import GameState
from . import turn


def begin(s: GameState) -> None:
    s.phase = "storage"
    s.decider = s.active


def legal(s: GameState) -> list[Storage | Pass]:
    """``storage T`` for each type T in hand while the storage stack lasts; ``pass`` always."""
    out: list[Storage | Pass] = []
    if s.storage > 0:
        hand = s.players[s.active].hand
        out = [STORAGES[t] for t in range(4) if hand[t] > 0]
    out.append(PASS)
    return out


def apply(s: GameState, a: Storage | Pass) -> None:
    if isinstance(a, Storage):
        pl = s.players[s.active]
        pl.hand[a.kind] -= 1
        s.supply[a.kind] += 1
        pl.rows[STORAGE_ROW] += 1
        s.storage -= 1
        s.events.append(("storage", {"player": s.active, "kind": CARD_TYPES[a.kind], "limit": pl.limit}))
    else:
        s.events.append(("pass", {"player": s.active}))
    turn.end_turn(s)
