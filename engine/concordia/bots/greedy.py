"""The greedy bot: one decision of lookahead, judged at the end of the own turn.

A Concordia turn is several decisions (a card, then moves, builds, trades, purchases ...), so a decision is
never judged halfway: for each legal action the bot applies it to a copy of its view (with one guessed deck
order), lets the rest of the turn be played by the one-step greedy policy (every later decision of the turn
picks the action whose immediate result ``side_value`` likes best; another seat's storehouse overflow the
same way for that seat), and then values the position with ``relative_value``. The best action wins.

``explain`` gives the UI's hint: the best few actions with their value and their reason as ids with parameters.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from engine.bots import clock
from engine.bots.options import MAX_SECONDS, check_seconds
from engine.concordia import model
from engine.concordia.actions import Action, Move
from engine.concordia.model import GOODS
from engine.concordia.scoring import score_player
from engine.concordia.state import GameState

from .evaluation import DEFAULT, Weights, progress, relative_value, side_value

MAX_TURN_STEPS = 60
"""Guard: decisions a roll-out of the rest of one turn may take (a turn has far fewer)."""

DEFAULT_SECONDS = 2.0
"""The greedy bot's think-time limit per decision."""

ROLLOUT_MOVES = 2
"""Architect moves a roll-out of the rest of a turn may make when the decision itself is not a move."""


def one_step(
    s: GameState, legal: Sequence[Action], remaining: float, deadline: float | None = None, w: Weights = DEFAULT
) -> Action:
    """The action whose immediate result is best for the seat deciding (no further lookahead).

    Past the ``deadline`` the best action found so far is taken.
    """
    p = s.current_player
    best = legal[0]
    best_v = -math.inf
    for a in legal:
        if deadline is not None and best_v > -math.inf and clock.now() > deadline:
            break
        c = s.clone()
        c.apply_legal(a)
        v = side_value(c, p, remaining, w)
        if v > best_v:
            best, best_v = a, v
    return best


def finish_turn(
    s: GameState,
    turn: int,
    remaining: float,
    deadline: float | None = None,
    moves: int = ROLLOUT_MOVES,
    w: Weights = DEFAULT,
) -> None:
    """Play the rest of turn number ``turn`` with the one-step greedy policy (in place).

    At most ``moves`` Architect moves are made (each weighs every free route; more would make a roll-out
    quadratic in the number of routes); after that only builds and ``done`` are considered.
    """
    for _ in range(MAX_TURN_STEPS):
        if s.over or s.turn != turn:
            return
        legal = s.legal_actions()
        if moves <= 0 and s.decision == "architect":
            legal = [a for a in legal if not isinstance(a, Move)]
        if len(legal) == 1 or (deadline is not None and clock.now() > deadline):
            s.apply_legal(legal[0] if len(legal) == 1 else _cheap_default(legal))
            continue
        a = one_step(s, legal, remaining, deadline, w)
        if isinstance(a, Move):
            moves -= 1
        s.apply_legal(a)


def _cheap_default(legal: Sequence[Action]) -> Action:
    """Out of time: end the current decision if possible (``done`` is always last when it is offered)."""
    return legal[-1]


def value_after(
    state: GameState, action: Action, p: int, remaining: float, deadline: float | None = None, w: Weights = DEFAULT
) -> tuple[float, GameState]:
    """``relative_value`` for ``p`` after ``action`` and the greedy rest of the turn, and that position."""
    s = state.clone()
    turn = s.turn
    s.apply_legal(action)
    # a move is judged by the builds it allows now (and the sites it opens); the next move is a decision
    # of its own, so the roll-out makes no further moves
    finish_turn(s, turn, remaining, deadline, 0 if isinstance(action, Move) else ROLLOUT_MOVES, w)
    return relative_value(s, p, remaining, w), s


