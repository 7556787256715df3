"""R-ARCHITECT-MOVE and R-ARCHITECT-BUILD: move colonists along routes, then build houses.

Movement points = own colonists on the board, split freely. A colonist in a city steps onto a route leaving
it (1 point); each further step goes to a route of its kind sharing a place with the current one. Occupied
routes may be passed, never ended on; a no-stop route (Ionium) may be passed only. Ruling: one move decision
takes a colonist to any free route at its shortest distance; the same colonist may move again.

After the first house no more moves. A house may be built in a city at an end of a route holding an own
colonist (never the capital, one own house per city, 15 at most). Price: goods (brick city: 1 food; other:
1 brick + 1 of the city's good) and factor x (1 + houses of other players there).
"""

from __future__ import annotations

from engine.concordia.actions import Action, Build, Done, Move
from engine.concordia.model import GOODS, SALT, components
from engine.concordia.state import Frame, GameState

from . import storehouse, turn


def resolve(s: GameState, p: int) -> None:
    pts = s.colonists_on_board(p)
    if s.config.forum:
        from . import forum

        pts += forum.movement_bonus(s, p)
    s.frames.append({"k": "architect", "p": p, "pts": pts, "built": False})


_DISTANCES: dict[tuple[str, str, str, str], dict[str, int]] = {}


def _all_distances(s: GameState, kind: str, source: str) -> dict[str, int]:
    """Steps from ``source`` to every route of ``kind``; occupied routes may be passed, so this is static."""
    gm = s.map
    key = (gm.id, gm.variant, kind, source)
    found = _DISTANCES.get(key)
    if found is not None:
        return found
    if source in gm.routes:
        frontier = list(gm.route_next[source])
        seen = {source}
    else:
        frontier = list(gm.routes_at.get((source, kind), ()))
        seen = set()
    dist: dict[str, int] = {}
    d = 1
    while frontier:
        nxt: list[str] = []
        for r in frontier:
            if r in seen:
                continue
            seen.add(r)
            dist[r] = d
            nxt.extend(x for x in gm.route_next[r] if x not in seen)
        frontier = nxt
        d += 1
    _DISTANCES[key] = dist
    return dist


def distances(s: GameState, kind: str, source: str, limit: int) -> dict[str, int]:
    """Shortest number of steps from ``source`` (a place or route id) to each route of ``kind`` within ``limit``."""
    return {r: d for r, d in _all_distances(s, kind, source).items() if d <= limit}


def build_price(s: GameState, p: int, city: str) -> tuple[tuple[str, ...], int]:
    """Goods and sestertii player ``p`` pays for a house in ``city`` (a salt city: 1 tool + 1 wine, factor 5,
    R-SALSA-CITY)."""
    comp = components()
    good = s.tiles[city]
    others = sum(1 for q, x in enumerate(s.players) if q != p and city in x.houses)
    if good == SALT:
        return comp.salt_build_goods, comp.salt_build_factor * (1 + others)
    return comp.build_goods[good], comp.build_factor[good] * (1 + others)


def build_variants(s: GameState, f: Frame, p: int, city: str) -> list[tuple[str, tuple[str, ...], int]]:
    """(voucher, goods, sestertii) for a house of ``p`` in ``city``: the plain price (voucher ""), and with the
    forum the prices that the player's cards and vouchers give (R-FORUM-AULUS-ARCADIUS, -MAMERCUS, ...)."""
    goods, price = build_price(s, p, city)
    if not s.config.forum:
        return [("", goods, price)]
    from . import forum

    return forum.build_variants(s, f, p, city, goods, price)


