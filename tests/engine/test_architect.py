"""R-ARCHITECT-MOVE and R-ARCHITECT-BUILD, including the rulebook example on the Imperium map."""

from __future__ import annotations

import pytest

from engine.concordia import GameState, IllegalAction
from engine.concordia.actions import Build, Move
from tests.engine.helpers import game, legal_texts, ok, play, set_colonists, set_goods, turn_of

L, S = "land", "sea"


def example_position() -> GameState:
    """Red (P1) as in the rulebook: a land colonist on Colonia A.-Novaria, a land and a sea colonist in Roma,
    a house in Colonia A.; Massilia is a cloth city, Novaria a wine city, Aquileia a food city with 2 other houses.
    """
    s = game("imperium", 4, "base", 1)
    turn_of(s, 0)
    s.tiles.update({"massilia": "cloth", "novaria": "wine", "aquileia": "food", "colonia-a": "tool",
                    "vindobona": "brick"})
    set_colonists(s, 0, (L, "land:colonia-a~novaria"), (L, "roma"), (S, "roma"))
    s.players[0].houses = {"colonia-a"}
    s.players[1].houses = {"aquileia"}
    s.players[2].houses = {"aquileia"}
    set_goods(s, 0, brick=3, food=1, wine=1, cloth=1)
    s.players[0].money = 15
    return ok(s)


def test_r_architect_move_example_three_points_split_one_and_two() -> None:
    s = example_position()
    play(s, "play architect")
    assert s.decision == "architect" and s.frame is not None and s.frame["pts"] == 3
    legal = legal_texts(s)
    assert "move roma sea:massilia~roma" in legal
    assert "move roma land:aquileia~vindobona" in legal
    play(s, "move roma sea:massilia~roma")
    assert s.frame is not None and s.frame["pts"] == 2
    play(s, "move roma land:aquileia~vindobona")
    assert s.frame is not None and s.frame["pts"] == 0
    assert not any(isinstance(a, Move) for a in s.legal_actions()), "no movement points left"
    assert sorted(s.players[0].colonists) == [
        (L, "land:aquileia~vindobona"), (L, "land:colonia-a~novaria"), (S, "sea:massilia~roma")
    ]
    assert s.routes == {"land:aquileia~vindobona": 0, "land:colonia-a~novaria": 0, "sea:massilia~roma": 0}


def test_r_architect_build_example_four_sites_three_houses_exact_prices() -> None:
    s = example_position()
    play(s, "play architect", "move roma sea:massilia~roma", "move roma land:aquileia~vindobona")
    builds = sorted(a.city for a in s.legal_actions() if isinstance(a, Build))
    # 5 cities next to own colonists, Colonia A. already has a red house: 4 remain (Vindobona needs 1 food)
    assert builds == ["aquileia", "massilia", "novaria", "vindobona"]
    pl = s.players[0]
    play(s, "build massilia")
    assert (pl.money, pl.goods) == (10, [2, 1, 0, 1, 0])  # 5 sestertii, 1 cloth, 1 brick
    play(s, "build novaria")
    assert (pl.money, pl.goods) == (6, [1, 1, 0, 0, 0])  # 4 sestertii, 1 wine, 1 brick
    play(s, "build aquileia")
    assert (pl.money, pl.goods) == (0, [0, 0, 0, 0, 0])  # 3 x 2 = 6 sestertii, 1 food, 1 brick
    assert pl.houses == {"colonia-a", "massilia", "novaria", "aquileia"}
    assert s.decision == "play" and s.active == 1, "nothing left to do: the turn ends by itself"


def test_r_architect_build_cost_wine_city_two_other_houses() -> None:
    s = example_position()
    s.tiles["novaria"] = "wine"
    s.players[1].houses.add("novaria")
    s.players[3].houses.add("novaria")
    set_goods(s, 0, brick=1, wine=1)
    s.players[0].money = 12
    play(s, "play architect")
    assert "build novaria" in legal_texts(s)
    play(s, "build novaria")
    assert s.players[0].money == 0 and s.players[0].goods == [0, 0, 0, 0, 0]
    assert "novaria" in s.players[0].houses


def test_r_architect_build_cost_wine_city_two_other_houses_needs_all_12() -> None:
    s = example_position()
    s.players[1].houses.add("novaria")
    s.players[3].houses.add("novaria")
    set_goods(s, 0, brick=1, wine=1)
    s.players[0].money = 11
    play(s, "play architect")
    assert "build novaria" not in legal_texts(s)


