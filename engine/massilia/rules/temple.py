"""Phase II, keeping dice (R-ROLL-2, R-ROLL-3, D-KEEP).

A roller keeps any subset of his rolled dice in front of his screen and pays 2 sesterces for each; Mars makes
up to 2 of them free. He may keep only what he can pay for. The rest go to the temple with their faces.
Venus may be played before keeping (R-GOD-3: only Mars and Venus are playable in phase II).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..actions import Action, Keep, Venus, make
from ..components import components
from . import gods, rounds

if TYPE_CHECKING:
    from ..state import GameState


KEEP_COST = components().keep_cost
"""Sesterces to keep one die (2)."""


def keep_cost(count: int, mars: bool) -> int:
    """What keeping ``count`` dice costs: 2 each, the first 2 free with Mars."""
    return KEEP_COST * max(0, count - (2 if mars else 0))


_KEEPS: dict[tuple[tuple[int, ...], int, bool], list[Action]] = {}
"""Keep options by (rolled dice, dice the money pays for, Mars): the same rolls come back often."""


_PLAIN: dict[tuple[int, ...], Keep] = {}
_MARS: dict[tuple[int, ...], Keep] = {}
"""Keep actions without and with Mars by their dice (looked up by the dice alone: faster than ``make``)."""


def keep_options(rolled: tuple[int, ...], money: int, mars: bool) -> list[Action]:
    # the options depend on the money only through the dice it pays for (an odd sesterce buys nothing), and
    # money for more dice than were rolled is as good as money for all of them
    paid = money // KEEP_COST if KEEP_COST else len(rolled)
    key = (rolled, paid if paid < len(rolled) else len(rolled), mars)
    found = _KEEPS.get(key)
    if found is not None:
        return found
    cost = KEEP_COST
    most = min(len(rolled), money // cost + (2 if mars else 0)) if cost else len(rolled)
    out: list[Action] = []
    for size in range(most + 1):
        plain = cost * size <= money  # ``keep_cost``, inline
        with_mars = mars and size > 0 and cost * (size - 2 if size > 2 else 0) <= money
        for dice in dict.fromkeys(combinations(rolled, size)):  # rolled is sorted: each multiset once, sorted
            if plain:
                keep = _PLAIN.get(dice)
                out.append(keep if keep is not None else _PLAIN.setdefault(dice, make(Keep, dice)))
            if with_mars:
                keep = _MARS.get(dice)
                out.append(keep if keep is not None else _MARS.setdefault(dice, make(Keep, dice, True)))
    if len(_KEEPS) < 100_000:
        _KEEPS[key] = out
    return out


def keep_actions(s: GameState) -> list[Action]:
    f = s.frames[-1]
    p = f["p"]
    pl = s.players[p]
    hand = pl.hand
    options = keep_options(tuple(f["rolled"]), pl.money, "mars" in hand and s.live(p, "mars") > 0)
    venus = gods.venus_options(s, p) if pl.stones > 0 and "venus" in hand else None  # no card or stone: no call
    return [*venus, *options] if venus else options  # shared: a legal-action list is never changed in place


def apply_keep(s: GameState, a: Action) -> None:
    f = s.frames[-1]
    p = f["p"]
    if a.__class__ is Venus:
        assert isinstance(a, Venus)
        gods.play_venus(s, p, a.count)
        return
    assert isinstance(a, Keep)
    s.frames.pop()
    pl = s.players[p]
    if a.mars:
        gods.play_card(s, p, "mars")
    count = len(a.dice) - 2 if a.mars else len(a.dice)  # ``keep_cost``, inline
    cost = KEEP_COST * count if count > 0 else 0
    pl.money -= cost
    rest = list(f["rolled"])
    for d in a.dice:
        rest.remove(d)
    pl.kept = sorted(pl.kept + list(a.dice))
    s.temple = sorted(s.temple + rest)
    s.events.append(("keep", {"player": p, "dice": list(a.dice), "paid": cost, "temple": rest}))
    rounds.next_roller(s)
