"""Static game data: maps, cards and board components, loaded from ``data/`` and validated once.

Nothing here changes during a game. A ``GameMap`` knows its cities, provinces and routes and the route
graph the Architect moves on; a ``CardDef`` is one kind of personality card. The JSON files are our own
format, transcribed from ``shared/reference/concordia`` (each names its sources).
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.core.data import read_json
from engine.core.errors import GameDataError

GOODS: tuple[str, ...] = ("brick", "food", "tool", "wine", "cloth")
"""The five goods, cheapest first (storehouse order)."""

SALT = "salt"
"""R-SALSA-SALT: the sixth good of the Salsa option, a joker with no price, kept apart from ``GOODS`` so that a
game without salt keeps exactly its old goods lists (saves and fingerprints)."""

ANY = "any"
"""The bonus marker of a province whose producer chooses the good (Creta's Gavdos, R-MAP-CRETA)."""

GOD_ORDER: tuple[str, ...] = ("vesta", "jupiter", "saturnus", "venus", "mercurius", "mars", "minerva")
"""The gods in the order the rulebook scores them."""

LAND = "land"
SEA = "sea"
KINDS: tuple[str, str] = (LAND, SEA)


def slug(name: str) -> str:
    """The id of a named place: lower case, runs of other characters turned into '-' (``Isca D.`` -> ``isca-d``)."""
    s = name.lower().replace("æ", "ae")
    return re.sub(r"[^a-z0-9]+", "-", s).strip("-")


@dataclass(frozen=True, slots=True)
class City:
    """A city with a city tile (the capital is not a ``City``)."""

    id: str
    name: str
    province: str
    """Province id."""
    zone: str
    """Letter of the city tiles that may lie here (A-D)."""
    label: str
    """Name as printed on the board."""
    pos: tuple[float, float]
    """Board position, x right and y down, both 0..1."""


@dataclass(frozen=True, slots=True)
class Province:
    """A province: its cities share one bonus marker."""

    id: str
    name: str
    cities: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Route:
    """One colonist space between two places (cities or the capital)."""

    id: str
    """``land:a~b`` or ``sea:a~b`` with the two place ids sorted; a second parallel route gets ``#2``."""
    a: str
    b: str
    kind: str
    pos: tuple[float, float]
    stop: bool = True
    """False for a route that may be passed but never ended on (Ionium's Brundisium-Apollonia)."""

    def other(self, place: str) -> str:
        return self.b if place == self.a else self.a


@dataclass(frozen=True)
class GameMap:
    """A board: cities, provinces, routes and the capital, with the route graph precomputed."""

    id: str
    name: str
    title: str
    capital: str
    capital_name: str
    capital_pos: tuple[float, float]
    players_min: int
    players_max: int
    provinces: dict[str, Province]
    cities: dict[str, City]
    routes: dict[str, Route]
    variant: str = ""
    sea_capital: str = ""
    """R-MAP-BRITANNIA: the sea colonists' start place when it is not the capital (Portus Itius), else ""."""
    sea_capital_name: str = ""
    sea_capital_pos: tuple[float, float] = (0.0, 0.0)
    salt_map: bool = False
    """R-MAP-HISPANIA, R-MAP-BYZANTIUM: one city more per letter than that letter's normal tiles."""
    cash_bonus_extra: int = 0
    """R-MAP-CRETA, R-MAP-CORSICA: the fixed two-coin field adds this to the Prefect's cash bonus."""
    variable_bonus: tuple[str, ...] = ()
    """Provinces without a fixed bonus marker: the producer chooses the good (R-MAP-CRETA, Gavdos)."""
    routes_at: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict, repr=False)
    """(place, kind) -> ids of the routes of that kind that touch the place."""
    route_next: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    """route id -> ids of the routes of the same kind that share a place with it (one step away)."""

    def place_name(self, place: str) -> str:
        if place == self.sea_capital:
            return self.sea_capital_name
        return self.capital_name if place == self.capital else self.cities[place].name

    def capital_for(self, kind: str) -> str:
        """Where a new ``kind`` colonist is placed "in the capital" (R-MAP-GENERAL; Britannia: per kind)."""
        return self.sea_capital if kind == SEA and self.sea_capital else self.capital

    @property
    def capitals(self) -> tuple[str, ...]:
        """The start places: no tile, no house, no province (one, or two on Britannia)."""
        return (self.capital, self.sea_capital) if self.sea_capital else (self.capital,)

    def route_name(self, route_id: str) -> str:
        r = self.routes[route_id]
        return f"{self.place_name(r.a)}–{self.place_name(r.b)} ({r.kind})"

    @property
    def zones(self) -> tuple[str, ...]:
        return tuple(sorted({c.zone for c in self.cities.values()}))


