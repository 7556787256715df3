"""R-COLONIST: place new colonists (1 food + 1 tool each) in the capital or in cities with an own house,
or take 5 sestertii + 1 per own colonist on the board. A land colonist needs a city with a land route, a sea
colonist one with a sea route.
"""

from __future__ import annotations

from engine.concordia.actions import Action, Cash, Done, ForumUse, PlaceColonist
from engine.concordia.model import KINDS
from engine.concordia.state import Frame, GameState

from . import tribune


def resolve(s: GameState, p: int) -> None:
    s.frames.append({"k": "colonist", "p": p, "placed": False})


def legal(s: GameState, f: Frame) -> list[Action]:
    p = f["p"]
    pl = s.players[p]
    out: list[Action] = []
    pays = tribune.colonist_payments(s, p)
    if pays:
        for i, kind in enumerate(KINDS):
            if pl.store[i] == 0:
                continue
            places = [s.map.capital_for(kind), *sorted(pl.houses)]
            out.extend(PlaceColonist(kind, c, salt) for c in places if s.map.routes_at.get((c, kind)) for salt in pays)
    if not f["placed"]:
        out.append(Cash())
    if s.config.forum:
        from . import forum

        out.extend(forum.any_time_uses(s, f))
    out.append(Done())
    return out


def apply(s: GameState, f: Frame, a: Action) -> None:
    p = f["p"]
    if isinstance(a, PlaceColonist):
        tribune.place_colonist(s, p, a)
        f["placed"] = True
    elif isinstance(a, ForumUse):
        from . import forum

        forum.apply_use(s, f, a)
    elif isinstance(a, Cash):
        amount = 5 + s.colonists_on_board(p)
        s.players[p].money += amount
        s.events.append(("takes_money", {"player": p, "amount": amount}))
        s.frames.pop()
    else:
        s.frames.pop()
