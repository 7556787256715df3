"""R-TRIBUNE: take the discard pile back (1 sestertius per card beyond 3), then maybe a colonist in the capital.

R-INTERIM (option): a player's first Tribune scores all their cards; when every player has been scored, the
best interim score gets 2 sestertii and the second best 1. Ruling: places are dense (ties share a place and
the next distinct score is second).
"""

from __future__ import annotations

from engine.concordia.actions import Action, Done, PlaceColonist
from engine.concordia.model import KINDS, components
from engine.concordia.state import Frame, GameState

from . import storehouse


def resolve(s: GameState, p: int) -> None:
    pl = s.players[p]
    n = len(pl.discard)
    pl.hand.extend(pl.discard)
    pl.discard.clear()
    bonus = max(0, n - 3)
    pl.money += bonus
    s.events.append(("takes_back", {"player": p, "cards": n, "bonus": bonus}))
    if s.config.interim_scoring and pl.interim < 0:
        _interim(s, p)
    if s.config.forum:  # R-SALSA-FORUM-TAKE: first take a forum card (or pass), then the colonist
        from . import forum

        forum.resolve_tribune(s, p, n)
        return
    s.frames.append({"k": "tribune", "p": p})


def _interim(s: GameState, p: int) -> None:
    from engine.concordia.scoring import score_player

    pl = s.players[p]
    pl.interim = score_player(s, p, with_concordia=False).total
    s.events.append(("interim", {"player": p, "score": pl.interim}))
    if s.interim_paid or any(x.interim < 0 for x in s.players):
        return
    s.interim_paid = True
    ranks = sorted({x.interim for x in s.players}, reverse=True)
    for q, x in enumerate(s.players):
        prize = 2 if x.interim == ranks[0] else 1 if len(ranks) > 1 and x.interim == ranks[1] else 0
        if prize:
            x.money += prize
            s.events.append(("interim_prize", {"player": q, "amount": prize}))


def legal(s: GameState, f: Frame) -> list[Action]:
    p = f["p"]
    out: list[Action] = []
    pays = colonist_payments(s, p)
    if pays:
        for i, kind in enumerate(KINDS):
            cap = s.map.capital_for(kind)
            if s.players[p].store[i] > 0 and s.map.routes_at.get((cap, kind)):
                out.extend(PlaceColonist(kind, cap, salt) for salt in pays)
    if s.config.forum:
        from . import forum

        out.extend(forum.tribune_uses(s, f))
    out.append(Done())
    return out


def colonist_payments(s: GameState, p: int) -> list[tuple[str, ...]]:
    """The ways ``p`` can pay 1 food + 1 tool: ``[()]`` without salt, salt options with it (R-SALSA-SALT)."""
    cost = components().colonist_cost
    if s.players[p].salt:
        return storehouse.salt_options(s, p, cost)
    return [()] if storehouse.has_goods(s, p, cost) else []


def apply(s: GameState, f: Frame, a: Action) -> None:
    if s.config.forum and not isinstance(a, PlaceColonist | Done):
        from . import forum

        forum.apply_tribune(s, f, a)
        return
    s.frames.pop()
    p = f["p"]
    if isinstance(a, PlaceColonist):
        place_colonist(s, p, a)
    elif cannot_afford_colonist(s, p):
        s.events.append(("no_colonist", {"player": p}))  # said, not silently skipped (issue 21)


def cannot_afford_colonist(s: GameState, p: int) -> bool:
    """R-TRIBUNE: ``p`` has a colonist that could go to the capital but cannot pay 1 food + 1 tool for it.

    The Tribune's colonist decision is then no choice (``settle`` skips it); the log says why.
    """
    placeable = any(
        s.players[p].store[i] > 0 and s.map.routes_at.get((s.map.capital_for(kind), kind))
        for i, kind in enumerate(KINDS)
    )
    return placeable and not colonist_payments(s, p)


def place_colonist(s: GameState, p: int, a: PlaceColonist) -> None:
    """Pay 1 food + 1 tool and put a colonist from the storehouse on ``a.place`` (R-TURN-5)."""
    storehouse.pay_goods(s, p, components().colonist_cost, a.salt)
    pl = s.players[p]
    pl.store[KINDS.index(a.kind)] -= 1
    pl.colonists.append((a.kind, a.place))
