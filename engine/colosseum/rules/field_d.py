"""R-ACT-D and R-VAR: field D.

Base game (``score_any``): the active seat must choose a landscape or the stable to score for all seats
(D-SCORE-CHOICE); no tile is taken. The variant gives field D one other mode for the whole game: ``fame``
(+1 fame, no decision), ``own_reset`` (may reset only the own marker), ``card`` (may take 1 card of a
chosen type; the hand limit applies), ``exchange`` (may give any 2 cards, matching or not, for 1 card of a
chosen type, repeatable until ``stop``) or ``tile`` (may take the top tile of stack II, of III when II is
empty, into the display, with no scoring). R-SCORE-FAME applies only to ``score_any``.
"""

from __future__ import annotations

from ..actions import NO, SCORES, STOP, TAKE_CARDS, YES, Action, Exchange, No, Score, Stop, TakeCard, Yes
from ..components import CARD_TYPES, TILE_NAMES
from ..state import GameState
from . import landscape, production, turn

_EXCHANGES: dict[tuple[int, ...], list[Exchange]] = {}


def begin(s: GameState) -> None:
    s.decider = s.active
    if s.d_mode == "score_any":
        s.phase = "choice"
    elif s.d_mode == "fame":
        s.players[s.active].fame += 1
        s.events.append(("d_fame", {"player": s.active}))
        turn.end_turn(s)
    else:
        s.phase = "var"


def legal_choice(s: GameState) -> list[Score]:
    """D-SCORE-CHOICE: any of the 4 landscapes or the stable."""
    return list(SCORES)


def apply_choice(s: GameState, a: Score) -> None:
    production.start(s, a.kind)


def _exchanges(hand: list[int], supply: list[int]) -> list[Exchange]:
    key = (*hand, *(1 if x else 0 for x in supply))
    found = _EXCHANGES.get(key)
    if found is None:
        found = []
        for t1 in range(4):
            for t2 in range(t1, 4):
                if hand[t1] == 0 or hand[t2] == 0 or (t1 == t2 and hand[t1] < 2):
                    continue
                for u in range(4):
                    if supply[u] + (t1 == u) + (t2 == u) > 0:
                        found.append(Exchange(t1, t2, u))
        _EXCHANGES[key] = found
    return found


def legal_var(s: GameState) -> list[Action]:
    """D-VAR-*: the options of this game's mode of field D (``no``/``stop`` always)."""
    pl = s.players[s.active]
    mode = s.d_mode
    if mode == "own_reset":
        return [YES, NO] if pl.marker > 0 else [NO]
    if mode == "card":
        return [*(TAKE_CARDS[t] for t in range(4) if s.supply[t] > 0), NO]
    if mode == "exchange":
        return [*_exchanges(pl.hand, s.supply), STOP]
    return [YES, NO] if s.stack2 or s.stack3 else [NO]  # tile


def apply_var(s: GameState, a: Action) -> None:
    p = s.active
    pl = s.players[p]
    if isinstance(a, Exchange):
        for t in (a.give1, a.give2):
            pl.hand[t] -= 1
            s.supply[t] += 1
        pl.hand[a.get] += 1
        s.supply[a.get] -= 1
        s.events.append(("exchange", {"player": p, "give": [CARD_TYPES[a.give1], CARD_TYPES[a.give2]],
                                      "get": CARD_TYPES[a.get]}))
        return  # repeatable: the decision stays open until ``stop``
    if isinstance(a, TakeCard):
        turn.gain_card(s, p, a.kind)
        if turn.over_limit(s, p):
            return
    elif isinstance(a, Yes) and s.d_mode == "own_reset":
        s.events.append(("reset", {"player": p, "points": pl.marker}))
        pl.marker = 0
    elif isinstance(a, Yes):
        tile = landscape.draw_tile(s)
        assert tile is not None  # legal_var offers ``yes`` only while a stack has tiles
        landscape.add_tile(pl, tile)
        s.events.append(("d_tile", {"player": p, "tile": TILE_NAMES[tile]}))
    elif isinstance(a, No | Stop):
        s.events.append(("pass", {"player": p}))
    turn.end_turn(s)
