"""The choices made before a game of Massilia starts: the number of players and the stall tiles each gets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.config import PlainConfig
from engine.core.errors import GameDataError

from .components import components


@dataclass(frozen=True, slots=True)
class GameConfig(PlainConfig):
    """How a game is set up: ``GameConfig(players=4)`` is the full game."""

    players: int = 4
    """2 to 4 merchants (R-PLAYERS)."""
    stall_tiles: int = 5
    """Stall tiles per player: 5 (ST-STALLS, the Quined count) or 6 (the KND previews)."""
    legacy_reactions: bool = False
    """False (every new game): Pluto and Venus are asked of every seat that could hold a live card for all the
    others know, and a keep is always asked (R-GOD-5: the consul mover decides without knowing whether Pluto
    comes), so whether a seat is asked never tells the others what it holds. True is how games saved before
    2026-11-28 were played (the engine asked only a seat that held the card, and settled a keep without a choice
    at once); such a save's config has no ``legacy_reactions`` and replays that way (``saved_config_from_dict``)."""

    def validate(self) -> None:
        """Raise ``GameDataError`` with a readable message for a combination that cannot be played."""
        if not isinstance(self.legacy_reactions, bool):
            raise GameDataError("legacy_reactions must be true or false")
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not 2 <= self.players <= 4:
            raise GameDataError("Massilia is for 2 to 4 players")
        options = components().stall_tiles_options
        tiles = self.stall_tiles
        if not isinstance(tiles, int) or isinstance(tiles, bool) or tiles not in options:
            raise GameDataError(f"stall tiles per player must be one of {', '.join(map(str, options))}")


def saved_config_from_dict(d: Any) -> GameConfig:
    """The config of a saved game: one saved before ``legacy_reactions`` existed lacks the key and was played
    without it, so it replays that way (its action log has no answer for a seat that held no card)."""
    if isinstance(d, dict) and "legacy_reactions" not in d:
        d = {**d, "legacy_reactions": True}
    return GameConfig.from_dict(d)