@dataclass(frozen=True, slots=True)
class CardDef:
    """One kind of personality card."""

    id: str
    roles: tuple[str, ...]
    """One role, or two for a Venus double-role card."""
    gods: tuple[str, ...]
    """One god, or three for the Legatus."""
    cost: tuple[tuple[str, int], ...] = ()
    """The goods in the red field (paid when bought), as (good, count) pairs."""
    mercator_money: int = 0
    """Sestertii of the Mercator role: 3 on the starting card, 5 on bought cards."""
    minerva: int = 0
    """Minerva VP per city of the specialist's good."""
    specialist_good: str = ""
    stack: str = ""
    """Roman numeral I-V of a purchasable card; empty for starting cards."""

    @property
    def play_name(self) -> str:
        """How a player names this card when playing it: cards that play alike share a name.

        Which of two alike cards is played never matters (all cards score at the end, wherever they are),
        so the action names the kind of play, not the physical card.
        """
        if len(self.roles) == 2:
            return "-".join(self.roles)
        role = self.roles[0]
        if role == "mercator" and self.mercator_money != 3:
            return f"mercator{self.mercator_money}"
        return role


@dataclass(frozen=True)
class Deck:
    """The cards of one variant: the starting hand and the purchasable stacks I-V."""

    hand: tuple[str, ...]
    stacks: dict[str, tuple[str, ...]]
    first_partner_returns: str = ""
    second_partner_returns: str = ""


@dataclass(frozen=True)
class Components:
    """Prices, build costs, storehouse, display costs and other fixed numbers."""

    prices: dict[str, int]
    build_goods: dict[str, tuple[str, ...]]
    build_factor: dict[str, int]
    colonist_cost: tuple[str, ...]
    bonus_coins: dict[str, int]
    store_slots: int
    store_land: int
    store_sea: int
    store_goods: dict[str, int]
    colonists_per_type: int
    houses: int
    start_money: int
    concordia_card: int
    city_tiles: dict[str, dict[str, int]]
    display: dict[str, tuple[tuple[str, ...], ...]]
    salt_swap_out: dict[str, str] = field(default_factory=dict)
    """R-SALSA-SETUP: per letter, the normal tile a regular map gives up for the salt tile."""
    salt_replacement: dict[str, str] = field(default_factory=dict)
    """R-SALSA-SETUP: per letter, the tile that stands for the salt tile on a salt map played without salt."""
    salt_build_goods: tuple[str, ...] = ()
    salt_build_factor: int = 0
    salt_vesta: int = 0
    """R-SALSA-SCORE: sestertii one salt counts for Vesta."""
    salt_store_goods: dict[str, int] = field(default_factory=dict)
    """R-SALSA-SETUP: the starting goods with salt (salt included)."""


STACKS: tuple[str, ...] = ("I", "II", "III", "IV", "V")
MAP_IDS: tuple[str, ...] = (
    "imperium", "italia", "ionium", "hellas", "cyprus", "hispania", "byzantium", "creta", "britannia", "corsica",
)
"""Maps whose data loads and validates (R-MAP: the playable ones). Germania, Gallia, Aegyptus and Balearica
are left out: their special rules are open."""

SALT_MAPS: tuple[str, ...] = ("hispania", "byzantium")
"""R-SALSA-SETUP: salt is on by default on these maps."""


def _read(name: str) -> Any:
    return read_json("engine.concordia", name)


