"""R-PREFECT: let an active province produce, or take the cash bonus.

(a) The player takes the marker's good (2 with the Praefectus Magnus, which then passes to the right
neighbour), the marker flips, and every house in the province produces its city's good for its owner.
(b) Cash: 1 sestertius per coin on every flipped marker (cloth 1, other goods 2), then all flip back; this
never uses or passes the Praefectus Magnus.
"""

from __future__ import annotations

from engine.concordia.actions import Action, Cash, Done, Produce
from engine.concordia.model import GOODS, components
from engine.concordia.state import Frame, GameState

from . import storehouse


def resolve(s: GameState, p: int) -> None:
    s.frames.append({"k": "prefect", "p": p})


def cash_bonus(s: GameState) -> int:
    coins = components().bonus_coins
    return sum(coins[s.bonus[prov]] for prov in s.map.provinces if prov not in s.active_markers)


def legal(s: GameState, f: Frame) -> list[Action]:
    out: list[Action] = [Produce(prov) for prov in s.map.provinces if prov in s.active_markers]
    if cash_bonus(s) > 0:
        out.append(Cash())
    out.append(Done())
    return out


def production(s: GameState, p: int, province: str) -> list[list[int]]:
    """Goods each player gets when ``p`` lets ``province`` produce (bonus included)."""
    gains = [[0] * len(GOODS) for _ in s.players]
    gains[p][GOODS.index(s.bonus[province])] += 2 if s.pm == p else 1
    for city in s.map.provinces[province].cities:
        g = GOODS.index(s.tiles[city])
        for q, x in enumerate(s.players):
            if city in x.houses:
                gains[q][g] += 1
    return gains


def apply(s: GameState, f: Frame, a: Action) -> None:
    p = f["p"]
    s.frames.pop()
    if isinstance(a, Produce):
        gains = production(s, p, a.province)
        s.active_markers.discard(a.province)
        name = s.map.provinces[a.province].name
        if s.pm == p:
            s.pm = (p - 1) % s.n
            s.events.append(f"P{p + 1} doubles the bonus with the Praefectus Magnus, which passes to P{s.pm + 1}")
        order = [(p + i) % s.n for i in range(s.n)]
        for q in reversed(order):  # overflow decisions stack up: the producer decides first
            storehouse.receive(s, q, gains[q], f"{name} produces")
    elif isinstance(a, Cash):
        coins = cash_bonus(s)
        s.players[p].money += coins
        s.active_markers = set(s.map.provinces)
        s.events.append(f"P{p + 1} takes the cash bonus of {coins} sestertii; all markers turn to their goods")
