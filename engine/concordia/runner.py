"""Headless games of Concordia bots: ``engine.tournament`` (which plays any game) with Concordia's id filled in.

Kept for the callers that play Concordia by its config alone (tests, benchmarks); ``concordia simulate`` and
``concordia tournament`` use ``engine.tournament`` directly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.tournament import GameRecord, Summary, summarise

from .config import GameConfig


def play_game(
    config: GameConfig,
    seed: int,
    bots: Sequence[Any],
    on_action: Callable[[Any, Any], None] | None = None,
    max_decisions: int = 100_000,
) -> GameRecord:
    """Play one game of Concordia to the end with one bot per seat; each bot sees only ``state.view(seat)``."""
    from engine.tournament import play_game as play_any

    return play_any("concordia", config, seed, bots, on_action, max_decisions)


__all__ = ["GameRecord", "Summary", "play_game", "summarise"]
