"""Buying reputation with the black action (R-BLACK, D-BLACK).

R-BLACK-1: reputation +V for V times the temple tile's price (Mercurius ±1, within 1..3); illegal if he
cannot pay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Reputation, make
from ..components import TEMPLE_SLOT, components
from . import gods
from .dice import mercurius_ok

if TYPE_CHECKING:
    from ..state import GameState


def black_actions(s: GameState) -> list[Action]:
    f = s.frames[-1]
    p, value = f["p"], f["v"]
    comp = components()
    price = s.prices[TEMPLE_SLOT]
    deltas = [0] + ([-1, 1] if mercurius_ok(s, p) else [])
    money = s.players[p].money
    return [
        make(Reputation, d)
        for d in deltas
        if comp.price_min <= price + d <= comp.price_max and value * (price + d) <= money
    ]


def apply_black(s: GameState, a: Action) -> None:
    assert isinstance(a, Reputation)
    f = s.frames.pop()
    p, value = f["p"], f["v"]
    if a.mercurius:
        gods.play_card(s, p, "mercurius")
    cost = value * (s.prices[TEMPLE_SLOT] + a.mercurius)
    s.players[p].money -= cost
    s.players[p].rep += value
    s.events.append(("reputation", {"player": p, "points": value, "paid": cost}))
    gods.after_use(s)