@pytest.mark.parametrize(
    ("good", "others", "goods", "money"),
    [
        ("brick", 0, [0, 1, 0, 0, 0], 1), ("brick", 3, [0, 1, 0, 0, 0], 4),
        ("food", 0, [1, 1, 0, 0, 0], 2), ("food", 1, [1, 1, 0, 0, 0], 4),
        ("tool", 0, [1, 0, 1, 0, 0], 3), ("tool", 2, [1, 0, 1, 0, 0], 9),
        ("wine", 0, [1, 0, 0, 1, 0], 4), ("wine", 1, [1, 0, 0, 1, 0], 8),
        ("cloth", 0, [1, 0, 0, 0, 1], 5), ("cloth", 3, [1, 0, 0, 0, 1], 20),
    ],
)
def test_r_architect_build_cost_per_good_and_other_houses(good: str, others: int, goods: list[int], money: int) -> None:
    s = example_position()
    s.tiles["massilia"] = good
    for q in range(1, 1 + others):
        s.players[q].houses.add("massilia")
    set_goods(s, 0, brick=2, food=2, tool=1, wine=1, cloth=1)
    s.players[0].money = 30
    play(s, "play architect", "move roma sea:massilia~roma", "build massilia")
    pl = s.players[0]
    assert 30 - pl.money == money
    assert [a - b for a, b in zip([2, 2, 1, 1, 1], pl.goods, strict=True)] == goods


def test_r_architect_build_not_in_a_city_where_only_a_colonist_inside_the_city_stands() -> None:
    s = game("imperium", 3, "base", 1)
    turn_of(s, 0)
    set_colonists(s, 0, (L, "massilia"), (S, "roma"))
    set_goods(s, 0, brick=2, food=2, tool=1, wine=1, cloth=1)
    s.players[0].money = 50
    play(s, "play architect")
    assert not any(isinstance(a, Build) for a in s.legal_actions()), "a colonist in a city does not count"
    play(s, "move massilia land:lutetia~massilia")
    builds = {a.city for a in s.legal_actions() if isinstance(a, Build)}
    assert builds == {"lutetia", "massilia"}


def test_r_architect_build_never_in_the_capital_and_one_house_per_city() -> None:
    s = example_position()
    s.players[0].houses = {"novaria"}
    set_goods(s, 0, brick=2, food=2, tool=1, wine=1, cloth=1)
    s.players[0].money = 99
    play(s, "play architect", "move roma land:novaria~roma")
    builds = {a.city for a in s.legal_actions() if isinstance(a, Build)}
    assert "roma" not in builds and "novaria" not in builds
    assert builds == {"colonia-a"}


