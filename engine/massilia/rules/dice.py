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
from ..dice import CYC, FACE, pip_table, units
from . import gods, rounds

if TYPE_CHECKING:
    from ..state import GameState


def mercurius_ok(s: GameState, p: int) -> bool:
    return "mercurius" not in s.played and s.live(p, "mercurius") > 0


def purchase_cost(price: int, count: int, value: int, neptunus: bool) -> int:
    """R-BEIGE-1: ``count`` cubes at ``price`` and ``value - count`` beige at 1; Neptunus frees the 2 dearest."""
    cost = count * price + (value - count)
    if neptunus:
        dearest = sorted([price] * min(count, 2) + [1] * min(value - count, 2), reverse=True)[:2]
        cost -= sum(dearest)
    return cost


def purchase_max(s: GameState, money: int, limit: int, merc: bool, nep: bool) -> int:
    """The largest value (at most ``limit``: the room on the buyer's stalls, or less) of a legal purchase
    (R-BEIGE-2) for a buyer with ``money`` who may play Mercurius (R-GOD-6: a price never below 1) or Neptunus;
    0 if none.

    Every purchase is easier with a smaller value (fewer cubes, less money, less room), so the legal values
    are exactly 1..purchase_max.
    """
    if limit <= 0 or (money < PRICE_MIN and not nep):  # no room, or not even the cheapest cube affordable
        return 0
    beige = s.harbour[3]
    price_min = PRICE_MIN
    best = 0
    for g in MAIN:
        have = s.harbour[g]
        if not have:
            continue
        price = s.prices[SLOT_OF_GOOD[g]]
        if merc and price - 1 >= price_min:
            price -= 1
        if not nep:  # cost P + V - 1 while V <= beige, then (V - beige) * P + beige: solved for V directly
            most = beige + (money - beige) // price if money - price + 1 >= beige else money - price + 1
            if most > have + beige:  # min(limit, have + beige, most), without the calls (run at most turns)
                most = have + beige
            if most >= limit:  # nothing can do better than the limit
                best = limit
                break
            if most > best:
                best = most
            continue
        for value in range(best + 1, min(limit, have + beige) + 1):
            count = value - beige if value > beige else 1
            if purchase_cost(price, count, value, nep) > money:
                break
            best = value
    return best


UNBOUNDED = 10**9
"""The value limit of the brown action: moving a figure is possible with any value."""

PLAIN: list[list[As]] = [[As(c, v) for v in range(121)] for c in range(4)]
"""``as`` options without cards, by colour and value (built once: legal-action lists are built very often)."""
TAKES: tuple[list[Take], list[Take]] = ([Take(d) for d in range(24)], [Take(d, True) for d in range(24)])
ADDS: tuple[list[Add], list[Add]] = ([Add(d) for d in range(24)], [Add(d, True) for d in range(24)])
PASS = make(Pass)
HAND_LIMIT = components().hand_limit
STALL_CAPACITY = components().stall_capacity
PRICE_MIN = components().price_min


