"""R-SETUP-CARD, R-TURN-ORDER, R-HAND-LIMIT and R-END-TRIGGER/R-END-GUARD: the flow between decisions.

A turn is one move (``consul``), one field action (``storage``, ``blue``, ``field_d``) and whatever scoring
that action starts (``production``), then the next seat clockwise (R-TURN-ORDER: no rounds). Whenever a seat
gains cards its hand limit is checked (R-HAND-LIMIT); a seat over it discards one card a decision
(D-DISCARD) and the flow goes on where it stopped (``GameState.after``).
"""

from __future__ import annotations

from ..actions import DISCARDS, TAKE_CARDS, Discard, TakeCard
from ..components import CARD_TYPES, components
from ..state import GameState
from . import blue as blue_field
from . import building, field_d, production, storage

_COMP = components()


def legal_start_card(s: GameState) -> list[TakeCard]:
    """D-START-CARD: any type whose supply pile is not empty."""
    return [TAKE_CARDS[t] for t in range(4) if s.supply[t] > 0]


def apply_start_card(s: GameState, a: TakeCard) -> None:
    """R-SETUP-CARD: the seat takes 1 card of its choice; then the next seat, then the first turn."""
    p = s.decider
    gain_card(s, p, a.kind)
    if not over_limit(s, p):
        resume(s)


def gain_card(s: GameState, p: int, kind: int) -> None:
    s.players[p].hand[kind] += 1
    s.supply[kind] -= 1
    s.events.append(("card", {"player": p, "kind": CARD_TYPES[kind]}))


def over_limit(s: GameState, p: int) -> bool:
    """R-HAND-LIMIT: after a gain, a seat over its limit must discard (D-DISCARD); True if it must."""
    pl = s.players[p]
    if pl.cards > pl.limit:
        s.phase = "discard"
        s.decider = p
        return True
    return False


def legal_discard(s: GameState) -> list[Discard]:
    hand = s.players[s.decider].hand
    return [DISCARDS[t] for t in range(4) if hand[t] > 0]


def apply_discard(s: GameState, a: Discard) -> None:
    """R-HAND-LIMIT / R-HAND-SUPPLY: the card goes back to its pile at once; repeat until hand = limit."""
    p = s.decider
    pl = s.players[p]
    pl.hand[a.kind] -= 1
    s.supply[a.kind] += 1
    s.events.append(("discard", {"player": p, "kind": CARD_TYPES[a.kind]}))
    if pl.cards <= pl.limit:
        resume(s)


def resume(s: GameState) -> None:
    """Go on after a seat's gain is settled: next start card, next seat of the scoring, or the turn's end."""
    if s.after == "setup":
        if s.decider + 1 < len(s.players):
            s.phase = "card"
            s.decider += 1
        else:
            begin_turn(s)
    elif s.after == "scoring":
        production.continue_scoring(s)
    else:
        end_turn(s)


def begin_turn(s: GameState) -> None:
    """R-TURN-ORDER: the active seat moves the consul (D-MOVE)."""
    s.after = "turn"
    s.phase = "move"
    s.decider = s.active


def field_action(s: GameState) -> None:
    """The action of the field the consul stopped on: A storage, B tile or build, D scoring (or R-VAR)."""
    kind = _COMP.track[s.consul]
    if kind == "A":
        storage.begin(s)
    elif kind == "B":
        blue_field.begin(s)
    else:
        field_d.begin(s)


def end_turn(s: GameState) -> None:
    """The turn passes clockwise; R-END-GUARD stops the game after ``max_turns`` turns when set.

    R-END-STALL (our ruling, engine safety; R has no such case): once every rule is exhausted (rows and
    stacks empty, no part affordable, no points, fame or cards to act with) a variant of field D can leave
    every seat with nothing but forced decisions that change nothing but the consul's place. After 7 x n
    such turns in a row the consul and the turn are back where they were and the position repeats exactly,
    for ever: the game ends there, truncated, and is scored as usual. Its second case (``no_part_can_be_built``)
    ends a variant game at the end of the turn after which no seat can ever build a part again.
    """
    s.turn += 1
    s.score_kind = -1
    s.idle = 0 if s.busy else s.idle + 1
    s.busy = False
    if s.idle >= 7 * len(s.players):
        finish(s, truncated=True, reason="stalled")
        return
    if no_part_can_be_built(s):
        finish(s, truncated=True, reason="no_build")
        return
    if s.config.max_turns and s.turn >= s.config.max_turns:
        finish(s, truncated=True, reason="max_turns")
        return
    s.active = (s.active + 1) % len(s.players)
    begin_turn(s)


NO_INCOME: frozenset[str] = frozenset({"fame", "own_reset", "exchange", "tile"})
"""Modes of field D (R-VAR) in which D brings no card: with every row and stack empty, nothing does."""


def could_pay_with_exchanges(hand: list[int], cost: tuple[int, int, int, int]) -> bool:
    """Whether ``hand`` might pay ``cost`` after any exchanges (R-VAR ``exchange``: 2 cards for 1 of a chosen type).

    A bound, not an exact test (the piles are left out): each card of the cost is paid by one card of its type
    or by at least 2 other cards (an exchange; R-ACT-C2's triples cost more), so a payment needs
    ``matched + (rest // 2) >= cost``, where ``matched`` counts the hand's cards that match the cost.
    """
    matched = sum(min(h, c) for h, c in zip(hand, cost, strict=True))
    return matched + (sum(hand) - matched) // 2 >= sum(cost)


def no_part_can_be_built(s: GameState) -> bool:
    """R-END-STALL, second case: the 17th part can never be built, so the game could never end.

    Cards come into a hand only at setup, from a scoring (R-SCORE: a blue field's tile, or field D in the base
    game) and from field D's ``card`` mode. In the modes of ``NO_INCOME`` with every landscape row and both
    stacks empty, no card comes any more: a hand only shrinks (payments, storage, discards) or, in ``exchange``,
    trades 2 cards for 1. If then no seat can pay for any part on offer (nor could after exchanges: see
    ``could_pay_with_exchanges``), none ever can (a smaller hand pays no more), the slots never change, and the
    game has no end in R: it ends now, truncated, and is scored as usual.
    """
    if s.d_mode not in NO_INCOME or s.stack2 or s.stack3 or any(s.land_rows):
        return False
    costs = [_COMP.by_id[part].cost for part in s.slots if part is not None]
    exchange = s.d_mode == "exchange"
    for pl in s.players:
        for cost in costs:
            if could_pay_with_exchanges(pl.hand, cost) if exchange else building.build_options(pl.hand, cost):
                return False
    return True


def finish(s: GameState, truncated: bool = False, reason: str = "built") -> None:
    """R-END-TRIGGER: the game ends at once; ``final_scores`` adds the end scoring (R-END-ROWS, R-END-CARDS)."""
    s.over = True
    s.truncated = truncated
    s.phase = "over"
    s.score_kind = -1
    s.score_queue = []
    s.events.append(("game_over", {"truncated": truncated, "reason": reason, "turns": s.turn}))

