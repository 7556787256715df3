"""R-TRIBUNE, R-MERCATOR, R-COLONIST, R-SPECIALIST, R-DIPLOMAT with the rulebook examples."""

from __future__ import annotations

import pytest

from engine.concordia import GameState, IllegalAction
from engine.concordia.actions import Buy, Cash, Copy, PlaceColonist, Sell
from engine.concordia.state import PlayerState
from tests.engine.helpers import (
    discard,
    game,
    legal_texts,
    ok,
    play,
    set_colonists,
    set_goods,
    take_card,
    turn_of,
)

# ---------------------------------------------------------------------------------------------- Tribune


def test_r_tribune_example_five_cards_back_two_sestertii_and_a_colonist_for_food_and_tool() -> None:
    s = game("imperium", 4, "base", 1)
    turn_of(s, 0)
    discard(s, 0, "start-architect", "start-prefect", "start-mercator", "start-diplomat")
    s.players[0].money = 0
    set_goods(s, 0, food=1, tool=1)
    ok(s)
    play(s, "play tribune")
    pl = s.players[0]
    assert pl.discard == [] and len(pl.hand) == 7
    assert pl.money == 2  # 5 cards - 3
    assert sorted(legal_texts(s)) == ["done", "place land roma", "place sea roma"]
    play(s, "place sea roma")
    assert pl.goods == [0, 0, 0, 0, 0]
    assert pl.store == [2, 1]
    assert pl.colonists == [("land", "roma"), ("sea", "roma"), ("sea", "roma")]
    assert pl.free_slots == 12 - 3, "the colonist's slot is free for goods now"
    assert s.active == 1, "only 1 colonist with the Tribune"


@pytest.mark.parametrize(("played", "money"), [(0, 0), (2, 0), (3, 1), (6, 4)])
def test_r_tribune_one_sestertius_per_card_beyond_three(played: int, money: int) -> None:
    s = game("imperium", 4, "base", 1)
    turn_of(s, 0)
    cards = ["start-architect", "start-prefect", "start-prefect", "start-mercator", "start-diplomat", "start-senator"]
    discard(s, 0, *cards[:played])
    s.players[0].money = 0
    play(s, "play tribune")
    assert s.players[0].money == money
    assert len(s.players[0].hand) == 7


def test_r_tribune_colonist_needs_food_and_tool() -> None:
    s = game()
    turn_of(s, 0)
    set_goods(s, 0, food=1, wine=3)
    play(s, "play tribune")
    assert s.active == 1, "no tool: nothing to decide, the turn ends"


# ---------------------------------------------------------------------------------------------- Mercator


def test_r_mercator_example_sell_3_wine_for_18_then_at_most_5_bricks_and_no_third_type() -> None:
    s = game("imperium", 4, "base", 1)
    turn_of(s, 0)
    pl = s.players[0]
    pl.money = 2
    set_goods(s, 0, wine=3, food=1, tool=1, cloth=1)  # 4 colonists + 6 goods: 2 free slots
    ok(s)
    play(s, "play mercator")
    assert pl.money == 5, "the 3-Mercator"
    play(s, "sell wine 3")
    assert pl.money == 23 and pl.free_slots == 5
    buys = [a for a in s.legal_actions() if isinstance(a, Buy) and a.good == "brick"]
    assert max(a.count for a in buys) == 5, "money for 7, but only 5 free slots"
    assert Buy("wine", 1) not in s.legal_actions(), "wine was already traded"
    play(s, "buy brick 4")
    assert pl.money == 11 and pl.goods == [4, 1, 1, 0, 1]
    assert s.active == 1, "food would be a third type: nothing left, the turn ends"


def test_r_mercator_third_type_is_illegal() -> None:
    s = game("imperium", 4, "base", 1)
    turn_of(s, 0)
    s.players[0].money = 50
    play(s, "play mercator", "sell wine 1", "sell cloth 1")
    assert s.active == 1
    t = game("imperium", 4, "base", 1)
    turn_of(t, 0)
    play(t, "play mercator", "sell wine 1")
    with pytest.raises(IllegalAction):
        t.apply("buy wine 1")


