"""Legal targets on the board: the places a pending decision can act on, gathered from ``legal_actions()``.

A target is a route (Architect moves), a city or the capital (builds, new colonists, team starting cities)
or a province (Prefect production). The map and the list view highlight them; choosing one yields its
actions (several when, e.g., two colonists can reach the same route).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.concordia import GameState
from engine.concordia.actions import Action, Build, Move, PlaceColonist, Produce, StartCity


@dataclass(frozen=True, slots=True)
class Target:
    """One place on the board that legal actions act on."""

    key: str
    """A route id, a city id (or the capital) or a province id."""
    kind: str
    """"route", "city" or "province"."""
    actions: tuple[Action, ...]


def board_targets(s: GameState, legal: Sequence[Action]) -> list[Target]:
    """The board places the legal actions act on, in a stable order (routes, cities, provinces)."""
    found: dict[tuple[str, str], list[Action]] = {}
    for a in legal:
        if isinstance(a, Move):
            found.setdefault(("route", a.route), []).append(a)
        elif isinstance(a, Build):
            found.setdefault(("city", a.city), []).append(a)
        elif isinstance(a, PlaceColonist):
            found.setdefault(("city", a.place), []).append(a)
        elif isinstance(a, StartCity):
            found.setdefault(("city", a.city), []).append(a)
        elif isinstance(a, Produce):
            found.setdefault(("province", a.province), []).append(a)
    order = {"route": 0, "city": 1, "province": 2}
    return [
        Target(key, kind, tuple(acts))
        for (kind, key), acts in sorted(found.items(), key=lambda kv: (order[kv[0][0]], kv[0][1]))
    ]