def house_price(s: GameState, p: int, city: str) -> tuple[tuple[str, ...], int]:
    """What a house in ``city`` costs player ``p`` now, without a voucher: in ``p``'s own Architect action the
    plain variant that action offers (Mamilius' brick left out, R-FORUM-MAMILIUS), otherwise the price with
    ``p``'s permanent forum cards (R-FORUM-AULUS-ARCADIUS: 1 sestertius less). The look cursor and the
    hint quote this, so that no price is worked out twice."""
    f = s.frame
    own = f is not None and f.get("k") == "architect" and f.get("p") == p and not f.get("julius")
    variants = build_variants(s, f if own and f is not None else {}, p, city)
    plain = next(((g, m) for u, g, m in variants if not u), None)
    return plain if plain is not None else build_price(s, p, city)


def build_sites(s: GameState, p: int, f: Frame | None = None) -> list[str]:
    """Cities at an end of a route holding an own colonist, without an own house (the capital excluded).

    With R-FORUM-ANNAEUS-ARCADIUS (once per Architect action) also the cities one route further, across a
    route held by another player's colonist."""
    pl = s.players[p]
    gm = s.map
    sites: set[str] = set()
    for _kind, loc in pl.colonists:
        r = gm.routes.get(loc)
        if r is not None:
            sites.update((r.a, r.b))
    if f is not None and s.config.forum and "annaeus-arcadius" in pl.forum and not f.get("annaeus"):
        near = set(sites)
        for rid, q in s.routes.items():
            r = gm.routes[rid]
            if q != p and (r.a in near or r.b in near):
                sites.update((r.a, r.b))
    sites.difference_update(gm.capitals)
    return sorted(c for c in sites if c not in pl.houses)


def legal(s: GameState, f: Frame) -> list[Action]:
    p = f["p"]
    pl = s.players[p]
    out: list[Action] = []
    gm = s.map
    if not f["built"] and f["pts"] > 0:
        done: set[tuple[str, str]] = set()
        for kind, loc in pl.colonists:
            if (kind, loc) in done:
                continue
            done.add((kind, loc))
            limit = f["pts"]
            for r, d in _all_distances(s, kind, loc).items():
                if d <= limit and r not in s.routes and gm.routes[r].stop:
                    out.append(Move(loc, r))
    if s.houses_left(p) > 0 and not f.get("locked"):
        money = s.spendable(p)
        salt = pl.salt > 0
        for city in build_sites(s, p, f):
            for using, goods, price in build_variants(s, f, p, city):
                if price > money:
                    continue
                if salt:
                    out.extend(Build(city, opt, using) for opt in storehouse.salt_options(s, p, goods))
                elif storehouse.has_goods(s, p, goods):
                    out.append(Build(city, (), using))
    if s.config.forum:
        from . import forum

        out.extend(forum.architect_uses(s, f, p))
    out.append(Done())
    return out


def apply(s: GameState, f: Frame, a: Action) -> None:
    p = f["p"]
    pl = s.players[p]
    if isinstance(a, Move):
        kind = s.map.routes[a.route].kind
        d = distances(s, kind, a.source, f["pts"])[a.route]
        i = pl.colonists.index((kind, a.source))
        pl.colonists[i] = (kind, a.route)
        s.routes.pop(a.source, None)
        s.routes[a.route] = p
        f["pts"] -= d
    elif isinstance(a, Build):
        goods, price = next((g, m) for u, g, m in build_variants(s, f, p, a.city) if u == a.using)
        if s.config.forum:
            from . import forum

            forum.after_build(s, f, a)
        storehouse.pay_goods(s, p, goods, a.salt)
        storehouse.pay_money(s, p, price)
        pl.houses.add(a.city)
        f["built"] = True
        s.events.append(("builds", {"player": p, "money": price, "goods": list(goods), "salt": list(a.salt),
                                    "city": s.map.cities[a.city].name}))
        if s.houses_left(p) == 0:
            turn.trigger_end(s, p, "houses")
    elif s.config.forum and not isinstance(a, Done):
        from . import forum

        forum.apply_use(s, f, a)
    else:
        s.frames.pop()


__all__ = ["GOODS", "build_price", "build_sites", "distances", "legal", "resolve"]
