"""R-SETUP: a new game from a config and a seed. Everything random is drawn here; afterwards the game is
deterministic.
"""

from __future__ import annotations

import random

from . import model
from .config import GameConfig
from .model import ANY, GOODS, LAND, SALT, SEA, GameMap
from .state import GameState


def new_game(config: GameConfig, seed: int = 0) -> GameState:
    """Set up a game: city tiles, bonus markers, deck and display, start player, storehouses, hands."""
    config.validate()
    rng = random.Random(seed)
    s = GameState(config, seed)
    gm = s.map
    comp = model.components()
    # R-SETUP-TILES: shuffle each letter's tiles onto that letter's cities
    for zone in gm.zones:
        tiles = zone_tiles(gm, zone, config.salt)
        rng.shuffle(tiles)
        for city, good in zip(sorted(c.id for c in gm.cities.values() if c.zone == zone), tiles, strict=True):
            s.tiles[city] = good
    # R-SETUP-BONUS: each province's marker is its most valuable good, goods side up
    for prov in gm.provinces.values():
        if prov.id in gm.variable_bonus:  # R-MAP-CRETA: Gavdos has no fixed marker
            s.bonus[prov.id] = ANY
            continue
        s.bonus[prov.id] = max((s.tiles[c] for c in prov.cities if s.tiles[c] != SALT), key=lambda g: comp.prices[g])
    s.active_markers = set(gm.provinces)
    # R-SETUP-DECK: stacks up to the player count, each shuffled, V at the bottom, I on top
    dk = model.deck(config.variant)
    deck: list[str] = []
    for stack in reversed(model.STACKS[: min(config.players, len(model.STACKS))]):
        part = list(dk.stacks[stack])
        rng.shuffle(part)
        deck.extend(part)
    s.deck = deck
    s.display = [s.deck.pop() for _ in range(7)]
    # R-SETUP-PLAYERS
    n = config.players
    s.start_player = rng.randrange(n)
    s.active = s.start_player
    s.pm = (s.start_player - 1) % n
    for i in range(n):
        p = (s.start_player + i) % n
        pl = s.players[p]
        if config.is_team:  # R-TEAM-HAND: both partners of the k-th team in turn order get 5 + k
            pl.money = comp.start_money + (s.team_of(p) - s.team_of(s.start_player)) % (n // 2)
        else:
            pl.money = comp.start_money + i
        if config.salt:  # R-SALSA-SETUP: 1 salt instead of the second food
            pl.goods = [comp.salt_store_goods.get(g, 0) for g in GOODS]
            pl.salt = comp.salt_store_goods[SALT]
        else:
            pl.goods = [comp.store_goods[g] for g in GOODS]
        pl.store = [comp.store_land, comp.store_sea]
        pl.colonists = [(LAND, gm.capital_for(LAND)), (SEA, gm.capital_for(SEA))]
        pl.hand = list(dk.hand)
    if config.is_team:
        from .rules import team

        team.setup(s)
    if config.forum:  # after the team setup: its start-city decisions come before the forum's keep decisions
        from .rules import forum

        forum.setup(s, rng)
    return s


def zone_tiles(gm: GameMap, zone: str, salt: bool) -> list[str]:
    """R-SETUP-TILES and R-SALSA-SETUP: the city tiles of one letter, unshuffled.

    A regular map with salt swaps one tile per letter (A food, B tool, C wine, D brick) for the salt tile; a
    salt map adds the salt tile, or without salt that letter's replacement (A tool, B wine, C cloth, D brick).
    """
    comp = model.components()
    tiles = [g for g in GOODS for _ in range(comp.city_tiles[zone].get(g, 0))]
    if gm.salt_map:
        tiles.append(SALT if salt else comp.salt_replacement[zone])
    elif salt:
        tiles.remove(comp.salt_swap_out[zone])
        tiles.append(SALT)
    return tiles