@cache
def components() -> Components:
    """The board components (prices, costs, storehouse, display), validated."""
    d = _read("components.json")
    goods = tuple(d["goods"])
    if goods != GOODS:
        raise GameDataError(f"components.json: goods {goods} are not {GOODS}")
    c = Components(
        prices={g: int(d["prices"][g]) for g in GOODS},
        build_goods={g: tuple(d["build"][g]["goods"]) for g in GOODS},
        build_factor={g: int(d["build"][g]["factor"]) for g in GOODS},
        colonist_cost=tuple(d["colonist_cost"]),
        bonus_coins={g: int(d["bonus_coins"][g]) for g in GOODS},
        store_slots=int(d["storehouse"]["slots"]),
        store_land=int(d["storehouse"]["land_colonists"]),
        store_sea=int(d["storehouse"]["sea_colonists"]),
        store_goods={g: int(d["storehouse"]["goods"].get(g, 0)) for g in GOODS},
        colonists_per_type=int(d["colonists_per_type"]),
        houses=int(d["houses"]),
        start_money=int(d["start_money"]),
        concordia_card=int(d["concordia_card"]),
        city_tiles={z: {g: int(n) for g, n in t.items()} for z, t in d["city_tiles"].items()},
        display={side: tuple(tuple(s) for s in slots) for side, slots in d["display"].items()},
        salt_swap_out=dict(d["salt"]["swap_out"]),
        salt_replacement=dict(d["salt"]["replacement"]),
        salt_build_goods=tuple(d["salt"]["build"]["goods"]),
        salt_build_factor=int(d["salt"]["build"]["factor"]),
        salt_vesta=int(d["salt"]["vesta"]),
        salt_store_goods={g: int(n) for g, n in d["salt"]["storehouse_goods"].items()},
    )
    if any(g not in GOODS for g in (*c.salt_swap_out.values(), *c.salt_replacement.values(), *c.salt_build_goods)):
        raise GameDataError("components.json: a salt rule names an unknown good")
    if set(c.salt_swap_out) != set(c.city_tiles) or set(c.salt_replacement) != set(c.city_tiles):
        raise GameDataError("components.json: the salt tiles must name every letter")
    for side, slots in c.display.items():
        if len(slots) != 7 or any(g not in (*GOODS, "any") for s in slots for g in s):
            raise GameDataError(f"components.json: display side {side!r} is not 7 slots of goods/'any'")
    if c.store_land + c.store_sea + sum(c.store_goods.values()) > c.store_slots:
        raise GameDataError("components.json: the starting storehouse does not fit its slots")
    return c


@cache
def cards() -> dict[str, CardDef]:
    """Every card definition by id, validated."""
    d = _read("cards.json")
    roles = set(d["roles"])
    gods = set(d["gods"])
    out: dict[str, CardDef] = {}
    for cid, c in d["cards"].items():
        card = CardDef(
            id=cid,
            roles=tuple(c["roles"]),
            gods=tuple(c["gods"]),
            cost=tuple(sorted(c.get("cost", {}).items(), key=lambda kv: GOODS.index(kv[0]))),
            mercator_money=int(c.get("mercator_money", 0)),
            minerva=int(c.get("minerva", 0)),
            specialist_good=c.get("specialist_good", ""),
            stack=c.get("stack", ""),
        )
        if not card.roles or any(r not in roles for r in card.roles):
            raise GameDataError(f"cards.json: card {cid} has unknown roles {card.roles}")
        if not card.gods or any(g not in gods for g in card.gods):
            raise GameDataError(f"cards.json: card {cid} has unknown gods {card.gods}")
        if any(g not in GOODS for g, _ in card.cost):
            raise GameDataError(f"cards.json: card {cid} costs an unknown good")
        if ("mercator" in card.roles) != (card.mercator_money > 0):
            raise GameDataError(f"cards.json: card {cid} has a Mercator role without money (or money without it)")
        if ("minerva" in card.gods) != bool(card.specialist_good and card.minerva):
            raise GameDataError(f"cards.json: Minerva card {cid} needs a good and a value")
        out[cid] = card
    return out


@cache
def play_names() -> dict[str, str]:
    """card id -> ``CardDef.play_name`` (precomputed: asked for on every decision)."""
    return {cid: c.play_name for cid, c in cards().items()}


@cache
def role_names() -> dict[str, tuple[str, str]]:
    """role -> (English name, German name)."""
    d = _read("cards.json")
    return {r: (v["name"], v["name_de"]) for r, v in d["roles"].items()}


@cache
def deck(variant: str) -> Deck:
    """The starting hand and stacks of ``variant`` ("base", "venus", "venus-team"), validated."""
    d = _read("cards.json")["decks"]
    if variant not in d:
        raise GameDataError(f"no deck for variant {variant!r}")
    v = d[variant]
    known = cards()
    dk = Deck(
        hand=tuple(v["hand"]),
        stacks={s: tuple(v["stacks"][s]) for s in STACKS},
        first_partner_returns=v.get("first_partner_returns", ""),
        second_partner_returns=v.get("second_partner_returns", ""),
    )
    all_ids = list(dk.hand) + [c for s in dk.stacks.values() for c in s]
    unknown = [c for c in all_ids if c not in known]
    if unknown:
        raise GameDataError(f"deck {variant}: unknown cards {unknown}")
    for s, ids in dk.stacks.items():
        if any(known[c].stack != s for c in ids):
            raise GameDataError(f"deck {variant}: a card in stack {s} belongs to another stack")
        if len(set(ids)) != len(ids):
            raise GameDataError(f"deck {variant}: stack {s} lists a purchasable card twice")
    return dk


