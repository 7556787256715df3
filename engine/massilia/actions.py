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

from engine.core import actionform
from engine.core.actionform import Choice, Coded, Forms, Number, ascii_number, form
from engine.core.errors import IllegalAction

from .components import DICE, FIGURES, GOODS
from .dice import die_text, parse_die

A = TypeVar("A")

Goods = tuple[int, int, int, int]
"""Cubes per colour in ``GOODS`` order."""


def goods_text(g: Goods) -> str:
    parts = [f"{GOODS[i]}{n}" for i, n in enumerate(g) if n]
    return " ".join(parts) if parts else "none"


def _mercurius_word(word: str) -> int:
    if word not in ("mercurius+", "mercurius-"):
        raise ValueError(word)
    return 1 if word == "mercurius+" else -1


def _god_source(word: str) -> int:
    if word not in ("1", "2", "deck"):
        raise ValueError(word)
    return 0 if word == "deck" else int(word)


def _goods(words: list[str]) -> Goods:
    if words == ["none"]:
        return (0, 0, 0, 0)
    counts = [0, 0, 0, 0]
    last = -1
    for w in words:
        for i, name in enumerate(GOODS):
            if w.startswith(name) and ascii_number(w[len(name) :]):
                n = int(w[len(name) :])
                if i <= last or not 1 <= n <= 99 or str(n) != w[len(name) :]:
                    raise ValueError(w)
                counts[i] = n
                last = i
                break
        else:
            raise ValueError(w)
    return (counts[0], counts[1], counts[2], counts[3])


MERCURIUS = Coded(lambda m: "mercurius+" if m > 0 else "mercurius-", _mercurius_word)
"""-1 or +1: Mercurius played on a price or temple tile (0, not played, is not written)."""
DIE = Coded(die_text, parse_die)
GOODS_WORDS = Coded(goods_text, _goods)
SPACE = Number(lo=0, hi=63, digits=9, canonical=True)
VALUE = Number(lo=1, hi=999, digits=9, canonical=True)


@form("stall {space}", space=SPACE)
@dataclass(frozen=True, slots=True)
class StartStall:
    """D-START-STALL (R-SETUP-13): open a start stall on stall space ``space``."""

    space: int


@dataclass(frozen=True, slots=True)
class Keep:
    """D-KEEP (R-ROLL-2): keep these rolled dice in front of the screen (2 each), Mars making up to 2 free."""

    dice: tuple[int, ...]
    """Sorted die codes."""
    mars: bool = False

    def __str__(self) -> str:
        body = " ".join(die_text(d) for d in self.dice) if self.dice else "none"
        return f"keep {body}" + (" mars" if self.mars else "")


@form("venus {count}", count=Number(lo=1, hi=2, digits=9, canonical=True))
@dataclass(frozen=True, slots=True)
class Venus:
    """D-VENUS (R-GOD-4): play Venus to return ``count`` (1 or 2) own stones to the supply."""

    count: int


@form("pass")
@dataclass(frozen=True, slots=True)
class Pass:
    """D-TURN (R-PASS): take the top round tile and its sesterces, and leave phase III."""


@form("take [kept?] {die}", die=DIE)
@dataclass(frozen=True, slots=True)
class Take:
    """D-TURN (R-DIE-1): begin a USE with a die from the temple or (``kept``) from the own kept dice."""

    die: int
    kept: bool = False


@form("add [kept?] {die}", die=DIE)
@dataclass(frozen=True, slots=True)
class Add:
    """D-TURN (R-DIE-2 add): put one more die into the USE's group."""

    die: int
    kept: bool = False


@form("as {colour} {value} [phoebus?] [juno?] [minerva?]", colour=Choice(DICE), value=VALUE)
@dataclass(frozen=True, slots=True)
class As:
    """D-TURN: use the group for ``colour``'s action with value ``value``, with the cards that cover units."""

    colour: int
    value: int
    phoebus: bool = False
    juno: bool = False
    minerva: bool = False


@form("buy {good} {count} [neptunus?] [{mercurius}]", good=Choice(GOODS[:3]), count=VALUE, mercurius=MERCURIUS)
@dataclass(frozen=True, slots=True)
class Buy:
    """D-BEIGE (R-BEIGE-1): buy ``count`` cubes of ``good`` (a main colour) and the rest of the value in beige."""

    good: int
    count: int
    neptunus: bool = False
    mercurius: int = 0
    """-1 or +1: Mercurius on the good's price tile; 0: not played."""


