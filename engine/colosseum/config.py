"""The choices made before a game starts: players, the field-D variant (R-VAR) and the turn guard."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.config import PlainConfig
from engine.core.errors import GameDataError

D_MODES: tuple[str, ...] = ("score_any", "fame", "own_reset", "card", "exchange", "tile")
"""R-VAR: what field D does. ``score_any`` is the base rule (R-ACT-D)."""
D_CHOICES: tuple[str, ...] = (*D_MODES, "random")
"""``random``: one mode drawn from the seed at setup (R-VAR: "zufällig ziehen")."""


MAX_TURNS_HIGH = 100_000
"""The largest turn guard (R-END-GUARD) a config takes: a game of the printed rules ends in well under 100
turns, and a bound keeps every number a save holds small (issue 33: a guard of 10**30 crashed the autosave)."""


@dataclass(frozen=True, slots=True)
class GameConfig(PlainConfig):
    """How a game is set up: ``GameConfig(players=3)`` is the base game for three."""

    players: int = 4
    """2..4 seats; seat 0 is the start player (R-SETUP-SEATS)."""
    field_d: str = "score_any"
    """R-VAR: the mode of field D, one of ``D_CHOICES``; ``score_any`` is the base game."""
    max_turns: int = 0
    """R-END-GUARD: end (truncated) after this many turns; 0 = off, as in the printed rules."""

    def validate(self) -> None:
        """Raise ``GameDataError`` with a readable message for a set-up that cannot be played."""
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not 2 <= self.players <= 4:
            raise GameDataError("Die Baumeister des Colosseum is for 2 to 4 players")
        if self.field_d not in D_CHOICES:
            raise GameDataError(f"unknown field D mode {self.field_d!r}; choose one of: {', '.join(D_CHOICES)}")
        if (not isinstance(self.max_turns, int) or isinstance(self.max_turns, bool)
                or not 0 <= self.max_turns <= MAX_TURNS_HIGH):
            raise GameDataError(f"max_turns must be a whole number from 0 (no limit) to {MAX_TURNS_HIGH}")
