"""How good a Concordia position is for one side, in victory points (VP), for the greedy and search bots.

The value is the score "if the game ended now" (every card held scores for its god) plus what the side's
belongings will still be worth, weighted by how much of the game is left (``remaining``, 1 at the start,
0 at the end):

- every card held will score more as houses, provinces and colonists grow (``Weights``);
- every house will be counted by more cards later and produces goods;
- money and goods turn into houses and cards (goods that a reachable house, a colonist or a card in the
  display needs are worth more than the rest; goods beyond that less);
- goods and money that together pay for a house the next Architect can reach are worth a share of that
  house (``ready_houses``): without it a brick is 3 sestertii, and bots sell the makings of a house for
  the next card;
- colonists on the board move the Architect and open build sites; distinct cards in hand are future actions.

Salsa (R-SALSA-*, R-FORUM-*): salt is a joker good (``salt_value``: it pays for the dearest good the side
still lacks, and counts 7 for Vesta), it fills a missing good of a ready house, and a salt city produces at
least the dearest good. Forum cards are valued by their effect (``forum_value``): a patrician by what its
effect typically gains over a whole game (scaled by what is left of it), a citizen by what using it gives
now, a little less, so that a bot uses it where it gives its full effect and keeps it otherwise.

In the team game (R-TEAM) a side is a team: both partners' values are added, because a partner's points
count for the team. ``relative_value`` subtracts the opponents, which is what winning needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from engine.concordia import model
from engine.concordia.model import GOODS, components
from engine.concordia.rules import architect
from engine.concordia.state import GameState


@dataclass(frozen=True)
class Weights:
    """The evaluation's constants, in VP; a value object so that tuning runs can compare two sets in one game.

    Growth constants are what an asset typically gains over a whole game; they are scaled by ``remaining``.
    """

    vesta: float = 3.0
    jupiter: float = 6.0
    saturnus: float = 3.5
    venus: float = 3.0
    mercurius: float = 3.0
    mars: float = 2.5
    """VP one card of each god typically gains from now to the end of a whole game."""
    minerva: float = 2.0
    """Houses of the specialist's good a Minerva card typically gains over a whole game (times its value)."""
    house: float = 17.0
    """VP a house gains over a whole game from cards bought later (and the tempo it gives: every later
    Prefect and every god card counts it)."""
    production: float = 0.4
    """VP per sestertius of goods a house produces per Prefect, over a whole game."""
    colonist: float = 1.5
    """VP a colonist on the board is worth beyond Mars over a whole game (movement, build sites)."""
    site: float = 2.0
    """VP of each of up to three cities a colonist could build in now."""
    ready: float = 8.0
    """VP of each house the side could pay for now (goods and money in hand) in a city the next Architect
    reaches: goods are worth most together, as a house (up to ``READY_HOUSES``)."""
    hand: float = 0.6
    """VP of each distinct card in hand (a future action)."""
    needed: float = 1.25
    """Goods a side needs soon count this many times their price."""
    surplus: float = 0.8
    """Goods beyond what a side needs count this many times their price."""
    money_base: float = 0.08
    money_slope: float = 0.30
    """VP per sestertius: ``money_base + money_slope * remaining`` (money buys houses early, later it only
    counts for Vesta)."""

    def growth(self, god: str) -> float:
        return float(getattr(self, god))


DEFAULT = Weights()
"""The weights the built-in bots use."""


@cache
def purchasable_total(variant: str, players: int) -> int:
    """Cards in the display and deck at the start (R-SETUP-DECK: stacks up to the player count)."""
    dk = model.deck(variant)
    return sum(len(dk.stacks[s]) for s in model.STACKS[: min(players, len(model.STACKS))])


def progress(s: GameState) -> float:
    """How much of the game is over, 0..1: the larger of cards bought and the most houses built."""
    left = len(s.deck) + sum(1 for c in s.display if c is not None)
    total = purchasable_total(s.config.variant, s.n)
    cards = 1.0 - left / total if total else 0.0
    houses = max(len(p.houses) for p in s.players) / components().houses
    done = max(cards, houses * 1.1)
    if s.concordia >= 0:
        done = 1.0
    return min(1.0, max(0.0, done))


