"""Massilia's ``hard`` (and ``normal``) bot: the greedy choice checked against the other merchants' replies.

Why not the generic flat Monte Carlo (``engine.bots.search``): its playouts choose by the best of 4 random
samples, one decision at a time, and stop after 16 decisions. A USE is several decisions (take, as, then the
action's own choices), so such a playout spoils most USEs it starts; a die taken then looks worse than a pass,
and the search passed on the first day while greedy bots kept acting (measured: 0 wins in 8 games against
three greedy bots, 24 against 42 reputation).

What this bot does instead, at a D-TURN (take a die or pass, the decision that matters):

1. rank every legal action as the greedy bot does (the action, then the seat's own decisions after it played
   one-step greedily, valued with ``evaluate``) and keep the best ``width`` that are at most ``prune``
   reputation points below the best;
2. for each candidate play on: the bot's own USE to its end, then every other decision up to the bot's next
   D-TURN of the same day (the other merchants' USEs and passes, a tax or Pluto in between), each the greedy
   bot's choice (with its follow-up, as the greedy bots at the table choose); if the bot is to take a turn
   again, its best greedy value there is the candidate's value, else ``evaluate`` at the stop;
3. take the candidate with the best value (the greedy ranking breaks ties). Past ``MARGIN`` of the time limit
   the candidates played on so far on the same sample are compared (the greedy best if it was alone).

Within a day nothing is rolled (the dice were rolled in phase II), so one sampled state (``determinize``: the
others' cards and the deck; their money and stones are the table's public count, ruling 21) per ``samples``
makes the look-ahead nearly exact: it sees which die a rival will take before the bot's next turn, whether a
customer moves away, what the consul costs. Every other decision (keeping dice, the USE's own choices) is the
greedy bot's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any

from engine.bots import clock
from engine.bots.clock import OutOfTime, check
from engine.bots.greedy import DEFAULT_SECONDS, FOLLOW, GreedyBot, follow_own
from engine.bots.options import check_not_negative, check_positive, check_seconds
from engine.bots.samples import best_after, best_on_samples

from ..state import GameState
from . import determinize, evaluate

HARD_WIDTH = 3
"""Candidates of the greedy ranking the ``hard`` level plays on."""
NORMAL_WIDTH = 2
"""Candidates of the ``normal`` level."""
PRUNE = 4.0
"""Candidates whose greedy value is more than this many reputation points below the greedy best are not
played on (the replies seldom turn such a gap, and each candidate costs a few greedy decisions)."""
MARGIN = 0.85
"""Share of the time limit the look-ahead plans to use: a greedy step begun just before the deadline must
still end inside the limit (``SafeBot`` plays a fallback for a bot 10 % over it)."""
HORIZON = 40
"""Decisions at most played after a candidate's own USE (a bound; a day of four merchants needs far fewer
between two turns of one seat)."""


def greedy_step(s: GameState, follow: int, deadline: float | None) -> GameState:
    """The state after the seat deciding in ``s`` takes the greedy bot's choice and its own follow-up.

    Each legal action is applied to a copy and followed by at most ``follow`` more own decisions, each the
    one-step best (``follow_own``); the copy that ``evaluate`` likes best for that seat is returned, so the
    follow-up is played, not only valued (the state's own dice generator makes a copy's future the same).
    """
    q = s.current_player
    legal = s.legal_actions()
    if len(legal) == 1:
        c = s.clone()
        c.apply(legal[0])
        return c

    def play(c: GameState, a: Any) -> None:
        c.apply(a)
        follow_own(c, q, follow, evaluate, deadline)

    best = best_after(s, legal, play, lambda c: float(evaluate(c, q)), deadline)
    check(deadline)
    return best


def best_turn_value(s: GameState, p: int, follow: int, deadline: float | None) -> float:
    """``p``'s greedy value of the D-TURN he faces in ``s``: his best action with its follow-up."""
    best = -float("inf")
    for a in s.legal_actions():
        check(deadline)
        c = s.clone()
        c.apply(a)
        best = max(best, float(evaluate(follow_own(c, p, follow, evaluate, deadline), p)))
    check(deadline)
    return best


