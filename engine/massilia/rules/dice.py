"""Using dice (R-DIE): a turn's USE, taken step by step.

R-DIE-1: a USE takes a group G of dice (from the temple or the user's kept dice), names an action colour A and
a value V, and the user must then do A's action with exactly V; the dice go behind his screen.
R-DIE-2/3: colour, pip and add modifiers cost one penalty stone per unit, in the cheapest order (R-DIE-3 in
``engine.massilia.dice``); Phoebus, Juno and Minerva each cover one unit of their kind. R-DIE-4: the stones
taken must be in the supply.

The spec's D-TURN is one choice of (G, A, V, cards); here it is made in steps so that the list of options
stays small: ``take`` the first die, ``add`` more, then ``as A V [cards]``. A die is offered only if the
group with it still has a legal completion. That loses no USE: every completion of a larger group needs at
least the units of a smaller one and a larger V, and every action is easier with a smaller V, so a group
without a completion has no larger group with one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Add, As, Pass, Take, Venus, make
from ..components import D_BEIGE, D_BLACK, D_BROWN, D_GREY, MAIN, SLOT_OF_GOOD, TEMPLE_SLOT, components
from ..dice import pip_table, units
from . import gods, rounds

if TYPE_CHECKING:
    from ..state import GameState


def mercurius_ok(s: GameState, p: int) -> bool:
    return "mercurius" not in s.played and s.live(p, "mercurius") > 0


def cheapest_price(s: GameState, price: int, merc: bool) -> int:
    """A tile's price, lowered by Mercurius if he may play it (R-GOD-6: never below 1)."""
    return price - 1 if merc and price - 1 >= components().price_min else price


def purchase_cost(price: int, count: int, value: int, neptunus: bool) -> int:
    """R-BEIGE-1: ``count`` cubes at ``price`` and ``value - count`` beige at 1; Neptunus frees the 2 dearest."""
    cost = count * price + (value - count)
    if neptunus:
        dearest = sorted([price] * min(count, 2) + [1] * min(value - count, 2), reverse=True)[:2]
        cost -= sum(dearest)
    return cost


def beige_max(s: GameState, p: int, limit: int) -> int:
    """The largest value (at most ``limit``) of a legal purchase for ``p`` (R-BEIGE-2); 0 if none.

    Every purchase is easier with a smaller value (fewer cubes, less money, less room), so the legal values
    are exactly 1..beige_max.
    """
    limit = min(limit, rounds.room_of(s, p))
    if limit <= 0:
        return 0
    money = s.players[p].money
    merc = mercurius_ok(s, p)
    nep = "neptunus" not in s.played and s.live(p, "neptunus") > 0
    beige = s.harbour[3]
    best = 0
    for g in MAIN:
        have = s.harbour[g]
        if not have:
            continue
        price = cheapest_price(s, s.prices[SLOT_OF_GOOD[g]], merc)
        for value in range(best + 1, min(limit, have + beige) + 1):
            count = max(1, value - beige)
            if purchase_cost(price, count, value, nep) > money:
                break
            best = value
    return best