def _route_id(a: str, b: str, kind: str, seen: dict[str, int]) -> str:
    x, y = sorted((a, b))
    base = f"{kind}:{x}~{y}"
    seen[base] = seen.get(base, 0) + 1
    return base if seen[base] == 1 else f"{base}#{seen[base]}"


@cache
def game_map(map_id: str, variant: str = "") -> GameMap:
    """The map ``map_id`` ("imperium", ...), optionally its ``variant`` ("small" for Ionium), validated."""
    if map_id not in MAP_IDS:
        raise GameDataError(f"unknown map {map_id!r}; maps: {', '.join(MAP_IDS)}")
    d = _read(f"maps/{map_id}.json")
    variants = d.get("variants", {})
    if variant and variant not in variants:
        raise GameDataError(f"map {map_id} has no variant {variant!r}")
    removed_provinces = set(variants.get(variant, {}).get("removed_provinces", [])) if variant else set()
    capital = slug(d["capital"])
    sea_capital = slug(d["sea_capital"]) if d.get("sea_capital") else ""
    sea_pos = d.get("sea_capital_pos", (0.0, 0.0))
    provinces: dict[str, Province] = {}
    cities: dict[str, City] = {}
    by_name: dict[str, str] = {d["capital"]: capital}
    if sea_capital:
        by_name[d["sea_capital"]] = sea_capital
    for c in d["cities"]:
        by_name[c["name"]] = c["id"]
    for p in d["provinces"]:
        if p["name"] in removed_provinces:
            continue
        provinces[p["id"]] = Province(p["id"], p["name"], tuple(by_name[n] for n in p["cities"]))
    prov_by_name = {p.name: p.id for p in provinces.values()}
    for c in d["cities"]:
        if c["province"] in removed_provinces:
            continue
        if c["province"] not in prov_by_name:
            raise GameDataError(f"map {map_id}: city {c['name']} is in unknown province {c['province']}")
        cities[c["id"]] = City(
            c["id"], c["name"], prov_by_name[c["province"]], c["zone"], c["label"], (c["pos"][0], c["pos"][1])
        )
    routes: dict[str, Route] = {}
    seen: dict[str, int] = {}
    places = set(cities) | {capital} | ({sea_capital} if sea_capital else set())
    for r in d["routes"]:
        a, b = by_name.get(r["a"]), by_name.get(r["b"])
        if a is None or b is None:
            raise GameDataError(f"map {map_id}: route {r['a']}-{r['b']} names an unknown place")
        if a not in places or b not in places:
            continue  # a route into a removed province
        if a == b or r["kind"] not in KINDS:
            raise GameDataError(f"map {map_id}: bad route {r}")
        rid = _route_id(a, b, r["kind"], seen)
        routes[rid] = Route(rid, a, b, r["kind"], (r["pos"][0], r["pos"][1]), bool(r.get("stop", True)))
    routes_at: dict[tuple[str, str], list[str]] = {}
    for rid, rt in routes.items():
        routes_at.setdefault((rt.a, rt.kind), []).append(rid)
        routes_at.setdefault((rt.b, rt.kind), []).append(rid)
    route_next: dict[str, tuple[str, ...]] = {}
    for rid, rt in routes.items():
        nxt = {x for p in (rt.a, rt.b) for x in routes_at.get((p, rt.kind), []) if x != rid}
        route_next[rid] = tuple(sorted(nxt))
    players = d["players"]
    if variant == "small":
        players = {"min": 2, "max": 3}
    gm = GameMap(
        id=map_id,
        name=d["name"] + (" (small)" if variant == "small" else ""),
        title=d["title"],
        capital=capital,
        capital_name=d["capital"],
        capital_pos=(d["capital_pos"][0], d["capital_pos"][1]),
        players_min=int(players["min"]),
        players_max=int(players["max"]),
        provinces=provinces,
        cities=cities,
        routes=routes,
        variant=variant,
        sea_capital=sea_capital,
        sea_capital_name=d.get("sea_capital", ""),
        sea_capital_pos=(float(sea_pos[0]), float(sea_pos[1])),
        salt_map=bool(d.get("salt_map", False)),
        cash_bonus_extra=int(d.get("cash_bonus_extra", 0)),
        variable_bonus=tuple(prov_by_name[n] for n in d.get("variable_bonus", [])),
        routes_at={k: tuple(v) for k, v in routes_at.items()},
        route_next=route_next,
    )
    _validate_map(gm)
    return gm


