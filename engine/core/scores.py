"""The result of a game as the state protocol gives it (``state.final_scores()``): every seat's score, the
winner, whether a tie-break decided it, and ``total(seat)``. Each game adds what is its own (shared wins,
teams, a ranking, a cut-off game) in a subclass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar


class Scored(Protocol):
    """One seat's score: at least its total."""

    @property
    def total(self) -> int: ...


P = TypeVar("P", bound=Scored)


@dataclass(frozen=True)
class SeatScore:
    """One seat's score as most games count it: points per source (``breakdown``, the state protocol's) and
    their ``total``; a game adds what its tie-break counts."""

    player: int
    breakdown: dict[str, int]
    total: int


@dataclass(frozen=True)
class Scores(Generic[P]):
    """Every seat's score (in seat order), the winning seat and whether a tie-break decided it."""

    players: list[P]
    winner: int
    tie_break: bool = False

    def total(self, player: int) -> int:
        return self.players[player].total
