"""Actions: one atomic decision each, with a canonical text form that round-trips.

``str(action)`` gives the text (``play prefect``, ``move roma sea:massilia~roma``, ``build massilia``,
``produce gallia``, ``sell wine 3``, ``purchase 6 pay=food``, ``done``) and ``parse_action`` reads it back.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from engine.core.errors import IllegalAction

from .model import GOODS, KINDS, SALT


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from hand; ``role`` picks one role of a double-role card (or the team partner's role)."""

    card: str
    role: str = ""

    def __str__(self) -> str:
        return f"play {self.card}" + (f" as {self.role}" if self.role else "")


@dataclass(frozen=True, slots=True)
class Move:
    """Architect: move a colonist standing at ``source`` (a place or route id) to the free route ``route``."""

    source: str
    route: str

    def __str__(self) -> str:
        return f"move {self.source} {self.route}"


def _salt_text(salt: tuple[str, ...]) -> str:
    """R-SALSA-DECISIONS: `` salt=tool,wine`` names the units salt pays for (empty without salt)."""
    return f" salt={','.join(salt)}" if salt else ""


@dataclass(frozen=True, slots=True)
class Build:
    """Architect: build a house in ``city``; ``salt`` names the goods salt pays for, ``using`` a forum voucher."""

    city: str
    salt: tuple[str, ...] = ()
    using: str = ""

    def __str__(self) -> str:
        return f"build {self.city}" + _salt_text(self.salt) + (f" using={self.using}" if self.using else "")


@dataclass(frozen=True, slots=True)
class Produce:
    """Prefect: let ``province`` produce; ``bonus`` is the chosen good of a province without a fixed marker."""

    province: str
    bonus: str = ""

    def __str__(self) -> str:
        return f"produce {self.province}" + (f" bonus={self.bonus}" if self.bonus else "")


@dataclass(frozen=True, slots=True)
class Cash:
    """Prefect: take the cash bonus; Colonist: take 5 + 1 per colonist on the board."""

    def __str__(self) -> str:
        return "cash"


@dataclass(frozen=True, slots=True)
class PlaceColonist:
    """Tribune or Colonist: place a new ``kind`` colonist ("land"/"sea") in ``place`` for 1 food + 1 tool."""

    kind: str
    place: str
    salt: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"place {self.kind} {self.place}" + _salt_text(self.salt)


@dataclass(frozen=True, slots=True)
class Sell:
    """Mercator: sell ``count`` of ``good``."""

    good: str
    count: int

    def __str__(self) -> str:
        return f"sell {self.good} {self.count}"


@dataclass(frozen=True, slots=True)
class Buy:
    """Mercator: buy ``count`` of ``good``."""

    good: str
    count: int

    def __str__(self) -> str:
        return f"buy {self.good} {self.count}"


@dataclass(frozen=True, slots=True)
class Purchase:
    """Senator, Consul, Praetor, Proconsul: buy the card in display ``slot`` (1-7), paying ``pay`` for each '?'."""

    slot: int
    pay: tuple[str, ...] = ()
    salt: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"purchase {self.slot}" + (f" pay={','.join(self.pay)}" if self.pay else "") + _salt_text(self.salt)


@dataclass(frozen=True, slots=True)
class Copy:
    """Diplomat: carry out the top card of the discard pile of seat ``seat`` (1-based)."""

    seat: int
    role: str = ""

    def __str__(self) -> str:
        return f"copy {self.seat}" + (f" as {self.role}" if self.role else "")


@dataclass(frozen=True, slots=True)
class Repeat:
    """Magister on a double-role card: carry it out again as ``role``."""

    role: str

    def __str__(self) -> str:
        return f"repeat as {self.role}"


@dataclass(frozen=True, slots=True)
class Accept:
    """Storehouse overflow: which of the offered goods to take (must fill every free slot)."""

    goods: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return "accept " + ",".join(f"{g}={n}" for g, n in self.goods)


@dataclass(frozen=True, slots=True)
class Recommend:
    """Legatus: recommend a card of the partner's hand (not binding)."""

    card: str

    def __str__(self) -> str:
        return f"recommend {self.card}"