def _validate_map(gm: GameMap) -> None:
    comp = components()
    for p in gm.provinces.values():
        zones = {gm.cities[c].zone for c in p.cities}
        if len(zones) != 1:
            raise GameDataError(f"map {gm.id}: province {p.name} mixes zones {zones}")
        if len(p.cities) < 2 and p.id not in gm.variable_bonus:  # R-SALSA-SETUP: its marker could be salt
            raise GameDataError(f"map {gm.id}: one-city province {p.name} needs a variable bonus marker")
    for zone in gm.zones:
        if zone not in comp.city_tiles:
            raise GameDataError(f"map {gm.id}: no city tiles for zone {zone}")
        n = sum(1 for c in gm.cities.values() if c.zone == zone)
        if n != sum(comp.city_tiles[zone].values()) + (1 if gm.salt_map else 0):
            raise GameDataError(f"map {gm.id}: zone {zone} has {n} cities but a different number of tiles")
    if gm.sea_capital and (gm.routes_at.get((gm.sea_capital, LAND)) or not gm.routes_at.get((gm.sea_capital, SEA))):
        raise GameDataError(f"map {gm.id}: the sea start place must have sea routes only")
    for cid in gm.cities:
        if not gm.routes_at.get((cid, LAND)) and not gm.routes_at.get((cid, SEA)):
            raise GameDataError(f"map {gm.id}: city {cid} has no route")
    # the whole board is one connected graph (any route kind)
    adj: dict[str, set[str]] = {}
    for r in gm.routes.values():
        adj.setdefault(r.a, set()).add(r.b)
        adj.setdefault(r.b, set()).add(r.a)
    seen = set(gm.capitals)
    todo = deque(gm.capitals)
    while todo:
        for nb in adj.get(todo.popleft(), ()):
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    missing = set(gm.cities) - seen
    if missing:
        raise GameDataError(f"map {gm.id}: cities not connected to the capital: {sorted(missing)}")


def load_all() -> None:
    """Load and validate every data file (used by tests and at startup of the CLI)."""
    components()
    cards()
    for v in ("base", "venus", "venus-team"):
        deck(v)
    for m in MAP_IDS:
        game_map(m)
    game_map("ionium", "small")
    forum()


@dataclass(frozen=True, slots=True)
class ForumCard:
    """One forum card (R-FORUM-*): a patrician (kept for good) or a citizen (used once, then discarded)."""

    id: str
    name: str
    kind: str
    """"patrician" or "citizen"."""
    trigger: str
    """When it applies: a role ("architect", ...), "any" (any time in the own turn) or "acquire"."""


@dataclass(frozen=True)
class Forum:
    """The forum cards and the Tribune's take thresholds (R-SALSA-FORUM-SETUP, R-SALSA-FORUM-TAKE)."""

    cards: dict[str, ForumCard]
    thresholds: tuple[int, ...]
    dealt: int
    tableau: int

    @property
    def patricians(self) -> tuple[str, ...]:
        return tuple(c for c, x in self.cards.items() if x.kind == "patrician")

    @property
    def citizens(self) -> tuple[str, ...]:
        return tuple(c for c, x in self.cards.items() if x.kind == "citizen")


@cache
def forum() -> Forum:
    """The 24 forum cards in play (13 patricians, 11 citizens), validated."""
    d = _read("forum.json")
    cards = {
        cid: ForumCard(cid, c["name"], c["kind"], c["trigger"]) for cid, c in d["cards"].items()
    }
    f = Forum(cards, tuple(int(x) for x in d["take_thresholds"]), int(d["dealt"]), int(d["tableau"]))
    if any(c.kind not in ("patrician", "citizen") for c in cards.values()):
        raise GameDataError("forum.json: a forum card is neither patrician nor citizen")
    if len(f.thresholds) != f.tableau or list(f.thresholds) != sorted(f.thresholds):
        raise GameDataError("forum.json: one rising take threshold per tableau position")
    if len(f.patricians) < 2 * f.dealt * 3:
        raise GameDataError("forum.json: too few patricians to deal to six players")
    return f

