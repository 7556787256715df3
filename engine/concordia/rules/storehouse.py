"""R-TURN-4: the storehouse (12 slots for goods and colonists) and payments.

Goods a player receives go in while there is room; when more arrive than fit, the player chooses which to
take but must fill every free slot (an ``overflow`` decision, made by that player even if it is not their
turn). Ruling: when all offered goods are of one type, no choice is asked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

from engine.concordia.actions import Accept, Action, Done
from engine.concordia.model import GOODS, SALT
from engine.concordia.state import Frame, GameState, PlayerState

TYPES: tuple[str, ...] = (*GOODS, SALT)
"""Goods in a gains list of a game with salt (six entries); a game without salt uses five (``GOODS``)."""


def why_reason(why: str) -> tuple[str, dict[str, Any]]:
    """Where received goods come from, as an id with parameters for the log, from the frame's ``why`` text.

    The text (``Italia produces``, ``2 brick cities``, a forum card's name) stays what the overflow frame has
    always stored, so saved games keep their snapshots; this is the one place that reads it back.
    """
    if why.endswith(" produces"):
        return ("produce", {"province": why[: -len(" produces")]})
    words = why.split(" ")
    if len(words) == 3 and words[0].isdigit() and words[2] == "cities":
        return ("specialist", {"count": int(words[0]), "good": words[1]})
    return ("forum", {"name": why})


def receive(s: GameState, p: int, gains: Sequence[int], why: str) -> None:
    """Give ``gains`` (per good) to player ``p``, or push an overflow decision if they do not all fit."""
    pl = s.players[p]
    total = sum(gains)
    if total == 0:
        return
    if s.config.salt and len(gains) == len(GOODS):  # a salt game's offers always list salt (last)
        gains = [*gains, 0]
    free = pl.free_slots
    if total <= free:
        for i, n in enumerate(gains):
            add(pl, i, n)
        s.events.append(("gets", {"player": p, "gains": list(gains), "why": why_reason(why)}))
        return
    kinds = [i for i, n in enumerate(gains) if n]
    if free == 0:
        s.events.append(("no_room", {"player": p, "gains": list(gains), "why": why_reason(why)}))
        return
    if len(kinds) == 1:
        add(pl, kinds[0], free)
        s.events.append(("storehouse_full", {"player": p, "amount": free, "good": TYPES[kinds[0]], "total": total,
                                            "why": why_reason(why)}))
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
    """Ways to fill every free slot; with the forum also the owner's citizens in their own turn (a citizen that
    fills the storehouse first leaves ``done``: nothing more fits)."""
    free = s.players[f["p"]].free_slots
    if s.config.forum:
        from . import forum

        uses = forum.any_time_uses(s, f)
        if free == 0:
            return [*uses, Done()]
        fills = [Accept(tuple((g, n) for g, n in zip(TYPES, x, strict=False) if n)) for x in _fills(f["offer"], free)]
        return fills + uses
    return [
        Accept(tuple((g, n) for g, n in zip(TYPES, x, strict=False) if n)) for x in _fills(f["offer"], free)
    ]


def apply_overflow(s: GameState, f: Frame, a: Action) -> None:
    if not isinstance(a, Accept):
        from . import forum

        if isinstance(a, Done):  # the storehouse filled up meanwhile: the rest is lost
            s.frames.pop()
            s.events.append(("no_room_left", {"player": f["p"], "why": why_reason(f["why"])}))
            return
        forum.apply_use(s, f, a)
        return
    pl = s.players[f["p"]]
    for g, n in a.goods:
        add(pl, TYPES.index(g), n)
    s.frames.pop()
    s.events.append(("takes_goods", {"player": f["p"], "goods": [[g, n] for g, n in a.goods],
                                    "why": why_reason(f["why"])}))


def add(pl: PlayerState, i: int, n: int) -> None:
    """Put ``n`` goods of type ``TYPES[i]`` (salt is index 5) into the storehouse."""
    if i == len(GOODS):
        pl.salt += n
    else:
        pl.goods[i] += n


def has_goods(s: GameState, p: int, need: Sequence[str]) -> bool:
    pl = s.players[p]
    counts = [0] * len(GOODS)
    for g in need:
        counts[GOODS.index(g)] += 1
    return all(pl.goods[i] >= counts[i] for i in range(len(GOODS)))


def pay_goods(s: GameState, p: int, goods: Sequence[str], salt_for: Sequence[str] = ()) -> None:
    """Take ``goods`` from ``p``'s storehouse; the units in ``salt_for`` are paid with salt instead (R-SALSA-SALT).

    ``goods`` may itself name salt (a '?' paid with salt)."""
    pl = s.players[p]
    need = list(goods)
    for g in salt_for:
        need.remove(g)
        pl.salt -= 1
    for g in need:
        if g == SALT:
            pl.salt -= 1
        else:
            pl.goods[GOODS.index(g)] -= 1


def salt_options(s: GameState, p: int, need: Sequence[str]) -> list[tuple[str, ...]]:
    """R-SALSA-SALT, R-SALSA-DECISIONS: the ways ``p`` can pay the goods ``need`` (a '?' already chosen).

    Each option names the units salt stands for (``()``: no salt); every option is affordable, and an
    option is offered only if ``p`` holds salt. Units of one good are alike, so options are multisets.
    """
    pl = s.players[p]
    counts = Counter(need)
    if SALT in counts:
        have_salt = pl.salt - counts.pop(SALT)
        if have_salt < 0:
            return []
    else:
        have_salt = pl.salt
    fixed = [g for g in GOODS for _ in range(counts[g])]
    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for k in range(min(have_salt, len(fixed)) + 1):
        for sub in combinations(fixed, k):
            if sub in seen:
                continue
            seen.add(sub)
            rest = Counter(fixed)
            rest.subtract(sub)
            if all(pl.goods[GOODS.index(g)] >= n for g, n in rest.items()):
                out.append(sub)
    return out


def any_choices(s: GameState, p: int, anys: int) -> list[tuple[str, ...]]:
    """The goods a player may name for ``anys`` '?' units: the five goods, and salt when they hold some."""
    kinds = (*GOODS, SALT) if s.players[p].salt else GOODS
    return list(combinations_with_replacement(kinds, anys))


def payment_split(s: GameState, p: int, amount: int) -> tuple[int, int]:
    """R-TEAM-MONEY: (from ``p``'s own money, from the partner's) for a payment of ``amount`` sestertii.

    A player short of sestertii takes the missing amount from the partner, who cannot refuse; outside the
    team game (or with enough money) the partner's part is 0. The UI words a payment with this, never by
    itself.
    """
    own = min(amount, s.players[p].money)
    return own, amount - own


def pay_money(s: GameState, p: int, amount: int) -> None:
    """Pay ``amount`` to the bank; in the team game a shortfall comes from the partner (R-TEAM-MONEY)."""
    own, short = payment_split(s, p, amount)
    pl = s.players[p]
    pl.money -= own
    if not short:
        return
    q = s.partner(p)
    if q < 0 or s.players[q].money < short:  # pragma: no cover - legal_actions never allows this
        raise AssertionError("payment beyond the money available")
    s.players[q].money -= short
    s.events.append(("partner_money", {"player": p, "amount": short, "partner": q, "total": amount, "own": own}))