class GreedyBot:
    """One-decision lookahead with a Concordia evaluation (see the module docstring).

    ``temperature`` > 0 makes it choose at random among good actions (a softmax over the values in VP): the
    ``easy`` level uses that to play like a beginner who sees the good moves but not always the best.
    """

    name = "greedy"

    def __init__(
        self, temperature: float = 0.0, seconds: float | None = DEFAULT_SECONDS, weights: Weights = DEFAULT
    ) -> None:
        check_seconds(seconds, MAX_SECONDS)
        self.temperature = temperature
        self.weights = weights
        """The evaluation's constants (tuning runs compare two sets)."""
        self.seconds = seconds
        """Think-time limit per decision (None: none); actions not valued in time are skipped. A decision
        takes well under a second on an idle machine: the limit only matters on a busy one."""

    def rank(
        self, state: GameState, legal: Sequence[Action], deadline: float | None = None
    ) -> list[tuple[Action, float, GameState]]:
        """Every legal action with its value and resulting position, best first (stable among equals)."""
        p = state.current_player
        remaining = 1.0 - progress(state)
        out: list[tuple[Action, float, GameState]] = []
        for a in legal:
            if deadline is not None and out and clock.now() > deadline:
                break
            v, after = value_after(state, a, p, remaining, deadline, self.weights)
            out.append((a, v, after))
        out.sort(key=lambda x: -x[1])
        return out

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        deadline = None if self.seconds is None else clock.now() + self.seconds
        state = view.determinize(rng)
        ranked = self.rank(state, legal_actions, deadline)
        if self.temperature <= 0:
            return ranked[0][0]
        top = ranked[0][1]
        weights = [math.exp((v - top) / self.temperature) for _a, v, _s in ranked]
        return rng.choices([a for a, _v, _s in ranked], weights=weights)[0]

    def explain(
        self, view: Any, legal_actions: Sequence[Any], rng: random.Random, top: int = 3
    ) -> list[tuple[Any, float, Reason]]:
        """The ``top`` best actions with their value (VP relative to the opponents) and their reason (``reason``)."""
        state = view.determinize(rng)
        p = state.current_player
        ranked = self.rank(state, legal_actions)
        return [(a, round(v, 1), reason(state, after, p)) for a, v, after in ranked[:top]]


Reason = list[tuple[str, dict[str, Any]]]
"""A hint's reason as ids with parameters, like the engine's events: ``[("builds", {"cities": ["Roma"]}),
("score", {"vp": 3})]``; the UI (``tui.concordia.events.reason_text``) puts it into words."""


def reason(before: GameState, after: GameState, p: int) -> Reason:
    """What the rest of the turn gains ``p`` after an action: houses, cards, colonists, goods, money, score."""
    b, a = before.players[p], after.players[p]
    parts: Reason = []
    new_houses = sorted(a.houses - b.houses)
    if new_houses:
        parts.append(("builds", {"cities": [after.map.cities[c].name for c in new_houses]}))
    cards = model.cards()
    bought = len(a.hand) + len(a.discard) - len(b.hand) - len(b.discard)
    if bought > 0:
        gods = sorted({g for cid in a.hand[len(a.hand) - bought:] for g in cards[cid].gods})
        parts.append(("buys", {"cards": bought, "gods": gods}))
    placed = len(a.colonists) - len(b.colonists)
    if placed > 0:
        parts.append(("places", {"colonists": placed}))
    gained = [[g, n] for g, n in zip(GOODS, (x - y for x, y in zip(a.goods, b.goods, strict=True)), strict=True) if n]
    if gained:
        parts.append(("goods", {"changes": gained}))
    if a.salt != b.salt:  # R-SALSA-SALT
        parts.append(("salt", {"amount": a.salt - b.salt}))
    taken = [c for c in a.forum if c not in b.forum]
    if taken:
        parts.append(("forum_takes", {"cards": taken}))
    used = [c for c in b.forum if c not in a.forum]
    if used:
        parts.append(("forum_uses", {"cards": used}))
    money = a.money - b.money
    if money:
        parts.append(("money", {"amount": money}))
    if len(a.hand) > len(b.hand) + max(bought, 0):
        parts.append(("takes_back", {}))
    delta = score_player(after, p).total - score_player(before, p).total
    if delta:
        parts.append(("score", {"vp": delta}))
    return parts or [("keeps", {})]
