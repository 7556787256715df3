"""What the generic bots need of a game, found through the game registry by the game's id.

A game's bot knowledge lives in its own package ``engine/<id>/bots/``, whose ``__init__`` exports
``evaluate(state, player) -> float`` (how good the position is for ``player``, in the game's points),
``determinize(view, rng) -> state`` (a full state consistent with what the seat sees, the hidden parts
sampled with ``rng``) and optionally ``BOTS`` (game-specific bots that replace the generic ones of the same
name). The package is imported by name the first time it is asked for (``importlib``), so ``engine.bots``
imports no particular game. A game without a bots package still gets the random bot; one without
``determinize`` is treated as having nothing hidden (a plain ``clone``).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import games

Evaluate = Callable[[Any, int], float]
Determinize = Callable[[Any, random.Random], Any]


def clone_view(view: Any, rng: random.Random) -> Any:
    """The determinization of a game without hidden information: a copy of the view."""
    return view.clone()


@dataclass(frozen=True)
class GameHooks:
    """One game's bot knowledge (see the module docstring)."""

    game: str
    evaluate: Evaluate | None = None
    determinize: Determinize = clone_view
    bots: Mapping[str, Any] = field(default_factory=dict)


_cache: dict[str, GameHooks] = {}


def hooks_of(game: str) -> GameHooks:
    """The bot hooks of ``game`` (``UnknownGame`` for an id that is not registered)."""
    found = _cache.get(game)
    if found is not None:
        return found
    package = games.BUILTIN[games.get(game).id]
    name = f"{package}.bots"
    if importlib.util.find_spec(name) is None:
        found = GameHooks(game)
    else:
        module = importlib.import_module(name)
        found = GameHooks(
            game,
            evaluate=getattr(module, "evaluate", None),
            determinize=getattr(module, "determinize", clone_view),
            bots=dict(getattr(module, "BOTS", {})),
        )
    _cache[game] = found
    return found


__all__ = ["Determinize", "Evaluate", "GameHooks", "clone_view", "hooks_of"]
