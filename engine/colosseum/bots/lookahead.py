"""Colosseum's ``hard`` and ``normal``: each choice played on through the other builders' replies.

Why not the Monte Carlo search (``search``, now ``mcts``): the consul is shared, so where a turn leaves it
decides what the next seats can do, and what they do decides what is left for this seat's next turn. The
greedy bot looks no further than its own field action; the search's playouts let every seat play a cheaper
policy (the nearest destinations only), so they do not foresee what the greedy bots at the table do, and 150
of them a decision still compare candidates by noise. Against three greedy bots it won 16 of 100 games (par
is 25).

What this bot does at every decision with a choice (a move, a field action, a take, a reset, a discard):

1. rank the legal actions as the greedy bot does (``greedy.value_after``: the action, then the seat's own
   decisions of the same turn, valued with ``evaluate``) and keep the best ``width``;
2. for each candidate, on a sampled state (``determinize``: only the order of the face-down stacks is
   hidden), play on every decision up to the start of the bot's ``rounds``-th next turn, each the greedy
   bot's choice: the candidate's own field action and takes, the other seats' whole turns and their takes
   in every scoring (and with ``rounds`` > 1 the bot's own turns in between);
3. value the candidate there by the bot's best greedy value of the turn it then starts (the best move with
   the field action it allows), or by ``evaluate`` if the game ended;
4. take the best, summed over ``samples`` sampled states (the greedy ranking breaks ties). Past ``MARGIN``
   of the time limit the candidates valued so far on the same samples are compared.

``normal`` plays the greedy ranking's best 3 on to its next turn on one sampled state; ``hard`` the same on
3 (the hidden stacks decide what a refilled row or slot offers, and one guess made its choice noisy). Both
judge themselves as the greedy bots do (``evaluate``, movement points counted up to ``POINTS_USEFUL``).

Why ``hard`` no longer counts 4 movement points (it did, ``point_cap=4``): 4 points were worth 1.2 fame to it,
more than the 1 fame of declining a scoring, so at field D it called the stable scoring and reset its marker
for 5 points, spent them on the next turn's move of 4 fields back to D, and called it again; the other seats,
without points, moved 1 field each and declined for 1 fame. Four moves of 4+1+1+1 fields go once round the
track, so the consul came back to the same fields every round, the seats that could pay a part never reached
its field, and 3 of 20 games against three greedy bots (seed 1) ran to the 2000-turn guard.

Two rounds on (``rounds=2``) sees more of the bot's own plans: one round on, a part built now and one built
next turn look alike, so the bot may take a tile where it could build. Two rounds won as often against three
greedy bots (53 of 100), but lost to ``normal`` at one table (4 wins to 12 in 19 games): every other seat is
played as the greedy bot, and two rounds of a wrong guess mislead more than one. Measured: docs/bots.md,
"Colosseum".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any

from engine.bots import clock
from engine.bots.clock import OutOfTime
from engine.bots.clock import check as _check
from engine.bots.options import check_positive, check_seconds
from engine.bots.samples import best_on_samples

from ..state import GameState
from . import evaluate
from .greedy import GreedyBot, Judge, considered, value_after
from .search import OwnRunRanking

HARD_WIDTH = 3
"""Candidates of the greedy ranking the ``hard`` level plays on."""
HARD_ROUNDS = 1
"""Own turns ahead the ``hard`` level plays each candidate to (its next turn)."""
HARD_SAMPLES = 3
"""Sampled orders of the face-down stacks the ``hard`` level values each candidate on."""
NORMAL_WIDTH = 3
"""Candidates of the ``normal`` level."""
NORMAL_ROUNDS = 1
"""Own turns ahead the ``normal`` level plays to (its next turn)."""
MARGIN = 0.85
"""Share of the time limit the look-ahead plans to use (``SafeBot`` plays a fallback 10 % over it)."""
HORIZON = 400
"""Decisions at most played after a candidate (a bound: a round of four seats needs a few dozen)."""


_GREEDY = GreedyBot()


def greedy_action(s: GameState, judge: Judge = evaluate) -> Any:
    """The greedy bot's choice in ``s`` (its ranking's first, as the greedy bots at the table choose), or with
    another ``judge`` the choice of a greedy bot that values positions so."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if judge is evaluate:
        return _GREEDY.rank(s, legal)[0][0]
    p = s.current_player
    return max(considered(legal), key=lambda a: value_after(s, a, p, judge))


