"""Action texts are canonical: a game reads back only the very text its ``str(action)`` writes.

Each game's parser is lenient in form (it ignores case and extra spaces), which is what a player typing
wants; what a save file, a shared table's client or a bot's worker hands over is a stored decision, and a
stored decision written any other way (``PASS``, ``' pass'``, ``'movE 2'``) is a damaged or forged one.
``parse_action`` (``engine.core.games.GameInfo``) of every game refuses it with ``check``.
"""

from __future__ import annotations

from .errors import IllegalAction


def check(action: object, text: object) -> None:
    """``IllegalAction`` unless ``text`` is exactly ``str(action)`` (the text the game writes for it)."""
    written = str(action)
    if text != written:
        shown = text[:60] if isinstance(text, str) else type(text).__name__
        raise IllegalAction(f"{shown!r} is not how an action is written here (the game writes {written!r})")
