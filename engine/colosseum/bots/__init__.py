"""Bot knowledge of Die Baumeister des Colosseum: how good a position is, and how to fill in what a seat
cannot see. The generic bots (``engine.bots``: greedy one decision deep, the search bot) use these hooks.

``evaluate`` is in fame: the seat's projected final score (fame + the row majorities as they stand + what its
cards are worth) minus the best opponent's. The first 6 cards count for more than the 1 fame per 3 of the
end scoring while the game goes on, because they pay for parts (a part gives 4-7 fame for 3-6 cards), and a
hand that already holds much of a displayed part's cost is worth part of its fame (``readiness``); movement
points, room in the hand and landscape tiles (future cards) are worth a little. At the end the exact final
scores are used. Between bots a game can still stall (rows and stacks empty, hands that fit no part, and
every scoring declined for 1 fame): bot simulations should set ``max_turns`` (R-END-GUARD).

``determinize`` shuffles the face-down stacks of a view (landscape stacks II and III, the parts stack by
letter), the only things a seat cannot see.

``BOTS`` replaces the generic ``greedy`` with one that looks past the move to the seat's own field action
(see ``greedy``: one decision of lookahead alone always moves 1 field, since a move by itself changes
nothing ``evaluate`` can see but its cost), the generic ``normal`` and ``hard`` with the look-ahead bot of
``lookahead`` (the greedy bot's best candidates played on through every seat's greedy replies to its next
turn; ``hard`` on three sampled orders of the hidden stacks), and the generic ``mcts`` with the search bot of
``search`` (the generic search with that greedy's ranking and a Colosseum playout policy, on a playout
budget).
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.colosseum.components import STORAGE_ROW, components
from engine.colosseum.scoring import row_points
from engine.colosseum.state import GameState

_COMP = components()

CARD = 0.9
"""Fame each of the first ``CARDS_USEFUL`` cards in hand is worth while the game goes on."""
CARDS_USEFUL = 6
"""Cards a hand can put to use soon (a part costs 3 to 6)."""
CARD_EXTRA = 0.34
"""Fame each further card is worth: about its 1/3 fame at the end (R-END-CARDS). Valued higher, a big hand
of one type would never be spent on a part through 3:1 substitutions, and games between bots stall."""
POINT = 0.3
"""Fame a movement point left is worth."""
ROOM = 0.1
"""Fame a free place in the hand is worth (storage)."""
PRODUCTION = 0.35
"""Fame a landscape tile is worth as a source of future cards (beyond its share in the majority)."""
READY = 0.5
"""Share of a displayed part's fame a hand is worth in proportion to how much of its cost it holds."""


def readiness(state: GameState, player: int) -> float:
    """The best share of a displayed part's cost the hand already holds, times that part's fame (0 if none)."""
    hand = state.players[player].hand
    by_id = _COMP.by_id
    best = 0.0
    for pid in state.slots:
        if pid is None:
            continue
        part = by_id[pid]
        c = part.cost
        held = min(hand[0], c[0]) + min(hand[1], c[1]) + min(hand[2], c[2]) + min(hand[3], c[3])
        value = part.fame * held / (c[0] + c[1] + c[2] + c[3])
        if value > best:
            best = value
    return best


def projected(state: GameState, player: int, rows: list[list[int]] | None = None) -> float:
    """``player``'s projected final score in fame (exact once the game is over)."""
    if state.over:
        return float(state.final_scores().total(player))
    if rows is None:
        rows = row_points(state)
    pl = state.players[player]
    cards = pl.cards
    return (
        pl.fame
        + sum(rows[player])
        + CARD * min(cards, CARDS_USEFUL) + CARD_EXTRA * max(0, cards - CARDS_USEFUL)
        + POINT * pl.points
        + ROOM * (pl.limit - cards)
        + PRODUCTION * (pl.rows[2] + pl.rows[3] + pl.rows[4] + pl.rows[5])
        + READY * readiness(state, player)
    )


NO_CAP = 1 << 30
"""``evaluate``'s default ``point_cap``: every movement point counts."""


