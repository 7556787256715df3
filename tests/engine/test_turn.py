"""R-TURN-1..5: a turn, optional actions, the storehouse (overflow choices, no discarding) and 3+3 colonists."""

from __future__ import annotations

from engine.concordia import GameState
from engine.concordia.actions import Accept, Done, PlaceColonist
from tests.engine.helpers import game, legal_texts, ok, play, set_colonists, set_goods, turn_of


def test_r_turn_1_a_turn_plays_one_card_onto_the_discard_pile_then_passes_clockwise() -> None:
    s = game("imperium", 4, "base", 3)
    sp = s.start_player
    hand = list(s.players[sp].hand)
    play(s, "play mercator")
    pl = s.players[sp]
    assert pl.discard == ["start-mercator"] and len(pl.hand) == len(hand) - 1
    assert s.decision == "mercator" and s.active == sp
    play(s, "done")
    assert s.active == (sp + 1) % 4 and s.turn == 1 and s.decision == "play"


def test_r_turn_1_only_cards_in_hand_can_be_played() -> None:
    s = game("imperium", 3, "base", 3)
    texts = legal_texts(s)
    assert sorted(texts) == sorted(
        ["play tribune", "play architect", "play prefect", "play mercator", "play diplomat", "play senator"]
    ), "two Prefects play alike: one action"
    play(s, "play prefect", "done")
    play(s, "play tribune")  # next player


def test_r_turn_2_every_part_is_optional_done_is_always_offered() -> None:
    s = game("imperium", 4, "base", 3)
    for card in ("architect", "prefect", "mercator", "senator"):
        t = s.clone()
        play(t, f"play {card}")
        if t.decision != "play":
            assert Done() in t.legal_actions()


def test_r_turn_3_money_is_unlimited() -> None:
    s = game()
    turn_of(s, 0)
    s.players[0].money = 10_000
    set_goods(s, 0, cloth=8)
    play(s, "play mercator", "sell cloth 8")
    assert s.players[0].money == 10_000 + 3 + 56


def overflow_position() -> GameState:
    """P1 plays a Prefect in Italia (Imperium): Novaria brick, Aquileia food, Syracusae wine.
    P2 has houses in all three and only 2 free slots."""
    s = game("imperium", 4, "base", 1)
    turn_of(s, 0)
    s.pm = 3
    s.tiles.update({"novaria": "brick", "aquileia": "food", "syracusae": "wine"})
    s.bonus["italia"] = "wine"
    s.players[1].houses = {"novaria", "aquileia", "syracusae"}
    set_goods(s, 0)
    set_goods(s, 1, cloth=6)  # 4 colonists + 6 goods: 2 free slots
    return ok(s)


def test_r_turn_4_overflow_choice_is_made_by_the_non_active_player() -> None:
    s = overflow_position()
    play(s, "play prefect", "produce italia")
    assert s.players[0].goods == [0, 0, 0, 1, 0], "P1 gets the bonus wine at once"
    assert s.active == 0 and s.current_player == 1 and s.decision == "overflow"
    legal = s.legal_actions()
    assert all(isinstance(a, Accept) and sum(n for _, n in a.goods) == 2 for a in legal)
    assert sorted(str(a) for a in legal) == sorted(
        ["accept brick=1,food=1", "accept brick=1,wine=1", "accept food=1,wine=1"]
    ), "two of the three goods: every free slot must be filled, no keeping a slot free"
    play(s, "accept brick=1,wine=1")
    assert s.players[1].goods == [1, 0, 0, 1, 6]
    assert s.players[1].free_slots == 0
    assert s.active == 1 and s.decision == "play", "P1's turn is over, P2 is next"


def test_r_turn_4_no_discarding_to_make_room() -> None:
    s = overflow_position()
    set_goods(s, 1, cloth=8)  # full
    play(s, "play prefect", "produce italia")
    assert s.players[1].goods == [0, 0, 0, 0, 8], "a full storehouse takes nothing, and nothing is thrown away"
    assert s.active == 1


def test_r_turn_4_one_type_ruling_no_choice_asked() -> None:
    s = overflow_position()
    s.tiles.update({"novaria": "food", "aquileia": "food", "syracusae": "food"})
    set_goods(s, 1, cloth=7)  # 1 free slot, 3 food offered
    play(s, "play prefect", "produce italia")
    assert s.players[1].goods == [0, 1, 0, 0, 7]
    assert s.decision == "play" and s.active == 1


def test_r_turn_4_overflow_of_the_producer_comes_first_then_the_others_in_turn_order() -> None:
    s = overflow_position()
    s.players[0].houses = {"novaria", "aquileia"}
    set_goods(s, 0, cloth=7)  # 1 free slot: wine bonus + brick + food
    s.players[2].houses = {"aquileia", "syracusae"}
    set_goods(s, 2, cloth=7)
    play(s, "play prefect", "produce italia")
    assert s.current_player == 0 and s.decision == "overflow"
    assert sorted(legal_texts(s)) == ["accept brick=1", "accept food=1", "accept wine=1"]
    play(s, "accept wine=1")
    assert s.current_player == 1 and s.decision == "overflow"
    play(s, "accept food=1,wine=1")
    assert s.current_player == 2 and s.decision == "overflow"
    play(s, "accept food=1")
    assert s.players[2].goods == [0, 1, 0, 0, 7]
    assert s.decision == "play" and s.active == 1


def test_r_turn_4_goods_fit_exactly_no_question() -> None:
    s = overflow_position()
    set_goods(s, 1, cloth=5)  # 3 free slots, 3 goods
    play(s, "play prefect", "produce italia")
    assert s.players[1].goods == [1, 1, 0, 1, 5]
    assert s.active == 1


def test_r_turn_4_storehouse_counts_colonists_and_goods_in_12_slots() -> None:
    s = game()
    pl = s.players[0]
    assert pl.free_slots == 12 - sum(pl.store) - sum(pl.goods)
    set_colonists(s, 0, ("land", "roma"), ("land", "roma"), ("land", "roma"), ("sea", "roma"), ("sea", "roma"),
                  ("sea", "roma"))
    set_goods(s, 0)
    assert pl.store == [0, 0] and pl.free_slots == 12


def test_r_turn_5_colonists_3_plus_3_none_left_none_placed() -> None:
    s = game()
    turn_of(s, 0)
    set_colonists(s, 0, ("land", "roma"), ("land", "roma"), ("land", "roma"), ("sea", "roma"))
    set_goods(s, 0, food=2, tool=2)
    play(s, "play tribune")
    assert [a for a in s.legal_actions() if isinstance(a, PlaceColonist)] == [PlaceColonist("sea", "roma")]
    play(s, "place sea roma")
    assert s.players[0].store == [0, 1]
    assert s.players[0].goods == [0, 1, 1, 0, 0]
