"""Concordia's bot knowledge: its evaluation, its determinization and its own tuned bots.

The hooks every game's bot package exports (``engine.bots.hooks``):

- ``evaluate(state, player)``: ``evaluation.relative_value``, the side's value in VP (score if the game
  ended now plus what its belongings will still be worth) minus the best opponent side's;
- ``determinize(view, rng)``: the view with the hidden deck order sampled (``GameState.determinize``);
- ``BOTS``: Concordia's own ``easy``, ``greedy``, ``normal``, ``hard`` and ``mcts``, which replace the generic
  bots of those names. Their greedy bot judges a decision at the end of the whole turn (a Concordia turn is
  several decisions); the search bot plays two own turns greedily over sampled deck orders.

Options named like a field of ``evaluation.Weights`` change the evaluation (``greedy:house=2:site=0.7``),
which is how weights are compared in tournaments. Every option is declared with its type and range.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace
from typing import Any

from engine.bots import registry
from engine.bots.options import (
    CATCH_UP,
    CONFIDENCE,
    ITERATIONS,
    MIN_ROUNDS,
    SECONDS,
    TEMPERATURE,
    WIDTH,
    BotMaker,
    BotOption,
    option_set,
)
from engine.concordia.state import GameState

from .evaluation import DEFAULT, Weights, relative_value
from .greedy import GreedyBot
from .search import SearchBot


def evaluate(state: GameState, player: int) -> float:
    """How good ``state`` is for ``player``'s side, in VP, against the best opponent side."""
    return relative_value(state, player)


def determinize(view: GameState, rng: random.Random) -> GameState:
    """A full state consistent with ``view``: the deck order (the only hidden part) sampled with ``rng``."""
    return view.determinize(rng)


WEIGHT_OPTIONS = option_set(
    *(BotOption(f.name, float, -1000, 1000, help="evaluation weight (VP)") for f in fields(Weights))
)
GREEDY_OPTIONS = {**option_set(TEMPERATURE, SECONDS), **WEIGHT_OPTIONS}
SEARCH_OPTIONS = {
    **option_set(
        SECONDS, ITERATIONS, WIDTH, CONFIDENCE, MIN_ROUNDS, CATCH_UP,
        BotOption("playout_width", int, 1, 50, help="cards an opponent tries at the start of its playout turn"),
        BotOption("prune", float, 0, 1000, help="candidates this many VP behind the greedy best are not searched"),
        BotOption("opponents", str, choices=("play", "skip"), help="whether the other seats play in playouts"),
        BotOption("horizon", int, 0, 10, help="own turns a playout plans after the current one"),
    ),
    **WEIGHT_OPTIONS,
}


def _with_weights(options: dict[str, Any]) -> dict[str, Any]:
    """Options named like a field of ``Weights`` (``greedy:house=2``) become the bot's evaluation weights."""
    changed = {k: float(options.pop(k)) for k in list(options) if k in WEIGHT_OPTIONS}
    if changed:
        options["weights"] = replace(DEFAULT, **changed)
    return options


def _greedy(**options: Any) -> GreedyBot:
    return GreedyBot(**_with_weights(options))


def _easy(**options: Any) -> GreedyBot:
    bot = GreedyBot(**{"temperature": 2.5, **_with_weights(options)})
    bot.name = "easy"
    return bot


def _mcts(**options: Any) -> SearchBot:
    return SearchBot(**_with_weights(options))


def _normal(**options: Any) -> SearchBot:
    defaults = {"seconds": None if "iterations" in options else registry.NORMAL_SECONDS, "width": 3,
                "confidence": 1.5}
    bot = SearchBot(**{**defaults, **_with_weights(options)})
    bot.name = "normal"
    return bot


def _hard(**options: Any) -> SearchBot:
    defaults = {"seconds": None if "iterations" in options else registry.HARD_SECONDS, "width": 5,
                "confidence": 2.5, "min_rounds": 4, "opponents": "play"}
    bot = SearchBot(**{**defaults, **_with_weights(options)})
    bot.name = "hard"
    return bot


BOTS: dict[str, BotMaker] = {
    "easy": BotMaker(_easy, GREEDY_OPTIONS),
    "greedy": BotMaker(_greedy, GREEDY_OPTIONS),
    "normal": BotMaker(_normal, SEARCH_OPTIONS),
    "hard": BotMaker(_hard, SEARCH_OPTIONS),
    "mcts": BotMaker(_mcts, SEARCH_OPTIONS),
}
"""Concordia's own bots; they replace the generic bots of the same name (``engine.bots.registry``)."""


__all__ = ["BOTS", "DEFAULT", "GreedyBot", "SearchBot", "Weights", "determinize", "evaluate"]
