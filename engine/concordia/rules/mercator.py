"""R-MERCATOR: take 3 (starting card) or 5 sestertii, then trade up to 2 types of goods with the bank.

Sell or buy any quantity of a type at storehouse prices; purchases need money and free slots. Ruling: each
type is one trade decision, and the two trades happen in the order chosen (sales may pay for purchases).
"""

from __future__ import annotations

from engine.concordia.actions import Action, Buy, Done, Sell
from engine.concordia.model import GOODS, components
from engine.concordia.state import Frame, GameState

from . import storehouse


def resolve(s: GameState, p: int, money: int) -> None:
    s.players[p].money += money
    s.events.append(f"P{p + 1} takes {money} sestertii")
    s.frames.append({"k": "mercator", "p": p, "traded": []})


def legal(s: GameState, f: Frame) -> list[Action]:
    out: list[Action] = []
    if len(f["traded"]) < 2:
        p = f["p"]
        pl = s.players[p]
        prices = components().prices
        money = s.spendable(p)
        for i, g in enumerate(GOODS):
            if g in f["traded"]:
                continue
            out.extend(Sell(g, k) for k in range(1, pl.goods[i] + 1))
            out.extend(Buy(g, k) for k in range(1, min(pl.free_slots, money // prices[g]) + 1))
    out.append(Done())
    return out


def apply(s: GameState, f: Frame, a: Action) -> None:
    p = f["p"]
    pl = s.players[p]
    price = components().prices
    if isinstance(a, Sell):
        pl.goods[GOODS.index(a.good)] -= a.count
        pl.money += a.count * price[a.good]
        f["traded"].append(a.good)
    elif isinstance(a, Buy):
        storehouse.pay_money(s, p, a.count * price[a.good])
        pl.goods[GOODS.index(a.good)] += a.count
        f["traded"].append(a.good)
    else:
        s.frames.pop()
