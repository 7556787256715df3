"""The hint: what the game's greedy bot would do now, from the deciding seat's view only.

The bot registry's greedy bot for Massilia is asked first; where this version's registry has none for the
game, the same one-step greedy is done here with the game's own evaluation (``engine.massilia.bots``):
the hidden information is sampled (``determinize``), each legal action is tried and the best kept.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.errors import GameError


def greedy_choice(view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """The greedy bot's choice among ``legal`` in ``view``."""
    from tui.bots import make_bot

    try:
        bot = make_bot("greedy", "massilia")
    except GameError:
        bot = None
    if bot is not None:
        return bot.choose(view, list(legal), rng)
    from engine.massilia.bots import determinize, evaluate

    state = determinize(view, rng)
    p = state.current_player
    best, best_value = legal[0], float("-inf")
    for action in legal:
        trial = state.clone()
        trial.apply(action)
        value = evaluate(trial, p)
        if value > best_value:
            best, best_value = action, value
    return best
