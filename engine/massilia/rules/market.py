"""The market: customers and the consul moved with the brown action (R-BROWN, R-CUST, R-CONSUL, R-GOD-5).

R-BROWN-1: a figure moves exactly V fields in one direction; passing has no effect (D-BROWN names the end
field, so two directions that end on the same field are one option).
R-CUST-1/2: a customer of colour X that stops before a stall of the mover buys every X cube there, or, if there
is none, every beige cube (Ruling, question 11). Each cube pays the temple tile's price (Mercurius ±1) and X's
marker in reputation (beige: 0); the cubes return to the harbour; X's marker then goes up 1 (at most 3).
R-CONSUL-1..4: on an empty space the mover may build (5 sesterces, a tile from his supply) and move cubes
from his other stalls onto the new stall (D-MOVE-CUBES, at most 6). An empty stall closes (never an owner's
last one) and the mover may build there. A stall with cubes is taxed 1 per cube: the owner keeps the cubes he
pays for and returns the rest (D-TAX). The mover's own stalls are hit too.
R-GOD-5: before a tax or a closing, the owner may play a live Pluto (D-PLUTO); then nothing happens there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Build, Move, Pay, Pluto, Shift, make
from ..components import BEIGE, CONSUL, TEMPLE_SLOT, components
from . import gods
from .dice import mercurius_ok

if TYPE_CHECKING:
    from ..state import GameState


MOVES: list[list[Move]] = [[Move(f, d) for d in range(components().spaces)] for f in range(4)]
"""Moves without Mercurius, by figure and field (built once)."""


def _ends(fig: int, pos: int, value: int) -> tuple[Move, ...]:
    """R-BROWN-1: the plain moves of figure ``fig`` from field ``pos`` by ``value`` fields: the two end fields in
    field order, one if both directions meet there."""
    spaces = components().spaces
    a, b = (pos + value) % spaces, (pos - value) % spaces
    row = MOVES[fig]
    return (row[a],) if a == b else (row[a], row[b]) if a < b else (row[b], row[a])


ENDS: list[list[list[tuple[Move, ...]]]] = [
    [[_ends(fig, pos, v) for v in range(components().spaces)] for pos in range(components().spaces)]
    for fig in range(4)
]
"""``_ends`` by figure, field and value modulo the number of fields (built once: a brown action is frequent)."""


def sale(s: GameState, mover: int, figure: int, field: int) -> tuple[int, int]:
    """(good, cubes) a customer stopping on ``field`` buys from ``mover`` (R-CUST-1); (-1, 0) if none."""
    if figure == CONSUL or s.owner[field] != mover:
        return -1, 0
    stock = s.stock[field]
    g = figure - 1
    if stock[g]:
        return g, stock[g]
    if stock[BEIGE]:
        return BEIGE, stock[BEIGE]
    return -1, 0


def move_actions(s: GameState) -> list[Action]:
    f = s.frames[-1]
    p, value = f["p"], f["v"]
    comp = components()
    spaces = comp.spaces
    merc = "mercurius" in s.players[p].hand and mercurius_ok(s, p)  # no card in hand: no call
    if not merc:  # the plain moves only: two ends per figure, one if both directions meet
        v = value % spaces
        f0, f1, f2, f3 = s.figures
        return [*ENDS[0][f0][v], *ENDS[1][f1][v], *ENDS[2][f2][v], *ENDS[3][f3][v]]
    temple = s.prices[TEMPLE_SLOT]
    deltas = [d for d in (-1, 1) if comp.price_min <= temple + d <= comp.price_max] if merc else []
    out: list[Action] = []
    for fig, pos in enumerate(s.figures):
        a, b = (pos + value) % spaces, (pos - value) % spaces
        for dest in ((a,) if a == b else (a, b) if a < b else (b, a)):
            out.append(MOVES[fig][dest])
            if deltas and sale(s, p, fig, dest)[1]:
                out += [make(Move, fig, dest, d) for d in deltas]
    return out


def apply_move(s: GameState, a: Action) -> None:
    assert isinstance(a, Move)
    p = s.frames.pop()["p"]
    if a.mercurius:
        gods.play_card(s, p, "mercurius")
    s.figures[a.figure] = a.dest
    s.events.append(("move", {"player": p, "figure": a.figure, "field": a.dest}))
    if a.figure == CONSUL:
        consul_stop(s, p, a.dest)
    else:
        sell(s, p, a.figure, a.dest, s.prices[TEMPLE_SLOT] + a.mercurius)
    gods.after_use(s)


def sell(s: GameState, p: int, figure: int, field: int, price: int) -> None:
    """R-CUST-2: the customer buys; the seller gets sesterces and reputation; the marker moves up."""
    g, count = sale(s, p, figure, field)
    if not count:
        return
    comp = components()
    points = 0 if g == BEIGE else s.markers[g]
    pl = s.players[p]
    pl.money += count * price
    pl.rep += count * points
    s.stock[field][g] = 0
    s.cubes[p] -= count
    s.harbour[g] += count
    if g != BEIGE:
        s.markers[g] = min(comp.marker_max, s.markers[g] + 1)
    s.events.append(("sale", {"player": p, "space": field, "good": g, "count": count, "money": count * price,
                               "reputation": count * points}))


def pluto_live(s: GameState, owner: int) -> bool:
    """Whether ``owner`` may play Pluto now (in his own turn: not if he played one already)."""
    if owner == s.active and "pluto" in s.played:
        return False
    return s.live(owner, "pluto") > 0


def consul_stop(s: GameState, mover: int, field: int) -> None:
    """The consul's effect on the space before ``field`` (R-CONSUL-1..4)."""
    owner = s.owner[field]
    if owner < 0:
        push_build(s, mover, field)
        return
    if not any(s.stock[field]) and s.owner.count(owner) == 1:
        s.events.append(("last_stall", {"player": owner, "space": field}))
        return
    asked = pluto_live(s, owner) if s.config.legacy_reactions else gods.could_hold(s, owner, "pluto")
    if asked:
        s.frames.append({"k": "pluto", "p": owner, "m": mover, "f": field})
        return
    consul_effect(s, mover, field)


