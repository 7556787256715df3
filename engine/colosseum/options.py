"""Die Baumeister des Colosseum's setup options as data (``engine.core.options``): the shell's command line
(``concordia new/simulate/tournament --game colosseum --field-d fame --max-turns 400``) and the new-game form
offer them without importing Colosseum. Each key is a field of ``GameConfig`` (``players`` is the shell's own)."""

from __future__ import annotations

from engine.core.options import GameOption

from .config import D_CHOICES, GameConfig

_BASE = GameConfig()

MAX_TURNS_HIGH = 100_000
"""The largest turn guard the command line takes (a game of the printed rules ends in well under 100 turns)."""

OPTIONS: tuple[GameOption, ...] = (
    GameOption("field_d", str, _BASE.field_d, "what field D does (R-VAR; score_any is the base game, random "
               "draws one mode at setup)", choices=D_CHOICES),
    GameOption("max_turns", int, _BASE.max_turns, "end the game, truncated, after this many turns "
               "(R-END-GUARD; 0: no limit, as in the printed rules)", low=0, high=MAX_TURNS_HIGH),
)
"""In the order ``--help`` lists them."""
