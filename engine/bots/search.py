"""The generic search bot: flat Monte Carlo for any game that brings ``evaluate`` and ``determinize``.

For one decision:

1. The generic greedy ranking (every legal action applied to one sampled state and valued with the game's
   ``evaluate``) keeps the best ``width`` candidates.
2. Rounds of playouts: each round samples one full state from the view (``determinize``) and plays every
   candidate on it (common random numbers: candidates are compared on the same sample). A playout applies
   the candidate, then lets every seat play at most ``depth`` further decisions with the ``policy``
   (``greedy``: the best of at most ``playout_width`` sampled actions by ``evaluate`` for the seat deciding;
   ``random``: a uniform legal action), and values the end position with ``evaluate`` for the bot's seat.
3. Racing: after every complete round (from ``min_rounds`` on) a candidate whose mean deficit to the leader
   exceeds ``confidence`` standard errors of their per-round differences is dropped; so is one that cannot
   catch the leader in the budget left (even as good as the leader from now on, it would need more than
   ``confidence`` standard deviations of luck in the rounds that still fit: the full budget would not change
   the choice). With one candidate left the decision ends early, so the budget goes to close choices.
4. The candidate with the best mean wins (its greedy value counts as one prior playout and breaks ties).

Budgets: ``seconds`` per decision or ``iterations`` playouts (reproducible with the same RNG), whichever
ends first. Whatever the options say, the bot checks the clock before every playout step and stops at
``MAX_SECONDS`` (a bot thinks in a thread nobody can kill: it must keep its own deadline).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from . import clock
from .clock import OutOfTime
from .clock import check as _check
from .greedy import GreedyBot
from .hooks import Determinize, Evaluate, clone_view
from .options import MAX_SECONDS, check_choice, check_not_negative, check_positive, check_seconds

DEFAULT_SECONDS = 1.0
"""Time budget per decision when neither seconds nor iterations are given."""

MARGIN = 0.94
"""Share of the time budget the bot plans to use; the rest absorbs the last playout step and the return."""

POLICIES: tuple[str, ...] = ("greedy", "random")

STOPS: tuple[str, ...] = ("single", "clear", "raced", "caught", "budget")
"""Why a decision ended (``last_stop``): one legal action; one candidate after the greedy ranking; racing
left one; the leader could not be caught in the budget left; the budget ran out with several candidates."""


class SearchBot:
    """Flat Monte Carlo over determinized states with short policy playouts (see the module docstring)."""

    name = "mcts"

    def __init__(
        self,
        evaluate: Evaluate,
        determinize: Determinize = clone_view,
        seconds: float | None = None,
        iterations: int | None = None,
        width: int = 4,
        depth: int = 8,
        policy: str = "greedy",
        playout_width: int = 4,
        confidence: float = 2.0,
        min_rounds: int = 3,
        catch_up: bool = True,
    ) -> None:
        if seconds is None and iterations is None:
            seconds = DEFAULT_SECONDS
        check_seconds(seconds, MAX_SECONDS)
        check_positive(iterations=iterations, width=width, playout_width=playout_width)
        check_not_negative(depth=depth, confidence=confidence)
        check_choice("policy", policy, POLICIES)
        self.evaluate = evaluate
        self.determinize = determinize
        self.seconds = seconds
        """Time budget per decision, or None for an iteration budget only (still capped at ``MAX_SECONDS``)."""
        self.iterations = iterations
        self.width = width
        """Candidates kept from the greedy ranking."""
        self.depth = depth
        """Decisions (of any seat) a playout plays after the candidate before it is valued."""
        self.policy = policy
        self.playout_width = playout_width
        """Actions the greedy policy values per playout decision (a random sample when there are more)."""
        self.confidence = confidence
        self.min_rounds = max(2, min_rounds)
        self.catch_up = catch_up
        """Whether a candidate that cannot catch the leader in the budget left is dropped (see ``race_left``)."""
        self.greedy = GreedyBot(evaluate, determinize, seconds=None)
        self.last_playouts = 0
        """Playouts completed for the last decision (for tests and benchmarks)."""
        self.last_stop = "single"
        """Why the last decision ended (one of ``STOPS``; for tests and benchmarks)."""

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        self.last_playouts = 0
        self.last_stop = "single"
        if len(legal_actions) == 1:
            return legal_actions[0]
        start = clock.now()
        budget = min(self.seconds if self.seconds is not None else MAX_SECONDS, MAX_SECONDS)
        deadline = start + budget * MARGIN
        p = view.current_player
        first = self.determinize(view, rng)
        # the ranking may use at most half the budget, so that some playouts happen on a busy machine
        ranked = self.greedy.rank(first, legal_actions, start + budget * MARGIN / 2)
        candidates = [a for a, _v in ranked[: self.width]]
        self.last_stop = "clear"
        if len(candidates) == 1:
            return candidates[0]
        prior: dict[Any, float] = dict(ranked)
        values: dict[Any, list[float]] = {a: [] for a in candidates}
        alive = list(candidates)
        done = 0
        searching = clock.now()
        self.last_stop = "budget"
        try:
            while len(alive) > 1 and (self.iterations is None or done < self.iterations):
                seed = rng.getrandbits(32)
                guess = self.determinize(view, random.Random(seed))
                for a in alive:
                    if self.iterations is not None and done >= self.iterations:
                        break
                    _check(deadline)
                    values[a].append(self.playout(guess, a, p, random.Random(seed + 1), deadline))
                    done += 1
                left = math.inf
                if self.catch_up:
                    left = rounds_left(self.seconds, self.iterations, done, searching, deadline)
                alive, caught = race_left(alive, values, prior, self.min_rounds, self.confidence, left)
                if len(alive) == 1:
                    self.last_stop = "caught" if caught else "raced"
        except OutOfTime:
            pass
        self.last_playouts = done
        rounds = min(len(values[a]) for a in alive)  # only complete rounds: one sample for every candidate

        def mean(a: Any) -> float:
            return float(sum(values[a][:rounds]) + prior[a]) / (rounds + 1)

        return max(alive, key=lambda a: (mean(a), prior[a]))

    def playout(self, guess: Any, action: Any, p: int, rng: random.Random, deadline: float) -> float:
        """``evaluate`` for ``p`` after ``action`` and at most ``depth`` decisions of the policy."""
        s = guess.clone()
        s.apply(action)
        for _ in range(self.depth):
            if s.is_over:
                break
            _check(deadline)
            legal = s.legal_actions()
            if len(legal) == 1 or self.policy == "random":
                s.apply(legal[rng.randrange(len(legal))])
                continue
            tried = rng.sample(legal, self.playout_width) if len(legal) > self.playout_width else legal
            best = max(_valued(s, tried, self.evaluate, deadline), key=lambda x: x[1])[0]
            s.apply(best)
        return float(self.evaluate(s, p))

    def explain(
        self, view: Any, legal_actions: Sequence[Any], rng: random.Random, top: int = 3
    ) -> list[tuple[Any, float, str]]:
        """The greedy ranking's hint (fast enough for a key press)."""
        return self.greedy.explain(view, legal_actions, rng, top)


