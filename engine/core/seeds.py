"""Seeds of a game's setup: whole numbers 0 <= seed < 2**63, the range every part of the program can hold.

A save writes the seed as a msgpack integer and a state dict carries it; a larger seed would deal a game
that can never be saved. Every place that accepts a seed from a person or a file checks it with ``check_seed``.
"""

from __future__ import annotations

from .errors import GameError

SEED_LIMIT = 2**63
"""Seeds are below this (and at least 0)."""


class SeedError(GameError, ValueError):
    """A seed outside 0 <= seed < 2**63, or not a whole number; the message says the range."""


def check_seed(value: object) -> int:
    """``value`` if it is a whole number with 0 <= value < 2**63, else ``SeedError``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise SeedError(f"a seed is a whole number, not {type(value).__name__}")
    if not 0 <= value < SEED_LIMIT:
        shown = str(value) if abs(value) < 10**30 else ("a huge number" if value > 0 else "a huge negative number")
        raise SeedError(f"the seed must be from 0 to 2**63 - 1, not {shown}")
    return value