@form("place {space} {goods*}", space=SPACE, goods=GOODS_WORDS)
@dataclass(frozen=True, slots=True)
class Place:
    """D-BEIGE: put these of the bought cubes on the own stall at ``space``."""

    space: int
    goods: Goods


@form("reputation [{mercurius}]", mercurius=MERCURIUS)
@dataclass(frozen=True, slots=True)
class Reputation:
    """D-BLACK (R-BLACK-1): buy the value in reputation at the temple tile's price."""

    mercurius: int = 0


@form("offer {space} {goods*}", space=SPACE, goods=GOODS_WORDS)
@dataclass(frozen=True, slots=True)
class Offer:
    """D-GREY (R-GREY-1): sacrifice these cubes of the own stall at ``space`` to the harbour."""

    space: int
    goods: Goods


@form("god {source} [jupiter?]", source=Coded(lambda s: str(s) if s else "deck", _god_source))
@dataclass(frozen=True, slots=True)
class God:
    """D-GREY: take a god card from display slot 1 or 2, or the top of the deck (``source`` 0); Jupiter: one more."""

    source: int
    jupiter: bool = False


@form("move {figure} {dest} [{mercurius}]", figure=Choice(FIGURES), dest=SPACE, mercurius=MERCURIUS)
@dataclass(frozen=True, slots=True)
class Move:
    """D-BROWN (R-BROWN-1): move a figure to path field ``dest`` (V fields in one direction)."""

    figure: int
    dest: int
    mercurius: int = 0
    """-1 or +1 on the temple tile for the sale that follows."""


@dataclass(frozen=True, slots=True)
class Pluto:
    """D-PLUTO (R-GOD-5): the stall owner plays Pluto against the consul, or not."""

    play: bool

    def __str__(self) -> str:
        return "pluto" if self.play else "no pluto"


@form("pay {goods*}", goods=GOODS_WORDS)
@dataclass(frozen=True, slots=True)
class Pay:
    """D-TAX (R-CONSUL-3): the cubes the owner pays 1 each for and keeps; the rest go to the harbour."""

    goods: Goods


@dataclass(frozen=True, slots=True)
class Build:
    """D-BUILD (R-CONSUL-BUILD): build a stall where the consul stands (5 sesterces), or not."""

    build: bool

    def __str__(self) -> str:
        return "build" if self.build else "no build"


@form("shift {space} {goods*}", space=SPACE, goods=GOODS_WORDS)
@dataclass(frozen=True, slots=True)
class Shift:
    """D-MOVE-CUBES: move these cubes from the own stall at ``space`` onto the stall just built."""

    space: int
    goods: Goods


@form("done")
@dataclass(frozen=True, slots=True)
class Done:
    """D-VENUS at the end of a turn: do not play Venus."""


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


FORMS = Forms(StartStall, Venus, Pass, Take, Add, As, Buy, Place, Reputation, Offer, God, Move, Pay, Shift, Done)


def _parse(words: list[str]) -> Action:
    found: Action | None = FORMS.read(words)
    if found is not None:
        return found
    head, rest = words[0], words[1:]
    if head == "pluto" and not rest:
        return Pluto(True)
    if head == "build" and not rest:
        return Build(True)
    if head == "no" and rest in (["pluto"], ["build"]):
        return Pluto(False) if rest == ["pluto"] else Build(False)
    if head == "keep" and rest:
        mars = rest[-1] == "mars"
        body = rest[:-1] if mars else rest
        if body == ["none"]:
            return Keep((), mars)
        dice = tuple(parse_die(w) for w in body)
        if list(dice) != sorted(dice) or not dice:
            raise ValueError("dice out of order")
        return Keep(dice, mars)
    raise ValueError(head)


def parse(text: str) -> Action:
    """The action written as ``text`` (not checked for legality); ``IllegalAction`` if it names none."""
    words = actionform.words(text)
    try:
        return _parse(words)
    except (ValueError, IndexError):
        raise IllegalAction(f"not a Massilia action: {text.strip()[:60]!r}") from None
