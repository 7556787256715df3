"""R-ACT-C1..C3: build the part on a blue field's slot into the next section, pay for it, refill the slot.

Payment (R-ACT-C2): each card of the cost is paid with its own type; each **missing** card ("Fehlende
Baustoff-Karten") may be replaced by 3 cards of one other type. Ruling #11: only missing cards may be
replaced, so the payer first pays ``min(hand_t, cost_t)`` of each type; ``m`` missing cards are then paid by
``m`` triples, ``x_u`` of type ``u`` with ``3 x_u <= remaining_u``. Every distinct ``x`` is one option.
Building section XV, XVI or XVII also earns its chip (S-CHIPS); the 17th part ends the game (R-END-TRIGGER).
"""

from __future__ import annotations

from functools import cache

from ..actions import BUILD_DIRECT, Build
from ..components import components
from ..state import GameState
from . import turn


@cache
def _payments(hand: tuple[int, ...], cost: tuple[int, ...]) -> tuple[Build, ...]:
    sub = components().substitute
    missing = 0
    room = []
    for h, c in zip(hand, cost, strict=True):
        if h < c:
            missing += c - h
        room.append((h - min(h, c)) // sub)
    if missing == 0:
        return (BUILD_DIRECT,)
    out: list[Build] = []

    def fill(t: int, left: int, acc: list[int]) -> None:
        if t == 3:
            if left <= room[3]:
                out.append(Build((acc[0], acc[1], acc[2], left)))
            return
        for x in range(min(left, room[t]) + 1):
            acc.append(x)
            fill(t + 1, left - x, acc)
            acc.pop()

    fill(0, missing, [])
    out.sort(key=lambda b: tuple(-x for x in b.triples))  # W triples first, then G, H, S
    return tuple(out)


def build_options(hand: list[int], cost: tuple[int, int, int, int]) -> list[Build]:
    """Every legal payment for a part of ``cost`` from ``hand`` (empty if it cannot be paid)."""
    return list(_payments((hand[0], hand[1], hand[2], hand[3]), cost))


def paid_cards(hand: list[int], cost: tuple[int, int, int, int], triples: tuple[int, int, int, int]) -> list[int]:
    """Cards of each type a payment takes from ``hand``: the cost's own cards, then the triples."""
    sub = components().substitute
    return [min(h, c) + sub * x for h, c, x in zip(hand, cost, triples, strict=True)]


def build(s: GameState, a: Build) -> None:
    comp = components()
    b = comp.blue_index[s.consul]
    part_id = s.slots[b]
    assert part_id is not None  # legal() offers no build on an empty slot
    part = comp.part(part_id)
    pl = s.players[s.active]
    paid = paid_cards(pl.hand, part.cost, a.triples)
    for t in range(4):
        pl.hand[t] -= paid[t]
        s.supply[t] += paid[t]
    s.built.append([part_id, s.active])
    section = len(s.built)
    chip = comp.chips.get(section, 0)
    pl.fame += part.fame + chip
    s.events.append(("build", {"player": s.active, "part": part_id, "section": section, "fame": part.fame,
                               "chip": chip, "paid": paid}))
    if section >= comp.sections:
        s.slots[b] = None
        turn.finish(s)
        return
    s.slots[b] = s.parts.pop() if s.parts else None
    if s.slots[b] is not None:
        s.events.append(("part", {"slot": b, "part": s.slots[b]}))
    turn.end_turn(s)
