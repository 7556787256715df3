"""R-MAP-*: the boards Hispania, Byzantium, Creta, Britannia and Corsica, and the ones left out."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.concordia import GameConfig, GameDataError, new_game
from engine.concordia.model import GOODS, MAP_IDS, game_map
from engine.concordia.rules.prefect import cash_bonus
from engine.concordia.rules.team import start_cities
from tests.engine.helpers import game, legal_texts, play, set_goods, turn_of
from tests.engine.salsa_helpers import give_forum, salsa


@pytest.mark.parametrize(("map_id", "capital", "zones", "provinces", "land", "sea"), [
    ("hispania", "saguntum", {"A": 8, "B": 9, "D": 6}, 9, 34, 24),
    ("byzantium", "byzantium", {"A": 8, "B": 9, "C": 11}, 10, 37, 33),
    ("creta", "knossos", {"A": 7, "B": 8, "D": 5}, 9, 27, 18),
    ("britannia", "londinium", {"B": 8, "C": 10, "D": 5}, 10, 37, 21),
    ("corsica", "aleria", {"A": 7, "B": 8, "D": 5}, 8, 34, 16),
])
def test_r_map_general_the_boards_data(map_id: str, capital: str, zones: dict[str, int], provinces: int,
                                      land: int, sea: int) -> None:
    gm = game_map(map_id)
    assert gm.capital == capital and capital not in gm.cities
    assert Counter(c.zone for c in gm.cities.values()) == Counter(zones)
    assert len(gm.provinces) == provinces
    assert Counter(r.kind for r in gm.routes.values()) == Counter(land=land, sea=sea)
    assert all(r.stop for r in gm.routes.values()), "no special route"


@pytest.mark.parametrize("map_id", ["germania", "gallia", "aegyptus", "balearica"])
def test_r_map_boards_with_open_rules_are_not_offered(map_id: str) -> None:
    assert map_id not in MAP_IDS
    with pytest.raises(GameDataError, match="unknown map"):
        GameConfig(map=map_id).validate()


@pytest.mark.parametrize("map_id", ["hispania", "byzantium", "creta", "corsica"])
def test_r_map_general_both_colonists_start_in_the_capital_which_takes_no_house(map_id: str) -> None:
    s = game(map_id)
    cap = s.map.capital
    assert all(pl.colonists == [("land", cap), ("sea", cap)] for pl in s.players)
    assert cap not in s.tiles


def test_r_map_hispania_salt_tiles_one_per_letter_on_the_extra_city() -> None:
    s = new_game(GameConfig(map="hispania", salt=True), 4)
    assert Counter(s.tiles.values())["salt"] == 3
    assert sorted(s.map.cities[c].zone for c, g in s.tiles.items() if g == "salt") == ["A", "B", "D"]


def test_r_map_byzantium_without_salt_a_tool_wine_and_cloth_tile_instead() -> None:
    s = new_game(GameConfig(map="byzantium"), 4)
    assert "salt" not in s.tiles.values()
    assert Counter(s.tiles.values()) == Counter(brick=7, food=6, tool=6, wine=5, cloth=4)


def test_r_map_britannia_land_starts_in_londinium_sea_in_portus_itius() -> None:
    s = game("britannia")
    assert s.map.capitals == ("londinium", "portus-itius")
    assert all(pl.colonists == [("land", "londinium"), ("sea", "portus-itius")] for pl in s.players)
    assert s.map.place_name("portus-itius") == "Portus Itius"


def test_r_map_britannia_tribune_places_each_kind_at_its_start_place() -> None:
    s = game("britannia")
    p = s.active
    set_goods(s, p, food=2, tool=2)
    play(s, "play tribune")
    assert [a for a in legal_texts(s) if a.startswith("place")] == ["place land londinium", "place sea portus-itius"]
    play(s, "place sea portus-itius")
    assert s.players[p].colonists.count(("sea", "portus-itius")) == 2


def test_r_map_britannia_team_start_cities_connected_to_neither_start_place() -> None:
    s = game("britannia", variant="venus-team")
    gm = s.map
    near = {r.other(c) for c in gm.capitals for r in gm.routes.values() if c in (r.a, r.b)}
    assert {"camulodunum", "dubris", "noviomagus"} <= near
    assert set(start_cities(s)) == set(gm.cities) - near


def test_r_map_britannia_no_house_at_portus_itius() -> None:
    s = game("britannia")
    p = s.active
    route = "sea:dubris~portus-itius"
    s.players[p].colonists = [("land", "londinium"), ("sea", route)]
    s.routes[route] = p
    set_goods(s, p, brick=2, food=2, tool=1, wine=1, cloth=1)
    s.players[p].money = 30
    play(s, "play architect")
    builds = [a for a in legal_texts(s) if a.startswith("build")]
    assert builds == ["build dubris"]


def test_r_map_creta_gavdos_producer_chooses_the_bonus_good_and_its_coins() -> None:
    s = game("creta")
    p = s.active
    s.pm = (p + 1) % s.n
    assert s.bonus["brown"] == "any" and s.map.provinces["brown"].cities == ("gavdos",)
    play(s, "play prefect")
    assert [a for a in legal_texts(s) if "brown" in a] == [f"produce brown bonus={g}" for g in GOODS]
    before = list(s.players[p].goods)
    play(s, "produce brown bonus=wine")
    assert s.players[p].goods[GOODS.index("wine")] == before[GOODS.index("wine")] + 1
    assert s.chosen_bonus == {"brown": "wine"}
    assert cash_bonus(s) == 2 + 2, "wine's coin side (2) plus the fixed coin field (2)"


def test_r_map_creta_and_corsica_cash_bonus_plus_2_even_with_no_flipped_marker() -> None:
    for map_id in ("creta", "corsica"):
        s = game(map_id)
        p = s.active
        money = s.players[p].money
        play(s, "play prefect", "cash")
        assert s.players[p].money == money + 2
    s = game("hispania")
    play(s, "play prefect")
    assert "cash" not in legal_texts(s), "other maps: no cash bonus while no marker is flipped"


def test_r_map_creta_tiberius_on_gavdos_takes_any_good() -> None:
    s = salsa(map="creta", salt=False)
    p = s.active
    give_forum(s, p, "tiberius")
    assert "forum use tiberius brown cloth" in legal_texts(s)
    play(s, "forum use tiberius brown cloth")
    assert s.players[p].goods[GOODS.index("cloth")] == 2 and "brown" in s.active_markers


def test_r_map_creta_gavdos_coins_until_the_next_cash_bonus() -> None:
    s = game("creta")
    p = s.active
    play(s, "play prefect", "produce brown bonus=cloth")
    turn_of(s, p)
    money = s.players[p].money
    play(s, "play prefect", "cash")
    assert s.players[p].money == money + 1 + 2
    assert s.chosen_bonus == {} and "brown" in s.active_markers
    assert "chosen_bonus" not in s.to_dict()


@pytest.mark.parametrize("map_id", ["hispania", "byzantium", "creta", "britannia", "corsica"])
def test_r_map_general_route_graph_is_connected_and_consistent(map_id: str) -> None:
    gm = game_map(map_id)
    places = set(gm.cities) | set(gm.capitals)
    adj: dict[str, set[str]] = {p: set() for p in places}
    for rid, r in gm.routes.items():
        assert r.a in places and r.b in places and r.a != r.b
        assert r.kind in ("land", "sea") and rid.startswith(r.kind + ":")
        adj[r.a].add(r.b)
        adj[r.b].add(r.a)
    seen, todo = {gm.capital}, [gm.capital]
    while todo:
        for nb in adj[todo.pop()] - seen:
            seen.add(nb)
            todo.append(nb)
    assert seen == places
    assert all(gm.routes_at.get((c, "land")) or gm.routes_at.get((c, "sea")) for c in gm.cities)
    assert all(0 <= x <= 1 for c in gm.cities.values() for x in c.pos)
