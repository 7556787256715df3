"""The generic greedy bot: one decision of lookahead, judged by the game's own ``evaluate``.

For any game of the registry that brings an ``evaluate(state, player)`` (``engine/<id>/bots/``): the bot
samples one full state from its view (``determinize``), applies each legal action to a copy, and takes the
action whose result ``evaluate`` likes best for the seat deciding. When the same seat decides again right
after (a turn made of several decisions: move, then build), the candidate is judged after those own
decisions played one-step greedily (at most ``follow`` of them), so that a step is valued by what it
allows. ``temperature`` > 0 makes it choose at random among good actions (a softmax over the values, the
``easy`` level). A game may replace it with a stronger bot of its own (Concordia judges a decision at
the end of the whole turn).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from . import clock
from .hooks import Determinize, Evaluate, clone_view
from .options import check_not_negative, check_seconds

DEFAULT_SECONDS = 2.0
"""Think-time limit per decision: actions not valued in time are skipped (one is always valued)."""

FOLLOW = 6
"""Own decisions in a row a candidate is followed by before it is judged (see ``follow_own``)."""


def one_step(
    state: Any, legal: Sequence[Any], evaluate: Evaluate, deadline: float | None = None
) -> list[tuple[Any, float]]:
    """Each legal action (in order, until the deadline) with ``evaluate`` of its result for the seat deciding."""
    p = state.current_player
    out: list[tuple[Any, float]] = []
    for a in legal:
        if deadline is not None and out and clock.now() > deadline:
            break
        c = state.clone()
        c.apply(a)
        out.append((a, float(evaluate(c, p))))
    return out


def follow_own(state: Any, p: int, steps: int, evaluate: Evaluate, deadline: float | None = None) -> Any:
    """``state`` after at most ``steps`` more decisions of ``p`` in a row, each the one-step best (in place).

    A turn of many games is several decisions of one seat (move, then build); judging a move before the
    build it allows would never move. Stops when another seat decides, the game ends or the deadline passes.
    """
    for _ in range(steps):
        if state.is_over or state.current_player != p or (deadline is not None and clock.now() > deadline):
            break
        ranked = one_step(state, state.legal_actions(), evaluate, deadline)
        state.apply(max(ranked, key=lambda x: x[1])[0])
    return state


def value_after(state: Any, action: Any, evaluate: Evaluate, follow: int, deadline: float | None = None) -> float:
    """``evaluate`` for the seat deciding after ``action`` and up to ``follow`` more of its own decisions."""
    p = state.current_player
    c = state.clone()
    c.apply(action)
    return float(evaluate(follow_own(c, p, follow, evaluate, deadline), p))


class GreedyBot:
    """One-decision lookahead over the game's ``evaluate`` (see the module docstring)."""

    name = "greedy"

    def __init__(
        self,
        evaluate: Evaluate,
        determinize: Determinize = clone_view,
        temperature: float = 0.0,
        seconds: float | None = DEFAULT_SECONDS,
        follow: int = FOLLOW,
    ) -> None:
        check_seconds(seconds)
        check_not_negative(temperature=temperature)
        self.evaluate = evaluate
        self.determinize = determinize
        self.temperature = temperature
        self.seconds = seconds
        self.follow = follow
        """Own decisions in a row played (one-step greedy) after a candidate before it is judged."""

    def rank(self, state: Any, legal: Sequence[Any], deadline: float | None = None) -> list[tuple[Any, float]]:
        """Every legal action valued in time with its value, best first (stable among equals)."""
        ranked: list[tuple[Any, float]] = []
        for a in legal:
            if deadline is not None and ranked and clock.now() > deadline:
                break
            ranked.append((a, value_after(state, a, self.evaluate, self.follow, deadline)))
        ranked.sort(key=lambda x: -x[1])
        return ranked

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        deadline = None if self.seconds is None else clock.now() + self.seconds
        ranked = self.rank(self.determinize(view, rng), legal_actions, deadline)
        if self.temperature <= 0:
            return ranked[0][0]
        top = ranked[0][1]
        weights = [math.exp((v - top) / self.temperature) for _a, v in ranked]
        return rng.choices([a for a, _v in ranked], weights=weights)[0]

    def explain(
        self, view: Any, legal_actions: Sequence[Any], rng: random.Random, top: int = 3
    ) -> list[tuple[Any, float, str]]:
        """The ``top`` best actions with their value and the change of the position's value in words."""
        state = self.determinize(view, rng)
        before = float(self.evaluate(state, state.current_player))
        ranked = self.rank(state, legal_actions)
        return [(a, round(v, 1), f"position {v - before:+.1f}") for a, v in ranked[:top]]


__all__ = ["DEFAULT_SECONDS", "FOLLOW", "GreedyBot", "follow_own", "one_step", "value_after"]
