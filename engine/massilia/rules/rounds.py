"""The course of the game: start stalls, the seven days and their phases, passing and the new turn order.

R-SETUP-13: in order 1..N (with 2 players again in order 2, 1) each player opens a start stall with one pink,
one orange and one violet cube from the harbour, on a free space of a quadrant that has no stall yet.
R-PRICE (phase I, not on day 1): the price tiles move temple -> violet -> orange -> pink -> temple.
R-ROLL (phase II): the temple dice are rolled, then each player in turn order rolls his screen dice and keeps some.
R-TURN-1 (phase III): in the order of the round's start, each player who has not passed uses dice or passes.
R-PASS: the passer takes the top round tile and that many sesterces; the last one takes none.
R-ORDER: the last passer goes to order field 1, the tile holders follow, lowest tile first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, StartStall, make
from ..components import MAIN, components
from ..dice import roll_dice

if TYPE_CHECKING:
    from ..state import GameState


# ------------------------------------------------------------------------------------------ setup stalls
def start_spaces(s: GameState) -> list[int]:
    """Free stall spaces in quadrants that hold no stall (R-SETUP-13 Ruling)."""
    comp = components()
    out: list[int] = []
    for quad in comp.quadrants:
        if all(s.owner[x] < 0 for x in quad):
            out.extend(quad)
    return sorted(out)


STALLS: list[StartStall] = [make(StartStall, x) for x in range(components().spaces)]
"""The ``stall`` options by space (built once)."""


def start_actions(s: GameState) -> list[Action]:
    return [STALLS[x] for x in start_spaces(s)]


def apply_start(s: GameState, a: Action) -> None:
    assert isinstance(a, StartStall)
    p = s.frames.pop()["p"]
    s.owner[a.space] = p
    for g in MAIN:
        s.harbour[g] -= 1
        s.stock[a.space][g] += 1
    s.cubes[p] += len(MAIN)
    s.events.append(("start_stall", {"player": p, "space": a.space}))
    next_setup(s)


def next_setup(s: GameState) -> None:
    """The next start stall, or day 1 once every start stall stands."""
    if s.queue:
        s.frames.append({"k": "start", "p": s.queue.pop(0)})
        s.active = s.frames[-1]["p"]
    else:
        begin_round(s)


# ----------------------------------------------------------------------------------------------- rounds
def shift_prices(s: GameState) -> None:
    """R-PRICE: new violet = old temple, new orange = old violet, new pink = old orange, new temple = old pink."""
    t, v, o, p = s.prices
    s.prices = [p, t, v, o]
    s.events.append(("prices", {"prices": s.prices[:]}))


def begin_round(s: GameState) -> None:
    """Phases I and II of day ``s.round``: prices (not on day 1), the temple roll, then the first roller."""
    s.events.append(("day", {"round": s.round, "order": s.order[:]}))
    if s.round > 1:
        shift_prices(s)
    rolled, s.rng = roll_dice(s.rng, [d // 6 for d in s.temple])
    s.temple = sorted(rolled)
    s.events.append(("roll_temple", {"dice": s.temple[:]}))
    s.phase = "keep"
    s.queue = s.order[:]
    next_roller(s)


def next_roller(s: GameState) -> None:
    """R-ROLL-2: the next player in turn order rolls his screen dice; one without dice skips the step."""
    while s.queue:
        p = s.queue.pop(0)
        pl = s.players[p]
        if not any(pl.screen):
            continue
        screen = pl.screen  # one colour per die, in colour order
        dice, s.rng = roll_dice(s.rng, [0] * screen[0] + [1] * screen[1] + [2] * screen[2] + [3] * screen[3])
        rolled = sorted(dice)
        pl.screen = [0, 0, 0, 0]
        begin_turn(s, p)
        s.frames.append({"k": "keep", "p": p, "rolled": rolled})
        s.events.append(("roll", {"player": p, "dice": rolled[:]}))
        return
    s.phase = "actions"
    s.turn_pos = -1
    next_turn(s)


def begin_turn(s: GameState, p: int) -> None:
    """A turn of ``p`` begins: the cards he took before are live now (R-GOD-2) and no god is played yet."""
    s.active = p
    pl = s.players[p]
    pl.fresh = [False] * len(pl.hand)
    s.played = []


def next_turn(s: GameState) -> None:
    """R-TURN-1: the next player in this round's order who has not passed; the round ends when all have."""
    players, order = s.players, s.order
    n = len(players)
    for step in range(1, n + 1):
        i = (s.turn_pos + step) % n
        p = order[i]
        pl = players[p]
        if not pl.passed:
            s.turn_pos = i
            s.active = p  # ``begin_turn(s, p)``, inline
            pl.fresh = [False] * len(pl.hand)
            s.played = []
            s.frames.append({"k": "turn", "p": p})
            return
    end_round(s)


def do_pass(s: GameState, p: int) -> None:
    """R-PASS: the top round tile and its sesterces; the last player to pass takes none."""
    pl = s.players[p]
    pl.passed = True
    for q in s.players:  # someone still plays (``not all(q.passed ...)``, without a generator)
        if not q.passed:
            tile = s.round_tiles.pop()
            pl.tile = tile
            pl.money += tile
            s.events.append(("pass", {"player": p, "tile": tile}))
            break
    else:
        s.last_passer = p
        s.events.append(("pass", {"player": p, "tile": 0}))
    next_turn(s)


def end_round(s: GameState) -> None:
    """R-ORDER and the end of the day: new order, tiles back, unused kept dice behind their owner's screen."""
    comp = components()
    holders = sorted((pl.tile, q) for q, pl in enumerate(s.players) if pl.tile)
    s.order = [s.last_passer] + [q for _, q in holders]
    s.round_tiles = sorted(comp.round_tiles[s.n])
    for pl in s.players:
        for d in pl.kept:
            pl.screen[d // 6] += 1
        pl.kept = []
        pl.tile = 0
        pl.passed = False
    s.last_passer = -1
    s.events.append(("order", {"order": s.order[:]}))
    if s.round >= comp.rounds:
        s.phase = "over"
        s.over = True
        s.events.append(("game_over", {}))
        return
    s.round += 1
    begin_round(s)


def cubes_of(s: GameState, p: int) -> int:
    """Cubes on all of ``p``'s stalls."""
    return sum(sum(s.stock[x]) for x in s.stalls_of(p))


def room_of(s: GameState, p: int) -> int:
    """Free room on ``p``'s stalls (6 - cubes, summed)."""
    cap = components().stall_capacity
    return sum(cap - sum(s.stock[x]) for x in s.stalls_of(p))

