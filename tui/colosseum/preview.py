"""What a choice will do, told before it is made: the engine plays it on a copy and the screen reads the result.

Nothing here knows a rule. ``outcome`` applies one legal action to a clone of the state and returns the
engine's events; ``scoring_yields`` plays the scoring that a choice starts on to its end on that clone, every
seat taking all it may (the largest ``take``, a ``reset``), and reads per seat what the engine gave. A refill
of a landscape row draws face-down tiles: from there on the copy would know more than a player, so a preview
stops at a refill and says only that the row is refilled.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.colosseum import actions as act
from engine.colosseum.components import SCORE_KINDS

Event = tuple[str, dict[str, Any]]

_LIMIT = 64
"""Decisions a scoring preview plays at most (4 seats, each a take and some discards, is far below)."""


@dataclass
class Yields:
    """What a scoring gives each seat if every seat takes all it may: cards, marker points reset, or fame."""

    kind: str
    """The scored kind (``river`` … ``mountain`` or ``stable``)."""
    cards: dict[int, int] = field(default_factory=dict)
    """Seat -> cards it may take (landscape scoring)."""
    reset: dict[int, int] = field(default_factory=dict)
    """Seat -> movement points a reset gives back (stable scoring)."""
    fame: dict[int, int] = field(default_factory=dict)
    """Seat -> fame the engine gives without a decision (the pile ran empty)."""


@dataclass
class Outcome:
    """The engine's answer to "what if": the events of the action and the state after it (a clone)."""

    events: list[Event]
    after: Any
    hidden: bool = False
    """True when the action turns up face-down tiles (a refill): ``after`` must not be shown beyond that."""


def outcome(state: Any, action: Any) -> Outcome:
    """Apply ``action`` to a clone of ``state`` (the engine carries out forced follow-ups too)."""
    after = state.clone()
    after.apply(action)
    events = list(after.events)
    return Outcome(events, after, any(kind == "refill" for kind, _ in events))


def event(out: Outcome, kind: str) -> dict[str, Any] | None:
    """The first event of ``kind`` of an outcome, or None."""
    for k, params in out.events:
        if k == kind:
            return params
    return None


def scoring_yields(out: Outcome) -> Yields | None:
    """Play the scoring that ``out`` started to its end on ``out.after``: what each seat gets. None when the
    action started no scoring (or its start is hidden behind a refill)."""
    start = event(out, "scoring")
    if start is None or out.hidden:
        return None
    result = Yields(str(start["kind"]))
    s = out.after.clone()
    for params in _events(out.events, "empty_pile"):
        result.fame[int(params["player"])] = result.fame.get(int(params["player"]), 0) + 1
    for _ in range(_LIMIT):
        if s.is_over or s.phase not in ("take", "reset", "discard"):
            break
        legal = s.legal_actions()
        seat = s.current_player
        if s.phase == "take":
            best = max((a for a in legal if isinstance(a, act.Take)), key=lambda a: a.count)
            result.cards[seat] = best.count
            choice: Any = best
        elif s.phase == "reset":
            choice = next(a for a in legal if isinstance(a, act.Reset))
            result.reset[seat] = s.players[seat].marker
        else:
            choice = legal[0]
        s.apply(choice)
        for params in _events(s.events, "empty_pile"):
            result.fame[int(params["player"])] = result.fame.get(int(params["player"]), 0) + 1
    return result


def score_choice_yields(state: Any, action: act.Score) -> Yields | None:
    """Field D: what scoring ``action``'s kind gives each seat."""
    return scoring_yields(outcome(state, action))


def _events(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [params for k, params in events if k == kind]


def scored_kind(out: Outcome) -> str | None:
    """The kind a tile taken starts scoring (None: no scoring, or hidden behind a refill)."""
    start = event(out, "scoring")
    return None if start is None or out.hidden else str(start["kind"])


__all__ = ["SCORE_KINDS", "Outcome", "Yields", "event", "outcome", "score_choice_yields", "scored_kind",
           "scoring_yields"]
