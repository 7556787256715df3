"""R-COLONIST: place new colonists (1 food + 1 tool each) in the capital or in cities with an own house,
or take 5 sestertii + 1 per own colonist on the board. A land colonist needs a city with a land route, a sea
colonist one with a sea route.
"""

from __future__ import annotations

from engine.concordia.actions import Action, Cash, Done, PlaceColonist
from engine.concordia.model import KINDS
from engine.concordia.state import Frame, GameState

from . import storehouse, tribune


def resolve(s: GameState, p: int) -> None:
    s.frames.append({"k": "colonist", "p": p, "placed": False})


def legal(s: GameState, f: Frame) -> list[Action]:
    p = f["p"]
    pl = s.players[p]
    out: list[Action] = []
    if storehouse.colonist_price_ok(s, p):
        places = [s.map.capital, *sorted(pl.houses)]
        for i, kind in enumerate(KINDS):
            if pl.store[i] == 0:
                continue
            out.extend(PlaceColonist(kind, c) for c in places if s.map.routes_at.get((c, kind)))
    if not f["placed"]:
        out.append(Cash())
    out.append(Done())
    return out


def apply(s: GameState, f: Frame, a: Action) -> None:
    p = f["p"]
    if isinstance(a, PlaceColonist):
        tribune.place_colonist(s, p, a)
        f["placed"] = True
    elif isinstance(a, Cash):
        amount = 5 + s.colonists_on_board(p)
        s.players[p].money += amount
        s.events.append(f"P{p + 1} takes {amount} sestertii")
        s.frames.pop()
    else:
        s.frames.pop()
