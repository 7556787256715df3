"""Comparing a few candidate actions on sampled states, within a deadline: the core the look-ahead bots share.

A look-ahead bot (Massilia's and Colosseum's ``hard``) values each candidate on one or more sampled states
(``determinize``d views) and takes the best sum. The values of different samples are only comparable when
every candidate was valued on the same ones, so when the deadline cuts a sample short its partial values are
dropped, unless it is the first: then the candidates it reached are compared among themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .clock import check

A = TypeVar("A")


def best_on_samples(
    candidates: Sequence[A],
    samples: int,
    guess: Callable[[int], Any],
    value: Callable[[Any, A], float],
    out_of_time: type[Exception],
) -> tuple[A, str]:
    """The candidate whose ``value`` summed over ``samples`` states (``guess(i)`` is the i-th) is highest,
    the earlier candidate on equal sums, and how the search stopped: ``searched`` (every sample valued) or
    ``timeout`` (``value`` raised ``out_of_time``)."""
    chosen = list(candidates)
    totals = dict.fromkeys(chosen, 0.0)
    valued: dict[A, float] = {}
    stop = "searched"
    i = 0
    try:
        for i in range(samples):
            state = guess(i)
            valued = {}
            for a in chosen:
                valued[a] = value(state, a)
            for a in chosen:
                totals[a] += valued[a]
    except out_of_time:
        stop = "timeout"
        if i == 0:
            chosen = [a for a in chosen if a in valued] or chosen[:1]
            totals = valued or totals
    order = {a: n for n, a in enumerate(chosen)}
    return max(chosen, key=lambda a: (totals[a], -order[a])), stop


__all__ = ["best_on_samples"]


S = TypeVar("S")


def best_after(
    state: S, actions: Sequence[A], play: Callable[[S, A], None], value: Callable[[S], float], deadline: float | None
) -> S:
    """The copy of ``state`` that ``value`` likes best after ``play`` carried out one of ``actions`` on it (with
    whatever follows it: the rest of a turn, the own follow-up); the earliest on equal values. The clock is
    checked before each copy (``OutOfTime``)."""
    best: S | None = None
    best_value = 0.0
    for a in actions:
        check(deadline)
        c = state.clone()  # type: ignore[attr-defined]
        play(c, a)
        v = value(c)
        if best is None or v > best_value:
            best, best_value = c, v
    assert best is not None
    return best
