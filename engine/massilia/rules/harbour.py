"""Buying goods in the harbour with the beige action (R-BEIGE, D-BEIGE).

R-BEIGE-1: with value V the buyer chooses a main colour X and 1 <= m <= V: m cubes of X at X's price tile
(Mercurius ±1) and V - m beige cubes at 1 each; Neptunus makes the 2 dearest free (Ruling, question 19).
R-BEIGE-2: illegal if the harbour lacks the cubes, the money is short or the free room on his stalls is less
than V. He places every cube on his stalls (D-BEIGE: stall by stall, in space order).
R-BEIGE-3: X's point marker goes down 1 once per purchase, not below 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Buy, Place, make
from ..components import BEIGE, MAIN, SLOT_OF_GOOD, components
from . import gods
from .dice import mercurius_ok, purchase_cost

if TYPE_CHECKING:
    from ..state import GameState


BUYS: list[list[Buy]] = [[Buy(g, count) for count in range(components().goods[g] + 1)] for g in MAIN]
"""``buy`` options without cards by good and count, up to the cubes of the good (built once)."""


def buy_actions(s: GameState) -> list[Action]:
    f = s.frames[-1]
    p, value = f["p"], f["v"]
    comp = components()
    money = s.players[p].money
    nep_opts = (False, True) if "neptunus" not in s.played and s.live(p, "neptunus") else (False,)
    merc = mercurius_ok(s, p)
    out: list[Action] = []
    for g in MAIN:
        plain = BUYS[g]
        price = s.prices[SLOT_OF_GOOD[g]]
        deltas = [0] + ([d for d in (-1, 1) if comp.price_min <= price + d <= comp.price_max] if merc else [])
        for count in range(1, min(value, s.harbour[g]) + 1):
            if value - count > s.harbour[BEIGE]:
                continue
            for nep in nep_opts:
                for d in deltas:
                    # ``purchase_cost``, inline without Neptunus (most purchases)
                    cost = purchase_cost(price + d, count, value, nep) if nep else count * (price + d - 1) + value
                    if cost <= money:
                        shared = not (nep or d) and count < len(plain)
                        out.append(plain[count] if shared else make(Buy, g, count, nep, d))
    return out


def apply_buy(s: GameState, a: Action) -> None:
    assert isinstance(a, Buy)
    f = s.frames.pop()
    p, value = f["p"], f["v"]
    if a.neptunus:
        gods.play_card(s, p, "neptunus")
    if a.mercurius:
        gods.play_card(s, p, "mercurius")
    cost = purchase_cost(s.prices[SLOT_OF_GOOD[a.good]] + a.mercurius, a.count, value, a.neptunus)
    s.players[p].money -= cost
    s.harbour[a.good] -= a.count
    s.harbour[BEIGE] -= value - a.count
    s.markers[a.good] = max(components().marker_min, s.markers[a.good] - 1)
    s.events.append(("buy", {"player": p, "good": a.good, "count": a.count, "beige": value - a.count, "paid": cost}))
    s.frames.append({"k": "place", "p": p, "x": a.good, "rx": a.count, "rb": value - a.count, "s": 0})


def free_room(s: GameState, space: int) -> int:
    return components().stall_capacity - sum(s.stock[space])


def place_actions(s: GameState) -> list[Action]:
    f = s.frames[-1]
    stalls = [x for x in s.stalls_of(f["p"]) if x >= f["s"] and free_room(s, x) > 0]
    x = stalls[0]
    room = free_room(s, x)
    later = sum(free_room(s, y) for y in stalls[1:])
    rx, rb, g = f["rx"], f["rb"], f["x"]
    key = (x, room, later if later < rx + rb else rx + rb, rx, rb, g)  # more room later than cubes: no limit
    found = _PLACES.get(key)
    if found is not None:
        return found  # shared: a legal-action list is never changed in place
    out: list[Action] = []
    for a in range(min(rx, room) + 1):
        for b in range(min(rb, room - a) + 1):
            if rx - a + rb - b <= later:
                goods = [0, 0, 0, b]
                goods[g] = a
                out.append(make(Place, x, (goods[0], goods[1], goods[2], goods[3])))
    if len(_PLACES) < 100_000:
        _PLACES[key] = out
    return out


_PLACES: dict[tuple[int, ...], list[Action]] = {}
"""``place_actions`` by the stall, its room, (up to the cubes to place) the room on later stalls, the cubes to
place and their colour."""


def apply_place(s: GameState, a: Action) -> None:
    assert isinstance(a, Place)
    f = s.frames[-1]
    for i, k in enumerate(a.goods):
        s.stock[a.space][i] += k
    s.cubes[f["p"]] += sum(a.goods)
    if any(a.goods):
        s.events.append(("place", {"player": f["p"], "space": a.space, "goods": list(a.goods)}))
    f["rx"] -= a.goods[f["x"]]
    f["rb"] -= a.goods[BEIGE]
    f["s"] = a.space + 1
    if f["rx"] + f["rb"] == 0:
        s.frames.pop()
        gods.after_use(s)
