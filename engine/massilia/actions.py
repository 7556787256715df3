"""Actions: one atomic decision each, with a canonical short text that ``parse`` reads back.

``stall 4``, ``keep beige5 brown6 mars``, ``venus 2``, ``pass``, ``take brown5``, ``add kept grey2``,
``as brown 8 phoebus juno``, ``buy violet 2 neptunus mercurius-``, ``place 3 violet1 beige2``, ``reputation``,
``offer 9 pink1``, ``god deck jupiter``, ``move consul 8``, ``pluto``, ``no pluto``, ``pay pink2``, ``build``,
``no build``, ``shift 5 violet2``, ``done``. Dice are written colour + face (``beige5``), goods as colour +
count (``violet2``; ``none`` for no cubes), figures and gods by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from engine.core.errors import IllegalAction

from .components import DICE, FIGURES, GOODS
from .dice import die_text, parse_die

A = TypeVar("A")

Goods = tuple[int, int, int, int]
"""Cubes per colour in ``GOODS`` order."""


def goods_text(g: Goods) -> str:
    parts = [f"{GOODS[i]}{n}" for i, n in enumerate(g) if n]
    return " ".join(parts) if parts else "none"


def mercurius_text(m: int) -> str:
    return "" if m == 0 else (" mercurius+" if m > 0 else " mercurius-")


@dataclass(frozen=True, slots=True)
class StartStall:
    """D-START-STALL (R-SETUP-13): open a start stall on stall space ``space``."""

    space: int

    def __str__(self) -> str:
        return f"stall {self.space}"


@dataclass(frozen=True, slots=True)
class Keep:
    """D-KEEP (R-ROLL-2): keep these rolled dice in front of the screen (2 each), Mars making up to 2 free."""

    dice: tuple[int, ...]
    """Sorted die codes."""
    mars: bool = False

    def __str__(self) -> str:
        body = " ".join(die_text(d) for d in self.dice) if self.dice else "none"
        return f"keep {body}" + (" mars" if self.mars else "")


@dataclass(frozen=True, slots=True)
class Venus:
    """D-VENUS (R-GOD-4): play Venus to return ``count`` (1 or 2) own stones to the supply."""

    count: int

    def __str__(self) -> str:
        return f"venus {self.count}"


@dataclass(frozen=True, slots=True)
class Pass:
    """D-TURN (R-PASS): take the top round tile and its sesterces, and leave phase III."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Take:
    """D-TURN (R-DIE-1): begin a USE with a die from the temple or (``kept``) from the own kept dice."""

    die: int
    kept: bool = False

    def __str__(self) -> str:
        return "take " + ("kept " if self.kept else "") + die_text(self.die)


@dataclass(frozen=True, slots=True)
class Add:
    """D-TURN (R-DIE-2 add): put one more die into the USE's group."""

    die: int
    kept: bool = False

    def __str__(self) -> str:
        return "add " + ("kept " if self.kept else "") + die_text(self.die)


@dataclass(frozen=True, slots=True)
class As:
    """D-TURN: use the group for ``colour``'s action with value ``value``, with the cards that cover units."""

    colour: int
    value: int
    phoebus: bool = False
    juno: bool = False
    minerva: bool = False

    def __str__(self) -> str:
        text = f"as {DICE[self.colour]} {self.value}"
        if self.phoebus or self.juno or self.minerva:
            text += " phoebus" * self.phoebus + " juno" * self.juno + " minerva" * self.minerva
        return text


@dataclass(frozen=True, slots=True)
class Buy:
    """D-BEIGE (R-BEIGE-1): buy ``count`` cubes of ``good`` and the rest of the value in beige."""

    good: int
    count: int
    neptunus: bool = False
    mercurius: int = 0
    """-1 or +1: Mercurius on the good's price tile; 0: not played."""

    def __str__(self) -> str:
        return f"buy {GOODS[self.good]} {self.count}" + (" neptunus" if self.neptunus else "") + mercurius_text(
            self.mercurius
        )


