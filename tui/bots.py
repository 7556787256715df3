"""The bot registry as the shell calls it: a bot by name for a given game, and the names a game offers.

``engine.bots.make_bot(spec, game=...)`` and ``available(game=...)`` name the game a bot plays; a registry
without the ``game`` keyword (the one-game registry) makes bots for the default game only. Every bot
choice of the app (seats, the new-game screen, the hint) goes through here.
"""

from __future__ import annotations

import inspect
from typing import Any

from engine.core import games as core_games
from engine.core.errors import GameError


def _takes_game(func: Any) -> bool:
    try:
        return "game" in inspect.signature(func).parameters
    except (TypeError, ValueError):
        return False


def make_bot(spec: str, game: str = core_games.DEFAULT) -> Any:
    """A new bot playing ``game`` by its registry name (with ``:key=value`` options); ``GameError`` if unknown."""
    from engine import bots

    if _takes_game(bots.make_bot):
        return bots.make_bot(spec, game=game)
    if game != core_games.DEFAULT:
        raise GameError(f"no bot can play {core_games.get(game).title} in this version")
    return bots.make_bot(spec)


def available(game: str = core_games.DEFAULT) -> list[str]:
    """Names of every bot that can play ``game`` (the built-in ones and plugins)."""
    from engine import bots

    if _takes_game(bots.available):
        return list(bots.available(game=game))
    return list(bots.available()) if game == core_games.DEFAULT else []


def seat_bot(spec: str, game: str = core_games.DEFAULT) -> Any:
    """The bot of a seat of ``game``: a built-in one as it is, a plugin in a worker process (``engine.bots.worker``)."""
    from engine.bots import worker

    if _takes_game(worker.seat_bot):
        return worker.seat_bot(spec, game=game)
    if game != core_games.DEFAULT:
        raise GameError(f"no bot can play {core_games.get(game).title} in this version")
    return worker.seat_bot(spec)
