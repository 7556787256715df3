"""Errors shared by every game engine in this package."""

from __future__ import annotations


class GameError(Exception):
    """Base class of the errors a game engine raises on purpose."""


class IllegalAction(GameError, ValueError):
    """An action that is not legal in the current state, or text that names no action.

    The message says what was wrong in words a player understands; the UI shows it as it is.
    """


class GameDataError(GameError):
    """Static game data (maps, cards) that fails validation when it is loaded."""


class StateFormatError(GameError, ValueError):
    """A plain-dict state (``from_dict``) that is malformed or inconsistent."""
