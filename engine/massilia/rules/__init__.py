"""The rules of Massilia: what may be decided now (``legal_actions``) and what a decision does (``apply``).

Each pending decision is a frame on ``state.frames`` (its kind ``k`` and the seat ``p`` who decides); every
kind is handled by the module of its rule:

* ``rounds``: setup order and start stalls, phases I-III, passing, the new turn order, the end (R-SETUP, R-ROUND,
  R-PRICE, R-PASS, R-ORDER);
* ``temple``: rolling and keeping dice (R-ROLL);
* ``dice``: taking dice into a USE and what it costs (R-DIE);
* ``harbour``: buying goods and placing them (R-BEIGE); ``reputation``: the black die (R-BLACK);
* ``gods``: sacrifices and god cards, Venus (R-GREY, R-GOD);
* ``market``: customers and the consul, taxes, building (R-BROWN, R-CUST, R-CONSUL).

A decision with one legal option is carried out at once (``settle``), as the spec allows; the log gets an
``auto`` event for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..actions import Action, Add, Take
from ..components import components
from . import dice, gods, harbour, market, reputation, rounds, temple

if TYPE_CHECKING:
    from ..state import Event, Frame, GameState

LEGAL: dict[str, Callable[[GameState], list[Action]]] = {
    "start": rounds.start_actions,
    "keep": temple.keep_actions,
    "turn": dice.turn_actions,
    "use": dice.use_actions,
    "beige": harbour.buy_actions,
    "place": harbour.place_actions,
    "black": reputation.black_actions,
    "offer": gods.offer_actions,
    "god": gods.god_actions,
    "venus": gods.venus_end_actions,
    "brown": market.move_actions,
    "pluto": market.pluto_actions,
    "tax": market.tax_actions,
    "build": market.build_actions,
    "shift": market.shift_actions,
}

APPLY: dict[str, Callable[[GameState, Action], None]] = {
    "start": rounds.apply_start,
    "keep": temple.apply_keep,
    "turn": dice.apply_turn,
    "use": dice.apply_use,
    "beige": harbour.apply_buy,
    "place": harbour.apply_place,
    "black": reputation.apply_black,
    "offer": gods.apply_offer,
    "god": gods.apply_god,
    "venus": gods.apply_venus_end,
    "brown": market.apply_move,
    "pluto": market.apply_pluto,
    "tax": market.apply_tax,
    "build": market.apply_build,
    "shift": market.apply_shift,
}

PRIVATE_EVENTS = frozenset({"roll", "draw"})
"""Events only their ``player`` may read (his roll behind the screen, the card he drew unseen)."""


def legal_actions(s: GameState) -> list[Action]:
    if s.over or not s.frames:
        return []
    return LEGAL[s.frames[-1]["k"]](s)


def apply(s: GameState, action: Action) -> None:
    """Carry out a legal action (the caller has checked it).

    The state's USE context (``dice.Context``) survives only a ``take`` or an ``add``, which change nothing it
    depends on; any other action may (money, cubes, cards, stones), so it is dropped.
    """
    if action.__class__ is not Take and action.__class__ is not Add:
        s._use_ctx = None
    APPLY[s.frames[-1]["k"]](s, action)


def settle(s: GameState) -> None:
    """Carry out every decision that has exactly one legal option, until a real choice (or the end) is pending."""
    step(s, None)


_TEXT: dict[int, tuple[Action, str]] = {}
"""``str(action)`` by the action's ``id``, with the action itself (so a reused id is never mistaken): the
options carried out at once are mostly the same few shared objects, and their text goes into every ``auto``
event."""


def text_of(a: Action) -> str:
    """``str(a)``, looked up for the shared action objects the option lists hand out."""
    found = _TEXT.get(id(a))
    if found is not None and found[0] is a:
        return found[1]
    text = str(a)
    if len(_TEXT) < 100_000:
        _TEXT[id(a)] = (a, text)
    return text


def step(s: GameState, action: Action | None) -> None:
    """``apply`` (unless ``action`` is None), then ``settle``: one call for ``GameState.apply``, which makes one
    per decision.

    ``settle`` carries out every decision that has exactly one legal option, until a real choice (or the end)
    is pending, and leaves that choice's options on the state (``_legal``).
    """
    frames = s.frames  # changed in place by the rules, never replaced
    start = len(s.events)
    _step(s, frames, action)
    if len(s.events) > start:
        count_payments(s, s.events, start)


def _step(s: GameState, frames: list[Frame], action: Action | None) -> None:
    if action is not None:
        if action.__class__ is not Take and action.__class__ is not Add:
            s._use_ctx = None
        APPLY[frames[-1]["k"]](s, action)
    while not s.over and frames:
        f = frames[-1]
        kind = f["k"]
        legal = LEGAL[kind](s)
        if len(legal) != 1 or (not s.config.legacy_reactions and asked_anyway(s, kind, f)):
            s._legal = legal
            return
        only = legal[0]
        found = _TEXT.get(id(only))  # ``text_of(only)``, inline
        text = found[1] if found is not None and found[0] is only else text_of(only)
        s.events.append(("auto", {"player": f["p"], "action": text}))  # "p" is an int (validate.py)
        if only.__class__ is not Take and only.__class__ is not Add:  # as in ``apply``, without the call
            s._use_ctx = None
        APPLY[kind](s, only)
    s._legal = []


def asked_anyway(s: GameState, kind: str, f: dict[str, Any]) -> bool:
    """Whether a decision with one option is still put to its seat (``GameConfig.legacy_reactions`` False): how many
    options a seat has there may depend on what only it knows, and carrying out the only one at once would
    tell the others it has no choice. A reaction (Pluto, the Venus at a turn's end) is asked whenever it is
    opened (``gods.could_hold``); a keep whenever dice were rolled (sesterces behind the screen and Mars decide
    whether keeping is possible); any other decision whenever its seat holds a live card taken face down
    (Phoebus, Minerva, Venus, Mercurius ... widen the options)."""
    if kind == "pluto" or kind == "venus":
        return True
    if kind == "keep" and f["rolled"]:
        return True
    return gods.hides_live_card(s, int(f["p"]))


def why_illegal(s: GameState, action: Action) -> str:
    """A message for an action that is not legal now."""
    if s.over:
        return "the game is over"
    return f"{action} is not possible now ({s.decision} decision of seat {s.current_player + 1})"


def count_payments(s: GameState, events: list[Event], start: int = 0) -> None:
    """Ruling 21 (money and stones: totals hidden, transactions public): add what the public ``events`` from
    ``start`` on pay and gain to each seat's ``counted`` sesterces and stones, as a player at the table may count
    them. Reads only public events and public constants (the build cost); a test checks the count equals the
    hidden totals after every decision, so no payment goes unseen."""
    counted = s.counted
    for i in range(start, len(events)):
        kind, e = events[i]
        if kind in _MONEY:
            counted[e["player"]][0] += _MONEY[kind](e)
        elif kind == "use":
            if e["stones"]:
                counted[e["player"]][1] += e["stones"]
        elif kind == "venus":
            counted[e["player"]][1] -= e["stones"]


_MONEY: dict[str, Callable[[dict[str, Any]], int]] = {
    "keep": lambda e: -e["paid"],
    "buy": lambda e: -e["paid"],
    "reputation": lambda e: -e["paid"],
    "tax": lambda e: -e["paid"],
    "build": lambda _e: -components().build_cost,
    "sale": lambda e: e["money"],
    "pass": lambda e: e["tile"],
}
"""Public events that move sesterces, and by how much for their ``player`` (R-KEEP, R-BEIGE, R-BLACK, R-CONSUL,
R-CUST-2, R-PASS)."""


def events_for(events: list[Event], player: int) -> list[Event]:
    """The events ``player`` may read: private ones (a roll behind a screen, a drawn card) only if they are his."""
    return [e for e in events if e[0] not in PRIVATE_EVENTS or e[1].get("player") == player]

