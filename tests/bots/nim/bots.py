"""Nim's bot hooks: the exact evaluation (a pile that is a multiple of 4 is lost for the seat to move,
in the two-player game) and a determinization that copies the view (nothing is hidden)."""

from __future__ import annotations

import random
from typing import Any


def evaluate(state: Any, player: int) -> float:
    if state.is_over:
        return 1.0 if state.current_player == player else -1.0
    lost_for_mover = state.pile % 4 == 0
    return 0.5 if lost_for_mover != (state.current_player == player) else -0.5


def determinize(view: Any, rng: random.Random) -> Any:
    return view.clone()