class Context:
    """What the options of ``p``'s USE depend on besides the dice: his live Phoebus, Juno and Minerva, the
    stone supply, his hand size and, per die colour, the largest value its action can be done with (``lim``).

    None of it changes while the dice of a USE are taken one by one (a ``take`` or ``add`` only moves a die),
    so one Context serves every decision of a turn up to its ``as``: it is kept on the state (``_use_ctx``),
    which ``rules.apply`` forgets on any other action and ``touch`` forgets after a hand edit.
    """

    __slots__ = (
        "beige", "beige_cap", "faces", "hand", "has_j", "has_m", "has_p", "limit", "merc", "nep", "p", "room", "supply",
        "values",
    )

    def __init__(self, s: GameState, p: int) -> None:
        pl = s.players[p]
        self.p = p
        hand = pl.hand
        if hand:
            fresh = pl.fresh  # all False in a phase III turn (R-GOD-2): then every card in hand is live
            live = {c for c, f in zip(hand, fresh, strict=True) if not f} if True in fresh else set(hand)
            if s.played:
                live.difference_update(s.played)
            self.has_p = "phoebus" in live
            self.has_j = "juno" in live
            self.has_m = "minerva" in live
            self.merc = "mercurius" in live
            self.nep = "neptunus" in live
        else:
            self.has_p = self.has_j = self.has_m = self.merc = self.nep = False
        self.supply = s.supply
        self.hand = len(hand)
        self.limit = HAND_LIMIT
        self.values: list[int] | None = None
        """Per colour the largest value (beige: -1, see ``beige``); computed when first needed (``fill``)."""
        self.room = 0
        self.beige = self.beige_cap = -1
        """The beige limit, found up to ``beige_cap`` (the largest value asked for so far)."""
        self.faces: tuple[int, int, int, int] | None = None

    def fill(self, s: GameState) -> list[int]:
        """Compute the room on the player's stalls and the limits of the brown, black and grey actions."""
        p = self.p
        cubes = s.cubes[p]  # the running total (``GameState.cubes``)
        self.room = STALL_CAPACITY * s.owner.count(p) - cubes
        temple = s.prices[TEMPLE_SLOT]
        if self.merc and temple - 1 >= PRICE_MIN:
            temple -= 1
        display = s.display  # any god card left to take (``gods.cards_available(s) > 0``, without counting)
        cards = bool(s.deck or s.discard or display.count(None) < len(display))
        self.values = [-1, UNBOUNDED, s.players[p].money // temple, cubes if cards else 0]
        return self.values

    def lim(self, s: GameState, colour: int, cap: int) -> int:
        """The largest value the action of ``colour`` can be done with, or any value >= ``cap`` if that is more
        (``s`` is the state this Context was made for; the beige limit is searched only up to ``cap``)."""
        if colour != D_BEIGE:
            return (self.values or self.fill(s))[colour]
        if self.beige < self.beige_cap or cap <= self.beige_cap:  # known exactly, or known to reach the cap
            return self.beige
        if self.values is None:
            self.fill(s)
        self.beige_cap = cap
        room = self.room
        self.beige = purchase_max(s, s.players[self.p].money, cap if cap < room else room, self.merc, self.nep)
        return self.beige

    def own_face(self, s: GameState, colour: int) -> int:
        """``own_faces(s)[colour]``, computing only what that colour needs."""
        if self.faces is not None:
            return self.faces[colour]
        if colour == D_BROWN:
            return 6
        if colour == D_BLACK:
            values = self.values
            if values is not None:
                return min(6, values[D_BLACK])
            temple = s.prices[TEMPLE_SLOT]
            if self.merc and temple - 1 >= components().price_min:
                temple -= 1
            return min(6, s.players[self.p].money // temple)
        if colour == D_GREY:
            if self.hand >= self.limit:
                return 0
            return min(6, (self.values or self.fill(s))[D_GREY])
        return min(6, self.lim(s, D_BEIGE, 6))

    def own_faces(self, s: GameState) -> tuple[int, int, int, int]:
        """Per colour, the highest face a single die of it may show to do its own action at no cost (0: none)."""
        if self.faces is None:
            values = self.values or self.fill(s)
            grey = values[D_GREY] if self.hand < self.limit else 0
            black = values[D_BLACK]
            beige = self.beige
            if beige >= self.beige_cap and self.beige_cap < 6:  # ``lim(s, D_BEIGE, 6)``, inline (once a turn)
                room = self.room
                self.beige_cap = 6
                beige = self.beige = purchase_max(s, s.players[self.p].money, room if room < 6 else 6, self.merc,
                                                  self.nep)
            self.faces = (beige if beige < 6 else 6, 6, black if black < 6 else 6, grey if grey < 6 else 6)
        return self.faces


def context(s: GameState, p: int) -> Context:
    """The Context of ``p``'s USE in ``s``: the one kept on the state, or a new one (then kept)."""
    ctx = s._use_ctx
    if ctx is None or ctx.p != p:
        ctx = s._use_ctx = Context(s, p)
    return ctx


def completions(
    s: GameState, p: int, group: list[int], first: bool = False, ctx: Context | None = None
) -> list[Action]:
    """Every ``as`` choice for ``group`` (R-DIE-3 stones within the supply, the action possible).

    With ``first`` it stops at the first one found (used to offer only dice that lead somewhere).
    """
    if ctx is None:
        ctx = context(s, p)
    supply = ctx.supply
    lo, hi = len(group), 6 * len(group)
    if not supply and not (ctx.has_p or ctx.has_j or ctx.has_m):  # nothing pays a unit: one die, as itself
        d = group[0]
        return [PLAIN[d // 6][d % 6 + 1]] if lo == 1 and d % 6 < ctx.own_face(s, d // 6) else []
    if first and lo == 1:  # one die: its own action at its own face costs nothing
        d = group[0]
        if d // 6 == D_BROWN or (d % 6 + 1 <= ctx.lim(s, d // 6, 6) and (d // 6 != D_GREY or ctx.hand < ctx.limit)):
            return [PLAIN[d // 6][d % 6 + 1]]
        if supply + ctx.has_p >= 1:  # or brown, with one colour unit
            return [PLAIN[D_BROWN][d % 6 + 1] if supply else make(As, D_BROWN, d % 6 + 1, True)]
        if not ctx.has_m:  # no stone and no card to change anything
            return []
    if lo == 1 and not (ctx.has_p or ctx.has_j or ctx.has_m):  # the usual USE: one die, no card
        return _one_die_completions(s, group[0], ctx)
    table = _PIPS.get(tuple(group)) or group_pips(group)
    has_p, has_j, has_m = ctx.has_p, ctx.has_j, ctx.has_m
    limit, hand, lim = ctx.limit, ctx.hand, ctx.lim
    values = ctx.values or ctx.fill(s)  # the limits of brown, black and grey (beige: ``lim``)
    out: list[Action] = []
    order = (D_BROWN, D_BEIGE, D_BLACK, D_GREY) if first else range(4)
    colours = {d // 6 for d in group}
    au = lo - 1
    if not (has_p or has_j or has_m):  # no card: stones are the units (the same options, found faster)
        for colour in order:
            left = supply - (len(colours) - (colour in colours) + au)  # stones left for pip units
            if left < 0 or (colour == D_GREY and hand >= limit):
                continue
            top = values[colour] if colour != D_BEIGE else lim(s, colour, hi)
            if top > hi:
                top = hi
            row = PLAIN[colour]
            if first:
                for value in range(lo, top + 1):
                    if table[value] <= left:
                        return [row[value] if value < len(row) else make(As, colour, value, False, False, False)]
            elif top < len(row):
                if left >= 3 * lo:  # a die never needs more than 3 pip units: every value is affordable
                    out += row[lo : top + 1]
                else:
                    out += [row[value] for value in range(lo, top + 1) if table[value] <= left]
            else:
                values = [value for value in range(lo, top + 1) if table[value] <= left]
                out += [make(As, colour, value, False, False, False) for value in values]
        return out
    for colour in order:
        cu = len(colours) - (colour in colours)
        cp = (False, True) if has_p and cu else (False,)
        cj = (False, True) if has_j and au else (False,)
        if cu + au - (len(cp) - 1) - (len(cj) - 1) > supply:
            continue
        top = values[colour] if colour != D_BEIGE else lim(s, colour, hi)
        if top > hi:
            top = hi
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


def _one_die_completions(s: GameState, d: int, ctx: Context) -> list[Action]:
    """``completions`` of the one-die group ``[d]`` when no card pays a unit: per action colour, a stone for the
    colour unit unless it is the die's own, and the pip units (``CYC``) of each value up to the action's limit."""
    own, pips = d // 6, CYC[d % 6 + 1]
    supply = ctx.supply
    values = ctx.values or ctx.fill(s)
    out: list[Action] = []
    for colour in range(4):
        left = supply - (colour != own)  # stones left for pip units
        if left < 0 or (colour == D_GREY and ctx.hand >= ctx.limit):
            continue
        top = values[colour] if colour != D_BEIGE else ctx.lim(s, colour, 6)
        if top > 6:
            top = 6
        row = PLAIN[colour]
        if left >= 3:  # a die never needs more than 3 pip units: every value is affordable
            out += row[1 : top + 1]
        else:
            out += [row[value] for value in range(1, top + 1) if pips[value] <= left]
    return out


_PIPS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""``pip_table`` of a group's faces by the group's die codes (found without building the faces first)."""


def group_pips(group: list[int]) -> tuple[int, ...]:
    """``pip_table`` of the faces of ``group`` (kept in ``_PIPS`` by the dice, up to a bound)."""
    table = pip_table(tuple(sorted(map(FACE.__getitem__, group))))
    if len(_PIPS) < 100_000:
        _PIPS[tuple(group)] = table
    return table


def stones_for(s: GameState, group: list[int], a: As) -> int:
    """R-DIE-3: the stones a USE of ``group`` as ``a`` costs (its cards cover one unit each)."""
    if len(group) == 1:  # one die: a colour unit if it acts for another colour, and its pip units
        d = group[0]
        return (d // 6 != a.colour) - a.phoebus + CYC[d % 6 + 1][a.value] - a.minerva
    cu, au = units(group, a.colour)
    pu = (_PIPS.get(tuple(group)) or group_pips(group))[a.value]
    return cu - a.phoebus + au - a.juno + pu - a.minerva


def _dice_options(s: GameState, p: int, group: list[int], kind: type[Take] | type[Add], ctx: Context) -> list[Action]:
    """The ``take`` (empty ``group``) or ``add`` options: each die of the temple, then of ``p``'s kept dice, that
    leaves the group a legal completion, once per die code and source (equal dice are the same option)."""
    supply, has_p = ctx.supply, ctx.has_p
    n = len(group)
    if n - ctx.has_j > supply:  # the add unit alone needs more stones than the supply holds
        return []
    temple, kept = s.temple, s.players[p].kept
    table = TAKES if kind is Take else ADDS
    if n == 0:  # one die: brown, or brown for a colour unit, or its own action at its own face
        every = supply + has_p >= 1
    else:  # quick sufficient test: the brown action at the dice's own faces (no pip units), a new colour too
        colours = {d // 6 for d in group}
        colours.discard(D_BROWN)
        every = max(0, len(colours) + 1 - has_p) + max(0, n - ctx.has_j) <= supply
    out: list[Action] = []
    if every:
        if temple:  # sorted: dict.fromkeys keeps each die code once (map: the lookups run without bytecode)
            out = list(map(table[0].__getitem__, dict.fromkeys(temple)))
        if kept:
            out += map(table[1].__getitem__, dict.fromkeys(kept))
        return out
    if n == 0:  # no stone: a die of its own colour at its own face (or Minerva's one pip unit)
        faces = ctx.own_faces(s)
        if not ctx.has_m:
            row = table[0]
            out = [row[d] for d in dict.fromkeys(temple) if d % 6 < faces[d // 6]]
            if kept:
                row = table[1]
                out += [row[d] for d in dict.fromkeys(kept) if d % 6 < faces[d // 6]]
            return out
        ok = {d: d % 6 < faces[d // 6] or bool(completions(s, p, [d], True, ctx)) for d in {*temple, *kept}}
    else:
        adds = max(0, n - ctx.has_j)
        old = max(0, len(colours) - has_p) + adds <= supply  # a die of a colour the group has, done as brown
        shown = {d // 6 for d in group}  # dice of k colours need k - 1 colour units, whatever their action
        new = max(0, len(shown) - has_p) + adds <= supply  # so a die of another colour may fail at once
        ok = {
            d: (old and (d // 6 == D_BROWN or d // 6 in colours))
            or ((new or d // 6 in shown) and bool(completions(s, p, [*group, d], True, ctx)))
            for d in {*temple, *kept}
        }
    row = table[0]
    out = [row[d] for d in dict.fromkeys(temple) if ok[d]]
    if kept:
        row = table[1]
        out += [row[d] for d in dict.fromkeys(kept) if ok[d]]
    return out


NO_TAKES: list[Take | None] = [None] * 6
_WITHIN: dict[tuple[int, ...], tuple[list[Take | None], list[Take | None]]] = {}
"""``takes_within`` by the own faces."""


def takes_within(faces: tuple[int, ...]) -> tuple[list[Take | None], list[Take | None]]:
    """``TAKES`` with None for every die whose face is above its colour's own face (``Context.own_faces``): the
    ``take`` options of a turn without stones or cards are the temple's and kept dice looked up in these rows."""
    temple: list[Take | None] = []
    kept: list[Take | None] = []
    for colour, face in enumerate(faces):  # per colour: the dice up to the face, then None
        temple += TAKES[0][colour * 6 : colour * 6 + face]
        temple += NO_TAKES[face:]
        kept += TAKES[1][colour * 6 : colour * 6 + face]
        kept += NO_TAKES[face:]
    rows = _WITHIN[faces] = (temple, kept)
    return rows


def turn_actions(s: GameState) -> list[Action]:
    p = s.frames[-1]["p"]
    pl = s.players[p]
    out: list[Action] = [PASS, *gods.venus_options(s, p)] if pl.stones > 0 and "venus" in pl.hand else [PASS]
    ctx = s._use_ctx
    if ctx is None or ctx.p != p:
        ctx = s._use_ctx = Context(s, p)
    if ctx.supply or ctx.has_p or ctx.has_m:
        out += _dice_options(s, p, [], Take, ctx)
        return out
    # no stone, Phoebus or Minerva (the usual case once the supply is empty): a die of its own colour at its own
    # face, as in _dice_options; the temple nearly always shows every colour, so the four highest faces are worked
    # out at once (``own_faces``: kept on the Context, where the USE's ``as`` options find them)
    temple, kept = s.temple, pl.kept
    if temple or kept:
        faces = ctx.own_faces(s)
        rows = _WITHIN.get(faces) or takes_within(faces)
        out += filter(None, map(rows[0].__getitem__, dict.fromkeys(temple)))
        if kept:
            out += filter(None, map(rows[1].__getitem__, dict.fromkeys(kept)))
    return out


def apply_turn(s: GameState, a: Action) -> None:
    p = s.frames[-1]["p"]
    if a.__class__ is Take:  # the usual choice: the USE's frame made with its first die (as ``_take`` would)
        assert isinstance(a, Take)
        (s.players[p].kept if a.kept else s.temple).remove(a.die)
        s.frames[-1] = {"k": "use", "p": p, "g": [a.die], "src": [int(a.kept)]}
        return
    if isinstance(a, Venus):
        gods.play_venus(s, p, a.count)
        return
    assert isinstance(a, Pass)
    s.frames.pop()
    rounds.do_pass(s, p)


def _take(s: GameState, p: int, d: int, kept: bool) -> None:
    f = s.frames[-1]
    (s.players[p].kept if kept else s.temple).remove(d)
    f["g"].append(d)
    f["src"].append(int(kept))


def use_actions(s: GameState) -> list[Action]:
    f = s.frames[-1]
    p = f["p"]
    ctx = s._use_ctx  # ``context(s, p)``, inline
    if ctx is None or ctx.p != p:
        ctx = s._use_ctx = Context(s, p)
    group = f["g"]
    supply = ctx.supply
    if not supply and not (ctx.has_p or ctx.has_j or ctx.has_m):
        # the usual USE once the supply is empty (``completions``' first case, inline): no die can be added (its
        # add unit needs a stone), and a single die can only do its own action at its own face
        if len(group) != 1:
            return []
        d = group[0]
        return [PLAIN[d // 6][d % 6 + 1]] if d % 6 < ctx.own_face(s, d // 6) else []
    if len(group) - ctx.has_j > supply:  # no add: its unit alone needs more stones than the supply holds
        return completions(s, p, group, False, ctx)
    return [*_dice_options(s, p, group, Add, ctx), *completions(s, p, group, False, ctx)]


def apply_use(s: GameState, a: Action) -> None:
    f = s.frames[-1]
    p = f["p"]
    if a.__class__ is Add:
        assert isinstance(a, Add)
        _take(s, p, a.die, a.kept)
        return
    assert isinstance(a, As)
    group = f["g"]
    if len(group) == 1:  # ``stones_for``'s one-die case, inline (most USEs have one die)
        d = group[0]
        stones = (d // 6 != a.colour) - a.phoebus + CYC[d % 6 + 1][a.value] - a.minerva
    else:
        stones = stones_for(s, group, a)
    s.frames.pop()
    if a.phoebus or a.juno or a.minerva:
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
