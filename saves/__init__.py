"""Saved games: a versioned msgpack file format and a store of save files (atomic writes, list, autosave).

    >>> from saves import SavedGame, SaveStore, Seat
    >>> game = SavedGame.new(config, seed=7, seats=[Seat("Anna"), Seat("Bot", bot="random")])
    >>> path = SaveStore().save(game)          # <user data dir>/saves/<game_id>.concordia
    >>> SaveStore().load(path)                 # replays the log and checks it; SaveError if anything is off

The format is described in ``docs/save-format.md``. Every problem with a file is a ``SaveError`` whose
text is one readable line.
"""

from __future__ import annotations

from .codec import FORMAT, FORMAT_VERSION, decode, encode, read_header
from .lock import SaveBusy, SaveLock
from .model import SavedGame, SaveError, SaveHeader, Seat
from .store import SaveStore, default_directory

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "SaveBusy",
    "SaveError",
    "SaveHeader",
    "SaveLock",
    "SaveStore",
    "SavedGame",
    "Seat",
    "decode",
    "default_directory",
    "encode",
    "read_header",
]