def consul_effect(s: GameState, mover: int, field: int) -> None:
    owner = s.owner[field]
    if any(s.stock[field]):
        s.frames.append({"k": "tax", "p": owner, "m": mover, "f": field})
    else:
        s.owner[field] = -1
        s.events.append(("close", {"player": owner, "space": field}))
        push_build(s, mover, field)


def push_build(s: GameState, mover: int, field: int) -> None:
    s.frames.append({"k": "build", "p": mover, "f": field})


PLAY_PLUTO, NO_PLUTO = make(Pluto, True), make(Pluto, False)


def pluto_actions(s: GameState) -> list[Action]:
    """Play Pluto or not; only "not" for an owner asked without a live Pluto (``gods.could_hold``)."""
    return [PLAY_PLUTO, NO_PLUTO] if pluto_live(s, s.frames[-1]["p"]) else [NO_PLUTO]


def apply_pluto(s: GameState, a: Action) -> None:
    assert isinstance(a, Pluto)
    f = s.frames.pop()
    if a.play:
        gods.play_card(s, f["p"], "pluto", in_turn=f["p"] == s.active)
        s.events.append(("pluto", {"player": f["p"], "space": f["f"]}))
    else:
        consul_effect(s, f["m"], f["f"])
    gods.after_use(s)


def tax_actions(s: GameState) -> list[Action]:
    f = s.frames[-1]
    most = s.players[f["p"]].money // max(1, components().tax_per_cube)
    return [make(Pay, g) for g in gods.subsets(s.stock[f["f"]], most)]


def apply_tax(s: GameState, a: Action) -> None:
    assert isinstance(a, Pay)
    f = s.frames.pop()
    field, p = f["f"], f["p"]
    paid = sum(a.goods) * components().tax_per_cube
    s.players[p].money -= paid
    back = [k - g for k, g in zip(s.stock[field], a.goods, strict=True)]
    for i, k in enumerate(back):
        s.harbour[i] += k
    s.stock[field] = list(a.goods)
    s.cubes[p] -= sum(back)
    s.events.append(("tax", {"player": p, "space": field, "paid": paid, "returned": back}))
    gods.after_use(s)


BUILD, NO_BUILD = make(Build, True), make(Build, False)


def build_actions(s: GameState) -> list[Action]:
    p = s.frames[-1]["p"]
    can = s.tiles_left(p) > 0 and s.players[p].money >= components().build_cost
    return [BUILD, NO_BUILD] if can else [NO_BUILD]


def shift_sources(s: GameState, p: int, field: int, start: int) -> list[int]:
    return [x for x in s.stalls_of(p) if x != field and x >= start and any(s.stock[x])]


def apply_build(s: GameState, a: Action) -> None:
    assert isinstance(a, Build)
    f = s.frames.pop()
    p, field = f["p"], f["f"]
    if a.build:
        s.players[p].money -= components().build_cost
        s.owner[field] = p
        s.events.append(("build", {"player": p, "space": field}))
        if shift_sources(s, p, field, 0):
            s.frames.append({"k": "shift", "p": p, "f": field, "s": 0})
    gods.after_use(s)


def shift_actions(s: GameState) -> list[Action]:
    f = s.frames[-1]
    x = shift_sources(s, f["p"], f["f"], f["s"])[0]
    room = components().stall_capacity - sum(s.stock[f["f"]])
    return [make(Shift, x, g) for g in gods.subsets(s.stock[x], room)]


def apply_shift(s: GameState, a: Action) -> None:
    assert isinstance(a, Shift)
    f = s.frames[-1]
    for i, k in enumerate(a.goods):
        s.stock[a.space][i] -= k
        s.stock[f["f"]][i] += k
    if any(a.goods):
        s.events.append(("shift", {"player": f["p"], "from": a.space, "to": f["f"], "goods": list(a.goods)}))
    f["s"] = a.space + 1
    room = components().stall_capacity - sum(s.stock[f["f"]])
    if room == 0 or not shift_sources(s, f["p"], f["f"], f["s"]):
        s.frames.pop()
        gods.after_use(s)