def test_r_mercator_purchased_card_gives_5() -> None:
    s = game()
    turn_of(s, 0)
    take_card(s, 0, "base-I-3")
    s.players[0].money = 0
    play(s, "play mercator5")
    assert s.players[0].money == 5


def test_r_mercator_buy_two_types_limited_by_money() -> None:
    s = game()
    turn_of(s, 0)
    s.players[0].money = 1
    set_goods(s, 0)
    play(s, "play mercator")
    assert s.players[0].money == 4
    buys = {str(a) for a in s.legal_actions() if isinstance(a, Buy)}
    assert buys == {"buy brick 1", "buy food 1"}
    play(s, "buy food 1")
    assert s.players[0].money == 0 and s.players[0].goods == [0, 1, 0, 0, 0]


def test_r_mercator_sells_any_quantity_at_storehouse_prices() -> None:
    s = game()
    turn_of(s, 0)
    set_goods(s, 0, brick=1, food=1, tool=1, wine=1, cloth=1)
    s.players[0].money = 0
    prices = {"brick": 3, "food": 4, "tool": 5, "wine": 6, "cloth": 7}
    for good, price in prices.items():
        t = s.clone()
        play(t, "play mercator", f"sell {good} 1")
        assert t.players[0].money == 3 + price
    assert not any(isinstance(a, Sell) and a.count > 1 for a in play(s.clone(), "play mercator").legal_actions())


# ---------------------------------------------------------------------------------------------- Colonist


def colonist_position() -> tuple[GameState, PlayerState]:
    s = game("imperium", 4, "base", 1)
    turn_of(s, 0)
    take_card(s, 0, "base-I-4")
    s.players[0].houses = {"massilia", "aquileia"}
    set_goods(s, 0, food=2, tool=3)
    return ok(s), s.players[0]


def test_r_colonist_example_two_colonists_for_two_food_two_tool_roma_and_massilia() -> None:
    s, pl = colonist_position()
    play(s, "play colonist")
    places = {str(a) for a in s.legal_actions() if isinstance(a, PlaceColonist)}
    assert places == {
        "place land roma", "place sea roma", "place land massilia", "place sea massilia",
        "place land aquileia", "place sea aquileia",
    }, "Roma and cities with an own house, not Novaria"
    play(s, "place sea roma", "place land massilia")
    assert pl.goods == [0, 0, 1, 0, 0]
    assert pl.store == [1, 1]
    assert ("land", "massilia") in pl.colonists and ("sea", "roma") in pl.colonists
    assert s.active == 1


def test_r_colonist_both_in_the_same_city_and_no_cash_after_placing() -> None:
    s, pl = colonist_position()
    play(s, "play colonist", "place land aquileia")
    assert Cash() not in s.legal_actions()
    play(s, "place sea aquileia")
    assert pl.colonists[-2:] == [("land", "aquileia"), ("sea", "aquileia")]


def test_r_colonist_land_only_city_takes_only_land_colonists() -> None:
    s, pl = colonist_position()
    pl.houses = {"novaria"}
    play(s, "play colonist")
    texts = legal_texts(s)
    assert "place land novaria" in texts and "place sea novaria" not in texts


def test_r_colonist_cash_5_plus_1_per_colonist_on_the_board() -> None:
    s, pl = colonist_position()
    set_colonists(s, 0, ("land", "roma"), ("sea", "roma"), ("land", "land:lutetia~massilia"))
    pl.money = 0
    play(s, "play colonist", "cash")
    assert pl.money == 8


# ---------------------------------------------------------------------------------------------- Specialists


