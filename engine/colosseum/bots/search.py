"""Colosseum's search bot (``mcts``): the generic flat Monte Carlo search
(``engine.bots.search.SearchBot``) with the Colosseum greedy's judgement in the two places it matters.

Why not the generic search as it is: in this game a turn is a move and then a field action, two decisions.
The generic search ranks candidates one decision deep, so at a move it sees only the move's cost, and its
playout policy (one decision deep as well) moves every seat 1 field a turn: its playouts are not games
anyone plays, and a ``hard`` of 3 s a decision used 106-121 s of CPU a 4-player game. Here

- the candidates are the Colosseum greedy's ranking (``greedy.value_after``: each option followed by the
  seat's own decisions of the same turn), so a move is judged by what it allows;
- a playout lets every seat play like the Colosseum greedy, but cheaper: at a move it judges at most
  ``playout_width`` destinations (the nearest, which cost nothing or least), every other decision one step
  deep (``greedy.one_step``);
- ``depth`` counts decisions after the candidate, as in the generic bot (8 for ``hard``: about one round);
- the default budget is an iteration budget (reproducible; most decisions end sooner by racing), with the
  level's seconds as a cap: a whole 4-player game of it and three greedy bots took 6-50 s of CPU,
  12 on average (README, Colosseum strength).

It was Colosseum's ``hard`` and ``normal`` until the look-ahead bot (``lookahead``) replaced them: against
three greedy bots it won 16 of 100 games (par 25), and 7 of 34 with playouts to the seat's next turn. It
stays as ``mcts`` (with the ``HARD`` settings).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.bots import clock
from engine.bots.search import OutOfTime, SearchBot

from .greedy import considered, one_step, value_after


def _evaluate(state: Any, player: int) -> float:
    from . import evaluate

    return float(evaluate(state, player))


def _determinize(view: Any, rng: random.Random) -> Any:
    return view.determinize(rng)


class OwnRunRanking:
    """The Colosseum greedy's ranking in the shape the generic search asks its ``greedy`` for."""

    def rank(self, state: Any, legal: Sequence[Any], deadline: float | None = None) -> list[tuple[Any, float]]:
        p = state.current_player
        ranked: list[tuple[Any, float]] = []
        for a in considered(legal):
            if deadline is not None and ranked and clock.now() > deadline:
                break
            ranked.append((a, value_after(state, a, p)))
        ranked.sort(key=lambda x: -x[1])
        return ranked

    def explain(
        self, view: Any, legal_actions: Sequence[Any], rng: random.Random, top: int = 3
    ) -> list[tuple[Any, float, str]]:
        """The ``top`` best actions with their value and the change of the position's value in words."""
        state = view.determinize(rng)
        before = _evaluate(state, state.current_player)
        ranked = self.rank(state, legal_actions)
        return [(a, round(v, 1), f"position {v - before:+.1f}") for a, v in ranked[:top]]


class ColosseumSearchBot(SearchBot):
    """The generic search with Colosseum's own-run ranking and a Colosseum greedy playout policy."""

    def __init__(self, **options: Any) -> None:
        super().__init__(_evaluate, _determinize, **options)
        self.greedy = OwnRunRanking()  # type: ignore[assignment]

    def playout(self, guess: Any, action: Any, p: int, rng: random.Random, deadline: float) -> float:
        """``evaluate`` for ``p`` after ``action`` and the policy's decisions up to the start of ``p``'s next
        turn (at most ``depth`` decisions; ``depth`` 0: none).

        Every candidate is valued at the same point of the game: a move valued right after it, amid a
        scoring or before the others' replies, was compared with a field action valued a whole turn later,
        and the search took cards or reset its marker where greedy (rightly) declined. Side runs of the
        helper who wrote this bot: playouts to the next turn won 4 of 12 games against three greedy bots,
        fixed-length ones 0 of 11 (seeds 3001-3012).
        """
        s = guess.clone()
        s.apply(action)
        start = s.turn
        for _ in range(self.depth):
            if s.over or (s.turn != start and s.active == p):
                break
            if clock.now() > deadline:
                raise OutOfTime
            legal = s.legal_actions()
            if len(legal) == 1:
                s.apply(legal[0])
            elif self.policy == "random":
                s.apply(legal[rng.randrange(len(legal))])
            elif s.decision == "move":
                q = s.current_player
                near = legal[: self.playout_width]  # moves are listed nearest first
                s.apply(max(near, key=lambda a: value_after(s, a, q)))
            else:
                s.apply(one_step(s, legal, s.current_player))
        return _evaluate(s, p)


NORMAL = {"seconds": 1.0, "iterations": 60, "width": 3, "depth": 24, "playout_width": 3, "confidence": 1.5}
"""A quicker setting (at most 1 s and 60 playouts a decision), Colosseum's ``normal`` before ``lookahead``."""
HARD = {"seconds": 3.0, "iterations": 150, "width": 4, "depth": 24, "playout_width": 3, "confidence": 2.0,
        "min_rounds": 4}
"""``mcts``: at most 3 s and 150 playouts a decision, each to the start of the seat's next turn (at most 24
decisions). Measured earlier with fixed-length playouts against three greedy bots, 4 games each (seeds
2001-2004, CPU clock): depth 16 won 1 with 23 s of CPU a game, depth 8 won 2 with 6-17 s."""


def make(name: str, defaults: dict[str, Any], options: dict[str, Any]) -> ColosseumSearchBot:
    """A search bot called ``name``: ``defaults`` with ``options`` over them."""
    bot = ColosseumSearchBot(**{**defaults, **options})
    bot.name = name
    return bot


__all__ = ["HARD", "NORMAL", "ColosseumSearchBot", "OwnRunRanking", "make"]
