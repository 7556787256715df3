"""A Colosseum greedy bot that judges a decision at the end of the seat's own run of decisions.

Why not the generic one-decision greedy alone: in this game the move is a decision of its own, and right
after it nothing has changed but the consul's place and the marker, so a one-decision lookahead sees only
the cost of a move (points, fame) and always moves 1 field. Likewise ``tile`` is judged before the cards of
the scoring it starts are taken. This bot applies each option to a determinized copy of its view and lets
the same seat finish its consecutive decisions with the one-step policy (the field action after a move, the
take after a tile, the discards), then values the position with ``evaluate``. Other seats' decisions are not
simulated: the position is valued when another seat is to decide.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.colosseum.actions import Action, Move
from engine.colosseum.state import GameState

MAX_OWN_STEPS = 12
"""Guard: decisions of the same seat a roll-out makes (a run has far fewer)."""


def _evaluate(state: GameState, player: int) -> float:
    from . import evaluate

    return evaluate(state, player)


LOOP = 7
"""Fields of the track: a move of more lands where a move of ``LOOP`` fewer does, at ``LOOP`` more cost."""


def considered(legal: Sequence[Action]) -> list[Action]:
    """The options the Colosseum bots weigh: all but moves round the loop (``move k``, k > ``LOOP``).

    The rules allow any length (R-MOVE-TOTAL); such a move only burns points or fame, which the bots'
    judgement never wants, and with a hundred fame a hundred moves would be valued at every turn.
    """
    return [a for a in legal if not (isinstance(a, Move) and a.steps > LOOP)]


_JUDGED_AFTER = frozenset(("choice", "take"))
"""Decisions ``one_step`` judges after the rest of the seat's own run (``value_after``), not right after them."""

Judge = Callable[[GameState, int], float]
"""How a position is valued for a seat: ``evaluate`` unless a bot brings its own."""


def one_step(s: GameState, legal: Sequence[Action], p: int, judge: Judge = _evaluate) -> Action:
    """The option whose immediate result ``judge`` likes best for ``p`` (first of equals).

    At field D's choice the result is judged after ``p``'s own take of that scoring (``value_after``): right
    after the choice nothing has changed yet, so every scoring looked alike and the first (river) was chosen
    even where another would complete a part's cost. A take is judged after the discards it forces: judged
    before them, cards over the hand limit looked worth having, so a seat with a full hand took 7 cards,
    discarded 7 and lost the 1 fame of declining, and the landscape scoring it could call looked worse than
    the stable's (part of a loop to the 2000-turn guard, docs/bots.md).
    """
    best, best_v = legal[0], -math.inf
    for a in legal:
        if s.phase in _JUDGED_AFTER:
            v = value_after(s, a, p, judge)
            if v > best_v:
                best, best_v = a, v
            continue
        c = s.clone()
        c.apply(a)
        v = judge(c, p)
        if v > best_v:
            best, best_v = a, v
    return best


def value_after(state: GameState, action: Action, p: int, judge: Judge = _evaluate) -> float:
    """``judge`` (``evaluate``) for ``p`` after ``action`` and the rest of ``p``'s consecutive decisions
    (one-step policy)."""
    s = state.clone()
    s.apply(action)
    for _ in range(MAX_OWN_STEPS):
        if s.over or s.current_player != p or s.decision == "move":
            break
        legal = s.legal_actions()
        s.apply(legal[0] if len(legal) == 1 else one_step(s, legal, p, judge))
    return judge(s, p)


class GreedyBot:
    """Greedy with the own-run lookahead above; ``temperature`` > 0 picks at random among good options
    (a softmax over the values in fame), for a weaker ``easy`` level."""

    name = "greedy"

    def __init__(self, temperature: float = 0.0) -> None:
        if isinstance(temperature, bool) or not isinstance(temperature, int | float) or not 0 <= temperature <= 100:
            # what a caller passes directly, past BotMaker's check of the spec (nan fails 0 <= nan too)
            raise ValueError(f"temperature must be a number from 0 to 100, not {str(temperature)[:30]}")
        self.temperature = float(temperature)

    def rank(self, state: GameState, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        p = state.current_player
        ranked = [(a, value_after(state, a, p)) for a in considered(legal)]
        ranked.sort(key=lambda x: -x[1])
        return ranked

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        state = view.determinize(rng)
        ranked = self.rank(state, legal_actions)
        if self.temperature <= 0:
            return ranked[0][0]
        top = ranked[0][1]
        weights = [math.exp((v - top) / self.temperature) for _a, v in ranked]
        return rng.choices([a for a, _v in ranked], weights=weights)[0]