def reply_value(s: GameState, action: Any, p: int, follow: int, deadline: float | None) -> float:
    """The value for ``p`` of ``action`` (a D-TURN) once the others have replied (step 2 of the module docstring).

    The others reply with one D-TURN each (those who have not passed), so a pass is judged after the same
    replies as a die taken, not after the rest of the day.
    """
    c = s.clone()
    c.apply(action)
    follow_own(c, p, follow, evaluate, deadline)
    day = c.round
    replies = sum(1 for q, pl in enumerate(c.players) if q != p and not pl.passed)
    for _ in range(HORIZON):
        if c.is_over or c.round != day or c.phase != "actions":
            break
        if c.decision == "turn":
            if c.current_player == p:
                return best_turn_value(c, p, follow, deadline)
            if replies == 0:
                break
            replies -= 1
        c = greedy_step(c, follow, deadline)
    check(deadline)
    return float(evaluate(c, p))


class LookaheadBot:
    """Greedy, with each D-TURN's best candidates played on to the bot's next turn (see the module docstring)."""

    name = "hard"

    def __init__(
        self,
        width: int = HARD_WIDTH,
        samples: int = 1,
        seconds: float | None = None,
        follow: int = FOLLOW,
        prune: float = PRUNE,
        count: bool = True,
    ) -> None:
        check_positive(width=width, samples=samples)
        check_not_negative(follow=follow, prune=prune)
        check_seconds(seconds)
        self.width = width
        self.samples = samples
        self.seconds = seconds
        """Time limit per decision (None: none, reproducible); past it the greedy choice is taken."""
        self.follow = follow
        self.prune = prune
        """Greedy-value gap (reputation points) below the greedy best beyond which a candidate is not played on."""
        self.count = count
        """Whether the others' money and stones are the table's count of their payments (``determinize``; False:
        guessed, as the bot played before the count was used, for comparisons)."""
        self.determinize = determinize if count else partial(determinize, count=False)
        greedy_seconds = None if seconds is None else min(seconds, DEFAULT_SECONDS)
        self.greedy = GreedyBot(evaluate, self.determinize, seconds=greedy_seconds, follow=follow)
        """The greedy bot that makes every other decision (with its own limit, at most ``DEFAULT_SECONDS``)."""
        self.last_stop = "single"
        """How the last decision was made: single, greedy (not a D-TURN or one candidate), searched, timeout."""

    def choose(self, view: GameState, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            self.last_stop = "single"
            return legal_actions[0]
        self.last_stop = "greedy"
        if view.decision != "turn" or self.width == 1:
            return self.greedy.choose(view, legal_actions, rng)
        deadline = None if self.seconds is None else clock.now() + self.seconds * MARGIN
        p = view.current_player
        seeds = [rng.getrandbits(32) for _ in range(self.samples)]
        first = self.determinize(view, random.Random(seeds[0]))
        ranked = self.greedy.rank(first, legal_actions, deadline)
        top = ranked[0][1]
        candidates = [a for a, v in ranked[: self.width] if v >= top - self.prune]
        if len(candidates) == 1:
            return candidates[0]
        # out of time, the candidates valued on the same samples are compared (on the first sample those it
        # reached), the greedy order breaking ties
        choice, self.last_stop = best_on_samples(
            candidates,
            self.samples,
            lambda i: first if i == 0 else self.determinize(view, random.Random(seeds[i])),
            lambda guess, a: reply_value(guess, a, p, self.follow, deadline),
            OutOfTime,
        )
        return choice

    def explain(
        self, view: GameState, legal_actions: Sequence[Any], rng: random.Random, top: int = 3
    ) -> list[tuple[Any, float, str]]:
        """The greedy ranking's hint (fast enough for a key press)."""
        return self.greedy.explain(view, legal_actions, rng, top)


__all__ = [
    "HARD_WIDTH",
    "HORIZON",
    "MARGIN",
    "NORMAL_WIDTH",
    "PRUNE",
    "LookaheadBot",
    "best_turn_value",
    "check",
    "greedy_step",
    "reply_value",
]