def money_rate(remaining: float, w: Weights = DEFAULT) -> float:
    """VP per sestertius: money still buys houses early, later it only counts for Vesta."""
    return w.money_base + w.money_slope * remaining


CardFacts = tuple[tuple[str, ...], str, int, float, tuple[tuple[int, int], ...], int, str]


@cache
def _card_facts(w: Weights) -> dict[str, CardFacts]:
    """card id -> (gods but Minerva, Minerva good, Minerva VP, future growth, cost as (good index, n),
    cost in sestertii, play name); precomputed because the evaluation runs thousands of times a decision."""
    prices = components().prices
    out = {}
    for cid, card in model.cards().items():
        gods = tuple(g for g in card.gods if g != "minerva")
        future = sum(w.growth(g) for g in gods) + card.minerva * w.minerva
        cost = tuple((GOODS.index(g), n) for g, n in card.cost)
        out[cid] = (gods, card.specialist_good, card.minerva, future, cost,
                    sum(n * prices[g] for g, n in card.cost), card.play_name)
    return out


def _sites(s: GameState, p: int) -> list[str]:
    """Cities at an end of a route with an own colonist where ``p`` has no house (the capitals excluded)."""
    pl = s.players[p]
    routes = s.map.routes
    capitals = s.map.capitals
    out: list[str] = []
    for _kind, loc in pl.colonists:
        r = routes.get(loc)
        if r is None:
            continue
        for city in (r.a, r.b):
            if city not in capitals and city not in pl.houses and city not in out:
                out.append(city)
    return out


READY_HOUSES = 3
"""Houses of one Architect the ``ready`` term counts."""


_REACH: dict[tuple[str, str, str, str, int], frozenset[str]] = {}


def _reach(s: GameState, kind: str, loc: str, moves: int) -> frozenset[str]:
    """Places at an end of a route of ``kind`` at most ``moves`` steps from ``loc`` (occupancy ignored, so
    this depends on the map only and is cached)."""
    gm = s.map
    key = (gm.id, gm.variant, kind, loc, moves)
    found = _REACH.get(key)
    if found is not None:
        return found
    out: set[str] = set()
    here = gm.routes.get(loc)
    if here is not None:
        out.update((here.a, here.b))
    for rid in architect.distances(s, kind, loc, moves):
        r = gm.routes[rid]
        out.update((r.a, r.b))
    _REACH[key] = frozenset(out)
    return _REACH[key]


@cache
def _goods_cost(goods: tuple[str, ...]) -> tuple[tuple[int, ...], int]:
    """Goods of a house price as ``GOODS`` indices, and their value in sestertii."""
    prices = components().prices
    return tuple(GOODS.index(g) for g in goods), sum(prices[g] for g in goods)


def ready_houses(s: GameState, p: int) -> int:
    """Houses ``p`` could pay for now with the goods and money in hand, in cities the next Architect reaches
    (the cheapest first, at most ``READY_HOUSES``).

    This is what makes goods worth more together than apart: a brick and a food next to a brick city's
    route are a house, not 7 sestertii. The reach is every own colonist's, each with all the movement
    points (they are shared in the game, so this is generous); occupied routes are ignored.
    """
    pl = s.players[p]
    cap = min(READY_HOUSES, s.houses_left(p))
    if not pl.colonists or cap <= 0:
        return 0
    gm = s.map
    moves = len(pl.colonists)
    reach: set[str] = set()
    for kind, loc in pl.colonists:
        reach |= _reach(s, kind, loc, moves)
    reach.difference_update(gm.capitals)
    options = []
    for city in reach:
        if city in pl.houses:
            continue
        names, money = architect.build_price(s, p, city)
        goods, price = _goods_cost(names)
        options.append((money + price, money, goods))
    options.sort()
    money_left = pl.money
    stock = list(pl.goods)
    salt = pl.salt  # R-SALSA-SALT: salt stands for any missing good
    n = 0
    for _total, money, goods in options:
        missing = sum(max(0, goods.count(i) - stock[i]) for i in set(goods))
        if money > money_left or missing > salt:
            continue
        for i in goods:
            if stock[i]:
                stock[i] -= 1
            else:
                salt -= 1
        money_left -= money
        n += 1
        if n == cap:
            break
    return n


