"""Die Baumeister des Colosseum's setup options as data (``engine.core.options``): the shell's command line
(``concordia new/simulate/tournament --game colosseum --field-d fame --max-turns 400``) and the new-game form
offer them without importing Colosseum. Each key is a field of ``GameConfig`` (``players`` is the shell's own)."""

from __future__ import annotations

from engine.core.options import GameOption

from .config import D_CHOICES, MAX_TURNS_HIGH, GameConfig

_BASE = GameConfig()

OPTIONS: tuple[GameOption, ...] = (
    GameOption("field_d", str, _BASE.field_d, "what field D does (R-VAR; score_any is the base game, random "
               "draws one mode at setup)", choices=D_CHOICES),
    GameOption("max_turns", int, _BASE.max_turns, "end the game, truncated, after this many turns "
               "(R-END-GUARD; 0: no limit, as in the printed rules)", low=0, high=MAX_TURNS_HIGH),
)
"""In the order ``--help`` lists them."""
