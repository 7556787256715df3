"""Actions: one atomic decision each (the spec's decision points), with a canonical text that round-trips.

=================  ===========================================  ==========================================
decision           text                                         class
=================  ===========================================  ==========================================
D-START-CARD       ``card grain``                               ``TakeCard`` (also R-VAR ``card``)
D-MOVE             ``move 3``                                   ``Move``
D-STORAGE          ``storage grain`` / ``pass``                 ``Storage`` / ``Pass``
D-BLUE             ``tile`` / ``build`` / ``build G1`` …        ``Tile`` / ``Build``
D-SCORE-CHOICE     ``score river`` … ``score stable``           ``Score``
D-TAKE             ``take 2`` (``take 0`` declines)             ``Take``
D-RESET            ``reset`` / ``decline``                      ``Reset`` / ``Decline``
D-DISCARD          ``discard stone``                            ``Discard``
D-VAR-*            ``yes`` / ``no`` / ``exchange water grain    ``Yes`` / ``No`` / ``Exchange`` / ``Stop``
                   stone`` / ``stop``
=================  ===========================================  ==========================================

Card types are named ``water grain wood stone``; a ``Build`` names the triples of other cards that replace
missing ones (R-ACT-C2) by letter and count (``build W1G1``: one water triple and one grain triple).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import actionform
from engine.core.actionform import Choice, Coded, Forms, Number, ascii_number, form
from engine.core.errors import IllegalAction

from .components import CARD_TYPES, LETTERS, SCORE_KINDS

CARD = Choice(CARD_TYPES, refuse="{word!r} is no card type (water, grain, wood, stone)")
COUNT = Number(refuse="{word!r} is not a number")


def _triples_text(triples: tuple[int, int, int, int]) -> str:
    return "".join(f"{LETTERS[t]}{n}" for t, n in enumerate(triples) if n)


def _triples(word: str) -> tuple[int, int, int, int]:
    """``W1G1`` -> (1, 1, 0, 0): the triples of other cards that replace missing ones (R-ACT-C2)."""
    word = word.upper()
    out = [0, 0, 0, 0]
    i = 0
    while i < len(word):
        letter = word[i]
        j = i + 1
        while j < len(word) and ascii_number(word[j]):
            j += 1
        if letter not in LETTERS or j == i + 1 or j - i > 3:
            raise ValueError("a payment is letters W G H S with counts, such as G1 or W1H1")
        out[LETTERS.index(letter)] += int(word[i + 1:j])
        i = j
    return (out[0], out[1], out[2], out[3])


@form("card {kind}", kind=CARD)
@dataclass(frozen=True, slots=True)
class TakeCard:
    """D-START-CARD / R-VAR ``card``: take 1 card of ``kind`` (0..3) from the supply."""

    kind: int


@form("move {steps}", steps=COUNT)
@dataclass(frozen=True, slots=True)
class Move:
    """D-MOVE: move the consul ``steps`` fields clockwise (the first free, then points, then fame)."""

    steps: int


@form("storage {kind}", kind=CARD)
@dataclass(frozen=True, slots=True)
class Storage:
    """D-STORAGE: discard 1 card of ``kind`` and take a storage tile (R-ACT-A)."""

    kind: int


@form("pass")
@dataclass(frozen=True, slots=True)
class Pass:
    """D-STORAGE: take no storage tile (also the only option where a field offers nothing)."""


@form("tile")
@dataclass(frozen=True, slots=True)
class Tile:
    """D-BLUE action B: take the front tile of this field's row (R-ACT-B1)."""


@form("build [{triples}]", triples=Coded(_triples_text, _triples))
@dataclass(frozen=True, slots=True)
class Build:
    """D-BLUE action C: build this field's part, replacing missing cards by ``triples[t]`` triples of type t."""

    triples: tuple[int, int, int, int] = (0, 0, 0, 0)


@form("score {kind}", kind=Choice(SCORE_KINDS, refuse="score one of {names}"))
@dataclass(frozen=True, slots=True)
class Score:
    """D-SCORE-CHOICE: score landscape ``kind`` (0..3) or the stable (4) for all players (R-ACT-D)."""

    kind: int


@form("take {count}", count=COUNT)
@dataclass(frozen=True, slots=True)
class Take:
    """D-TAKE: take ``count`` cards of the scored type; ``take 0`` declines (+1 fame, R-SCORE-FAME)."""

    count: int


@form("reset")
@dataclass(frozen=True, slots=True)
class Reset:
    """D-RESET: move the own marker back to the leftmost wheel (R-SCORE-STABLE)."""


@form("decline")
@dataclass(frozen=True, slots=True)
class Decline:
    """D-RESET: keep the marker where it is and take 1 fame instead (R-SCORE-FAME)."""


@form("discard {kind}", kind=CARD)
@dataclass(frozen=True, slots=True)
class Discard:
    """D-DISCARD: put 1 card of ``kind`` back on its supply pile (R-HAND-LIMIT)."""

    kind: int


@form("yes")
@dataclass(frozen=True, slots=True)
class Yes:
    """D-VAR ``own_reset`` / ``tile``: use field D's variant action."""


@form("no")
@dataclass(frozen=True, slots=True)
class No:
    """D-VAR: do not use field D's variant action."""


@form("exchange {give1} {give2} {get}", give1=CARD, give2=CARD, get=CARD)
@dataclass(frozen=True, slots=True)
class Exchange:
    """D-VAR ``exchange``: give a card of ``give1`` and one of ``give2`` (``give1 <= give2``) for one ``get``."""

    give1: int
    give2: int
    get: int


@form("stop")
@dataclass(frozen=True, slots=True)
class Stop:
    """D-VAR ``exchange``: exchange no more."""


Action = (
    TakeCard | Move | Storage | Pass | Tile | Build | Score | Take | Reset | Decline | Discard | Yes | No | Exchange
    | Stop
)

# shared instances: legal_actions hands these out instead of building new objects every time (speed)
MOVES = [Move(k) for k in range(64)]


def move_action(k: int) -> Move:
    """``move k``: a shared instance for the usual lengths, a new one for a longer move (R-MOVE-TOTAL)."""
    return MOVES[k] if k < len(MOVES) else Move(k)


TAKES = [Take(k) for k in range(128)]
TAKE_CARDS = [TakeCard(t) for t in range(4)]
STORAGES = [Storage(t) for t in range(4)]
DISCARDS = [Discard(t) for t in range(4)]
SCORES = [Score(k) for k in range(5)]
PASS, TILE, RESET, DECLINE, YES, NO, STOP = Pass(), Tile(), Reset(), Decline(), Yes(), No(), Stop()
BUILD_DIRECT = Build()

FORMS = Forms(TakeCard, Move, Storage, Pass, Tile, Build, Score, Take, Reset, Decline, Discard, Yes, No, Exchange, Stop)


def parse(text: str) -> Action:
    """The action written as ``text`` (syntax only: whether it is legal now is the state's business)."""
    words = actionform.words(text, "an action is text, such as 'move 2'", "no action given")
    try:
        action: Action | None = FORMS.read(words)
    except ValueError as exc:
        raise IllegalAction(f"{text!r}: {exc}") from None
    if action is None:
        raise IllegalAction(f"{text.strip()[:60]!r} is no action of this game")
    if isinstance(action, Exchange) and action.give1 > action.give2:  # the two cards given, in type order
        return Exchange(action.give2, action.give1, action.get)
    return action