def _valued(s: Any, actions: Sequence[Any], evaluate: Evaluate, deadline: float) -> list[tuple[Any, float]]:
    q = s.current_player
    out = []
    for a in actions:
        _check(deadline)
        c = s.clone()
        c.apply(a)
        out.append((a, float(evaluate(c, q))))
    return out


def rounds_left(seconds: float | None, iterations: int | None, done: int, searching: float, deadline: float) -> float:
    """How many more rounds of two candidates (the leader and one rival) the budget still allows.

    With a time budget it is the time left over the mean time of a playout so far; with an iteration budget
    alone it is the playouts left (the clock is not read, so the choice stays reproducible).
    """
    left = math.inf
    if iterations is not None:
        left = (iterations - done) / 2
    if seconds is not None and done:
        per_playout = (clock.now() - searching) / done
        left = min(left, max(0.0, deadline - clock.now()) / (2 * per_playout))
    return left


def race_left(
    alive: list[Any],
    values: dict[Any, list[float]],
    prior: dict[Any, float],
    min_rounds: int,
    confidence: float,
    left: float = math.inf,
) -> tuple[list[Any], bool]:
    """The candidates still in the race after a complete round (see step 3 of the module docstring), and
    whether any was dropped because it cannot catch the leader in the ``left`` rounds the budget allows.

    Candidates of one round were played on the same sample, so they are compared pairwise: one goes when its
    mean deficit to the leader exceeds ``confidence`` standard errors of the per-round differences, or when
    its total deficit (with the priors; less what it gains in the ``left`` rounds if it has been gaining)
    exceeds ``confidence`` standard deviations of the per-round differences times the square root of
    ``left``: the rounds that fit would not let it overtake but by a fluke of that size.
    """
    n = min(len(values[a]) for a in alive)
    if n < min_rounds or n != max(len(values[a]) for a in alive):
        return alive, False
    leader = max(alive, key=lambda a: (sum(values[a]) + prior[a], prior[a]))
    kept = [leader]
    lead = values[leader]
    caught = False
    for a in alive:
        if a == leader:
            continue
        diffs = [x - y for x, y in zip(lead, values[a], strict=True)]
        m = sum(diffs) / n
        var = sum((d - m) ** 2 for d in diffs) / (n - 1)
        if m >= 0 and m * m * n >= confidence * confidence * var:
            continue
        # the deficit left after the rounds that fit, if the rival keeps gaining as it did (never assumed worse)
        gap = sum(diffs) + prior[leader] - prior[a] + max(0.0, left) * min(m, 0.0) if math.isfinite(left) else 0.0
        if gap > 0 and gap * gap > confidence * confidence * var * max(0.0, left):
            caught = True
            continue
        kept.append(a)
    return kept, caught


def race(
    alive: list[Any], values: dict[Any, list[float]], prior: dict[Any, float], min_rounds: int, confidence: float
) -> list[Any]:
    """``race_left`` with an unlimited budget: only the candidates clearly behind the leader are dropped."""
    return race_left(alive, values, prior, min_rounds, confidence)[0]


__all__ = ["DEFAULT_SECONDS", "MARGIN", "STOPS", "OutOfTime", "SearchBot", "race", "race_left", "rounds_left"]