def needs(s: GameState, p: int, sites: list[str] | None = None) -> list[int]:
    """Goods (per ``GOODS`` index) that ``p`` would use soon: the three cheapest houses within reach, a new
    colonist, and the two cheapest cards in the display."""
    pl = s.players[p]
    need = [0] * len(GOODS)
    if sites is None:
        sites = _sites(s, p)
    options = []
    for city in sites:
        names, money = architect.build_price(s, p, city)  # a salt city has its own price (R-SALSA-CITY)
        options.append((money, names))
    options.sort()
    for _price, names in options[:3]:
        for g in names:
            need[GOODS.index(g)] += 1
    if pl.store[0] + pl.store[1] > 0:
        need[1] += 1  # R-TURN-5: a colonist costs 1 food + 1 tool
        need[2] += 1
    for i, n in enumerate(_display_needs(tuple(s.display))):
        need[i] += n
    return need


@lru_cache(maxsize=4096)
def _display_needs(display: tuple[str | None, ...]) -> tuple[int, ...]:
    """Goods the two cheapest cards of ``display`` cost (the same for every seat; cached per display)."""
    facts = _card_facts(DEFAULT)
    need = [0] * len(GOODS)
    costs = sorted((facts[cid][5], facts[cid][4]) for cid in display if cid is not None)
    for _v, cost in costs[:2]:
        for i, n in cost:
            need[i] += n
    return tuple(need)


def player_value(s: GameState, p: int, remaining: float | None = None, w: Weights = DEFAULT) -> float:
    """The value of seat ``p`` alone (see the module docstring), in VP."""
    if remaining is None:
        remaining = 1.0 - progress(s)
    pl = s.players[p]
    comp = components()
    tiles = s.tiles
    cities = s.map.cities
    houses = pl.houses
    house_goods = [tiles[c] for c in houses]
    provinces: dict[str, int] = {}
    for c in houses:
        prov = cities[c].province
        provinces[prov] = provinces.get(prov, 0) + 1
    wealth = pl.money + sum(n * comp.prices[g] for g, n in zip(GOODS, pl.goods, strict=True))
    wealth += pl.salt * comp.salt_vesta  # R-SALSA-SCORE: a salt counts 7 for Vesta
    if s.config.is_team:
        theirs = {cities[c].province for c in s.players[s.partner(p)].houses}
        venus = sum(1 for prov in provinces if prov in theirs)
    else:
        venus = 2 * sum(1 for n in provinces.values() if n >= 2)
    values = {
        "vesta": wealth // 10,
        "jupiter": sum(1 for g in house_goods if g != "brick"),
        "saturnus": len(provinces),
        "venus": venus,
        "mercurius": 2 * len(set(house_goods)),
        "mars": 2 * len(pl.colonists),
    }
    facts = _card_facts(w)
    score = 0.0
    future = 0.0
    plays: set[str] = set()
    for cid in pl.hand:
        plays.add(facts[cid][6])
    for cid in pl.hand + pl.discard:
        gods, good, minerva, growth, _cost, _v, _name = facts[cid]
        for god in gods:
            score += values[god]
        if minerva:
            score += minerva * house_goods.count(good)
        future += growth
    if s.concordia == p:
        score += comp.concordia_card
    rate = money_rate(remaining, w)
    sites = _sites(s, p)
    need = needs(s, p, sites) if remaining > 0 else [0] * len(GOODS)
    goods = 0.0
    for i, g in enumerate(GOODS):
        have = pl.goods[i]
        used = min(have, need[i])
        goods += comp.prices[g] * (used * w.needed + (have - used) * w.surplus)
    if pl.salt:
        goods += salt_value(pl.salt, [max(0, n - h) for n, h in zip(need, pl.goods, strict=True)], w)
    joker = max(comp.prices.values())  # salt replaces any good, so a salt city produces at least the dearest
    production = sum(comp.prices.get(g, joker) for g in house_goods)
    return (
        score
        + remaining * future
        + rate * (pl.money + goods)
        + remaining
        * (
            w.house * len(houses)
            + w.production * production
            + w.colonist * len(pl.colonists)
            + w.site * min(len(sites), 3)
            + w.hand * len(plays)
            + (w.ready * ready_houses(s, p) if w.ready else 0.0)
        )
        + (forum_value(s, p, remaining, rate) if pl.forum else 0.0)
    )


