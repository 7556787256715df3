"""A game's setup options as data, so that the shell offers them without knowing the game.

Each game package may have an ``options`` module with ``OPTIONS: tuple[GameOption, ...]``: the keys of its
config (``config.to_dict()``) besides ``players``, each with its type, default, choices and help. The
command line turns them into arguments after ``--game`` is known (``concordia new --game colosseum
--help`` lists Colosseum's), and a new-game form can turn them into fields. ``game_options(id)`` finds
them through the game registry; a game without the module has no options besides ``players``.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any

from . import games


@dataclass(frozen=True, slots=True)
class GameOption:
    """One setup option of a game: a key of its config with its type and allowed values."""

    key: str
    """The key in ``config.to_dict()`` / ``config_from_dict``."""
    kind: type
    """``str`` (with ``choices``), ``int`` or ``bool`` (a switch that is off by default; with ``default``
    None a switch both ways, ``--x``/``--no-x``, that the game's config settles when neither is given)."""
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    flag: str = ""
    """The command-line name without dashes (default: the key with ``-`` for ``_``)."""
    low: int | None = None
    high: int | None = None
    """Range of an ``int`` option."""

    @property
    def cli(self) -> str:
        """``--map``, ``--interim`` ...: how the command line names the option."""
        return "--" + (self.flag or self.key.replace("_", "-"))


def game_options(game_id: str) -> tuple[GameOption, ...]:
    """The setup options of ``game_id`` (``UnknownGame`` for an id that is not registered)."""
    package = games.BUILTIN[games.get(game_id).id]
    name = f"{package}.options"
    if importlib.util.find_spec(name) is None:
        return ()
    found = getattr(importlib.import_module(name), "OPTIONS", ())
    return tuple(o for o in found if isinstance(o, GameOption))


__all__ = ["GameOption", "game_options"]
