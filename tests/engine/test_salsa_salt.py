"""R-SALSA-SALT, R-SALSA-CITY, R-SALSA-SETUP, R-SALSA-SCORE: salt, the joker good, with exact numbers."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.concordia import GameConfig, GameState, IllegalAction, new_game
from engine.concordia.config import default_salt
from engine.concordia.model import GOODS
from engine.concordia.rules.architect import build_price
from engine.concordia.scoring import score_player
from engine.concordia.setup import zone_tiles
from tests.engine.helpers import discard, legal_texts, ok, play, set_colonists, take_card
from tests.engine.salsa_helpers import salsa, set_salt


def tiles_per_zone(s: GameState) -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = {}
    for cid, good in s.tiles.items():
        out.setdefault(s.map.cities[cid].zone, Counter())[good] += 1
    return out


# ------------------------------------------------------------------------------------------ setup
def test_r_salsa_setup_regular_map_swaps_one_tile_per_letter() -> None:
    s = new_game(GameConfig(map="imperium", salt=True), 3)
    zones = tiles_per_zone(s)
    assert zones["A"] == Counter(brick=2, food=1, tool=1, wine=1, cloth=1, salt=1)
    assert zones["B"] == Counter(brick=2, food=2, tool=1, wine=1, cloth=1, salt=1)
    assert zones["C"] == Counter(brick=3, food=2, tool=2, wine=1, cloth=1, salt=1)
    assert zones["D"] == Counter(food=1, tool=1, wine=1, cloth=1, salt=1)


@pytest.mark.parametrize(("map_id", "salt", "expected"), [
    ("hispania", True, {"A": Counter(brick=2, food=2, tool=1, wine=1, cloth=1, salt=1),
                        "B": Counter(brick=2, food=2, tool=2, wine=1, cloth=1, salt=1),
                        "D": Counter(brick=1, food=1, tool=1, wine=1, cloth=1, salt=1)}),
    ("hispania", False, {"A": Counter(brick=2, food=2, tool=2, wine=1, cloth=1),
                         "B": Counter(brick=2, food=2, tool=2, wine=2, cloth=1),
                         "D": Counter(brick=2, food=1, tool=1, wine=1, cloth=1)}),
    ("byzantium", False, {"A": Counter(brick=2, food=2, tool=2, wine=1, cloth=1),
                          "B": Counter(brick=2, food=2, tool=2, wine=2, cloth=1),
                          "C": Counter(brick=3, food=2, tool=2, wine=2, cloth=2)}),
])
def test_r_salsa_setup_salt_maps_add_the_salt_tile_or_its_replacement(
    map_id: str, salt: bool, expected: dict[str, Counter[str]]
) -> None:
    s = new_game(GameConfig(map=map_id, salt=salt), 5)
    assert tiles_per_zone(s) == expected


def test_r_salsa_setup_bonus_markers_never_count_salt() -> None:
    for seed in range(20):
        s = new_game(GameConfig(map="hispania", salt=True), seed)
        for prov in s.map.provinces.values():
            goods = [s.tiles[c] for c in prov.cities if s.tiles[c] != "salt"]
            assert s.bonus[prov.id] == max(goods, key=lambda g: GOODS.index(g))
            assert s.bonus[prov.id] != "salt"


def test_r_salsa_setup_starting_goods_one_salt_instead_of_the_second_food() -> None:
    s = new_game(GameConfig(salt=True), 1)
    assert all(pl.goods == [1, 1, 1, 1, 1] and pl.salt == 1 for pl in s.players)
    plain = new_game(GameConfig(forum=True), 1)
    assert all(pl.goods == [1, 2, 1, 1, 1] and pl.salt == 0 for pl in plain.players)


def test_r_salsa_setup_salt_is_on_by_default_on_the_salt_maps_only() -> None:
    assert default_salt("hispania") and default_salt("byzantium")
    assert not default_salt("imperium") and not default_salt("creta")
    assert GameConfig(map="hispania").salt is False, "the dataclass default is off: the shell picks the map default"


def test_r_salsa_setup_zone_tiles_without_salt_are_the_base_tiles() -> None:
    s = new_game(GameConfig(), 1)
    assert Counter(zone_tiles(s.map, "A", False)) == Counter(brick=2, food=2, tool=1, wine=1, cloth=1)


def test_salt_and_forum_config_round_trips_and_rejects_bad_values() -> None:
    cfg = GameConfig(map="hispania", salt=True, forum=True)
    assert cfg.to_dict()["salt"] is True and cfg.to_dict()["forum"] is True
    assert GameConfig.from_dict(cfg.to_dict()) == cfg
    from engine.concordia import GameDataError

    with pytest.raises(GameDataError, match="salt must be true or false"):
        GameConfig.from_dict({**cfg.to_dict(), "salt": "yes"})


# ------------------------------------------------------------------------------------------- salt
def test_r_salsa_salt_takes_a_storehouse_slot() -> None:
    s = salsa(forum=False)
    pl = s.players[0]
    set_salt(s, 0, 3, brick=1)
    assert pl.free_slots == 12 - 4 - 1 - 3


def test_r_salsa_salt_is_never_sold_or_bought() -> None:
    s = salsa(forum=False)
    p = s.active
    set_salt(s, p, 2, wine=1)
    s.players[p].money = 50
    play(s, "play mercator")
    legal = legal_texts(s)
    assert not any("salt" in a for a in legal if a.startswith(("sell", "buy")))
    assert [a for a in legal if a.startswith("convert")] == [f"convert salt {g}" for g in GOODS]
    with pytest.raises(IllegalAction, match="unknown good 'salt'"):
        s.apply("sell salt 1")
    play(s, "convert salt cloth", "sell cloth 1")
    assert s.players[p].salt == 1 and s.players[p].money == 50 + 3 + 7
    play(s, "convert salt wine")
    assert s.players[p].salt == 0 and s.players[p].goods[GOODS.index("wine")] == 2
    assert "sell wine 2" in legal_texts(s), "an exchanged good is an ordinary good (ruling)"


def test_r_salsa_salt_pays_the_colonist_unit_by_unit_as_the_player_chooses() -> None:
    s = salsa(forum=False)
    p = s.active
    set_salt(s, p, 2, food=1, tool=1)
    play(s, "play tribune")
    places = [a for a in legal_texts(s) if a.startswith("place land roma")]
    assert places == ["place land roma", "place land roma salt=food", "place land roma salt=tool",
                      "place land roma salt=food,tool"]
    play(s, "place land roma salt=food,tool")
    assert s.players[p].salt == 0 and s.players[p].goods == [0, 1, 1, 0, 0]


def test_r_salsa_salt_pays_a_cards_red_field_cost() -> None:
    """Slot 1 (no extra cost) holds base-I-6, which costs 1 food: one salt pays it."""
    s = salsa(forum=False)
    p = s.active
    assert s.display[0] == "base-I-6" and s.card("base-I-6").cost == (("food", 1),)
    set_salt(s, p, 1)
    play(s, "play senator")
    assert [a for a in legal_texts(s) if a.startswith("purchase 1")] == ["purchase 1 salt=food"]
    play(s, "purchase 1 salt=food")
    assert s.players[p].salt == 0 and "base-I-6" in s.players[p].hand


@pytest.mark.parametrize(("salt", "tools", "expected"), [
    (1, 1, ["purchase 2 pay=salt"]),  # one multiset {tool, salt}: pay=tool salt=tool is the same payment
    (2, 0, ["purchase 2 pay=salt salt=tool"]),
    (1, 2, ["purchase 2 pay=tool", "purchase 2 pay=salt"]),
])
def test_r_salsa_salt_pays_a_question_mark_slot_distinct_multisets(salt: int, tools: int, expected: list[str]) -> None:
    """Slot 2 holds base-I-2 (1 tool) with the extra cost '?'."""
    s = salsa(forum=False)
    p = s.active
    assert s.display[1] == "base-I-2" and s.card("base-I-2").cost == (("tool", 1),)
    set_salt(s, p, salt, tool=tools)
    play(s, "play senator")
    assert [a for a in legal_texts(s) if a.startswith("purchase 2")] == expected


# ------------------------------------------------------------------------------------- salt cities
def test_r_salsa_city_house_price_1_tool_1_wine_5_per_house() -> None:
    s = salsa(forum=False)
    city = next(c for c in s.map.cities)
    s.tiles = dict(s.tiles)
    s.tiles[city] = "salt"
    assert build_price(s, 0, city) == (("tool", "wine"), 5)
    s.players[1].houses.add(city)
    s.players[2].houses.add(city)
    assert build_price(s, 0, city) == (("tool", "wine"), 15)


def test_r_salsa_city_salt_stands_for_the_tool_or_the_wine_never_both_with_one_salt() -> None:
    s = salsa(forum=False)
    p = s.active
    route = next(r for r in s.map.routes.values() if r.kind == "land" and s.map.capital not in (r.a, r.b))
    s.tiles = dict(s.tiles)
    for c in s.map.cities:
        if c in (route.a, route.b):
            s.tiles[c] = "salt"
    set_colonists(s, p, ("land", route.id), ("sea", s.map.capital))
    set_salt(s, p, 1, wine=1)
    s.players[p].money = 5
    play(s, "play architect")
    assert sorted(a for a in legal_texts(s) if a.startswith("build")) == [
        f"build {route.a} salt=tool", f"build {route.b} salt=tool"]
    play(s, f"build {route.a} salt=tool")
    assert s.players[p].money == 0 and s.players[p].salt == 0 and s.players[p].goods == [0] * 5


def test_r_salsa_city_specialists_never_produce_salt() -> None:
    s = salsa(forum=False)
    p = s.active
    city = next(c for c in s.map.cities)
    s.tiles = dict(s.tiles)
    s.tiles[city] = "salt"
    s.players[p].houses = {city}
    mason = next(c for c in s.deck + [x for x in s.display if x] if s.card(c).specialist_good == "brick")
    take_card(s, p, mason)
    before = s.players[p].salt
    play(s, f"play {s.card(mason).play_name}")
    assert s.players[p].salt == before


def test_r_salsa_city_salt_houses_produce_salt_on_the_prefect() -> None:
    s = salsa(forum=False)
    p = s.active
    prov = next(x for x in s.map.provinces.values() if len(x.cities) >= 2)
    s.tiles = dict(s.tiles)
    s.tiles[prov.cities[0]] = "salt"
    s.players[p].houses = {prov.cities[0]}
    set_salt(s, p, 0)
    play(s, "play prefect", f"produce {prov.id}")
    assert s.players[p].salt == 1


# ---------------------------------------------------------------------------------------- scoring
def test_r_salsa_score_vesta_counts_salt_7() -> None:
    s = salsa(forum=False)
    set_salt(s, 0, 3)
    s.players[0].money = 9
    assert score_player(s, 0).gods["vesta"] == (9 + 21) // 10 * 1


def test_r_salsa_score_salt_cities_jupiter_saturnus_not_mercurius_minerva_only_with_specialists() -> None:
    s = salsa(forum=False)
    pl = s.players[0]
    prov = list(s.map.provinces.values())
    cities = [prov[0].cities[0], prov[1].cities[0]]
    s.tiles = dict(s.tiles)
    s.tiles[cities[0]] = "salt"
    s.tiles[cities[1]] = "brick"
    pl.houses = set(cities)
    jupiters = sum(1 for c in pl.cards() if "jupiter" in s.card(c).gods)
    saturns = sum(1 for c in pl.cards() if "saturnus" in s.card(c).gods)
    mercs = sum(1 for c in pl.cards() if "mercurius" in s.card(c).gods)
    score = score_player(s, 0)
    assert score.gods["jupiter"] == 1 * jupiters, "the salt city counts, the brick city does not"
    assert score.gods["saturnus"] == 2 * saturns
    assert score.gods["mercurius"] == 2 * 1 * mercs, "only brick: salt is not a good for Mercurius"
    assert score.gods["minerva"] == 0


def test_r_salsa_score_minerva_salt_cities_go_to_the_best_specialist() -> None:
    s = salsa(forum=False)
    pl = s.players[0]
    city = next(iter(s.map.cities))
    s.tiles = dict(s.tiles)
    s.tiles[city] = "salt"
    pl.houses = {city}
    weaver = next(c for c in s.deck + [x for x in s.display if x] if s.card(c).specialist_good == "cloth")
    farmer = next(c for c in s.deck + [x for x in s.display if x] if s.card(c).specialist_good == "food")
    take_card(s, 0, weaver)
    take_card(s, 0, farmer)
    assert score_player(s, 0).gods["minerva"] == 5, "the salt city counts as cloth for the Weaver"
    ok(s)


def test_discard_helper_keeps_salsa_positions_consistent() -> None:
    s = salsa(forum=False)
    discard(s, 0, "start-prefect")
    ok(s)