def salt_value(salt: int, lacking: list[int], w: Weights = DEFAULT) -> float:
    """Sestertii-worth of ``salt`` units (R-SALSA-SALT, a joker): each pays for the dearest good the side still
    lacks (``lacking`` per ``GOODS`` index, as needed goods count), the rest count as the dearest surplus good."""
    prices = components().prices
    wanted = sorted((prices[g] for i, g in enumerate(GOODS) for _ in range(lacking[i])), reverse=True)
    top = max(prices.values())
    return sum(wanted[k] * w.needed if k < len(wanted) else top * w.surplus for k in range(salt))


PATRICIAN_VP: dict[str, float] = {
    "claudia-agrippina": 2.0,
    "aulus-arcadius": 3.0,
    "annaeus-arcadius": 3.0,
    "appius-arcadius": 5.0,
    "gaius-marcellus": 3.0,
    "servius-marcellus": 2.5,
    "faustus-marcellus": 2.5,
    "donatus-pompeius": 4.0,
    "claudius-pompeius": 2.0,
    "sextus-pompeius": 2.0,
    "lucius-flavius": 3.0,
    "cornelius-scipio": 2.5,
    "titus-valerius": 3.0,
}
"""R-FORUM-*: VP a patrician's lasting effect typically gains over a whole game (its action's prices, reach,
income), scaled by ``remaining`` like every growth term."""

CITIZEN_KEEP = 0.8
"""A citizen held is worth this share of what using it gives now (so a bot uses it for its full effect)."""


def citizen_money(s: GameState, p: int, card: str) -> float:
    """R-FORUM-*: sestertii-worth of what using citizen ``card`` gives ``p`` now (goods at their price)."""
    prices = components().prices
    pl = s.players[p]
    provinces = len({s.map.cities[c].province for c in pl.houses})
    top = max(prices.values())
    if card == "laurentius":
        return prices["brick"] + prices["food"]
    if card in ("spurius", "tiberius"):
        return top if card == "spurius" else prices["wine"]
    if card == "numerius":
        return 2 * provinces
    if card == "commodus":
        return prices["tool"] * (provinces // 3)
    if card == "augustus":
        return 2 * top - 2 * prices["food"] if s.config.salt else 2 * (top - prices["brick"])
    if card in ("mamercus", "marcus"):
        return 12.0  # a house's sestertii (and with Marcus its goods) once
    if card == "mamilius":
        return prices["brick"]
    if card == "publius":
        return prices["food"] + prices["tool"] - 5 + 6 if pl.store[0] + pl.store[1] else 0.0
    if card == "julius":
        return 4.0 * len(pl.colonists)  # a free Architect movement: build sites for a later Architect
    return 0.0


def forum_value(s: GameState, p: int, remaining: float, rate: float) -> float:
    """VP of ``p``'s forum cards: patricians by their lasting effect, citizens by what using them gives now."""
    v = 0.0
    for card in s.players[p].forum:
        if card in PATRICIAN_VP:
            v += remaining * PATRICIAN_VP[card]
        else:
            v += CITIZEN_KEEP * rate * citizen_money(s, p, card)
    return v


def side_value(s: GameState, p: int, remaining: float | None = None, w: Weights = DEFAULT) -> float:
    """The value of ``p``'s side: the seat, or in the team game the seat plus its partner (R-TEAM)."""
    if remaining is None:
        remaining = 1.0 - progress(s)
    v = player_value(s, p, remaining, w)
    q = s.partner(p)
    if q >= 0:
        v += player_value(s, q, remaining, w)
    return v


def relative_value(s: GameState, p: int, remaining: float | None = None, w: Weights = DEFAULT) -> float:
    """``p``'s side value minus the opponents' (half the best one, half their mean): winning, not scoring."""
    if remaining is None:
        remaining = 1.0 - progress(s)
    mine = side_value(s, p, remaining, w)
    q = s.partner(p)
    others = [side_value(s, t[0], remaining, w) for t in s.teams() if p not in t and q not in t]
    if not others:
        return mine
    return mine - 0.5 * max(others) - 0.5 * sum(others) / len(others)
