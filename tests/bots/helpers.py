"""Playing seeded games with bots while checking every decision they make."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.concordia import GameConfig, GameState, new_game


def checked_game(
    config: GameConfig, seed: int, bots: Sequence[Any], max_decisions: int | None = None
) -> tuple[GameState, int]:
    """Play (part of) a game; assert that every bot answer is one of the legal actions and that a bot is
    only ever shown a view (deck order hidden). Returns the final state and the number of bot decisions."""
    s = new_game(config, seed)
    rng = random.Random(seed)
    asked = 0
    while not s.is_over and (max_decisions is None or asked < max_decisions):
        p = s.current_player
        legal = s.legal_actions()
        view = s.view(p)
        assert view.deck_hidden and view is not s
        action = bots[p].choose(view, list(legal), rng)
        assert action in legal, f"{bots[p].name} chose {action!r}, not legal in {s!r}"
        s.apply(action)
        asked += 1
    return s, asked