def next_turn_value(s: GameState, p: int, deadline: float | None, judge: Judge = evaluate) -> float:
    """``p``'s value of the turn starting in ``s``: the best move with the field action it allows."""
    if s.over:
        return float(judge(s, p))
    best = -float("inf")
    for a in considered(s.legal_actions()):
        _check(deadline)
        best = max(best, value_after(s, a, p, judge))
    return best


def reply_value(
    s: GameState, action: Any, p: int, rounds: int, deadline: float | None, judge: Judge = evaluate
) -> float:
    """The value for ``p`` of ``action`` once every seat has played on, greedily, to the start of ``p``'s
    ``rounds``-th next turn: the others as the greedy bot, ``p`` as a greedy bot with its own ``judge``."""
    turn = s.turn
    c = s.clone()
    c.apply(action)
    for _ in range(HORIZON * rounds):
        if c.over:
            break
        if c.phase == "move" and c.active == p and c.turn != turn:
            rounds -= 1
            if rounds == 0:
                break
            turn = c.turn
        _check(deadline)
        c.apply(greedy_action(c, judge if c.current_player == p else evaluate))
    return next_turn_value(c, p, deadline, judge)


class LookaheadBot:
    """Greedy, with the best candidates of every decision played on to the bot's next turn (module docstring)."""

    name = "hard"

    def __init__(
        self,
        width: int = HARD_WIDTH,
        rounds: int = HARD_ROUNDS,
        samples: int = HARD_SAMPLES,
        seconds: float | None = None,
        point_cap: int | None = None,
    ) -> None:
        check_positive(width=width, rounds=rounds, samples=samples, point_cap=point_cap)
        check_seconds(seconds)
        self.point_cap = point_cap
        """Movement points beyond this many are worth nothing to the bot's own judgement (None: ``evaluate``'s
        default, ``POINTS_USEFUL``, as every level plays). Above 3 the points of a marker reset outweigh the
        1 fame of a decline (``POINT`` 0.3 each), and a table with such a bot can loop without end (module
        docstring)."""
        self.judge: Judge = evaluate if point_cap is None else partial(evaluate, point_cap=point_cap)
        """How the bot values a position for itself (the others are judged as the greedy bots judge)."""
        self.width = width
        self.rounds = rounds
        """Turns of the bot's own the look-ahead plays to (1: to its next turn)."""
        self.samples = samples
        """Sampled states (stack orders) each candidate is played on; their values are added."""
        self.seconds = seconds
        """Time limit per decision (None: none, reproducible)."""
        self.last_stop = "single"
        """How the last decision was made: single, greedy (one candidate), searched, timeout."""

    def choose(self, view: GameState, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            self.last_stop = "single"
            return legal_actions[0]
        deadline = None if self.seconds is None else clock.now() + self.seconds * MARGIN
        p = view.current_player
        first = view.determinize(rng)
        ranked = [(a, value_after(first, a, p, self.judge)) for a in considered(legal_actions)]
        ranked.sort(key=lambda x: -x[1])
        candidates = [a for a, _v in ranked[: self.width]]
        self.last_stop = "greedy"
        if len(candidates) == 1:
            return candidates[0]
        choice, self.last_stop = best_on_samples(
            candidates,
            self.samples,
            lambda i: first if i == 0 else view.determinize(rng),
            lambda guess, a: reply_value(guess, a, p, self.rounds, deadline, self.judge),
            OutOfTime,
        )
        return choice

    def explain(
        self, view: GameState, legal_actions: Sequence[Any], rng: random.Random, top: int = 3
    ) -> list[tuple[Any, float, str]]:
        """The greedy ranking's hint (fast enough for a key press)."""
        return OwnRunRanking().explain(view, legal_actions, rng, top)


__all__ = [
    "HARD_ROUNDS",
    "HARD_SAMPLES",
    "HARD_WIDTH",
    "HORIZON",
    "MARGIN",
    "NORMAL_ROUNDS",
    "NORMAL_WIDTH",
    "LookaheadBot",
    "greedy_action",
    "next_turn_value",
    "reply_value",
]
