"""R-MERCATOR: take 3 (starting card) or 5 sestertii, then trade up to 2 types of goods with the bank.

Sell or buy any quantity of a type at storehouse prices; purchases need money and free slots. Ruling: each
type is one trade decision, and the two trades happen in the order chosen (sales may pay for purchases).
Salt is never traded; during the Mercator the player may exchange 1 salt for 1 good (``convert``, not a
trade, R-SALSA-SALT). Forum: Servius Marcellus allows 3 types, Gaius Marcellus adds 1 to each good sold,
Faustus Marcellus makes the first brick bought free (R-FORUM-SERVIUS-, -GAIUS-, -FAUSTUS-MARCELLUS).
"""

from __future__ import annotations

from engine.concordia.actions import Action, Buy, Convert, Done, Sell
from engine.concordia.model import GOODS, components
from engine.concordia.state import Frame, GameState

from . import storehouse


def resolve(s: GameState, p: int, money: int) -> None:
    s.players[p].money += money
    s.events.append(("takes_money", {"player": p, "amount": money}))
    s.frames.append({"k": "mercator", "p": p, "traded": []})


def _cards(s: GameState, p: int) -> list[str]:
    return s.players[p].forum if s.config.forum else []


def trade_types(s: GameState, p: int) -> int:
    return 3 if "servius-marcellus" in _cards(s, p) else 2


def sell_price(s: GameState, p: int, good: str) -> int:
    return components().prices[good] + (1 if "gaius-marcellus" in _cards(s, p) else 0)


def buy_cost(s: GameState, p: int, good: str, count: int) -> int:
    free = 1 if good == "brick" and count > 0 and "faustus-marcellus" in _cards(s, p) else 0
    return (count - free) * components().prices[good]


def legal(s: GameState, f: Frame) -> list[Action]:
    out: list[Action] = []
    p = f["p"]
    pl = s.players[p]
    if len(f["traded"]) < trade_types(s, p):
        money = s.spendable(p)
        for i, g in enumerate(GOODS):
            if g in f["traded"]:
                continue
            out.extend(Sell(g, k) for k in range(1, pl.goods[i] + 1))
            k = 1
            while k <= pl.free_slots and buy_cost(s, p, g, k) <= money:
                out.append(Buy(g, k))
                k += 1
    if pl.salt:
        out.extend(Convert(g) for g in GOODS)
    if s.config.forum:
        from . import forum

        out.extend(forum.any_time_uses(s, f))
    out.append(Done())
    return out


def apply(s: GameState, f: Frame, a: Action) -> None:
    p = f["p"]
    pl = s.players[p]
    if isinstance(a, Sell):
        pl.goods[GOODS.index(a.good)] -= a.count
        pl.money += a.count * sell_price(s, p, a.good)
        f["traded"].append(a.good)
    elif isinstance(a, Buy):
        storehouse.pay_money(s, p, buy_cost(s, p, a.good, a.count))
        pl.goods[GOODS.index(a.good)] += a.count
        f["traded"].append(a.good)
    elif isinstance(a, Convert):
        pl.salt -= 1
        pl.goods[GOODS.index(a.good)] += 1
        s.events.append(("salt_exchange", {"player": p, "good": a.good}))
    elif isinstance(a, Done):
        s.frames.pop()
    else:
        from . import forum

        forum.apply_use(s, f, a)