def value_limit(s: GameState, p: int, colour: int, hi: int) -> int:
    """The largest value (at most ``hi``) the action of ``colour`` can be done with (grey: the hand aside)."""
    if colour == D_BROWN:
        return hi
    if colour == D_BEIGE:
        return beige_max(s, p, hi)
    if colour == D_BLACK:
        return min(hi, s.players[p].money // cheapest_price(s, s.prices[TEMPLE_SLOT], mercurius_ok(s, p)))
    return min(hi, rounds.cubes_of(s, p)) if gods.cards_available(s) else 0


def value_limits(s: GameState, p: int, hi: int) -> list[int]:
    """Per die colour, the largest value (at most ``hi``) its action can be done with (grey: hand aside)."""
    return [value_limit(s, p, c, hi) for c in range(4)]


class Limits:
    """``value_limit`` per colour, each computed when first asked for."""

    __slots__ = ("hi", "p", "s", "values")

    def __init__(self, s: GameState, p: int, hi: int) -> None:
        self.s, self.p, self.hi = s, p, hi
        self.values = [-1, -1, -1, -1]

    def __getitem__(self, colour: int) -> int:
        v = self.values[colour]
        if v < 0:
            v = self.values[colour] = value_limit(self.s, self.p, colour, self.hi)
        return v


PLAIN: list[list[As]] = [[As(c, v) for v in range(121)] for c in range(4)]
"""``as`` options without cards, by colour and value (built once: legal-action lists are built very often)."""
TAKES: tuple[list[Take], list[Take]] = ([Take(d) for d in range(24)], [Take(d, True) for d in range(24)])
ADDS: tuple[list[Add], list[Add]] = ([Add(d) for d in range(24)], [Add(d, True) for d in range(24)])


class Context:
    """What a USE's options depend on besides the dice, computed once per decision (the limits when needed)."""

    limits: Limits

    __slots__ = ("hand", "has_j", "has_m", "has_p", "limit", "limits", "supply")

    def __init__(self, s: GameState, p: int, most_dice: int) -> None:
        pl = s.players[p]
        live = {c for c, f in zip(pl.hand, pl.fresh, strict=True) if not f}.difference(s.played) if pl.hand else ()
        self.has_p = "phoebus" in live
        self.has_j = "juno" in live
        self.has_m = "minerva" in live
        self.supply = s.supply
        self.hand = len(pl.hand)
        self.limit = components().hand_limit
        self.limits = Limits(s, p, 6 * most_dice)


def completions(
    s: GameState, p: int, group: list[int], first: bool = False, ctx: Context | None = None
) -> list[Action]:
    """Every ``as`` choice for ``group`` (R-DIE-3 stones within the supply, the action possible).

    With ``first`` it stops at the first one found (used to offer only dice that lead somewhere).
    """
    if ctx is None:
        ctx = Context(s, p, len(group))
    supply = ctx.supply
    lo, hi = len(group), 6 * len(group)
    if first and lo == 1:  # one die: its own action at its own face costs nothing
        d = group[0]
        if d // 6 == D_BROWN or (d % 6 + 1 <= ctx.limits[d // 6] and (d // 6 != D_GREY or ctx.hand < ctx.limit)):
            return [As(d // 6, d % 6 + 1)]
        if supply + ctx.has_p >= 1:  # or brown, with one colour unit
            return [As(D_BROWN, d % 6 + 1, supply == 0)]
        if not ctx.has_m:  # no stone and no card to change anything
            return []
    table = pip_table(tuple(d % 6 + 1 for d in group))
    has_p, has_j, has_m = ctx.has_p, ctx.has_j, ctx.has_m
    limit, hand, limits = ctx.limit, ctx.hand, ctx.limits
    out: list[Action] = []
    order = (D_BROWN, D_BEIGE, D_BLACK, D_GREY) if first else range(4)
    colours = {d // 6 for d in group}
    au = lo - 1
    if not (has_p or has_j or has_m):  # no card: stones are the units (the same options, found faster)
        for colour in order:
            base = len(colours) - (colour in colours) + au
            if base > supply or (colour == D_GREY and hand >= limit):
                continue
            row = PLAIN[colour]
            for value in range(lo, min(hi, limits[colour]) + 1):
                if base + table[value] <= supply:
                    out.append(row[value] if value < len(row) else make(As, colour, value, False, False, False))
                    if first:
                        return out
        return out
    for colour in order:
        cu = len(colours) - (colour in colours)
        cp = (False, True) if has_p and cu else (False,)
        cj = (False, True) if has_j and au else (False,)
        if cu + au - (len(cp) - 1) - (len(cj) - 1) > supply:
            continue
        top = min(hi, limits[colour])
        for value in range(lo, top + 1):
            pu = table[value]
            cm = (False, True) if has_m and pu else (False,)
            if cu + au + pu - len(cp) - len(cj) - len(cm) + 3 > supply:
                continue
            for up in cp:
                for uj in cj:
                    for um in cm:
                        if cu - up + au - uj + pu - um > supply:
                            continue
                        if colour == D_GREY and hand - up - uj - um >= limit:
                            continue
                        out.append(make(As, colour, value, up, uj, um))
                        if first:
                            return out
    return out


def stones_for(s: GameState, group: list[int], a: As) -> int:
    cu, au = units(group, a.colour)
    pu = pip_table(tuple(d % 6 + 1 for d in group))[a.value]
    return cu - a.phoebus + au - a.juno + pu - a.minerva


def _dice_options(s: GameState, p: int, group: list[int], kind: type[Take] | type[Add], ctx: Context) -> list[Action]:
    out: list[Action] = []
    supply, has_p = ctx.supply, ctx.has_p
    if len(group) - ctx.has_j > supply:  # the add unit alone needs more stones than the supply holds
        return out
    brown_colours = {d // 6 for d in group}
    brown_colours.discard(D_BROWN)
    first = not group
    table = TAKES if kind is Take else ADDS
    lim: list[int] | None = None
    for kept, pool in ((False, s.temple), (True, s.players[p].kept)):
        last = -1
        for d in pool:  # sorted: equal dice are neighbours
            if d == last:
                continue
            last = d
            c = d // 6
            if first:  # one die: brown, or brown for a colour unit, or its own action at its own face
                if c == D_BROWN or supply + has_p >= 1:
                    ok = True
                else:
                    if lim is None:
                        lim = [ctx.limits[x] for x in range(4)]
                    ok = (d % 6 + 1 <= lim[c] and (c != D_GREY or ctx.hand < ctx.limit)) or (
                        ctx.has_m and bool(completions(s, p, [d], True, ctx))
                    )
            else:  # quick sufficient test: the brown action at the dice's own faces (no pip units)
                cu = len(brown_colours) + (c != D_BROWN and c not in brown_colours)
                ok = max(0, cu - has_p) + max(0, len(group) - ctx.has_j) <= supply or bool(
                    completions(s, p, [*group, d], True, ctx)
                )
            if ok:
                out.append(table[kept][d])
    return out


def turn_actions(s: GameState) -> list[Action]:
    p = s.frames[-1]["p"]
    ctx = Context(s, p, 1)
    return [make(Pass), *gods.venus_options(s, p), *_dice_options(s, p, [], Take, ctx)]


def apply_turn(s: GameState, a: Action) -> None:
    p = s.frames[-1]["p"]
    if isinstance(a, Venus):
        gods.play_venus(s, p, a.count)
        return
    if isinstance(a, Pass):
        s.frames.pop()
        rounds.do_pass(s, p)
        return
    assert isinstance(a, Take)
    s.frames[-1] = {"k": "use", "p": p, "g": [], "src": []}
    _take(s, p, a.die, a.kept)


def _take(s: GameState, p: int, d: int, kept: bool) -> None:
    f = s.frames[-1]
    (s.players[p].kept if kept else s.temple).remove(d)
    f["g"].append(d)
    f["src"].append(int(kept))


def use_actions(s: GameState) -> list[Action]:
    f = s.frames[-1]
    p = f["p"]
    ctx = Context(s, p, len(f["g"]) + 1)
    return [*_dice_options(s, p, f["g"], Add, ctx), *completions(s, p, f["g"], False, ctx)]


def apply_use(s: GameState, a: Action) -> None:
    f = s.frames[-1]
    p = f["p"]
    if isinstance(a, Add):
        _take(s, p, a.die, a.kept)
        return
    assert isinstance(a, As)
    group = f["g"]
    stones = stones_for(s, group, a)
    s.frames.pop()
    for god, on in (("phoebus", a.phoebus), ("juno", a.juno), ("minerva", a.minerva)):
        if on:
            gods.play_card(s, p, god)
    pl = s.players[p]
    pl.stones += stones
    s.supply -= stones
    for d in group:
        pl.screen[d // 6] += 1
    s.events.append(("use", {"player": p, "dice": group[:], "colour": a.colour, "value": a.value, "stones": stones}))
    kind = ("beige", "brown", "black", "offer")[a.colour]
    frame = {"k": kind, "p": p, "v": a.value}
    if a.colour == D_GREY:
        frame = {"k": "offer", "p": p, "r": a.value, "s": 0}
    s.frames.append(frame)
