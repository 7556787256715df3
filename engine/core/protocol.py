"""The protocols every game of this package implements, and the bot contract.

Concordia is the first game; Massilia and Die Baumeister des Colosseum will implement the same
``GameStateProtocol`` so that the random and search bots, the save format and the UI shell work on them
unchanged (see DESIGN.md, "More than one game").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, Self, runtime_checkable


@runtime_checkable
class Action(Protocol):
    """A single decision. Hashable, immutable, and ``str(action)`` is its canonical text form."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


class GameStateProtocol(Protocol):
    """What a bot, the save format and the UI may use of a game state."""

    game: str

    @property
    def current_player(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[Any]: ...

    def apply(self, action: Any) -> None: ...

    def clone(self) -> Self: ...

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class Bot(Protocol):
    """A player that chooses one of the legal actions.

    ``view`` is what the seat may see (``state.view(player)``), never the full state; ``rng`` is the only
    source of randomness a bot may use, so that a seeded game is reproducible.
    """

    name: str

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any: ...
