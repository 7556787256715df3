"""The rules: what may be decided now (``legal_actions``) and what a decision does (``apply``).

One module per part of the game, named from it: ``consul`` (R-MOVE), ``storage`` (R-ACT-A), ``blue``
(R-ACT-BC) with ``landscape`` (R-ACT-B) and ``building`` (R-ACT-C), ``field_d`` (R-ACT-D, R-VAR),
``production`` (R-SCORE) and ``turn`` (setup card, hand limit, turn order, end). Each decision point
(``GameState.phase``) has one function that lists its options and one that carries one out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..actions import Action, Move, No, Pass, Stop
from ..state import GameState
from . import blue, consul, field_d, production, storage, turn

_LEGAL: dict[str, Callable[[GameState], list[Any]]] = {
    "card": turn.legal_start_card,
    "move": consul.legal,
    "storage": storage.legal,
    "blue": blue.legal,
    "choice": field_d.legal_choice,
    "take": production.legal_take,
    "reset": production.legal_reset,
    "discard": turn.legal_discard,
    "var": field_d.legal_var,
}

_APPLY: dict[str, Callable[[GameState, Any], None]] = {
    "card": turn.apply_start_card,
    "move": consul.apply,
    "storage": storage.apply,
    "blue": blue.apply,
    "choice": field_d.apply_choice,
    "take": production.apply_take,
    "reset": production.apply_reset,
    "discard": turn.apply_discard,
    "var": field_d.apply_var,
}

DESCRIPTIONS: dict[str, str] = {
    "card": "choose a start card",
    "move": "move the consul",
    "storage": "take a storage tile or pass",
    "blue": "take the tile or build the part",
    "choice": "choose what field D scores",
    "take": "take cards from the scoring",
    "reset": "reset the movement marker or decline",
    "discard": "discard down to the hand limit",
    "var": "use field D or not",
    "over": "the game is over",
}
"""What the pending decision is, in words (for error messages)."""


def legal_actions(s: GameState) -> list[Action]:
    """Every legal option of the pending decision (empty once the game is over)."""
    if s.over:
        return []
    return _LEGAL[s.phase](s)


MAX_FORCED = 10_000
"""Guard: forced decisions one ``apply`` carries out (R-END-STALL ends a game long before)."""


def apply(s: GameState, action: Action) -> None:
    """Carry out a legal ``action``, then every decision that has a single option (``forced`` events)."""
    s.busy = True
    _APPLY[s.phase](s, action)
    settle(s)


def settle(s: GameState) -> None:
    """Carry out decisions with one option until a real choice (or the end) is reached.

    A forced ``move 1``, ``pass``, ``no`` or ``stop`` changes nothing but the consul's place; any other
    forced decision marks the turn as busy (R-END-STALL counts the turns that are not).
    """
    for _ in range(MAX_FORCED):
        if s.over:
            s._legal = []
            return
        legal = _LEGAL[s.phase](s)
        if len(legal) != 1:
            s._legal = legal
            return
        a = legal[0]
        if not isinstance(a, Move | Pass | No | Stop):
            s.busy = True
        s.events.append(("forced", {"player": s.decider, "action": str(a)}))
        _APPLY[s.phase](s, a)
    s._legal = None


def why_illegal(s: GameState, action: Action) -> str:
    """One line: why ``action`` cannot be played now, and what can."""
    if s.over:
        return f"{action} is not possible: the game is over"
    legal = s.legal_actions()
    shown = ", ".join(str(a) for a in legal[:10]) + (", …" if len(legal) > 10 else "")
    return f"{action} is not possible now (player {s.decider + 1} must {DESCRIPTIONS[s.phase]}: {shown})"
