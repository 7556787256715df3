"""Actions: one atomic decision each, with a canonical text form that round-trips.

``str(action)`` gives the text (``play prefect``, ``move roma sea:massilia~roma``, ``build massilia``,
``produce gallia``, ``sell wine 3``, ``purchase 6 pay=food``, ``done``) and ``parse_action`` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import IllegalAction

from .model import GOODS, KINDS


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


@dataclass(frozen=True, slots=True)
class Build:
    """Architect: build a house in ``city``."""

    city: str

    def __str__(self) -> str:
        return f"build {self.city}"


@dataclass(frozen=True, slots=True)
class Produce:
    """Prefect: let ``province`` produce."""

    province: str

    def __str__(self) -> str:
        return f"produce {self.province}"


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

    def __str__(self) -> str:
        return f"place {self.kind} {self.place}"


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

    def __str__(self) -> str:
        return f"purchase {self.slot}" + (f" pay={','.join(self.pay)}" if self.pay else "")


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


Action = (
    Play | Move | Build | Produce | Cash | PlaceColonist | Sell | Buy | Purchase | Copy | Repeat | Accept
    | Recommend | StartCity | Done
)


def _int(text: str, what: str) -> int:
    """A small number written in ASCII digits (``isdigit`` alone also accepts "²" and "٣")."""
    if not (text.isascii() and text.isdecimal()) or len(text) > 3:
        raise IllegalAction(f"{what} must be a small number, not {text!r}")
    return int(text)


def _good(text: str) -> str:
    if text not in GOODS:
        raise IllegalAction(f"unknown good {text!r}; goods are {', '.join(GOODS)}")
    return text


def parse(text: str) -> Action:
    """Read the canonical text of an action. Raises ``IllegalAction`` for text that names no action.

    This checks only the form; whether the action is legal now is the state's business.
    """
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
    if verb == "build" and n == 1:
        return Build(args[0])
    if verb == "produce" and n == 1:
        return Produce(args[0])
    if verb == "place" and n == 2:
        if args[0] not in KINDS:
            raise IllegalAction(f"a colonist is land or sea, not {args[0]!r}")
        return PlaceColonist(args[0], args[1])
    if verb in ("sell", "buy") and n == 2:
        good, count = _good(args[0]), _int(args[1], "the quantity")
        return Sell(good, count) if verb == "sell" else Buy(good, count)
    if verb == "purchase" and n in (1, 2):
        slot = _int(args[0], "the display slot")
        pay: tuple[str, ...] = ()
        if n == 2:
            if not args[1].startswith("pay="):
                raise IllegalAction("write the payment for '?' as pay=good[,good]")
            pay = tuple(_good(g) for g in args[1][4:].split(","))
        return Purchase(slot, pay)
    if verb == "copy" and n in (1, 3) and (n == 1 or args[1] == "as"):
        return Copy(_int(args[0], "the seat"), args[2] if n == 3 else "")
    if verb == "repeat" and n == 2 and args[0] == "as":
        return Repeat(args[1])
    if verb == "accept" and n == 1:
        parts = []
        for item in args[0].split(","):
            good, _, qty = item.partition("=")
            parts.append((_good(good), _int(qty, "the quantity")))
        return Accept(tuple(parts))
    if verb == "recommend" and n == 1:
        return Recommend(args[0])
    if verb == "start" and n == 1:
        return StartCity(args[0])
    raise IllegalAction(f"cannot read {text.strip()!r} as an action")
