"""The bots as the app asks for them: a bot by name for a given game, and the names a game offers.

Every bot choice of the app (seats, the new-game screen, the hint) goes through here, so that one seam
decides how a seat's bot is made: built-in bots as they are (they think in threads; the app's session moves
them into its worker process, ``GameSession.think_in``), plugin bots in a worker process of their own behind
the guard (``engine.bots.worker``).
"""

from __future__ import annotations

from typing import Any

from engine.core import games as core_games


def make_bot(spec: str, game: str = core_games.DEFAULT) -> Any:
    """A new bot playing ``game`` by its registry name (with ``:key=value`` options); ``GameError`` if unknown."""
    from engine import bots

    return bots.make_bot(spec, game=game)


def available(game: str = core_games.DEFAULT) -> list[str]:
    """Names of every bot that can play ``game`` (the built-in ones and plugins)."""
    from engine import bots

    return list(bots.available(game=game))


def seat_bot(spec: str, game: str = core_games.DEFAULT) -> Any:
    """The bot of a seat of ``game``: a built-in one as it is, a plugin in a worker process."""
    from engine.bots import worker

    return worker.seat_bot(spec, game=game)