@dataclass(frozen=True, slots=True)
class Place:
    """D-BEIGE: put these of the bought cubes on the own stall at ``space``."""

    space: int
    goods: Goods

    def __str__(self) -> str:
        return f"place {self.space} {goods_text(self.goods)}"


@dataclass(frozen=True, slots=True)
class Reputation:
    """D-BLACK (R-BLACK-1): buy the value in reputation at the temple tile's price."""

    mercurius: int = 0

    def __str__(self) -> str:
        return "reputation" + mercurius_text(self.mercurius)


@dataclass(frozen=True, slots=True)
class Offer:
    """D-GREY (R-GREY-1): sacrifice these cubes of the own stall at ``space`` to the harbour."""

    space: int
    goods: Goods

    def __str__(self) -> str:
        return f"offer {self.space} {goods_text(self.goods)}"


@dataclass(frozen=True, slots=True)
class God:
    """D-GREY: take a god card from display slot 1 or 2, or the top of the deck (``source`` 0); Jupiter: one more."""

    source: int
    jupiter: bool = False

    def __str__(self) -> str:
        return "god " + (str(self.source) if self.source else "deck") + (" jupiter" if self.jupiter else "")


@dataclass(frozen=True, slots=True)
class Move:
    """D-BROWN (R-BROWN-1): move a figure to path field ``dest`` (V fields in one direction)."""

    figure: int
    dest: int
    mercurius: int = 0
    """-1 or +1 on the temple tile for the sale that follows."""

    def __str__(self) -> str:
        return f"move {FIGURES[self.figure]} {self.dest}" + mercurius_text(self.mercurius)


@dataclass(frozen=True, slots=True)
class Pluto:
    """D-PLUTO (R-GOD-5): the stall owner plays Pluto against the consul, or not."""

    play: bool

    def __str__(self) -> str:
        return "pluto" if self.play else "no pluto"


@dataclass(frozen=True, slots=True)
class Pay:
    """D-TAX (R-CONSUL-3): the cubes the owner pays 1 each for and keeps; the rest go to the harbour."""

    goods: Goods

    def __str__(self) -> str:
        return f"pay {goods_text(self.goods)}"


@dataclass(frozen=True, slots=True)
class Build:
    """D-BUILD (R-CONSUL-BUILD): build a stall where the consul stands (5 sesterces), or not."""

    build: bool

    def __str__(self) -> str:
        return "build" if self.build else "no build"


@dataclass(frozen=True, slots=True)
class Shift:
    """D-MOVE-CUBES: move these cubes from the own stall at ``space`` onto the stall just built."""

    space: int
    goods: Goods

    def __str__(self) -> str:
        return f"shift {self.space} {goods_text(self.goods)}"


@dataclass(frozen=True, slots=True)
class Done:
    """D-VENUS at the end of a turn: do not play Venus."""

    def __str__(self) -> str:
        return "done"


Action = (
    StartStall | Keep | Venus | Pass | Take | Add | As | Buy | Place | Reputation | Offer | God | Move | Pluto | Pay
    | Build | Shift | Done
)


_MADE: dict[tuple[object, ...], object] = {}


def make(cls: type[A], *args: object) -> A:
    """``cls(*args)``, shared: legal-action lists are built often, and a frozen dataclass is slow to create."""
    key = (cls, *args)
    a = _MADE.get(key)
    if a is None:
        a = _MADE[key] = cls(*args)
    return a  # type: ignore[return-value]


def _goods(words: list[str]) -> Goods:
    if words == ["none"]:
        return (0, 0, 0, 0)
    counts = [0, 0, 0, 0]
    last = -1
    for w in words:
        for i, name in enumerate(GOODS):
            if w.startswith(name) and _ascii_number(w[len(name) :]):
                n = int(w[len(name) :])
                if i <= last or not 1 <= n <= 99 or str(n) != w[len(name) :]:
                    raise ValueError(w)
                counts[i] = n
                last = i
                break
        else:
            raise ValueError(w)
    if not words:
        raise ValueError("no goods")
    return (counts[0], counts[1], counts[2], counts[3])


