"""What a bot needs to know about Massilia: how good a position is (``evaluate``) and how to fill in what a seat
cannot see (``determinize``), as the hook contract of the generic bots asks (``engine/bots``).

``evaluate`` is in reputation points: the player's projected final score (R-END-1, with the stone penalty
smoothed so each stone counts) plus what his position promises but has not yet paid (cubes on his stalls that
customers may buy, god cards, dice he may still use, the action a USE he is in the middle of will do), minus
the best opponent's same projection. The promises matter because a USE is several decisions (take, add, as,
then the action's own choices): a one-decision greedy must see that taking a die is worth more than passing.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.bots.options import LOOKAHEAD, BotMaker, BotOption, option_set

from ..components import BEIGE, MAIN, SLOT_OF_GOOD, TEMPLE_SLOT, components
from ..rules.market import sale
from ..scoring import score_player
from ..state import FULL, GameState

DIE_VALUE = 1.5
"""The die a USE begins with: the action it promises."""
KEPT_VALUE = 0.5
"""A kept die (less than the 2 sesterces it costs: keeping only pays with Mars or a die that may be gone)."""
ADDED_VALUE = 0.3
"""Each further die of a USE (a larger value), before the stones its add unit costs."""
CARD_VALUE = 1.0
"""A god card in hand."""
SALE_SHARE = 0.5
"""The part of a cube's sale value a cube on a stall is worth before it is sold."""


def stone_cost(stones: int) -> float:
    """R-END-1's stone penalty, smoothed so that every stone costs (the steps 1-2, 3-4 ... made linear)."""
    if stones <= 0:
        return 0.0
    return min(15.0, 1.5 * stones + 1.5)


def cube_value(s: GameState, good: int) -> float:
    """What a cube on a stall is worth before it is sold: a share of its sesterces and reputation."""
    temple = s.prices[TEMPLE_SLOT] / components().money_per_point
    points = 0 if good == BEIGE else s.markers[good]
    days = 1.0 if s.round < components().rounds else 0.5
    return SALE_SHARE * (temple + points) * days


def pending_value(s: GameState, p: int) -> float:
    """What the pending decision of ``p``'s USE promises (0 if he has none pending)."""
    if not s.frames or s.frames[-1]["p"] != p:
        return 0.0
    f = s.frames[-1]
    k = f["k"]
    per_point = components().money_per_point
    if k == "use":
        extra = len(f["g"]) - 1
        stones = max(0, s.players[p].stones)
        return DIE_VALUE + ADDED_VALUE * extra - (stone_cost(stones + extra) - stone_cost(stones))
    if k == "black":
        return float(f["v"]) * (1 - s.prices[TEMPLE_SLOT] / per_point)
    if k == "beige":
        return float(f["v"]) * max(cube_value(s, g) - s.prices[SLOT_OF_GOOD[g]] / per_point for g in MAIN) + 0.5
    if k == "place":
        return float(f["rx"] * cube_value(s, f["x"]) + f["rb"] * cube_value(s, BEIGE))
    if k == "brown":
        best = 0.0
        spaces = components().spaces
        temple = s.prices[TEMPLE_SLOT] / per_point
        for fig in range(1, 4):
            for dest in ((s.figures[fig] + f["v"]) % spaces, (s.figures[fig] - f["v"]) % spaces):
                g, count = sale(s, p, fig, dest)
                if count:
                    points = 0 if g == BEIGE else s.markers[g]
                    best = max(best, count * (temple + points) * (1 - SALE_SHARE))
        return best
    if k == "offer":
        return float(CARD_VALUE - f["r"] * cube_value(s, BEIGE))
    if k == "god":
        return CARD_VALUE
    return 0.0


def projections(s: GameState) -> list[float]:
    """Every player's final score if the game ended now, plus what his position promises (at the end, the
    final scores of R-END-1).

    All players are worked out together (the cube values once): the greedy and search bots call ``evaluate``
    for every action they weigh, so this is the bots' inner loop.
    """
    if s.over:
        return [float(score_player(s, q).total) for q in range(s.n)]
    comp = components()
    per_point = comp.money_per_point
    totals = []
    for pl, stalls in zip(s.players, [s.owner.count(q) for q in range(s.n)], strict=True):
        totals.append(pl.rep + comp.stall_score(stalls) + max(0, pl.money) / per_point - stone_cost(pl.stones))
    values = [cube_value(s, g) for g in range(4)]
    stocks = s.stock
    for x, q in enumerate(s.owner):
        if q >= 0:
            stock = stocks[x]
            for g in range(4):
                if stock[g]:
                    totals[q] += stock[g] * values[g]
    for q, pl in enumerate(s.players):
        totals[q] += CARD_VALUE * len(pl.hand)
        if not pl.passed:
            totals[q] += KEPT_VALUE * len(pl.kept)
    if s.frames:
        q = s.frames[-1]["p"]
        totals[q] += pending_value(s, q)
    return totals