@pytest.mark.parametrize(
    ("card", "name", "good"),
    [("base-I-6", "mason", "brick"), ("base-I-7", "farmer", "food"), ("base-I-8", "smith", "tool"),
     ("base-II-6", "vintner", "wine"), ("base-II-7", "weaver", "cloth")],
)
def test_r_specialist_each_own_house_in_a_city_of_its_good_produces_one(card: str, name: str, good: str) -> None:
    s = game("imperium", 5, "base", 1)
    turn_of(s, 0)
    take_card(s, 0, card)
    cities = sorted(s.map.cities)
    for c in cities[:4]:
        s.tiles[c] = good
    s.tiles[cities[4]] = "cloth" if good != "cloth" else "brick"
    s.players[0].houses = set(cities[:5])
    s.players[1].houses = set(cities[:4])
    set_goods(s, 0)
    set_goods(s, 1)
    play(s, f"play {name}")
    i = ["brick", "food", "tool", "wine", "cloth"].index(good)
    assert s.players[0].goods[i] == 4 and sum(s.players[0].goods) == 4
    assert s.players[1].goods == [0] * 5, "other players get nothing"


def test_r_specialist_vintner_with_too_little_room_fills_the_free_slots() -> None:
    s = game("imperium", 5, "base", 1)
    turn_of(s, 0)
    take_card(s, 0, "base-II-6")
    for c in ("massilia", "novaria", "aquileia", "lutetia"):
        s.tiles[c] = "wine"
    s.players[0].houses = {"massilia", "novaria", "aquileia", "lutetia"}
    set_goods(s, 0, cloth=6)
    play(s, "play vintner")
    assert s.players[0].goods == [0, 0, 0, 2, 6]


# ---------------------------------------------------------------------------------------------- Diplomat


def diplomat_position() -> GameState:
    """The rulebook example: the 4 opponents' top cards are a Mercator, an Architect, a Prefect and a Diplomat;
    the 5th player plays a Diplomat."""
    s = game("imperium", 5, "base", 1)
    turn_of(s, 4)
    discard(s, 0, "start-mercator")
    discard(s, 1, "start-prefect", "start-architect")
    discard(s, 2, "start-prefect")
    discard(s, 3, "start-architect", "start-diplomat")
    return ok(s)


def test_r_diplomat_example_choose_mercator_architect_or_prefect() -> None:
    s = diplomat_position()
    play(s, "play diplomat")
    copies = sorted(str(a) for a in s.legal_actions() if isinstance(a, Copy))
    assert copies == ["copy 1", "copy 2", "copy 3"], "not the Diplomat of P4"


def test_r_diplomat_not_an_empty_pile_after_a_tribune() -> None:
    s = game("imperium", 3, "base", 1)
    turn_of(s, 0)
    discard(s, 0, "start-prefect")
    discard(s, 2, "start-mercator")
    set_goods(s, 0)
    play(s, "play tribune")
    assert s.players[0].discard == [] and s.active == 1
    play(s, "play diplomat")
    assert [str(a) for a in s.legal_actions() if isinstance(a, Copy)] == ["copy 3"]


def test_r_diplomat_copied_3_mercator_gives_3_and_bought_mercator_gives_5() -> None:
    s = diplomat_position()
    s.players[4].money = 0
    play(s, "play diplomat", "copy 1")
    assert s.players[4].money == 3
    t = diplomat_position()
    discard(t, 0, "base-I-3")
    t.players[4].money = 0
    play(t, "play diplomat", "copy 1")
    assert t.players[4].money == 5


def test_r_diplomat_copies_as_if_played_the_architect_uses_own_colonists() -> None:
    s = diplomat_position()
    play(s, "play diplomat", "copy 2")
    assert s.decision == "architect" and s.current_player == 4
    assert s.frame is not None and s.frame["pts"] == 2
    assert s.players[1].discard[-1] == "start-architect", "the copied card stays where it is"
    assert s.players[4].discard == ["start-diplomat"]


def test_r_diplomat_cannot_copy_own_pile() -> None:
    s = diplomat_position()
    discard(s, 4, "start-prefect")
    play(s, "play diplomat")
    assert "copy 5" not in legal_texts(s)


def test_r_diplomat_copy_senator_buys_with_own_goods() -> None:
    s = diplomat_position()
    discard(s, 0, "start-senator")
    play(s, "play diplomat", "copy 1")
    assert s.decision == "buy" and s.current_player == 4
