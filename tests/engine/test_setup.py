"""R-SETUP: city tiles, bonus markers, deck stacks and display, start money, Praefectus Magnus, hands, storehouse."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.concordia import GameConfig, GameDataError, new_game
from engine.concordia.model import STACKS, cards, components
from tests.engine.helpers import game, ok

MAPS = [
    ("imperium", False), ("italia", False), ("ionium", False), ("ionium", True), ("hellas", False), ("cyprus", False)
]
TILES = {
    "A": {"brick": 2, "food": 2, "tool": 1, "wine": 1, "cloth": 1},
    "B": {"brick": 2, "food": 2, "tool": 2, "wine": 1, "cloth": 1},
    "C": {"brick": 3, "food": 2, "tool": 2, "wine": 2, "cloth": 1},
    "D": {"brick": 1, "food": 1, "tool": 1, "wine": 1, "cloth": 1},
}
PRICE = {"brick": 3, "food": 4, "tool": 5, "wine": 6, "cloth": 7}


@pytest.mark.parametrize(("map_id", "small"), MAPS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r_setup_tiles_each_zone_gets_exactly_its_letter_tiles(map_id: str, small: bool, seed: int) -> None:
    s = game(map_id, 3, "venus", seed, small=small)
    assert set(s.tiles) == set(s.map.cities)
    assert s.map.capital not in s.tiles
    for zone in s.map.zones:
        got = Counter(s.tiles[c.id] for c in s.map.cities.values() if c.zone == zone)
        assert dict(got) == {g: n for g, n in TILES[zone].items() if n}
    ok(s)


def test_r_setup_tiles_are_shuffled_by_the_seed() -> None:
    layouts = {tuple(sorted(game(seed=seed).tiles.items())) for seed in range(6)}
    assert len(layouts) > 1


def test_r_setup_tiles_imperium_uses_zones_a_to_d_and_italia_a_to_c() -> None:
    assert game("imperium").map.zones == ("A", "B", "C", "D")
    assert game("italia", 3).map.zones == ("A", "B", "C")
    assert game("ionium", 2, "venus", small=True).map.zones == ("A", "C", "D")


@pytest.mark.parametrize(("map_id", "small"), MAPS)
def test_r_setup_bonus_marker_is_the_most_valuable_good_of_the_province(map_id: str, small: bool) -> None:
    s = game(map_id, 3, "venus", 5, small=small)
    for prov in s.map.provinces.values():
        best = max(PRICE[s.tiles[c]] for c in prov.cities)
        assert PRICE[s.bonus[prov.id]] == best
    assert s.active_markers == set(s.map.provinces), "every marker starts goods side up"


def test_r_setup_bonus_coin_sides_cloth_1_other_goods_2() -> None:
    assert components().bonus_coins == {"brick": 2, "food": 2, "tool": 2, "wine": 2, "cloth": 1}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", ["base", "venus"])
def test_r_setup_deck_only_stacks_up_to_the_player_count_with_i_on_top(players: int, variant: str) -> None:
    s = game("imperium", players, variant, seed=players)
    cs = cards()
    in_play = [c for c in s.display if c is not None] + s.deck
    stacks = Counter(cs[c].stack for c in in_play)
    sizes = {"base": [8, 7, 6, 5, 4], "venus": [7, 8, 6, 5, 4]}[variant]
    assert dict(stacks) == {STACKS[i]: sizes[i] for i in range(players)}
    # the top of the deck is its last card; reading from the top the stacks never go back: I, then II, ...
    order = [STACKS.index(cs[c].stack) for c in [*s.display, *reversed(s.deck)] if c is not None]
    assert order == sorted(order)
    assert order[0] == 0


@pytest.mark.parametrize("variant", ["base", "venus"])
def test_r_setup_display_holds_7_cards_from_stack_i(variant: str) -> None:
    s = game(variant=variant)
    assert len(s.display) == 7 and None not in s.display
    assert all(cards()[c].stack == "I" for c in s.display if c is not None)
    if variant == "base":  # 8 cards in stack I: the 8th is the top of the deck
        assert cards()[s.deck[-1]].stack == "I"
    else:  # Venus stack I has exactly 7 cards: the deck starts with stack II
        assert cards()[s.deck[-1]].stack == "II"


def test_r_setup_deck_order_is_shuffled_by_the_seed() -> None:
    assert len({tuple(game(seed=seed).display) for seed in range(6)}) > 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r_setup_players_money_5_6_7_from_the_start_player_and_pm_with_the_last(players: int) -> None:
    for seed in range(4):
        s = game("imperium", players, "base", seed)
        sp = s.start_player
        assert s.active == sp and s.current_player == sp
        for i in range(players):
            assert s.players[(sp + i) % players].money == 5 + i
        assert s.pm == (sp - 1) % players, "the last player in turn order holds the Praefectus Magnus"
        assert s.concordia == -1 and s.turn == 0


def test_r_setup_players_start_player_is_random() -> None:
    assert {game(players=5, seed=seed).start_player for seed in range(30)} == {0, 1, 2, 3, 4}


@pytest.mark.parametrize(("map_id", "capital"), [("imperium", "roma"), ("italia", "roma"), ("ionium", "athenae"),
                                                 ("hellas", "athenae")])
def test_r_setup_players_storehouse_and_colonists(map_id: str, capital: str) -> None:
    s = game(map_id, 3, "base", 2)
    for pl in s.players:
        assert pl.colonists == [("land", capital), ("sea", capital)]
        assert pl.store == [2, 2]
        assert pl.goods == [1, 2, 1, 1, 1]  # brick, food, tool, wine, cloth
        assert pl.free_slots == 12 - 4 - 6 == 2
        assert pl.houses == set() and pl.discard == []
    assert s.routes == {}
    assert s.houses_left(0) == 15


def test_r_setup_players_base_hand_is_the_7_starting_cards() -> None:
    s = game()
    expect = ["tribune", "architect", "prefect", "prefect", "mercator", "diplomat", "senator"]
    for pl in s.players:
        assert sorted(cards()[c].roles[0] for c in pl.hand) == sorted(expect)
        assert len(pl.hand) == 7
        merc = next(c for c in pl.hand if "mercator" in cards()[c].roles)
        assert cards()[merc].mercator_money == 3


def test_r_venus_solo_hand_is_the_7_starting_cards_and_the_magister() -> None:
    s = game(variant="venus")
    for pl in s.players:
        assert len(pl.hand) == 8
        assert sorted(cards()[c].roles[0] for c in pl.hand) == sorted(
            ["tribune", "architect", "prefect", "prefect", "mercator", "diplomat", "senator", "magister"]
        )


def test_r_setup_same_seed_gives_the_same_game() -> None:
    assert game(seed=42).to_dict() == game(seed=42).to_dict()
    assert game(seed=42).to_dict() != game(seed=43).to_dict()


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"map": "atlantis"}, "unknown map"),
        ({"variant": "salsa"}, "unknown variant"),
        ({"players": 1}, "2 to 5"),
        ({"players": 6}, "2 to 5"),
        ({"variant": "venus-team", "players": 3}, "4 or 6"),
        ({"display": "salt"}, "display side"),
        ({"map": "imperium", "small": True}, "small variant"),
    ],
)
def test_r_setup_bad_config_gives_a_clear_error(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(GameDataError, match=words):
        new_game(GameConfig(**kwargs), 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 5])
def test_r_setup_map_any_map_for_any_player_count(players: int) -> None:
    for map_id, small in MAPS:
        ok(game(map_id, players, "base", 1, small=small))
