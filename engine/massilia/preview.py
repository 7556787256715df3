"""What a choice will do, before it is made: the numbers a screen shows beside a legal action.

Every answer comes from the rules' own functions (``rules.market.sale``, ``rules.dice.stones_for``, the pass's
round tile) or from the legal actions of a copy of the state one step on, so a preview never re-derives a rule
and never changes the state it is asked about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Add, As, Move, Take
from .components import BEIGE, CONSUL, TEMPLE_SLOT, components

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True, slots=True)
class SaleGain:
    """R-CUST-2: what a customer's sale at the mover's stall brings."""

    good: int
    count: int
    money: int
    reputation: int
    marker: int
    """The good's point marker before the sale (beige: 0)."""
    marker_after: int
    """The marker after it (it goes up 1, at most ``marker_max``; beige has none)."""


@dataclass(frozen=True, slots=True)
class ConsulStop:
    """R-CONSUL-1..4: what the consul does at the space he stops before (public facts only)."""

    kind: str
    """"free" (the mover may build), "close" (an empty stall closes, then the mover may build), "tax" (the
    owner pays 1 per cube he keeps), "last" (an owner's last empty stall stays open)."""
    owner: int
    """The stall's owner, or -1 on a free space."""
    cubes: int
    """Cubes on that stall (taxed)."""
    tax: int
    """The most the owner pays if he keeps every cube (1 per cube)."""
    can_build: bool
    """Whether the mover could build there (a tile left and the building cost in hand), when it is his to know."""
    pluto: bool = False
    """Whether, for all the mover knows, the owner may answer a tax or a closing with Pluto (R-GOD-5): he holds
    a live Pluto the table saw him take, or a live card taken face down while a Pluto is still unseen. Worked
    out on the mover's view, so it says only "may": never whether (or that) the owner holds one."""


def sale_gain(s: GameState, move: Move) -> SaleGain | None:
    """The sale a customer's ``move`` causes at ``s.current_player``'s stall, or None (no sale, or the consul)."""
    if move.figure == CONSUL:
        return None
    from .rules.market import sale

    good, count = sale(s, s.current_player, move.figure, move.dest)
    if not count:
        return None
    price = s.prices[TEMPLE_SLOT] + move.mercurius
    marker = 0 if good == BEIGE else s.markers[good]
    after = marker if good == BEIGE else min(components().marker_max, marker + 1)
    return SaleGain(good, count, count * price, count * marker, marker, after)


def consul_stop(s: GameState, move: Move) -> ConsulStop | None:
    """What the consul's ``move`` leads to, or None for a customer's move. The owner may still protect his stall
    with Pluto (R-GOD-5): whether he holds one may be hidden, so the preview does not say."""
    if move.figure != CONSUL:
        return None
    comp = components()
    mover, field = s.current_player, move.dest
    owner = s.owner[field]
    money = s.players[mover].money
    can_build = s.tiles_left(mover) > 0 and money >= comp.build_cost
    if owner < 0:
        return ConsulStop("free", -1, 0, 0, can_build)
    cubes = sum(s.stock[field])
    if cubes:
        return ConsulStop("tax", owner, cubes, cubes * comp.tax_per_cube, False, pluto_may_come(s, mover, owner))
    if s.owner.count(owner) == 1:
        return ConsulStop("last", owner, 0, 0, False)
    tiles = s.tiles_left(mover) + (1 if owner == mover else 0)
    return ConsulStop("close", owner, 0, 0, tiles > 0 and money >= comp.build_cost, pluto_may_come(s, mover, owner))


def pluto_may_come(s: GameState, mover: int, owner: int) -> bool:
    """R-GOD-5 as ``mover`` sees it: whether ``owner`` may play Pluto against the consul now. From the mover's
    view (made here from a full state): a live Pluto the table saw the owner take, or a live card the owner
    took face down while some Pluto is unseen (deck or hidden hands); none if the mover himself played his
    Pluto this turn (R-GOD-1)."""
    from .state import FULL

    v = s.view(mover) if s.viewer == FULL else s
    if owner == v.active and "pluto" in v.played:
        return False
    if v.live(owner, "pluto"):
        return True
    return v.hidden_cards[owner] > v.hidden_fresh[owner] and "pluto" in v.deck


def buy_marker(s: GameState, good: int) -> tuple[int, int]:
    """R-BEIGE: the point marker of ``good`` before and after a purchase of it (down 1, not below the minimum)."""
    old = s.markers[good]
    return old, max(components().marker_min, old - 1)


def pass_tile(s: GameState) -> int:
    """R-PASS: the sesterces ``s.current_player`` takes by passing now (0: he passes last and takes none)."""
    p = s.current_player
    if any(not pl.passed for q, pl in enumerate(s.players) if q != p) and s.round_tiles:
        return s.round_tiles[-1]
    return 0


def least_stones(s: GameState, take: Take | Add) -> int | None:
    """R-DIE-3: the fewest penalty stones with which the group can be used right after ``take`` (adding no
    further die), from the legal USE options of a copy one step on; None when it cannot be used alone."""
    from . import rules
    from .rules.dice import stones_for

    after = s.clone()  # a view too (a shared table's): taking a die rolls nothing and reveals nothing
    after.events = []
    after.touch()
    if not after.frames:
        return None
    rules.APPLY[after.frames[-1]["k"]](after, take)  # not ``step``: a single option must not be carried out
    frame = after.frames[-1] if after.frames else None
    if frame is None or frame.get("k") != "use":
        return None
    group = list(frame["g"])
    costs = [stones_for(after, group, a) for a in rules.LEGAL["use"](after) if isinstance(a, As)]
    return min(costs) if costs else None
