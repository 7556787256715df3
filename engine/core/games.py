"""The registry of games: what the shell, the saves, the bots and the commands know of a game.

Each game package (``engine.concordia``, ``engine.colosseum``, ``engine.massilia``) defines one module-level
``GAME: GameInfo``. Code outside a game's own packages reaches a game only through this registry, by the
game's id (the id is what a save file's header records), so adding a game touches no shell code::

    >>> from engine.core import games
    >>> info = games.get("concordia")
    >>> state = info.new_game(info.config_from_dict({"players": 3}), 1)

The registry imports a game package the first time it is asked for it (``importlib``), never at import
time, which keeps ``engine.core`` free of any particular game.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import GameError

BUILTIN: dict[str, str] = {
    "concordia": "engine.concordia",
    "colosseum": "engine.colosseum",
    "massilia": "engine.massilia",
}
"""Game id -> the package that defines its ``GAME``. The order is the order games are offered in."""

_BUILTIN_PACKAGES: dict[str, str] = dict(BUILTIN)
"""The packages ``TITLES`` describes (a test that registers another package under an id asks it)."""

TITLES: dict[str, str] = {
    "concordia": "Concordia",
    "colosseum": "Die Baumeister des Colosseum",
    "massilia": "Massilia",
}
"""Game id -> the title its ``GAME`` gives, known without importing the game (the title screen names every game
before any is played; ``title``). ``tests/engine/test_game_titles.py`` checks they agree."""

DEFAULT = "concordia"
"""The game a command means when it names none."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """One game as the shell sees it. Every callable is the game's own; the shell never looks inside."""

    id: str
    """Stable id written into save files and given on the command line (``--game colosseum``)."""
    title: str
    """The game's name as printed on the box (shown in menus and lists)."""
    min_players: int
    max_players: int
    config_from_dict: Callable[[Mapping[str, Any]], Any]
    """A validated config from plain data (missing keys take their defaults); raises ``GameDataError``.

    The config object has ``players: int`` and ``to_dict() -> dict`` (plain, JSON-compatible)."""
    new_game: Callable[[Any, int], Any]
    """``new_game(config, seed)``: a fresh state following the state protocol (``engine.core.protocol``)."""
    state_from_dict: Callable[[dict[str, Any]], Any]
    """``GameState.from_dict``: raises ``StateFormatError`` for malformed or inconsistent data."""
    parse_action: Callable[[Any, str], Any]
    """``parse_action(state, text)``: the legal action whose ``str()`` is ``text``; else ``IllegalAction``."""
    fingerprint: Callable[[Any], list[Any]]
    """Plain values (ints, strings, lists of them) that change with every decision's outcome.

    Saves store a CRC of these after each decision and compare on load; a game must keep this projection
    stable across versions (a new state field must not change it)."""
    extras: Mapping[str, Any] = field(default_factory=dict)
    """Game-specific hooks the game's own UI and bot packages agree on (module paths, option specs ...)."""
    apply_legal: Callable[[Any, Any], None] | None = None
    """``apply_legal(state, action)``: carry out an action known to be legal now without checking it again;
    for a game whose ``state.apply`` derives every legal action to check one (None: ``state.apply``)."""

    twin: Callable[[Any, int, Any], Any] | None = None
    """``twin(state, seat, rng)``: a copy of the full ``state`` that differs only in what ``seat`` may not know
    (other hands, face-down draws, deck and stack order), dealt again with ``rng`` (a ``random.Random``). What
    is hidden is the game's to say; ``tests/test_hidden_information.py`` plays a state and its twins side by
    side and checks that the seat receives the same."""
    saved_config_from_dict: Callable[[Mapping[str, Any]], Any] | None = None
    """How a config read from a save is understood (None: ``config_from_dict``): a game whose decisions changed
    reads an older save's config as the rules it was played under, so its action log replays."""

    def config_from_save(self, d: Mapping[str, Any]) -> Any:
        """The config of a saved game (``saved_config_from_dict`` where the game has one)."""
        read = self.saved_config_from_dict or self.config_from_dict
        return read(d)

    def apply_known(self, state: Any, action: Any) -> None:
        """Carry out ``action``, known to be one of ``state.legal_actions()`` of this very state (taken from
        that list, or returned by ``parse_action``): the game's ``apply_legal`` where it has one, so the
        legal actions are not derived a second time for the same decision; else ``state.apply``."""
        if self.apply_legal is None:
            state.apply(action)
        else:
            self.apply_legal(state, action)


def entry(package: str, *, id: str, title: str, players: tuple[int, int], **more: Any) -> GameInfo:
    """The ``GAME`` of the game package ``package`` (call it at the package's end with ``__name__``), from the
    names every game package defines: ``new_game``, ``GameState`` (its ``from_dict``), ``parse_action``,
    ``fingerprint`` and ``GameConfig`` (its ``from_dict``, unless ``config_from_dict`` is given); ``more`` gives
    ``GameInfo``'s other fields (``twin``, ``extras``, ``config_from_dict`` ...)::

        GAME = games.entry(__name__, id="ten", title="Ten", players=(2, 3), twin=twin)
    """
    module = sys.modules[package]
    more.setdefault("config_from_dict", module.GameConfig.from_dict)
    return GameInfo(id=id, title=title, min_players=players[0], max_players=players[1], new_game=module.new_game,
                    state_from_dict=module.GameState.from_dict, parse_action=module.parse_action,
                    fingerprint=module.fingerprint, **more)


class UnknownGame(GameError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0])


_cache: dict[str, GameInfo] = {}


def get(game_id: str) -> GameInfo:
    """The game registered as ``game_id``; ``UnknownGame`` (with the ids on offer) for anything else."""
    if not isinstance(game_id, str) or game_id not in BUILTIN:
        shown = game_id if isinstance(game_id, str) else type(game_id).__name__
        raise UnknownGame(f"unknown game {shown[:40]!r}; choose one of: {', '.join(ids())}")
    info = _cache.get(game_id)
    if info is None:
        if importlib.util.find_spec(BUILTIN[game_id]) is None:
            raise UnknownGame(f"the game {game_id!r} is not part of this installation; "
                              f"choose one of: {', '.join(ids())}")
        module = importlib.import_module(BUILTIN[game_id])
        info = module.GAME
        if not isinstance(info, GameInfo) or info.id != game_id:
            raise UnknownGame(f"{BUILTIN[game_id]}.GAME does not describe the game {game_id!r}")
        _cache[game_id] = info
    return info


def title(game_id: str) -> str:
    """The game's title (``GameInfo.title``) without importing the game when ``TITLES`` knows it."""
    known = TITLES.get(game_id) if BUILTIN.get(game_id) == _BUILTIN_PACKAGES.get(game_id) else None
    return known if known is not None else get(game_id).title


def ids() -> list[str]:
    """The ids of every game whose package is present, in the order they are offered."""
    found = []
    for game_id, module in BUILTIN.items():
        if importlib.util.find_spec(module) is not None:
            found.append(game_id)
    return found


def available() -> list[GameInfo]:
    """Every game that can be played, in the order they are offered."""
    return [get(game_id) for game_id in ids()]
