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

from engine.core.errors import IllegalAction

from .components import CARD_TYPES, LETTERS, SCORE_KINDS


@dataclass(frozen=True, slots=True)
class TakeCard:
    """D-START-CARD / R-VAR ``card``: take 1 card of ``kind`` (0..3) from the supply."""

    kind: int

    def __str__(self) -> str:
        return f"card {CARD_TYPES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Move:
    """D-MOVE: move the consul ``steps`` fields clockwise (the first free, then points, then fame)."""

    steps: int

    def __str__(self) -> str:
        return f"move {self.steps}"


@dataclass(frozen=True, slots=True)
class Storage:
    """D-STORAGE: discard 1 card of ``kind`` and take a storage tile (R-ACT-A)."""

    kind: int

    def __str__(self) -> str:
        return f"storage {CARD_TYPES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Pass:
    """D-STORAGE: take no storage tile (also the only option where a field offers nothing)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Tile:
    """D-BLUE action B: take the front tile of this field's row (R-ACT-B1)."""

    def __str__(self) -> str:
        return "tile"


@dataclass(frozen=True, slots=True)
class Build:
    """D-BLUE action C: build this field's part, replacing missing cards by ``triples[t]`` triples of type t."""

    triples: tuple[int, int, int, int] = (0, 0, 0, 0)

    def __str__(self) -> str:
        extra = "".join(f"{LETTERS[t]}{n}" for t, n in enumerate(self.triples) if n)
        return f"build {extra}" if extra else "build"


@dataclass(frozen=True, slots=True)
class Score:
    """D-SCORE-CHOICE: score landscape ``kind`` (0..3) or the stable (4) for all players (R-ACT-D)."""

    kind: int

    def __str__(self) -> str:
        return f"score {SCORE_KINDS[self.kind]}"


@dataclass(frozen=True, slots=True)
class Take:
    """D-TAKE: take ``count`` cards of the scored type; ``take 0`` declines (+1 fame, R-SCORE-FAME)."""

    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


@dataclass(frozen=True, slots=True)
class Reset:
    """D-RESET: move the own marker back to the leftmost wheel (R-SCORE-STABLE)."""

    def __str__(self) -> str:
        return "reset"


@dataclass(frozen=True, slots=True)
class Decline:
    """D-RESET: keep the marker where it is and take 1 fame instead (R-SCORE-FAME)."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Discard:
    """D-DISCARD: put 1 card of ``kind`` back on its supply pile (R-HAND-LIMIT)."""

    kind: int

    def __str__(self) -> str:
        return f"discard {CARD_TYPES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Yes:
    """D-VAR ``own_reset`` / ``tile``: use field D's variant action."""

    def __str__(self) -> str:
        return "yes"


@dataclass(frozen=True, slots=True)
class No:
    """D-VAR: do not use field D's variant action."""

    def __str__(self) -> str:
        return "no"


@dataclass(frozen=True, slots=True)
class Exchange:
    """D-VAR ``exchange``: give a card of ``give1`` and one of ``give2`` (``give1 <= give2``) for one ``get``."""

    give1: int
    give2: int
    get: int

    def __str__(self) -> str:
        return f"exchange {CARD_TYPES[self.give1]} {CARD_TYPES[self.give2]} {CARD_TYPES[self.get]}"


@dataclass(frozen=True, slots=True)
class Stop:
    """D-VAR ``exchange``: exchange no more."""

    def __str__(self) -> str:
        return "stop"


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

_WORDS: dict[str, Action] = {
    "pass": PASS, "tile": TILE, "reset": RESET, "decline": DECLINE, "yes": YES, "no": NO, "stop": STOP,
    "build": BUILD_DIRECT,
}


def _card_type(word: str, text: str) -> int:
    if word not in CARD_TYPES:
        raise IllegalAction(f"{text!r}: {word!r} is no card type (water, grain, wood, stone)")
    return CARD_TYPES.index(word)


def _ascii_digit(c: str) -> bool:
    """``c`` is one of 0-9 (``str.isdigit`` also accepts "²" and "٣", which ``int`` refuses or reads)."""
    return "0" <= c <= "9"


def _count(word: str, text: str) -> int:
    if not word or not all(_ascii_digit(c) for c in word) or len(word) > 3:
        raise IllegalAction(f"{text!r}: {word!r} is not a number")
    return int(word)


def _triples(word: str, text: str) -> tuple[int, int, int, int]:
    out = [0, 0, 0, 0]
    i = 0
    while i < len(word):
        letter = word[i]
        j = i + 1
        while j < len(word) and _ascii_digit(word[j]):
            j += 1
        if letter not in LETTERS or j == i + 1 or j - i > 3:
            raise IllegalAction(f"{text!r}: a payment is letters W G H S with counts, such as G1 or W1H1")
        out[LETTERS.index(letter)] += int(word[i + 1:j])
        i = j
    return (out[0], out[1], out[2], out[3])


def parse(text: str) -> Action:
    """The action written as ``text`` (syntax only: whether it is legal now is the state's business)."""
    if not isinstance(text, str):
        raise IllegalAction("an action is text, such as 'move 2'")
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("no action given")
    head, args = words[0], words[1:]
    if not args and head in _WORDS:
        return _WORDS[head]
    if head == "build" and len(args) == 1:
        return Build(_triples(args[0].upper(), text))
    if len(args) == 1:
        if head == "move":
            return Move(_count(args[0], text))
        if head == "take":
            return Take(_count(args[0], text))
        if head == "card":
            return TakeCard(_card_type(args[0], text))
        if head == "storage":
            return Storage(_card_type(args[0], text))
        if head == "discard":
            return Discard(_card_type(args[0], text))
        if head == "score":
            if args[0] not in SCORE_KINDS:
                raise IllegalAction(f"{text!r}: score one of {', '.join(SCORE_KINDS)}")
            return SCORES[SCORE_KINDS.index(args[0])]
    if head == "exchange" and len(args) == 3:
        a, b, c = (_card_type(w, text) for w in args)
        return Exchange(min(a, b), max(a, b), c)
    raise IllegalAction(f"{text.strip()[:60]!r} is no action of this game")
