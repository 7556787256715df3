"""R-SENATOR, R-CONSUL (and the team game's R-PRAETOR, R-PROKONSUL): buy cards from the display.

Senator: up to 2 cards, each for its card cost plus its slot's extra cost ('?' = one good of the buyer's
choice). Consul: 1 card for its card cost only. The display slides towards slot 1 and refills from the deck
only after all purchases of the action. Buying the last card (display and deck empty) ends the game.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.concordia.actions import Action, Done, Purchase
from engine.concordia.model import GOODS, components
from engine.concordia.state import Frame, GameState

from . import storehouse, turn

BUY_LIMIT = {"senator": 2, "consul": 1, "praetor": 1, "prokonsul": 1}
PAYS_SLOT = {"senator": True, "consul": False, "praetor": True, "prokonsul": False}


def resolve(s: GameState, p: int, mode: str, refill: bool = True) -> None:
    s.frames.append({"k": "buy", "p": p, "mode": mode, "left": BUY_LIMIT[mode], "refill": refill})


def price(s: GameState, slot: int, mode: str) -> tuple[list[str], int]:
    """Fixed goods and the number of '?' goods to pay for the card in ``slot`` (0-based)."""
    cid = s.display[slot]
    assert cid is not None
    fixed = [g for g, n in s.card(cid).cost for _ in range(n)]
    anys = 0
    if PAYS_SLOT[mode]:
        # R-FORUM-CORNELIUS-SCIPIO: every good of the slot's extra cost becomes '?'
        scipio = s.config.forum and "cornelius-scipio" in s.players[s.current_player].forum
        for g in components().display[s.config.display][slot]:
            if g == "any" or scipio:
                anys += 1
            else:
                fixed.append(g)
    return fixed, anys


def legal(s: GameState, f: Frame) -> list[Action]:
    out: list[Action] = []
    p = f["p"]
    if f["left"] > 0:
        for slot, cid in enumerate(s.display):
            if cid is None or cid == f.get("skip"):
                continue
            if f["mode"] == "prokonsul" and "prokonsul" in s.card(cid).roles:
                continue
            fixed, anys = price(s, slot, f["mode"])
            if s.players[p].salt:  # R-SALSA-SALT: salt may pay any unit, '?' may be salt
                out.extend(_salt_purchases(s, p, slot, fixed, anys))
                continue
            if not storehouse.has_goods(s, p, fixed):
                continue
            if anys == 0:
                out.append(Purchase(slot + 1))
                continue
            for pay in combinations_with_replacement(GOODS, anys):
                if storehouse.has_goods(s, p, fixed + list(pay)):
                    out.append(Purchase(slot + 1, pay))
    if s.config.forum:
        from . import forum

        out.extend(forum.any_time_uses(s, f))
    out.append(Done())
    return out


def _salt_purchases(s: GameState, p: int, slot: int, fixed: list[str], anys: int) -> list[Action]:
    """Purchases of a player holding salt: one per distinct multiset of goods taken (R-SALSA-DECISIONS),
    written with as little ``salt=`` as possible (``pay=salt`` rather than ``pay=tool salt=tool``)."""
    options = [(pay, opt) for pay in storehouse.any_choices(s, p, anys)
               for opt in storehouse.salt_options(s, p, fixed + list(pay))]
    options.sort(key=lambda x: len(x[1]))
    seen: set[tuple[str, ...]] = set()
    out: list[Action] = []
    for pay, opt in options:
        taken = list(fixed) + list(pay)
        for g in opt:
            taken.remove(g)
        key = tuple(sorted(taken + ["salt"] * len(opt)))
        if key not in seen:
            seen.add(key)
            out.append(Purchase(slot + 1, pay, opt))
    return out


def apply(s: GameState, f: Frame, a: Action) -> None:
    p = f["p"]
    if s.config.forum and not isinstance(a, Purchase | Done):
        from . import forum

        forum.apply_use(s, f, a)
        return
    if not isinstance(a, Purchase):
        s.frames.pop()
        finish(s, f)
        return
    slot = a.slot - 1
    fixed, _ = price(s, slot, f["mode"])
    storehouse.pay_goods(s, p, fixed + list(a.pay), a.salt)
    cid = s.display[slot]
    assert cid is not None
    s.display[slot] = None
    s.players[p].hand.append(cid)
    f["left"] -= 1
    if not s.deck and all(c is None for c in s.display):
        turn.trigger_end(s, p, "display")


def finish(s: GameState, f: Frame) -> None:
    if f.get("refill", True):
        refill(s)


def refill(s: GameState) -> None:
    """Slide the remaining cards towards slot 1 and fill the expensive end from the deck."""
    cards: list[str | None] = [c for c in s.display if c is not None]
    while len(cards) < 7 and s.deck:
        cards.append(s.deck.pop())
    s.display = cards + [None] * (7 - len(cards))
