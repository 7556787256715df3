"""Static data (R-SETUP-MAP, R-SETUP-CARDS): maps load and are connected, zones match tiles, decks are complete,
the Pantheon printed on the boards equals the god counts of the purchasable cards."""

from __future__ import annotations

from collections import Counter, deque

import pytest

from engine.concordia import model
from engine.concordia.model import STACKS, cards, components, deck, game_map

MAPS = [("imperium", ""), ("italia", ""), ("ionium", ""), ("ionium", "small"), ("hellas", ""), ("cyprus", "")]
CITIES = {("imperium", ""): 30, ("italia", ""): 25, ("ionium", ""): 30, ("ionium", "small"): 22, ("hellas", ""): 25}


def test_r_setup_map_every_data_file_loads_and_validates() -> None:
    model.load_all()


@pytest.mark.parametrize(("map_id", "variant"), MAPS)
def test_r_setup_map_city_counts_per_zone_equal_the_tiles(map_id: str, variant: str) -> None:
    gm = game_map(map_id, variant)
    tiles = components().city_tiles
    per_zone = Counter(c.zone for c in gm.cities.values())
    for zone, n in per_zone.items():
        assert n == sum(tiles[zone].values())
    if (map_id, variant) in CITIES:
        assert len(gm.cities) == CITIES[(map_id, variant)]
    assert gm.capital not in gm.cities


@pytest.mark.parametrize(("map_id", "variant"), MAPS)
def test_r_setup_map_route_graph_is_connected_and_consistent(map_id: str, variant: str) -> None:
    gm = game_map(map_id, variant)
    places = set(gm.cities) | {gm.capital}
    adj: dict[str, set[str]] = {p: set() for p in places}
    for rid, r in gm.routes.items():
        assert r.a in places and r.b in places and r.a != r.b
        assert r.kind in ("land", "sea") and rid.startswith(r.kind + ":")
        assert 0 <= r.pos[0] <= 1 and 0 <= r.pos[1] <= 1
        adj[r.a].add(r.b)
        adj[r.b].add(r.a)
    seen = {gm.capital}
    todo = deque([gm.capital])
    while todo:
        for nb in adj[todo.popleft()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    assert seen == places
    for city in gm.cities.values():
        assert city.province in gm.provinces
        assert city.id in gm.provinces[city.province].cities
    assert sum(len(p.cities) for p in gm.provinces.values()) == len(gm.cities)
    for rid, nxt in gm.route_next.items():
        r = gm.routes[rid]
        for x in nxt:
            o = gm.routes[x]
            assert o.kind == r.kind and {o.a, o.b} & {r.a, r.b}
    assert gm.routes_at.get((gm.capital, "land")) and gm.routes_at.get((gm.capital, "sea"))


def test_r_architect_move_only_ionium_has_a_no_stop_route() -> None:
    for map_id, variant in MAPS:
        no_stop = [r.id for r in game_map(map_id, variant).routes.values() if not r.stop]
        expect = ["land:apollonia~brundisium"] if (map_id, variant) == ("ionium", "") else []
        assert no_stop == expect, (map_id, variant)


def test_r_setup_map_ionium_small_drops_the_b_zone_italian_provinces() -> None:
    big, small = game_map("ionium"), game_map("ionium", "small")
    assert "B" in big.zones and "B" not in small.zones
    assert len(big.provinces) - len(small.provinces) == 3
    assert set(small.cities) < set(big.cities)


@pytest.mark.parametrize("variant", ["base", "venus"])
def test_r_setup_cards_every_deck_card_is_known_and_in_its_stack(variant: str) -> None:
    dk = deck(variant)
    known = cards()
    for cid in dk.hand:
        assert cid in known and known[cid].stack == ""
    for stack, ids in dk.stacks.items():
        for cid in ids:
            assert known[cid].stack == stack and known[cid].cost, cid


@pytest.mark.parametrize(("variant", "sizes"), [("base", [8, 7, 6, 5, 4]), ("venus", [7, 8, 6, 5, 4])])
def test_r_setup_deck_stack_sizes(variant: str, sizes: list[int]) -> None:
    assert [len(deck(variant).stacks[s]) for s in STACKS] == sizes


def pantheon(variant: str, players: int) -> dict[str, int]:
    dk = deck(variant)
    c: Counter[str] = Counter()
    for s in STACKS[:players]:
        for cid in dk.stacks[s]:
            c.update(cards()[cid].gods)
    return dict(c)


@pytest.mark.parametrize(
    ("players", "jupiter", "saturnus", "mercurius", "mars"),
    [(3, 5, 5, 3, 3), (4, 7, 6, 4, 4), (5, 8, 7, 5, 5)],
)
def test_r_setup_cards_pantheon_imperium_iii_iv_v(players: int, jupiter: int, saturnus: int, mercurius: int,
                                                  mars: int) -> None:
    p = pantheon("base", players)
    assert (p["jupiter"], p["saturnus"], p["mercurius"], p["mars"]) == (jupiter, saturnus, mercurius, mars)


@pytest.mark.parametrize(
    ("players", "jupiter", "saturnus", "mercurius", "mars"),
    [(2, 3, 3, 2, 2), (3, 5, 5, 3, 3), (4, 7, 6, 4, 4)],
)
def test_r_setup_cards_pantheon_italia_ii_iii_iv(players: int, jupiter: int, saturnus: int, mercurius: int,
                                                 mars: int) -> None:
    p = pantheon("base", players)
    assert (p["jupiter"], p["saturnus"], p["mercurius"], p["mars"]) == (jupiter, saturnus, mercurius, mars)


def test_r_setup_cards_base_minerva_values_and_mercator_money() -> None:
    by_role = {c.roles[0]: c for c in cards().values() if c.id.startswith("base-")}
    assert {r: by_role[r].minerva for r in ("mason", "farmer", "smith", "vintner", "weaver")} == {
        "mason": 3, "farmer": 3, "smith": 3, "vintner": 4, "weaver": 5,
    }
    assert cards()["start-mercator"].mercator_money == 3
    assert all(c.mercator_money == 5 for c in cards().values() if "mercator" in c.roles and c.stack)


def test_r_setup_cards_card_costs_of_the_rulebook_examples() -> None:
    cost = {c.roles[0]: dict(c.cost) for c in cards().values() if c.id.startswith("base-I-")}
    assert cost["mercator"] == {"wine": 1}
    assert cost["architect"] == {"tool": 1}
    assert cost["farmer"] == {"brick": 1, "food": 1}
    assert cost["colonist"] == {"food": 1}


def test_r_venus_double_role_cards_are_venus_cards() -> None:
    doubles = {c.id: c for c in cards().values() if len(c.roles) == 2}
    assert {c.roles for c in doubles.values()} == {
        ("prefect", "architect"), ("architect", "mercator"), ("prefect", "mercator"),
    }
    assert all(c.gods == ("venus",) for c in doubles.values())
    assert cards()["start-magister"].gods == ("venus",)
