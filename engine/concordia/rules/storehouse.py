"""R-TURN-4: the storehouse (12 slots for goods and colonists) and payments.

Goods a player receives go in while there is room; when more arrive than fit, the player chooses which to
take but must fill every free slot (an ``overflow`` decision, made by that player even if it is not their
turn). Ruling: when all offered goods are of one type, no choice is asked.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.concordia.actions import Accept, Action
from engine.concordia.model import GOODS, components
from engine.concordia.state import Frame, GameState


def goods_text(gains: Sequence[int]) -> str:
    parts = [f"{n} {g}" for g, n in zip(GOODS, gains, strict=True) if n]
    return ", ".join(parts) if parts else "nothing"


def receive(s: GameState, p: int, gains: Sequence[int], why: str) -> None:
    """Give ``gains`` (per good) to player ``p``, or push an overflow decision if they do not all fit."""
    pl = s.players[p]
    total = sum(gains)
    if total == 0:
        return
    free = pl.free_slots
    if total <= free:
        for i, n in enumerate(gains):
            pl.goods[i] += n
        s.events.append(f"P{p + 1} gets {goods_text(gains)} ({why})")
        return
    kinds = [i for i, n in enumerate(gains) if n]
    if free == 0:
        s.events.append(f"P{p + 1} has no room for {goods_text(gains)} ({why})")
        return
    if len(kinds) == 1:
        pl.goods[kinds[0]] += free
        s.events.append(f"P{p + 1} gets {free} {GOODS[kinds[0]]} of {total}: storehouse full ({why})")
        return
    s.frames.append({"k": "overflow", "p": p, "offer": list(gains), "why": why})


def _fills(offer: Sequence[int], free: int, i: int = 0) -> Iterator[tuple[int, ...]]:
    if i == len(offer) - 1:
        if free <= offer[i]:
            yield (free,)
        return
    for n in range(min(offer[i], free), -1, -1):
        for rest in _fills(offer, free - n, i + 1):
            yield (n, *rest)


def legal_overflow(s: GameState, f: Frame) -> list[Action]:
    free = s.players[f["p"]].free_slots
    return [
        Accept(tuple((g, n) for g, n in zip(GOODS, x, strict=True) if n)) for x in _fills(f["offer"], free)
    ]


def apply_overflow(s: GameState, f: Frame, a: Action) -> None:
    assert isinstance(a, Accept)
    pl = s.players[f["p"]]
    for g, n in a.goods:
        pl.goods[GOODS.index(g)] += n
    s.frames.pop()
    s.events.append(f"P{f['p'] + 1} takes {', '.join(f'{n} {g}' for g, n in a.goods)} ({f['why']}); storehouse full")


def has_goods(s: GameState, p: int, need: Sequence[str]) -> bool:
    pl = s.players[p]
    counts = [0] * len(GOODS)
    for g in need:
        counts[GOODS.index(g)] += 1
    return all(pl.goods[i] >= counts[i] for i in range(len(GOODS)))


def pay_goods(s: GameState, p: int, goods: Sequence[str]) -> None:
    pl = s.players[p]
    for g in goods:
        pl.goods[GOODS.index(g)] -= 1


def pay_money(s: GameState, p: int, amount: int) -> None:
    """Pay ``amount`` to the bank; in the team game a shortfall comes from the partner (R-TEAM-MONEY)."""
    pl = s.players[p]
    if amount <= pl.money:
        pl.money -= amount
        return
    short = amount - pl.money
    pl.money = 0
    q = s.partner(p)
    if q < 0 or s.players[q].money < short:  # pragma: no cover - legal_actions never allows this
        raise AssertionError("payment beyond the money available")
    s.players[q].money -= short
    s.events.append(f"P{p + 1} takes {short} sestertii from partner P{q + 1}")


def colonist_price_ok(s: GameState, p: int) -> bool:
    return has_goods(s, p, components().colonist_cost)
