"""The search bot: flat Monte Carlo over determinised deck orders, on top of the greedy bot.

For one decision:

1. The greedy bot ranks every legal action (each judged at the end of the own turn) and keeps the best
   ``width`` candidates (fewer when the rest are far behind).
2. Rounds of playouts: each round guesses one deck order (``view.determinize``) and plays every candidate
   on it (common random numbers: the candidates are compared on the same guess). A playout applies the
   candidate, finishes the own turn greedily, then plays the own next turn with the greedy policy (every
   card tried) as if the others had passed (``opponents="skip"``, the default: a plan over two own turns)
   or after one fast greedy turn of every other seat (``opponents="play"``, the hard level), and values the
   position with ``relative_value`` (own side minus the opponents). The greedy evaluation cuts the playouts
   short: a whole game is never played out. With ``opponents="skip"``, ``horizon`` sets how many own turns follow
   the current one (1 by default; 2 measured weaker: a plan over three turns with everyone else passing is
   too optimistic).
3. Racing: after every complete round (from the third on) a candidate whose mean deficit to the leader is
   larger than ``confidence`` standard errors of their per-round differences is dropped, and so is one that
   cannot catch the leader in the rounds the budget still allows (``engine.bots.search.race_left``); when
   one is left the decision ends early, so the budget goes to close choices.
4. The candidate with the best mean wins (the greedy value breaks ties and counts as a prior playout).

Budgets: ``seconds`` (a time budget per decision, never exceeded by more than a few percent: playouts
check the clock) or ``iterations`` (a fixed number of playouts: with the same RNG the choice is always the
same, which tests and bug reports need). With both, whichever ends first. Whatever the options say, a
decision ends after ``MAX_SECONDS`` (60 s): the playouts check the clock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.bots import clock
from engine.bots.clock import OutOfTime
from engine.bots.clock import check as _check
from engine.bots.options import MAX_SECONDS, check_choice, check_positive, check_seconds
from engine.bots.samples import best_after
from engine.bots.search import race_left, rounds_left
from engine.concordia.actions import Action, Move
from engine.concordia.state import GameState

from .evaluation import DEFAULT, Weights, progress, relative_value
from .greedy import ROLLOUT_MOVES, GreedyBot, Reason, finish_turn

PLAYOUT_WIDTH = 3
"""Cards an opponent considers in a playout at the start of its turn (a random sample, to keep playouts fast)."""

OWN_WIDTH = 6
"""Cards the own side considers at the start of its next turn in a playout."""

DEFAULT_SECONDS = 1.0
"""Time budget per decision when neither seconds nor iterations are given."""

MARGIN = 0.94
"""Share of the time budget the bot plans to use; the rest absorbs the last playout and the return."""


class SearchBot:
    """Flat Monte Carlo over determinised deck orders with greedy-cut playouts (see the module docstring)."""

    name = "mcts"

    def __init__(
        self,
        seconds: float | None = None,
        iterations: int | None = None,
        width: int = 4,
        playout_width: int = PLAYOUT_WIDTH,
        prune: float = 6.0,
        opponents: str = "skip",
        weights: Weights = DEFAULT,
        min_rounds: int = 3,
        confidence: float = 2.0,
        horizon: int = 1,
        catch_up: bool = True,
    ) -> None:
        if seconds is None and iterations is None:
            seconds = DEFAULT_SECONDS
        check_choice("opponents", opponents, ("play", "skip"))
        self.opponents = opponents
        """"skip" (default): the other seats pass, a playout is a plan over the own turn and the next one;
        "play": they play one sampled fast greedy turn each in between (slower, noisier; see README)."""
        check_seconds(seconds, MAX_SECONDS)
        check_positive(iterations=iterations)
        if horizon != int(horizon) or horizon < 0:
            raise ValueError("the horizon must be a whole number of turns, 0 or more")
        self.seconds = seconds
        """Time budget per decision, or None for an iteration budget only."""
        self.iterations = iterations
        self.width = width
        """Candidates kept from the greedy ranking."""
        self.playout_width = playout_width
        self.prune = prune
        """Candidates more than this many VP behind the greedy best are not searched."""
        self.weights = weights
        self.min_rounds = max(2, min_rounds)
        """Rounds every candidate plays before any is dropped."""
        self.confidence = confidence
        """Standard errors a candidate must be behind the leader to be dropped (see ``_race``)."""
        self.horizon = int(horizon)
        """Own turns after the current one that a playout plans (``opponents="skip"``)."""
        self.catch_up = catch_up
        """Whether a candidate that cannot catch the leader in the budget left is dropped (False: only
        candidates clearly behind are, the bot as it was before; for comparing the two in tournaments)."""
        self.greedy = GreedyBot(weights=weights)
        self.last_playouts = 0
        """Playouts completed for the last decision (for benchmarks)."""
        self.last_stop = "single"
        """Why the last decision ended (one of ``engine.bots.search.STOPS``; for tests and benchmarks)."""

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        self.last_playouts = 0
        self.last_stop = "single"
        if len(legal_actions) == 1:
            return legal_actions[0]
        start = clock.now()
        # an iteration budget alone still stops at MAX_SECONDS: a bot thinks in a thread nobody can kill
        budget = min(self.seconds if self.seconds is not None else MAX_SECONDS, MAX_SECONDS)
        deadline = start + budget * MARGIN
        p = view.current_player
        first = view.determinize(rng)
        # the greedy ranking may use at most half the budget, so that some playouts happen on a busy machine
        rank_deadline = start + budget * MARGIN / 2
        ranked = self.greedy.rank(first, legal_actions, rank_deadline)
        best_v = ranked[0][1]
        candidates = [a for a, v, _s in ranked[: self.width] if v >= best_v - self.prune]
        self.last_stop = "clear"
        if len(candidates) == 1:
            return candidates[0]
        prior = {a: v for a, v, _s in ranked}
        values: dict[Action, list[float]] = {a: [] for a in candidates}
        alive = list(candidates)
        remaining = 1.0 - progress(view)
        done = 0
        searching = clock.now()
        self.last_stop = "budget"
        try:
            while len(alive) > 1 and (self.iterations is None or done < self.iterations):
                seed = rng.getrandbits(32)
                guess = view.determinize(random.Random(seed))
                for a in alive:
                    if self.iterations is not None and done >= self.iterations:
                        break
                    _check(deadline)
                    values[a].append(self.playout(guess, a, p, random.Random(seed + 1), remaining, deadline))
                    done += 1
                if not self.catch_up:
                    alive = self._race(alive, values, prior)
                    caught = False
                else:
                    left = rounds_left(self.seconds, self.iterations, done, searching, deadline)
                    alive, caught = race_left(alive, values, prior, self.min_rounds, self.confidence, left)
                if len(alive) == 1:
                    self.last_stop = "caught" if caught else "raced"
        except OutOfTime:
            pass
        self.last_playouts = done
        # only complete rounds count: an unfinished round would compare candidates on different deck guesses
        rounds = min(len(values[a]) for a in alive)

        def mean(a: Action) -> float:
            return (sum(values[a][:rounds]) + prior[a]) / (rounds + 1)

        return max(alive, key=lambda a: (mean(a), prior[a]))

    def _race(self, alive: list[Action], values: dict[Action, list[float]], prior: dict[Action, float]) -> list[Action]:
        """Drop the candidates that are clearly behind the leader after a complete round.

        The candidates of one round were played on the same deck guess, so they are compared pairwise: a
        candidate goes when its mean deficit to the leader exceeds ``confidence`` standard errors of the
        per-round differences (or it ends in exactly the same values, a duplicate). With one candidate
        left the decision is made early: time goes where the choice is close.
        """
        return race_left(alive, values, prior, self.min_rounds, self.confidence)[0]

    def playout(
        self, guess: GameState, action: Action, p: int, rng: random.Random, remaining: float, deadline: float | None
    ) -> float:
        """Value for ``p`` after ``action`` and the rest of the own turn, then ``horizon`` own turns with the
        others passing ("skip"), or one turn of every other seat and the own next turn ("play"); the game's
        end stops a playout early."""
        s = guess.clone()
        turn = s.turn
        s.apply_legal(action)
        w = self.weights
        finish_turn(s, turn, remaining, deadline, 0 if isinstance(action, Move) else ROLLOUT_MOVES, w)
        if self.opponents == "skip":
            for _ in range(self.horizon):
                if s.over or s.turn == turn:
                    break
                _check(deadline)
                turn = s.turn
                s.active = p  # the own next turn as if the others passed: a plan over several own turns
                s = _playout_turn(s, rng, 0, remaining, deadline, w)
            return relative_value(s, p, remaining, w)
        for _ in range(s.n):
            if s.over:
                break
            _check(deadline)
            mine = s.active == p or s.active == s.partner(p)
            s = _playout_turn(s, rng, OWN_WIDTH if mine else self.playout_width, remaining, deadline, w)
        return relative_value(s, p, remaining, w)

    def explain(
        self, view: Any, legal_actions: Sequence[Any], rng: random.Random, top: int = 3
    ) -> list[tuple[Any, float, Reason]]:
        """The hint of the greedy evaluation (fast enough for a key press)."""
        return self.greedy.explain(view, legal_actions, rng, top)


def _playout_turn(
    s: GameState, rng: random.Random, width: int, remaining: float, deadline: float | None, w: Weights = DEFAULT
) -> GameState:
    """One whole turn of ``s.active`` with the fast greedy policy; returns the position after it.

    At the card choice at most ``width`` playable cards (chosen at random; 0 = all) are tried, each finished
    with the one-step greedy policy and judged by ``relative_value`` for the seat playing; later decisions
    of the turn are one-step greedy.
    """
    turn = s.turn
    legal = s.legal_actions()
    if s.frames or len(legal) == 1:
        finish_turn(s, turn, remaining, deadline, w=w)
        return s
    p = s.current_player
    plays: list[Action] = list(legal)
    if width and len(plays) > width:
        plays = rng.sample(plays, width)

    def play(c: GameState, a: Action) -> None:
        c.apply_legal(a)
        finish_turn(c, turn, remaining, deadline, w=w)

    return best_after(s, plays, play, lambda c: relative_value(c, p, remaining, w), deadline)


__all__ = ["OutOfTime", "SearchBot"]
