"""Actions: one atomic decision each, with a canonical text form that round-trips.

``str(action)`` gives the text (``play prefect``, ``move roma sea:massilia~roma``, ``build massilia``,
``produce gallia``, ``sell wine 3``, ``purchase 6 pay=food``, ``done``) and ``parse_action`` reads it back.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from engine.core import actionform
from engine.core.actionform import Choice, Coded, Forms, Listed, Number, form
from engine.core.errors import IllegalAction

from .model import GOODS, KINDS, SALT


def _good_word(word: str, salt: bool = False) -> str:
    if word not in GOODS and not (salt and word == SALT):
        raise ValueError(f"unknown good {word!r}; goods are {', '.join(GOODS)}" + (", salt" if salt else ""))
    return word


GOOD = Coded(str, _good_word)
GOODS_LIST = Listed(GOOD)
"""``salt=tool,wine``: the units salt pays for (R-SALSA-DECISIONS)."""
PAY_LIST = Listed(Coded(str, lambda word: _good_word(word, salt=True)))
"""``pay=food,salt``: what pays for each '?' of a card's cost."""
SLOT = Number("the display slot")


@form("play {card} [as {role}]")
@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from hand; ``role`` picks one role of a double-role card (or the team partner's role)."""

    card: str
    role: str = ""


@form("move {source} {route}")
@dataclass(frozen=True, slots=True)
class Move:
    """Architect: move a colonist standing at ``source`` (a place or route id) to the free route ``route``."""

    source: str
    route: str


@form("build {city} [salt=] [using=]", salt=GOODS_LIST)
@dataclass(frozen=True, slots=True)
class Build:
    """Architect: build a house in ``city``; ``salt`` names the goods salt pays for, ``using`` a forum voucher."""

    city: str
    salt: tuple[str, ...] = ()
    using: str = ""


@form("produce {province} [bonus=]", bonus=GOOD)
@dataclass(frozen=True, slots=True)
class Produce:
    """Prefect: let ``province`` produce; ``bonus`` is the chosen good of a province without a fixed marker."""

    province: str
    bonus: str = ""


@form("cash")
@dataclass(frozen=True, slots=True)
class Cash:
    """Prefect: take the cash bonus; Colonist: take 5 + 1 per colonist on the board."""


@form("place {kind} {place} [salt=]", kind=Choice(KINDS, index=False, refuse="a colonist is land or sea, not {word!r}"),
      salt=GOODS_LIST)
@dataclass(frozen=True, slots=True)
class PlaceColonist:
    """Tribune or Colonist: place a new ``kind`` colonist ("land"/"sea") in ``place`` for 1 food + 1 tool."""

    kind: str
    place: str
    salt: tuple[str, ...] = ()


@form("sell {good} {count}", good=GOOD, count=Number("the quantity"))
@dataclass(frozen=True, slots=True)
class Sell:
    """Mercator: sell ``count`` of ``good``."""

    good: str
    count: int


@form("buy {good} {count}", good=GOOD, count=Number("the quantity"))
@dataclass(frozen=True, slots=True)
class Buy:
    """Mercator: buy ``count`` of ``good``."""

    good: str
    count: int


@form("purchase {slot} [pay=] [salt=]", slot=SLOT, pay=PAY_LIST, salt=GOODS_LIST)
@dataclass(frozen=True, slots=True)
class Purchase:
    """Senator, Consul, Praetor, Proconsul: buy the card in display ``slot`` (1-7), paying ``pay`` for each '?'."""

    slot: int
    pay: tuple[str, ...] = ()
    salt: tuple[str, ...] = ()


@form("copy {seat} [as {role}]", seat=Number("the seat"))
@dataclass(frozen=True, slots=True)
class Copy:
    """Diplomat: carry out the top card of the discard pile of seat ``seat`` (1-based)."""

    seat: int
    role: str = ""


@form("repeat as {role}")
@dataclass(frozen=True, slots=True)
class Repeat:
    """Magister on a double-role card: carry it out again as ``role``."""

    role: str


@dataclass(frozen=True, slots=True)
class Accept:
    """Storehouse overflow: which of the offered goods to take (must fill every free slot)."""

    goods: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return "accept " + ",".join(f"{g}={n}" for g, n in self.goods)


@form("recommend {card}")
@dataclass(frozen=True, slots=True)
class Recommend:
    """Legatus: recommend a card of the partner's hand (not binding)."""

    card: str


@form("start {city}")
@dataclass(frozen=True, slots=True)
class StartCity:
    """Team game: the second partner of a team starts with both colonists in ``city``."""

    city: str


@form("done")
@dataclass(frozen=True, slots=True)
class Done:
    """End the current action (or skip the rest of it)."""


@form("convert salt {good}", good=GOOD)
@dataclass(frozen=True, slots=True)
class Convert:
    """Mercator (R-SALSA-SALT): exchange 1 salt for 1 ``good``; not a trade."""

    good: str


@form("keep {card}")
@dataclass(frozen=True, slots=True)
class Keep:
    """Forum setup: keep ``card`` of the two dealt patricians (R-SALSA-FORUM-SETUP)."""

    card: str


@dataclass(frozen=True, slots=True)
class ForumTake:
    """Tribune: take the forum card at tableau position ``position`` (1-4), or pass with 0 (R-SALSA-FORUM-TAKE)."""

    position: int

    def __str__(self) -> str:
        return f"forum take {self.position}" if self.position else "forum pass"


@dataclass(frozen=True, slots=True)
class ForumUse:
    """Use the citizen ``card`` with its arguments (R-SALSA-FORUM-USE)."""

    card: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(("forum use", self.card, *self.args))


@form("titus {good} [{to}]", good=GOOD, to=GOOD)
@dataclass(frozen=True, slots=True)
class Titus:
    """Tribune with R-FORUM-TITUS-VALERIUS: exchange 1 ``good`` for 1 salt (without salt: for ``to``)."""

    good: str
    to: str = ""


@dataclass(frozen=True, slots=True)
class BonusSale:
    """Prefect (a) with R-FORUM-CLAUDIUS-POMPEIUS: sell one bonus good (``sell-bonus``) or keep all."""

    sell: bool

    def __str__(self) -> str:
        return "sell-bonus" if self.sell else "keep-bonus"


@form("prefect as diplomat")
@dataclass(frozen=True, slots=True)
class AsDiplomat:
    """Prefect with R-FORUM-SEXTUS-POMPEIUS: carry out a Diplomat instead."""


@form("copy display {slot} [as {role}]", slot=SLOT)
@dataclass(frozen=True, slots=True)
class CopyDisplay:
    """Diplomat with R-FORUM-LUCIUS-FLAVIUS: copy the card in display ``slot`` (1-7)."""

    slot: int
    role: str = ""


Action = (
    Play | Move | Build | Produce | Cash | PlaceColonist | Sell | Buy | Purchase | Copy | Repeat | Accept
    | Recommend | StartCity | Done | Convert | Keep | ForumTake | ForumUse | Titus | BonusSale | AsDiplomat
    | CopyDisplay
)


def payment_key(action: Action) -> Action:
    """``action`` with its goods lists (``salt``, ``pay``) sorted (R-SALSA-DECISIONS: a payment is a multiset of
    goods), so the same payment written in any order gives the same key."""
    fields = getattr(action, "__dataclass_fields__", {})
    lists = {k: tuple(sorted(getattr(action, k))) for k in ("salt", "pay") if k in fields}
    return dataclasses.replace(action, **lists) if lists else action  # type: ignore[arg-type]


FORMS = Forms(Play, Move, Build, Produce, Cash, PlaceColonist, Sell, Buy, Purchase, Copy, Repeat, Recommend,
              StartCity, Done, Convert, Keep, Titus, AsDiplomat, CopyDisplay)


def _int(text: str, what: str) -> int:
    try:
        return Number(what).read(text)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None


def parse(text: str) -> Action:
    """Read the canonical text of an action. Raises ``IllegalAction`` for text that names no action.

    This checks only the form; whether the action is legal now is the state's business.
    """
    words = actionform.words(text)
    try:
        found: Action | None = FORMS.read(words) or _parse_special(words[0], words[1:])
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    if found is None:
        raise IllegalAction(f"cannot read {text.strip()!r} as an action")
    return found


def _parse_special(verb: str, args: list[str]) -> Action | None:
    """What a form cannot say: a storehouse's choice of goods, and the forum's take/pass/use and bonus sale
    (R-SALSA-DECISIONS)."""
    n = len(args)
    if verb == "accept" and n == 1:
        parts = []
        for item in args[0].split(","):
            good, _, qty = item.partition("=")
            parts.append((_good_word(good, salt=True), _int(qty, "the quantity")))
        return Accept(tuple(parts))
    if verb == "forum" and n == 1 and args[0] == "pass":
        return ForumTake(0)
    if verb == "forum" and n == 2 and args[0] == "take":
        position = _int(args[1], "the forum position")
        if not 1 <= position <= 4:
            raise IllegalAction("the forum has positions 1 to 4")
        return ForumTake(position)
    if verb == "forum" and n >= 2 and args[0] == "use":
        return ForumUse(args[1], tuple(args[2:]))
    if verb in ("sell-bonus", "keep-bonus") and n == 0:
        return BonusSale(verb == "sell-bonus")
    return None
