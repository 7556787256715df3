"""R-PREFECT: let an active province produce, or take the cash bonus.

(a) The player takes the marker's good (2 with the Praefectus Magnus, which then passes to the right
neighbour), the marker flips, and every house in the province produces its city's good for its owner (a
salt city salt, R-SALSA-CITY). (b) Cash: 1 sestertius per coin on every flipped marker (cloth 1, other goods
2), then all flip back; this never uses or passes the Praefectus Magnus. Creta and Corsica's fixed coin field
adds 2 to (b); Creta's Gavdos lets its producer choose the bonus good (R-MAP-CRETA, R-MAP-CORSICA).
Forum (R-FORUM-DONATUS-POMPEIUS, -CLAUDIUS-POMPEIUS, -SEXTUS-POMPEIUS): see ``rules.forum``.
"""

from __future__ import annotations

from engine.concordia.actions import Action, AsDiplomat, BonusSale, Cash, Done, Produce
from engine.concordia.model import ANY, GOODS, SALT, components
from engine.concordia.state import Frame, GameState

from . import storehouse


def resolve(s: GameState, p: int) -> None:
    s.frames.append({"k": "prefect", "p": p})


def marker_good(s: GameState, province: str) -> str:
    """The good on ``province``'s marker; a province without a fixed marker shows the good last chosen."""
    good = s.bonus[province]
    return s.chosen_bonus.get(province, "cloth") if good == ANY else good


def cash_bonus(s: GameState) -> int:
    coins = components().bonus_coins
    flipped = sum(coins[marker_good(s, prov)] for prov in s.map.provinces if prov not in s.active_markers)
    return flipped + s.map.cash_bonus_extra


def legal(s: GameState, f: Frame) -> list[Action]:
    out: list[Action] = []
    for prov in s.map.provinces:
        if prov in s.active_markers:
            if s.bonus[prov] == ANY:
                out.extend(Produce(prov, g) for g in GOODS)
            else:
                out.append(Produce(prov))
    if cash_bonus(s) > 0:
        out.append(Cash())
    if s.config.forum:
        from . import forum

        out.extend(forum.prefect_options(s, f))
    out.append(Done())
    return out


def production(s: GameState, p: int, province: str, bonus: str = "") -> list[list[int]]:
    """Goods each player gets when ``p`` lets ``province`` produce (bonus included; salt last with salt)."""
    types = (*GOODS, SALT) if s.config.salt else GOODS
    gains = [[0] * len(types) for _ in s.players]
    gains[p][GOODS.index(bonus or s.bonus[province])] += 2 if s.pm == p else 1
    for city in s.map.provinces[province].cities:
        g = types.index(s.tiles[city])
        for q, x in enumerate(s.players):
            if city in x.houses:
                gains[q][g] += 1
    return gains


def apply(s: GameState, f: Frame, a: Action) -> None:
    p = f["p"]
    if s.config.forum and isinstance(a, AsDiplomat | BonusSale):
        from . import forum

        forum.apply_prefect(s, f, a)
        return
    if s.config.forum and not isinstance(a, Produce | Cash | Done):
        from . import forum

        forum.apply_use(s, f, a)
        return
    s.frames.pop()
    if isinstance(a, Produce):
        gains = production(s, p, a.province, a.bonus)
        s.active_markers.discard(a.province)
        if a.bonus:
            s.chosen_bonus[a.province] = a.bonus
        name = s.map.provinces[a.province].name
        if s.pm == p:
            s.pm = (p - 1) % s.n
            s.events.append(("praefectus_magnus", {"player": p, "to": s.pm}))
        if s.config.forum:
            from . import forum

            if forum.after_produce(s, p, a.province, gains):
                return  # Claudius Pompeius: the goods are given after the sale decision
        give(s, p, gains, name)
    elif isinstance(a, Cash):
        coins = cash_bonus(s)
        s.players[p].money += coins
        s.active_markers = set(s.map.provinces)
        s.chosen_bonus.clear()
        s.events.append(("cash_bonus", {"player": p, "amount": coins}))


def give(s: GameState, p: int, gains: list[list[int]], name: str) -> None:
    """Every player receives their production; overflow decisions stack up, the producer decides first."""
    order = [(p + i) % s.n for i in range(s.n)]
    for q in reversed(order):
        storehouse.receive(s, q, gains[q], f"{name} produces")