def projection(s: GameState, p: int) -> float:
    """``p``'s entry of ``projections``: his final score if the game ended now, plus what his position promises."""
    return projections(s)[p]


def evaluate(state: GameState, player: int) -> float:
    """How good the position is for ``player``: his projection minus the best opponent's (reputation points).

    At the end of the game this is exactly the final score difference (R-END-1).
    """
    totals = projections(state)
    own = totals[player]
    totals[player] = -math.inf
    return own - max(totals)


def determinize(view: GameState, rng: random.Random, count: bool = True) -> GameState:
    """A full state consistent with ``view``, everything the seat cannot see sampled with ``rng``.

    The hidden hand cards are dealt from the unseen cards (the rest, shuffled, is the deck); faces rolled behind
    another screen are rolled again; and the state gets a fresh dice generator from ``rng``, so future rolls are
    the bot's guess, not the game's. The other seats' money and stones are not guessed: they are what the
    table counted of their public payments (``view.counted``, ruling 21: totals hidden, transactions public),
    which equals their hidden totals (tests/massilia/test_projection.py). Only a view without a count (an older
    server's, ``counted`` -1), or ``count=False`` (the bots as they were, for comparisons), guesses them: the
    stones share out what the supply and the known stones leave (exact with one opponent), the money 0..12.
    A full state (not a view) is just cloned.
    """
    c = view.clone()
    if view.viewer == FULL:
        return c
    comp = components()
    pool = list(c.deck)
    rng.shuffle(pool)
    for q, pl in enumerate(c.players):
        for i in range(c.hidden_cards[q]):
            pl.hand.append(pool.pop())
            pl.known.append(False)
            pl.fresh.append(i < c.hidden_fresh[q])
    c.deck = pool
    if count:
        for pl, (money, stones) in zip(c.players, c.counted, strict=True):
            if pl.money < 0 and money >= 0:
                pl.money = money
            if pl.stones < 0 and stones >= 0:
                pl.stones = stones
    hidden = [q for q, pl in enumerate(c.players) if pl.stones < 0]
    known = sum(pl.stones for pl in c.players if pl.stones >= 0)
    left = comp.stones_per_player * c.n - c.supply - known
    for q in hidden:
        c.players[q].stones = 0
    for _ in range(max(0, left) if hidden else 0):
        c.players[rng.choice(hidden)].stones += 1
    for pl in c.players:
        if pl.money < 0:
            pl.money = rng.randint(0, 12)
    for f in c.frames:
        if f["k"] == "keep":
            f["rolled"] = sorted(d if d >= 0 else (-1 - d) * 6 + rng.randrange(6) for d in f["rolled"])
    c.counted = [[pl.money, pl.stones] for pl in c.players]  # a full state's count is its totals
    c.rng = rng.getrandbits(64)
    c.hidden_cards = [0] * c.n
    c.hidden_fresh = [0] * c.n
    c.viewer = FULL
    c.touch()
    return c


LOOKAHEAD_OPTIONS = option_set(
    *LOOKAHEAD, BotOption("follow", int, 0, 100, help="own decisions in a row played before judging"),
    BotOption("prune", float, 0, 1000, help="candidates this many points behind the greedy best are not searched"),
    BotOption("count", bool, help="take the others' money and stones from the table's count (false: guess them)"),
)


def _lookahead(name: str, width: int, options: dict[str, Any]) -> Any:
    from engine.bots.registry import HARD_SECONDS, NORMAL_SECONDS

    from .lookahead import LookaheadBot

    seconds = HARD_SECONDS if name == "hard" else NORMAL_SECONDS
    bot = LookaheadBot(**{"width": width, "seconds": seconds, **options})
    bot.name = name
    return bot


def _hard(**options: Any) -> Any:
    from .lookahead import HARD_WIDTH

    return _lookahead("hard", HARD_WIDTH, options)


def _normal(**options: Any) -> Any:
    from .lookahead import NORMAL_WIDTH

    return _lookahead("normal", NORMAL_WIDTH, options)


BOTS: dict[str, BotMaker] = {
    "hard": BotMaker(_hard, LOOKAHEAD_OPTIONS),
    "normal": BotMaker(_normal, LOOKAHEAD_OPTIONS),
}
"""Massilia's own ``hard`` and ``normal`` (``lookahead``); they replace the generic bots of the same name."""


__all__ = ["BOTS", "determinize", "evaluate"]
