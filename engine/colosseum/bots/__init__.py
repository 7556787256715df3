"""Bot knowledge of Die Baumeister des Colosseum: how good a position is, and how to fill in what a seat
cannot see. The generic bots (``engine.bots``: greedy one decision deep, the search bot) use these hooks.

``evaluate`` is in fame: the seat's projected final score (fame + the row majorities as they stand + what its
hand is worth) minus the best opponent's. A hand is worth what it can buy within its hand limit
(``hand_value``): loose useful cards (at most 2 of a type, the rest in triples) 0.9 each up to 6, others their
1/3 fame of the end scoring; a hand that can pay a part on offer (3:1 substitutions counted) ``READY`` x the
part's fame plus what is left, less than the part built; a partial cost a share of that growing with the
square of the share held (the last card of a cost is worth most). Movement points count up to
``POINTS_USEFUL``, room in the hand and landscape tiles (future cards) a little. At the end the exact final
scores are used, and a seat that won gets ``WIN`` on top; the seat that leads values a hand that can pay a
part on offer with its share of that win in it (all of it with one part to go, ``ending_offers``), so
collecting a cost and building it beats declining scorings for 1 fame.

Why games between bots once stalled (38 of 100 four-greedy games ran to a 500-turn guard): not hands that fit
no part, as this docstring said, but the judgement. A whole cost in hand was worth more than the part built
(cards 0.9 each plus half the part's fame), so once the tiles were gone nobody built and every scoring was
declined for 1 fame; and every movement point counted, so seats sat on a dozen points, moved 1 field a turn,
the four moves added up to 7 and the consul came back to the same field every round. Measured after the fix
(docs/bots.md): every game of 100 at 2, 3 and 4 greedy seats ends by its 17th part. A third place: fame
minus the best rival's does not change when every seat declines for 1 fame a round, so with one part to go
and no tile left a game kept from ending cost nobody anything, and the leader who could collect the last
cost at field D saw only the fame the move cost (2 of 20 games of ``hard`` against three greedy bots ran to
2000 turns). Now a won game is worth ``WIN`` more than its margin. Four more, found in the games of ``hard``
against three greedy bots that still ran to 2000 turns (docs/bots.md): a take judged before the discards it
forces (``greedy.one_step``), the leader's win counted for the last part only (``ending_offers``), a hand
that can pay a part worth no more than its cards loose (``READY_GAP``), and parts beyond the hand limit
counted (``hand_value``); after them 0 of 100 such games is cut off. ``max_turns`` (R-END-GUARD) stays a
guard for simulations.

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
from functools import lru_cache
from typing import Any

from engine.colosseum.actions import BUILD_DIRECT
from engine.colosseum.components import STORAGE_ROW, components
from engine.colosseum.rules.building import _payments
from engine.colosseum.scoring import row_points
from engine.colosseum.state import GameState

_COMP = components()

CARD = 0.9
"""Fame each of the first ``CARDS_USEFUL`` useful cards in hand is worth while the game goes on."""
CARDS_USEFUL = 6
"""Cards a hand can put to use soon (a part costs 3 to 6)."""
PER_TYPE = 2
"""Cards of one type a part asks for at most: more of a type are useful only as triples (R-ACT-C2)."""
CARD_EXTRA = 0.34
"""Fame each further card is worth: about its 1/3 fame at the end (R-END-CARDS). Valued higher, a big hand
of one type would never be spent on a part through 3:1 substitutions, and games between bots stall."""
POINT = 0.3
"""Fame a movement point left is worth."""
ROOM = 0.1
"""Fame a free place in the hand is worth (storage)."""
PRODUCTION = 0.35
"""Fame a landscape tile is worth as a source of future cards (beyond its share in the majority)."""
READY = 0.7
"""Share of a displayed part's fame a hand that can pay it is worth: less than the part built (a seat that
can build gains 0.3 of the part's fame by building, enough to pay a move of 2 fields for it), more than the
same cards loose (collecting a cost is worth it). Why not 0.6, as it was: the card that completes a cost then
added less than a scoring's 1 fame for declining (a 6-fame part, the hand W3 S7 and one grain: +0.72), so
with no tile left a seat one card short declined every scoring and nobody built (6 of 100 games of ``hard``
against three greedy bots ran to 2000 turns; none at 0.7, docs/bots.md)."""
READY_GAP = 0.5
"""A hand that can pay a part is worth at least its cards loose plus this share of what building it adds to
them (the part's fame and the cards left, minus the cards loose). Why: where the payment takes triples, the
cards it spends were worth nearly the part as loose cards (0.9 each for 6 of them), so ``READY`` x fame plus
the cards left was no more than the hand loose, and the card that completed the cost added less than the
1 fame of declining a scoring: the leader of hard against three greedy bots, 10 cards at its limit and one
wood short of B4, declined every scoring, as everyone else did, for 1700 turns (docs/bots.md)."""
WIN = 10.0
"""Fame a won game is worth beyond its margin: ``evaluate`` adds it to a winner's value once the game is over.
Why: fame minus the best rival's alone does not change when every seat declines for 1 fame a round, so a
game kept from ending cost nobody anything, and a leader who could end it by collecting a cost at field D and
building the last part saw only the fame the moves cost (hard against three greedy bots: 2 of 20 games ran
to 2000 turns, every seat declining at every scoring with one part to go)."""
LEAD_SCALE = 10.0
"""Lead in fame at which a seat counts on about three quarters of ``WIN`` (``tanh(lead / LEAD_SCALE)``): a hand
that can pay a part on offer is worth ``READY`` x (its fame + ``WIN`` x that share / the parts still to build)
to the seat that leads, so collecting a part's cost beats declining a scoring, and building it beats holding
it (``ending_offers``)."""


def loose_cards(h0: int, h1: int, h2: int, h3: int) -> float:
    """Fame the cards of a hand are worth as cards: ``CARD`` each for the useful ones (at most ``PER_TYPE`` of a
    type, and each full triple of the rest, which can stand in for a missing card), at most ``CARDS_USEFUL``,
    ``CARD_EXTRA`` for every other (what it adds at the end)."""
    useful = 0
    for h in (h0, h1, h2, h3):
        useful += h if h <= PER_TYPE else PER_TYPE + (h - PER_TYPE) // 3
    if useful > CARDS_USEFUL:
        useful = CARDS_USEFUL
    return CARD * useful + CARD_EXTRA * (h0 + h1 + h2 + h3 - useful)


Offer = tuple[int, int, int, int, float, int]
"""A part on offer for ``hand_value``: its cost per type, what building it is worth (its fame) and its size."""


def hand_value(hand: list[int], offers: list[Offer], limit: int | None = None) -> float:
    """Fame a hand is worth while the game goes on, given the parts on offer (``_OFFERS`` rows) and the seat's
    hand limit (None: not checked).

    The cards alone (``loose_cards``), or, if more, the best part the hand can pay now (3:1 substitutions
    counted) at ``READY`` x its fame plus the cards left after the payment, or the best part it holds some of
    the cost of at ``READY`` x fame x the share held plus its other cards. Why not cards plus a bonus: a
    whole cost in hand was then worth more than the part built, and once the tiles were gone nobody built.

    A part whose cost has more cards than ``limit`` cannot be collected (R-HAND-LIMIT), so it adds nothing,
    and a hand that can collect no part on offer is worth its cards' end scoring only (``CARD_EXTRA`` each).
    Why: a seat at the start limit of 4 valued 4 cards towards a 5- or 6-card part at 3.6 fame and passed on
    every storage tile (a card for +2 limit), so it never built; with nobody else able to pay the parts left,
    hard against three greedy bots ran to the 2000-turn guard (docs/bots.md).
    """
    h0, h1, h2, h3 = hand
    if limit is not None and offers and all(o[5] > limit for o in offers):
        return CARD_EXTRA * (h0 + h1 + h2 + h3)
    loose = best = loose_cards(h0, h1, h2, h3)
    for c0, c1, c2, c3, fame, size in offers:
        if limit is not None and size > limit:
            continue
        d0 = h0 if h0 < c0 else c0
        d1 = h1 if h1 < c1 else c1
        d2 = h2 if h2 < c2 else c2
        d3 = h3 if h3 < c3 else c3
        held = d0 + d1 + d2 + d3
        if held == 0:
            continue
        payments = _payments((h0, h1, h2, h3), (c0, c1, c2, c3)) if held < size else _DIRECT
        if payments:
            sub = _SUB
            for pay in payments:
                t0, t1, t2, t3 = pay.triples
                left = loose_cards(h0 - d0 - sub * t0, h1 - d1 - sub * t1, h2 - d2 - sub * t2, h3 - d3 - sub * t3)
                v = READY * fame + left
                built = fame + left
                if built > loose and (gap := loose + READY_GAP * (built - loose)) > v:
                    v = gap
                if v > best:
                    best = v
        else:
            v = READY * fame * (held / size) ** 2 + loose_cards(h0 - d0, h1 - d1, h2 - d2, h3 - d3)
            if v > best:
                best = v
    return best


def _offers(state: GameState) -> list[Offer]:
    return [_OFFERS[pid] for pid in state.slots if pid is not None]


@lru_cache(maxsize=1 << 16)
def _hand_on_display(h0: int, h1: int, h2: int, h3: int, slots: tuple[str | None, ...], limit: int) -> float:
    """``hand_value`` with the parts on display ``slots`` and the hand limit ``limit``, remembered: in a bot's
    look-ahead most seats' hands and the display stay the same from one position to the next (it was most of a
    greedy decision's time)."""
    return hand_value([h0, h1, h2, h3], [_OFFERS[pid] for pid in slots if pid is not None], limit)


def ending_offers(state: GameState, lead: float) -> list[Offer] | None:
    """The parts on offer as a seat leading by ``lead`` (projected fame minus the best rival's) values them: its
    fame plus its share of the win the end brings, ``WIN`` x ``tanh(lead / LEAD_SCALE)`` / the parts still to
    build (the 17th part ends the game, R-END-TRIGGER: with one to go, building it brings the whole win). None
    when the seat does not lead: then a part is worth its fame alone (a seat behind loses nothing it can see
    when the game ends, and keeps building).

    Why every part and not only the last one (as it was): with 3 parts to go the leader of hard against three
    greedy bots held wood and stones, one water short of a part's cost, and declined the water for 1 fame every
    river scoring; nobody else could pay the parts left, every seat declined every scoring, and the game ran to
    the 2000-turn guard. Valued with its share of the win, the part's cost is worth collecting."""
    left = _COMP.sections - len(state.built)
    if state.over or lead <= 0 or left < 1:
        return None
    bonus = WIN * math.tanh(lead / LEAD_SCALE) / left
    return [(c0, c1, c2, c3, fame + bonus, size) for c0, c1, c2, c3, fame, size in _offers(state)]


def projected(state: GameState, player: int, rows: list[list[int]] | None = None) -> float:
    """``player``'s projected final score in fame (exact once the game is over)."""
    if state.over:
        return float(state.final_scores().total(player))
    if rows is None:
        rows = row_points(state)
    pl = state.players[player]
    return (
        pl.fame
        + sum(rows[player])
        + hand_value(pl.hand, _offers(state), pl.limit)
        + POINT * min(pl.points, POINTS_USEFUL)
        + ROOM * (pl.limit - pl.cards)
        + PRODUCTION * (pl.rows[2] + pl.rows[3] + pl.rows[4] + pl.rows[5])
    )


POINTS_USEFUL = 2
"""``evaluate``'s default ``point_cap``: a move uses at most 6 points (7 fields and back to the start), so
more are worth nothing. Why: valued alike, a seat with a dozen points never spent them, moved 1 field a turn,
and four seats' moves added up to 7, so the consul came back to the same field every round and a seat that
could build was never offered the field (games between bots ran on without end)."""


def evaluate(state: GameState, player: int, point_cap: int = POINTS_USEFUL) -> float:
    """How good the position is for ``player``: projected fame minus the best opponent's; over, the exact
    margin plus ``WIN`` for a winner; a leader's hand valued with its share of the win it can build.

    ``point_cap``: movement points beyond it are worth nothing (default ``POINTS_USEFUL``, as ``projected``
    counts them; a look-ahead bot may be given another, see ``lookahead``).

    The same sums as ``projected`` for every seat, computed in one pass (the bots call this tens of thousands
    of times a game, so it avoids the per-seat helpers; ``tests/colosseum/test_bots.py`` checks that the two
    agree exactly).
    """
    if state.over:
        scores = state.final_scores()
        totals = [float(sc.total) for sc in scores.players]
        mine = totals[player]
        won = WIN if player in (scores.winners or [scores.winner]) else 0.0
        return float(mine - max(t for p, t in enumerate(totals) if p != player)) + won
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
    slots = tuple(state.slots)
    base_limit, bonus = _COMP.hand_limit, _COMP.storage_bonus
    mine = 0.0
    best_other = -math.inf
    my_hand = 0.0
    for p in range(n):
        pl = players[p]
        row = rows[p]
        h = pl.hand
        limit = base_limit + bonus * (row[STORAGE_ROW] - 1)
        cards = _hand_on_display(h[0], h[1], h[2], h[3], slots, limit)
        total = (
            pl.fame
            + majority[p]
            + cards
            + POINT * (points if (points := pl.wheels - 1 - pl.marker) < point_cap else point_cap)
            + ROOM * (limit - pl.cards)
            + PRODUCTION * (row[2] + row[3] + row[4] + row[5])
        )
        if p == player:
            mine, my_hand = total, cards
        elif total > best_other:
            best_other = total
    ending = ending_offers(state, mine - best_other)
    if ending is not None:
        me = players[player]
        mine += hand_value(me.hand, ending, base_limit + bonus * (me.rows[STORAGE_ROW] - 1)) - my_hand
    return float(mine - best_other)


_OFFERS: dict[str, Offer] = {
    pid: (*part.cost, part.fame, sum(part.cost)) for pid, part in _COMP.by_id.items()
}
"""Each part's cost per type, fame and number of cards, unpacked for ``evaluate``'s inner loop."""
_DIRECT = (BUILD_DIRECT,)
_SUB = _COMP.substitute


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

    from .lookahead import HARD_ROUNDS, HARD_SAMPLES, HARD_WIDTH

    defaults = {"width": HARD_WIDTH, "rounds": HARD_ROUNDS, "samples": HARD_SAMPLES, "seconds": HARD_SECONDS}
    return _lookahead("hard", defaults, options)


def _normal(**options: Any) -> Any:
    from engine.bots.registry import NORMAL_SECONDS

    from .lookahead import NORMAL_ROUNDS, NORMAL_WIDTH

    defaults = {"width": NORMAL_WIDTH, "rounds": NORMAL_ROUNDS, "samples": 1, "seconds": NORMAL_SECONDS}
    return _lookahead("normal", defaults, options)


def _bots() -> dict[str, Any]:
    from engine.bots.options import LOOKAHEAD, TEMPERATURE, BotMaker, BotOption, option_set
    from engine.bots.registry import SEARCH_OPTIONS

    rounds = BotOption("rounds", int, 1, 20, help="own turns ahead each candidate is played to")
    point_cap = BotOption("point_cap", int, 1, 100, help="movement points beyond this are worth nothing to the bot")
    lookahead = option_set(*LOOKAHEAD, rounds, point_cap)
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


__all__ = ["BOTS", "POINTS_USEFUL", "READY", "determinize", "evaluate", "hand_value", "projected"]
