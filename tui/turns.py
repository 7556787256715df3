"""The other seats' turns since a reader's own: what a game's "Last round" / recap panel shows.

A game's tracker keeps one record per decision (anything with a ``holder``: the seat whose turn the decision
belongs to); here the records become turns and the turns a reader has not seen yet are picked. Colosseum's
"Last round" (``tui.colosseum.last_round``) and Concordia's recap (``tui.concordia.recap``) share it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar


class Held(Protocol):
    @property
    def holder(self) -> int: ...


R = TypeVar("R", bound=Held)


def group_turns(records: Iterable[R], opens: Callable[[R], bool] = lambda r: False) -> list[list[R]]:
    """``records`` as turns: a run of records of one holder, a new turn also wherever ``opens`` says so."""
    groups: list[list[R]] = []
    for r in records:
        if groups and groups[-1][0].holder == r.holder and not opens(r):
            groups[-1].append(r)
        else:
            groups.append([r])
    return groups


def since_own_turn(groups: list[list[R]], viewer: int | None, players: int, own_under_way: bool) -> list[list[R]]:
    """The turns of the other seats since ``viewer``'s last turn, oldest first, at most one per other seat.
    ``own_under_way``: the viewer's own turn in progress is skipped, and the others' before it stay on show.
    With no viewer (bots alone, a spectator), the last turns."""
    keep = max(1, players - 1)
    if viewer is None:
        return groups[-keep:]
    out: list[list[R]] = []
    mine = own_under_way
    for g in reversed(groups):
        if g[0].holder == viewer:
            if mine:
                continue
            break
        mine = False
        out.append(g)
    out.reverse()
    return out[-keep:]