@dataclass(frozen=True, slots=True)
class StartCity:
    """Team game: the second partner of a team starts with both colonists in ``city``."""

    city: str

    def __str__(self) -> str:
        return f"start {self.city}"


@dataclass(frozen=True, slots=True)
class Done:
    """End the current action (or skip the rest of it)."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Convert:
    """Mercator (R-SALSA-SALT): exchange 1 salt for 1 ``good``; not a trade."""

    good: str

    def __str__(self) -> str:
        return f"convert salt {self.good}"


@dataclass(frozen=True, slots=True)
class Keep:
    """Forum setup: keep ``card`` of the two dealt patricians (R-SALSA-FORUM-SETUP)."""

    card: str

    def __str__(self) -> str:
        return f"keep {self.card}"


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


@dataclass(frozen=True, slots=True)
class Titus:
    """Tribune with R-FORUM-TITUS-VALERIUS: exchange 1 ``good`` for 1 salt (without salt: for ``to``)."""

    good: str
    to: str = ""

    def __str__(self) -> str:
        return f"titus {self.good}" + (f" {self.to}" if self.to else "")


@dataclass(frozen=True, slots=True)
class BonusSale:
    """Prefect (a) with R-FORUM-CLAUDIUS-POMPEIUS: sell one bonus good (``sell-bonus``) or keep all."""

    sell: bool

    def __str__(self) -> str:
        return "sell-bonus" if self.sell else "keep-bonus"


@dataclass(frozen=True, slots=True)
class AsDiplomat:
    """Prefect with R-FORUM-SEXTUS-POMPEIUS: carry out a Diplomat instead."""

    def __str__(self) -> str:
        return "prefect as diplomat"


@dataclass(frozen=True, slots=True)
class CopyDisplay:
    """Diplomat with R-FORUM-LUCIUS-FLAVIUS: copy the card in display ``slot`` (1-7)."""

    slot: int
    role: str = ""

    def __str__(self) -> str:
        return f"copy display {self.slot}" + (f" as {self.role}" if self.role else "")


Action = (
    Play | Move | Build | Produce | Cash | PlaceColonist | Sell | Buy | Purchase | Copy | Repeat | Accept
    | Recommend | StartCity | Done | Convert | Keep | ForumTake | ForumUse | Titus | BonusSale | AsDiplomat
    | CopyDisplay
)


def _int(text: str, what: str) -> int:
    """A small number written in ASCII digits (``isdigit`` alone also accepts "²" and "٣")."""
    if not (text.isascii() and text.isdecimal()) or len(text) > 3:
        raise IllegalAction(f"{what} must be a small number, not {text!r}")
    return int(text)


def _good(text: str, salt: bool = False) -> str:
    if text not in GOODS and not (salt and text == SALT):
        raise IllegalAction(f"unknown good {text!r}; goods are {', '.join(GOODS)}" + (", salt" if salt else ""))
    return text


def _options(args: list[str], allowed: tuple[str, ...]) -> dict[str, str]:
    """Read trailing ``key=value`` words (``salt=tool,wine``, ``using=marcus``, ``bonus=wine``)."""
    out: dict[str, str] = {}
    for word in args:
        key, eq, value = word.partition("=")
        if not eq or key not in allowed or key in out or not value:
            raise IllegalAction(f"cannot read {word!r}; write {' or '.join(k + '=...' for k in allowed)}")
        out[key] = value
    return out


def payment_key(action: Action) -> Action:
    """``action`` with its goods lists (``salt``, ``pay``) sorted (R-SALSA-DECISIONS: a payment is a multiset of
    goods), so the same payment written in any order gives the same key."""
    fields = getattr(action, "__dataclass_fields__", {})
    lists = {k: tuple(sorted(getattr(action, k))) for k in ("salt", "pay") if k in fields}
    return dataclasses.replace(action, **lists) if lists else action  # type: ignore[arg-type]


def _goods_list(text: str) -> tuple[str, ...]:
    return tuple(_good(g) for g in text.split(","))


def parse(text: str) -> Action:
    """Read the canonical text of an action. Raises ``IllegalAction`` for text that names no action.

    This checks only the form; whether the action is legal now is the state's business.
    """
    if not isinstance(text, str):
        raise IllegalAction("an action is a line of text")
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("empty action")
    verb, args = words[0], words[1:]
    n = len(args)
    if verb == "done" and n == 0:
        return Done()
    if verb == "cash" and n == 0:
        return Cash()
    if verb == "play" and n in (1, 3) and (n == 1 or args[1] == "as"):
        return Play(args[0], args[2] if n == 3 else "")
    if verb == "move" and n == 2:
        return Move(args[0], args[1])
    if verb == "build" and 1 <= n <= 3:
        opts = _options(args[1:], ("salt", "using"))
        return Build(args[0], _goods_list(opts["salt"]) if "salt" in opts else (), opts.get("using", ""))
    if verb == "produce" and n in (1, 2):
        bonus = _options(args[1:], ("bonus",)).get("bonus", "")
        return Produce(args[0], _good(bonus) if bonus else "")
    if verb == "place" and n in (2, 3):
        if args[0] not in KINDS:
            raise IllegalAction(f"a colonist is land or sea, not {args[0]!r}")
        opts = _options(args[2:], ("salt",))
        return PlaceColonist(args[0], args[1], _goods_list(opts["salt"]) if "salt" in opts else ())
    if verb in ("sell", "buy") and n == 2:
        good, count = _good(args[0]), _int(args[1], "the quantity")
        return Sell(good, count) if verb == "sell" else Buy(good, count)
    if verb == "purchase" and 1 <= n <= 3:
        slot = _int(args[0], "the display slot")
        opts = _options(args[1:], ("pay", "salt"))
        pay = tuple(_good(g, salt=True) for g in opts["pay"].split(",")) if "pay" in opts else ()
        return Purchase(slot, pay, _goods_list(opts["salt"]) if "salt" in opts else ())
    if verb == "copy" and n in (1, 3) and (n == 1 or args[1] == "as"):
        return Copy(_int(args[0], "the seat"), args[2] if n == 3 else "")
    if verb == "repeat" and n == 2 and args[0] == "as":
        return Repeat(args[1])
    if verb == "accept" and n == 1:
        parts = []
        for item in args[0].split(","):
            good, _, qty = item.partition("=")
            parts.append((_good(good, salt=True), _int(qty, "the quantity")))
        return Accept(tuple(parts))
    if verb == "recommend" and n == 1:
        return Recommend(args[0])
    if verb == "start" and n == 1:
        return StartCity(args[0])
    salsa = _parse_salsa(verb, args)
    if salsa is not None:
        return salsa
    raise IllegalAction(f"cannot read {text.strip()!r} as an action")


def _parse_salsa(verb: str, args: list[str]) -> Action | None:
    """The Salsa actions (R-SALSA-DECISIONS): salt exchange, forum keep/take/use, and the forum cards' choices."""
    n = len(args)
    if verb == "convert" and n == 2 and args[0] == SALT:
        return Convert(_good(args[1]))
    if verb == "keep" and n == 1:
        return Keep(args[0])
    if verb == "forum" and n == 1 and args[0] == "pass":
        return ForumTake(0)
    if verb == "forum" and n == 2 and args[0] == "take":
        position = _int(args[1], "the forum position")
        if not 1 <= position <= 4:
            raise IllegalAction("the forum has positions 1 to 4")
        return ForumTake(position)
    if verb == "forum" and n >= 2 and args[0] == "use":
        return ForumUse(args[1], tuple(args[2:]))
    if verb == "titus" and n in (1, 2):
        return Titus(_good(args[0]), _good(args[1]) if n == 2 else "")
    if verb in ("sell-bonus", "keep-bonus") and n == 0:
        return BonusSale(verb == "sell-bonus")
    if verb == "prefect" and args == ["as", "diplomat"]:
        return AsDiplomat()
    if verb == "copy" and n in (2, 4) and args[0] == "display" and (n == 2 or args[2] == "as"):
        return CopyDisplay(_int(args[1], "the display slot"), args[3] if n == 4 else "")
    return None

