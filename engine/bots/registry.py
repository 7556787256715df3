"""Finding bots by name: the built-in ones and third-party bots under the entry-point group ``concordia.bots``.

A third-party package declares::

    [project.entry-points."concordia.bots"]
    mybot = "mypackage.mybot:MyBot"

where ``MyBot()`` is a class (or factory) whose instances follow ``engine.core.protocol.Bot``.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from engine.core.errors import GameError

from .random_bot import RandomBot

ENTRY_POINT_GROUP = "concordia.bots"

BotFactory = Callable[[], Any]

BUILTIN: dict[str, BotFactory] = {"random": RandomBot}


class UnknownBot(GameError, KeyError):  # noqa: N818 - reads as "unknown bot: name"
    """No bot is registered under that name."""

    def __str__(self) -> str:
        return str(self.args[0])


def _plugins() -> dict[str, BotFactory]:
    found: dict[str, BotFactory] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found[ep.name] = ep.load
    return found


def available() -> list[str]:
    """Names of every bot that can be made."""
    return sorted(set(BUILTIN) | set(_plugins()))


def make_bot(name: str) -> Any:
    """A new bot instance by name."""
    if name in BUILTIN:
        return BUILTIN[name]()
    plugins = _plugins()
    if name in plugins:
        factory = plugins[name]()
        return factory()
    raise UnknownBot(f"unknown bot {name!r}; available: {', '.join(available())}")