def test_r_architect_move_no_moving_after_the_first_house() -> None:
    s = example_position()
    play(s, "play architect", "build novaria")
    assert not any(isinstance(a, Move) for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply("move roma sea:massilia~roma")


def test_r_architect_move_points_equal_colonists_on_board_and_can_all_go_to_one() -> None:
    s = example_position()
    play(s, "play architect")
    # 3 points: a land colonist from Roma reaches routes 3 steps away but no further
    legal = legal_texts(s)
    assert "move roma land:sirmium~vindobona" in legal  # roma-aquileia, aquileia-sirmium / -vindobona, ...
    play(s, "move roma land:sirmium~vindobona")
    assert s.frame is not None and s.frame["pts"] == 0


def test_r_architect_move_may_not_end_on_an_occupied_route_but_may_pass_it() -> None:
    s = example_position()
    set_colonists(s, 1, (L, "land:aquileia~roma"), (S, "roma"))
    ok(s)
    play(s, "play architect")
    legal = legal_texts(s)
    assert "move roma land:aquileia~roma" not in legal, "occupied by P2"
    assert "move roma land:aquileia~vindobona" in legal, "passing through the occupied route still costs 1"
    play(s, "move roma land:aquileia~vindobona")
    assert s.frame is not None and s.frame["pts"] == 1


def test_r_architect_move_same_colonist_may_move_again() -> None:
    s = example_position()
    play(s, "play architect", "move roma land:novaria~roma")
    assert s.frame is not None and s.frame["pts"] == 2
    play(s, "move land:novaria~roma land:massilia~novaria")
    assert s.frame is not None and s.frame["pts"] == 1
    assert (L, "land:massilia~novaria") in s.players[0].colonists
    assert "land:novaria~roma" not in s.routes


def test_r_architect_move_land_colonists_use_land_routes_sea_colonists_sea_routes() -> None:
    s = example_position()
    play(s, "play architect")
    for a in s.legal_actions():
        if isinstance(a, Move):
            kind = s.map.routes[a.route].kind
            assert (kind, a.source) in s.players[0].colonists


def test_r_architect_move_never_back_into_a_city() -> None:
    s = example_position()
    play(s, "play architect")
    assert all(a.route in s.map.routes for a in s.legal_actions() if isinstance(a, Move))


def test_r_architect_move_ionium_brundisium_apollonia_can_be_passed_not_ended_on() -> None:
    s = game("ionium", 3, "venus", 1)
    turn_of(s, 0)
    set_colonists(s, 0, (L, "brundisium"), (S, "athenae"))
    ok(s)
    play(s, "play architect")
    legal = legal_texts(s)
    assert "move brundisium land:apollonia~brundisium" not in legal
    assert "move brundisium land:apollonia~scodra" in legal, "2 steps through the no-stop route"
    play(s, "move brundisium land:apollonia~scodra")
    assert s.frame is not None and s.frame["pts"] == 0


def test_r_architect_build_15th_house_triggers_the_end() -> None:
    s = example_position()
    extra = [c for c in s.map.cities if c not in ("massilia", "novaria", "aquileia", "colonia-a")][:13]
    s.players[0].houses = {"colonia-a", *extra}
    assert len(s.players[0].houses) == 14
    play(s, "play architect", "move roma sea:massilia~roma", "build massilia")
    assert s.concordia == 0
    assert not any(isinstance(a, Build) for a in s.legal_actions()), "no 16th house"
    assert len(s.players[0].houses) == 15


def test_r_architect_build_needs_the_goods() -> None:
    s = example_position()
    set_goods(s, 0, wine=1, cloth=1, food=1)  # no brick
    play(s, "play architect")
    assert not any(isinstance(a, Build) for a in s.legal_actions()), "Novaria (wine) needs a brick"
    play(s, "move roma land:aquileia~vindobona")
    # only the brick city Vindobona (1 food) can be paid for without a brick
    assert [a for a in s.legal_actions() if isinstance(a, Build)] == [Build("vindobona")]


def test_r_turn_2_architect_may_do_nothing() -> None:
    s = example_position()
    before = s.to_dict()
    play(s, "play architect", "done")
    after = s.to_dict()
    assert after["players"][0]["colonists"] == before["players"][0]["colonists"]
    assert after["players"][0]["money"] == before["players"][0]["money"]
    assert s.active == 1


def test_r_architect_move_one_point_from_roma_reaches_exactly_the_adjacent_routes() -> None:
    s = game("imperium", 3, "base", 1)
    turn_of(s, 0)
    set_colonists(s, 0, (S, "roma"))
    set_goods(s, 0)
    play(s, "play architect")
    assert sorted(legal_texts(s)) == [
        "done", "move roma sea:carthago~roma", "move roma sea:massilia~roma", "move roma sea:roma~syracusae",
    ]


def test_r_architect_move_two_points_land_from_roma_exact_targets() -> None:
    s = game("imperium", 3, "base", 1)
    turn_of(s, 0)
    set_colonists(s, 0, (L, "roma"), (L, "roma"))
    set_goods(s, 0)
    play(s, "play architect")
    targets = sorted(a.route for a in s.legal_actions() if isinstance(a, Move))
    one = ["land:aquileia~roma", "land:novaria~roma", "land:roma~syracusae"]
    two = ["land:aquileia~novaria", "land:aquileia~sirmium", "land:aquileia~vindobona", "land:colonia-a~novaria",
           "land:massilia~novaria"]
    assert targets == sorted(one + two), "Syracusae has no other land route"


def test_r_architect_move_start_position_perft_21_moves() -> None:
    """From the starting position (a land and a sea colonist in Roma, 2 points), counted by hand from the map:
    land 3 routes at 1 step + 5 at 2 steps; sea 3 at 1 step + 10 at 2 steps; no house can be built yet."""
    s = game("imperium", 4, "base", 1)
    play(s, "play architect")
    sea2 = ["sea:carthago~valentia", "sea:carthago~rusadir", "sea:carthago~massilia", "sea:carthago~leptis-magna",
            "sea:carthago~syracusae", "sea:massilia~valentia", "sea:leptis-magna~syracusae", "sea:cyrene~syracusae",
            "sea:athenae~syracusae", "sea:dyrrhachium~syracusae"]
    sea1 = ["sea:carthago~roma", "sea:massilia~roma", "sea:roma~syracusae"]
    land = ["land:aquileia~roma", "land:novaria~roma", "land:roma~syracusae", "land:aquileia~novaria",
            "land:aquileia~sirmium", "land:aquileia~vindobona", "land:colonia-a~novaria", "land:massilia~novaria"]
    legal = s.legal_actions()
    assert sorted(str(a) for a in legal) == sorted(["done", *(f"move roma {r}" for r in sea1 + sea2 + land)])
    assert len(legal) == 22