def _ascii_number(word: str) -> bool:
    """``word`` is written in the digits 0-9 only (``str.isdigit`` also accepts "²" and "٣")."""
    return word.isascii() and word.isdigit()


def _small(word: str, lo: int, hi: int) -> int:
    if not _ascii_number(word) or str(int(word)) != word or not lo <= int(word) <= hi:
        raise ValueError(word)
    return int(word)


def _mercurius(words: list[str]) -> tuple[int, list[str]]:
    if words and words[-1] in ("mercurius+", "mercurius-"):
        return (1 if words[-1] == "mercurius+" else -1), words[:-1]
    return 0, words


def _parse(words: list[str]) -> Action:
    head, rest = words[0], words[1:]
    if head == "pass" and not rest:
        return Pass()
    if head == "done" and not rest:
        return Done()
    if head == "pluto" and not rest:
        return Pluto(True)
    if head == "build" and not rest:
        return Build(True)
    if head == "no" and rest in (["pluto"], ["build"]):
        return Pluto(False) if rest == ["pluto"] else Build(False)
    if head == "stall" and len(rest) == 1:
        return StartStall(_small(rest[0], 0, 63))
    if head == "venus" and len(rest) == 1:
        return Venus(_small(rest[0], 1, 2))
    if head == "keep" and rest:
        mars = rest[-1] == "mars"
        body = rest[:-1] if mars else rest
        if body == ["none"]:
            return Keep((), mars)
        dice = tuple(parse_die(w) for w in body)
        if list(dice) != sorted(dice) or not dice:
            raise ValueError("dice out of order")
        return Keep(dice, mars)
    if head in ("take", "add") and rest:
        kept = rest[0] == "kept"
        body = rest[1:] if kept else rest
        if len(body) != 1:
            raise ValueError("one die")
        d = parse_die(body[0])
        return Take(d, kept) if head == "take" else Add(d, kept)
    if head == "as" and len(rest) >= 2:
        colour = DICE.index(rest[0])
        value = _small(rest[1], 1, 999)
        cards = rest[2:]
        order = ["phoebus", "juno", "minerva"]
        if any(c not in order for c in cards) or [c for c in order if c in cards] != cards:
            raise ValueError("cards")
        return As(colour, value, "phoebus" in cards, "juno" in cards, "minerva" in cards)
    if head == "buy" and len(rest) >= 2:
        merc, rest = _mercurius(rest)
        nep = rest[-1] == "neptunus"
        if nep:
            rest = rest[:-1]
        if len(rest) != 2:
            raise ValueError("buy")
        good = GOODS.index(rest[0])
        if good == 3:
            raise ValueError("beige is bought with a main colour")
        return Buy(good, _small(rest[1], 1, 999), nep, merc)
    if head in ("place", "offer", "shift") and len(rest) >= 2:
        space = _small(rest[0], 0, 63)
        g = _goods(rest[1:])
        return Place(space, g) if head == "place" else Offer(space, g) if head == "offer" else Shift(space, g)
    if head == "reputation":
        merc, rest = _mercurius(rest)
        if rest:
            raise ValueError("reputation")
        return Reputation(merc)
    if head == "god" and rest:
        jup = rest[-1] == "jupiter"
        body = rest[:-1] if jup else rest
        if body not in (["1"], ["2"], ["deck"]):
            raise ValueError("god")
        return God(0 if body == ["deck"] else int(body[0]), jup)
    if head == "move" and len(rest) >= 2:
        merc, rest = _mercurius(rest)
        if len(rest) != 2:
            raise ValueError("move")
        return Move(FIGURES.index(rest[0]), _small(rest[1], 0, 63), merc)
    if head == "pay" and rest:
        return Pay(_goods(rest))
    raise ValueError(head)


def parse(text: str) -> Action:
    """The action written as ``text`` (not checked for legality); ``IllegalAction`` if it names none."""
    if not isinstance(text, str):
        raise IllegalAction("an action is a line of text")
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("empty action")
    try:
        return _parse(words)
    except (ValueError, IndexError):
        raise IllegalAction(f"not a Massilia action: {text.strip()[:60]!r}") from None