def evaluate(state: GameState, player: int, point_cap: int = NO_CAP) -> float:
    """How good the position is for ``player``: projected fame minus the best opponent's.

    ``point_cap``: movement points beyond it are worth nothing (the look-ahead bot's own judgement, see
    ``lookahead``; the default counts them all, as ``projected`` does).

    The same sums as ``projected`` for every seat, computed in one pass (the bots call this tens of thousands
    of times a game, so it avoids the per-seat helpers; ``tests/colosseum/test_bots.py`` checks that the two
    agree exactly).
    """
    if state.over:
        totals = [float(sc.total) for sc in state.final_scores().players]
        mine = totals[player]
        return float(mine - max(t for p, t in enumerate(totals) if p != player))
    players = state.players
    n = len(players)
    rows = [pl.rows for pl in players]
    majority = [0] * n
    alone, tied = _COMP.majority_alone, _COMP.majority_tied
    for r in range(6):
        best = 0
        count = 0
        lead = 0
        for p in range(n):
            c = rows[p][r]
            if c > best:
                best, count, lead = c, 1, p
            elif c == best:
                count += 1
        if best == 0:
            continue
        if count == 1:
            majority[lead] += alone
        else:
            for p in range(n):
                if rows[p][r] == best:
                    majority[p] += tied
    offers = [_OFFERS[pid] for pid in state.slots if pid is not None]
    base_limit, bonus = _COMP.hand_limit, _COMP.storage_bonus
    mine = 0.0
    best_other = -math.inf
    for p in range(n):
        pl = players[p]
        h0, h1, h2, h3 = pl.hand
        cards = h0 + h1 + h2 + h3
        ready = 0.0
        for c0, c1, c2, c3, fame, size in offers:
            held = (
                (h0 if h0 < c0 else c0) + (h1 if h1 < c1 else c1) + (h2 if h2 < c2 else c2)
                + (h3 if h3 < c3 else c3)
            )
            value = fame * held / size
            if value > ready:
                ready = value
        row = rows[p]
        total = (
            pl.fame
            + majority[p]
            + CARD * (cards if cards < CARDS_USEFUL else CARDS_USEFUL)
            + CARD_EXTRA * (cards - CARDS_USEFUL if cards > CARDS_USEFUL else 0)
            + POINT * (points if (points := pl.wheels - 1 - pl.marker) < point_cap else point_cap)
            + ROOM * (base_limit + bonus * (row[STORAGE_ROW] - 1) - cards)
            + PRODUCTION * (row[2] + row[3] + row[4] + row[5])
            + READY * ready
        )
        if p == player:
            mine = total
        elif total > best_other:
            best_other = total
    return float(mine - best_other)


_OFFERS: dict[str, tuple[int, int, int, int, int, int]] = {
    pid: (*part.cost, part.fame, sum(part.cost)) for pid, part in _COMP.by_id.items()
}
"""Each part's cost per type, fame and number of cards, unpacked for ``evaluate``'s inner loop."""


def determinize(view: GameState, rng: random.Random) -> GameState:
    """A full state consistent with ``view``: its hidden stack orders sampled with ``rng``."""
    return view.determinize(rng)


def _greedy(**options: Any) -> Any:
    from .greedy import GreedyBot

    return GreedyBot(**options)


def _search(**options: Any) -> Any:
    from . import search

    return search.make("mcts", search.HARD, options)


def _lookahead(name: str, defaults: dict[str, Any], options: dict[str, Any]) -> Any:
    from .lookahead import LookaheadBot

    bot = LookaheadBot(**{**defaults, **options})
    bot.name = name
    return bot


def _hard(**options: Any) -> Any:
    from engine.bots.registry import HARD_SECONDS

    from .lookahead import HARD_POINT_CAP, HARD_ROUNDS, HARD_SAMPLES, HARD_WIDTH

    defaults = {"width": HARD_WIDTH, "rounds": HARD_ROUNDS, "samples": HARD_SAMPLES, "seconds": HARD_SECONDS,
                "point_cap": HARD_POINT_CAP}
    return _lookahead("hard", defaults, options)


def _normal(**options: Any) -> Any:
    from engine.bots.registry import NORMAL_SECONDS

    from .lookahead import NORMAL_ROUNDS, NORMAL_WIDTH

    defaults = {"width": NORMAL_WIDTH, "rounds": NORMAL_ROUNDS, "samples": 1, "seconds": NORMAL_SECONDS}
    return _lookahead("normal", defaults, options)


def _bots() -> dict[str, Any]:
    from engine.bots.options import SECONDS, TEMPERATURE, WIDTH, BotMaker, BotOption, option_set
    from engine.bots.registry import SEARCH_OPTIONS

    lookahead = option_set(
        SECONDS,
        WIDTH,
        BotOption("rounds", int, 1, 20, help="own turns ahead each candidate is played to"),
        BotOption("samples", int, 1, 100, help="sampled stack orders each candidate is played on"),
        BotOption("point_cap", int, 1, 100, help="movement points beyond this many are worth nothing to the bot"),
    )
    return {
        "greedy": BotMaker(_greedy, option_set(TEMPERATURE)),
        "normal": BotMaker(_normal, lookahead),
        "hard": BotMaker(_hard, lookahead),
        "mcts": BotMaker(_search, SEARCH_OPTIONS),
    }


BOTS: dict[str, Any] = _bots()
"""Game-specific bots that replace the generic ones of the same name (factories taking keyword options):
the own-run ``greedy``, the look-ahead ``normal`` and ``hard`` (``lookahead``) and the Monte Carlo search
``mcts`` (``search``, with its ``hard`` settings)."""


__all__ = ["BOTS", "determinize", "evaluate", "projected"]
