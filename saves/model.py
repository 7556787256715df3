"""What a save holds: the seats, the game (config, seed, action log, state) and the header shown in lists.

``SavedGame`` is the in-memory form the app hands to the store; ``SaveHeader`` is the small part at the
front of a file that ``SaveStore.list`` reads without decoding (or replaying) the rest. Nothing here knows
a particular game: a save names its game by id, and the game is reached through ``engine.core.games``.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import games
from engine.core.errors import GameError

GAME_ID = re.compile(r"[0-9a-f]{32}")
"""A game id is a uuid4 in lower-case hex: the only thing a save file's name is made from."""

MAX_NAME = 40
"""Longest seat name (characters)."""
MAX_BOT = 64
"""Longest bot name (characters)."""
MAX_TITLE = 120
"""Longest title (characters)."""

STATUSES: tuple[str, ...] = ("running", "finished")


class SaveError(GameError):
    """Every problem reading or writing a save; ``str(e)`` is one readable line for the player.

    A subclass of the engine's ``GameError`` so that the command line prints it as one line (status 2).
    """


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a person (``bot`` is None) or a bot by its registry name."""

    name: str
    """The name shown for the seat (at most ``MAX_NAME`` characters, no control characters)."""
    bot: str | None = None
    """None for a person; else a name for ``engine.bots.make_bot`` ("random", "normal", a plugin ...)."""


@dataclass
class SavedGame:
    """One game as it is saved: setup, seats, every decision so far, and the state they lead to."""

    game_id: str
    """Stable id of this saved game (uuid4 hex); the file name is ``<game_id>.concordia``."""
    config: Any
    """The game's config (its own frozen dataclass: ``players``, ``to_dict()``)."""
    seed: int
    seats: list[Seat]
    actions: list[str]
    """Canonical action texts, applied in order to ``new_game(config, seed)``."""
    state: Any
    """The state after ``actions`` (written as a snapshot that loading checks the replay against)."""
    title: str = ""
    """User-visible name; ``SaveStore.rename`` changes it."""
    created: float = 0.0
    """Unix time of the first save (0: set by the first save)."""
    updated: float = 0.0
    """Unix time of the latest save (the list is sorted by it: last played first)."""
    game: str = games.DEFAULT
    """Which game this is: an id of the game registry (``engine.core.games``), e.g. "concordia"."""

    @classmethod
    def new(cls, config: Any, seed: int, seats: list[Seat], title: str = "", *, game: str = games.DEFAULT) -> SavedGame:
        """A fresh game with a new id: the state is the game's ``new_game(config, seed)``; the log is empty."""
        return cls(
            game_id=uuid.uuid4().hex,
            config=config,
            seed=seed,
            seats=list(seats),
            actions=[],
            state=games.get(game).new_game(config, seed),
            title=title,
            game=game,
        )

    @property
    def status(self) -> str:
        """"finished" once the game is over, else "running"."""
        return "finished" if self.state.is_over else "running"

    def scores(self) -> list[int] | None:
        """Final total per seat when the game is over, else None."""
        if not self.state.is_over:
            return None
        return [int(p.total) for p in self.state.final_scores().players]


@dataclass(frozen=True)
class SaveHeader:
    """The front part of a save file: enough to list, sort and describe it without loading the game."""

    path: Path
    game_id: str
    title: str
    format: str
    """Always ``"concordia-save"`` (the app's name: it holds any of its games)."""
    version: int
    """The format version the file was written in (older ones are migrated when read)."""
    app_version: str
    """Version of the program that wrote the file."""
    created: float
    updated: float
    map: str
    """Concordia's board (``options["map"]``); empty for games without one."""
    variant: str
    """Concordia's variant (``options["variant"]``); empty for games without one."""
    players: int
    seats: list[Seat] = field(default_factory=list)
    turn: int = 0
    """Turns finished."""
    status: str = "running"
    """"running" or "finished"."""
    scores: list[int] | None = None
    """Final totals per seat when finished, else None."""
    decisions: int = 0
    """Number of decisions in the action log."""
    game: str = games.DEFAULT
    """Which game the file holds (a game registry id)."""
    options: dict[str, Any] = field(default_factory=dict)
    """The game's config as plain data (``config.to_dict()``), so a list can describe a save of any game."""

    @property
    def game_title(self) -> str:
        """The name of the file's game as printed on the box (its id if this program lacks the game)."""
        try:
            return games.get(self.game).title
        except games.UnknownGame:
            return self.game


def check_text(value: str, what: str, limit: int, *, empty: bool = True) -> str:
    """``value`` if it is a short, printable line; else ``SaveError`` (names and titles reach the terminal)."""
    if not isinstance(value, str):
        raise SaveError(f"{what} must be text, not {type(value).__name__}")
    if len(value) > limit:
        raise SaveError(f"{what} is too long ({len(value)} characters; at most {limit})")
    if not empty and not value.strip():
        raise SaveError(f"{what} is empty")
    if any(not ch.isprintable() for ch in value):
        raise SaveError(f"{what} contains control characters")
    return value


def brief(reason: object, limit: int = 120) -> str:
    """An error's text fit for one line of a terminal: first line, printable characters only, shortened."""
    lines = str(reason).splitlines()
    text = "".join(ch if ch.isprintable() else "?" for ch in lines[0]) if lines else type(reason).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


def shown(path: object) -> str:
    """A file name or path fit for a terminal: control characters (newlines, escape sequences) are written as
    ``\\n``, ``\\x1b`` ..., so no file name can move the cursor, clear the screen or fake another line."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(path))


def describe(value: object, limit: int = 40) -> str:
    """A short, printable description of a value read from a file: text is quoted and shortened, anything
    else is named by its type only (``str()`` of a list nested a thousand deep raises ``RecursionError``)."""
    if isinstance(value, str):
        return repr(brief(value[: limit + 1], limit))
    if value is None or isinstance(value, bool | int | float):
        text = repr(value) if not isinstance(value, int) or abs(value) < 10**limit else "a huge number"
        return brief(text, limit)
    return f"a {type(value).__name__}"


def check_game_id(value: object) -> str:
    """``value`` if it is a valid game id (32 lower-case hex digits), else ``SaveError``."""
    if not isinstance(value, str) or not GAME_ID.fullmatch(value):
        raise SaveError(f"bad game id ({describe(value)}): expected 32 hex digits")
    return value


def check_seat(seat: Seat, index: int) -> Seat:
    check_text(seat.name, f"the name of seat {index + 1}", MAX_NAME, empty=False)
    if seat.bot is not None:
        check_text(seat.bot, f"the bot of seat {index + 1}", MAX_BOT, empty=False)
    return seat
