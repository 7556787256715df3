"""R-END-TRIGGER, R-SCORE (the 134-point rulebook example), R-TIE and R-INTERIM."""

from __future__ import annotations

import pytest

from engine.concordia import GameState
from tests.engine.helpers import discard, game, ok, play, set_colonists, set_goods, take_card, turn_of


def scoring_example() -> GameState:
    """The rulebook's final scoring: 12 houses (3 brick, 4 food, 3 tool, 2 cloth cities) in 7 provinces, 5 of them
    with 2 houses; 5 colonists on the board; 1 cloth, 3 tool, 1 brick; 13 sestertii; Vesta 1, Jupiter 2,
    Saturnus 4, Venus 2, Mercurius 2, Mars 3, Farmer 1; the Concordia card."""
    s = game("imperium", 5, "venus", 1)
    provinces = ["gallia", "hispania", "italia", "dacia", "asia", "britannia", "germania"]
    cities = [c for prov in provinces[:5] for c in s.map.provinces[prov].cities[:2]]
    cities += [s.map.provinces["britannia"].cities[0], s.map.provinces["germania"].cities[0]]
    goods = ["brick"] * 3 + ["food"] * 4 + ["tool"] * 3 + ["cloth"] * 2
    for city, good in zip(cities, goods, strict=True):
        s.tiles[city] = good
    pl = s.players[0]
    pl.houses = set(cities)
    set_colonists(s, 0, ("land", "roma"), ("land", "roma"), ("land", "massilia"), ("sea", "roma"), ("sea", "roma"))
    set_goods(s, 0, cloth=1, tool=3, brick=1)
    pl.money = 13
    # start hand: Mars (Tribune), Jupiter x2, Saturnus x2, Mercurius, Vesta (Senator), Venus (Magister)
    for card in ("venus-I-5", "venus-II-3", "venus-I-1", "venus-I-3", "venus-I-4", "venus-II-5", "venus-I-6"):
        take_card(s, 0, card)
    discard(s, 0, "start-prefect", "venus-I-4")  # cards on the discard pile count as well
    s.concordia = 0
    return ok(s)


def test_r_score_rulebook_example_134_points() -> None:
    s = scoring_example()
    score = s.final_scores().players[0]
    assert score.gods == {
        "vesta": 3, "jupiter": 18, "saturnus": 28, "venus": 20, "mercurius": 16, "mars": 30, "minerva": 12,
    }
    assert score.concordia == 7
    assert score.total == 134


def test_r_score_vesta_counts_money_and_goods_at_storehouse_prices_full_tens_only() -> None:
    s = game()
    set_goods(s, 0, brick=1, food=1, tool=1, wine=1, cloth=1)  # 25
    s.players[0].money = 4  # 29 -> 2
    assert s.final_scores().players[0].gods["vesta"] == 2
    s.players[0].money = 5  # 30 -> 3
    assert s.final_scores().players[0].gods["vesta"] == 3


def test_r_score_jupiter_saturnus_mercurius_mars_minerva_per_card() -> None:
    s = game("imperium", 4, "base", 1)
    pl = s.players[0]
    for city, good in (("massilia", "brick"), ("novaria", "food"), ("aquileia", "food"), ("lutetia", "cloth")):
        s.tiles[city] = good
    pl.houses = {"massilia", "novaria", "aquileia", "lutetia"}  # Gallia x2, Italia x2
    set_colonists(s, 0, ("land", "roma"), ("sea", "roma"), ("land", "land:lutetia~massilia"))
    take_card(s, 0, "base-I-7")  # Farmer (Minerva 3 per food city)
    take_card(s, 0, "base-IV-5")  # Diplomat (Mercurius)
    ok(s)
    g = s.final_scores().players[0].gods
    assert g["jupiter"] == 2 * 3, "2 Jupiter cards (Architect, Diplomat) x 3 non-brick cities"
    assert g["saturnus"] == 2 * 2, "2 Prefects x 2 provinces"
    assert g["mercurius"] == 2 * (2 * 3), "Mercator + Diplomat IV x 3 kinds of goods (brick, food, cloth)"
    assert g["mars"] == 1 * (2 * 3), "the Tribune x 3 colonists on the board"
    assert g["minerva"] == 3 * 2, "the Farmer x 2 food cities"
    assert g["venus"] == 0


def test_r_score_no_concordia_card_no_7() -> None:
    s = scoring_example()
    s.concordia = 1
    assert s.final_scores().players[0].total == 127
    assert s.final_scores().players[1].concordia == 7


def test_r_tie_holder_of_the_praefectus_magnus_wins() -> None:
    s = game("imperium", 4, "base", 1)
    totals = [p.total for p in s.final_scores().players]
    assert len(set(totals)) == 1, "everybody starts with the same score"
    for pm in range(4):
        s.pm = pm
        fs = s.final_scores()
        assert fs.winner == pm and fs.tie_break


def test_r_tie_otherwise_who_would_receive_the_magnus_first_anticlockwise() -> None:
    s = game("imperium", 4, "base", 1)
    for p in (1, 3):
        s.players[p].money = 0
        set_goods(s, p)
    s.pm = 1  # P2 holds it but is not tied; it would pass to P1 next, then P4, then P3
    fs = s.final_scores()
    assert fs.players[0].total == fs.players[2].total > fs.players[1].total
    assert fs.winner == 0 and fs.tie_break
    s.pm = 3  # P4 -> P3 next
    assert s.final_scores().winner == 2


def test_r_tie_no_tie_no_tie_break() -> None:
    s = scoring_example()
    fs = s.final_scores()
    assert fs.winner == 0 and not fs.tie_break


# ---------------------------------------------------------------------------------------------- R-END


def trigger_position(players: int = 4, trigger: int = 1) -> GameState:
    """``trigger`` (a seat) is about to build its 15th house with the Architect."""
    s = game("imperium", players, "base", 2)
    turn_of(s, trigger)
    s.tiles["massilia"] = "brick"
    others = [c for c in s.map.cities if c != "massilia"][:14]
    s.players[trigger].houses = set(others)
    set_colonists(s, trigger, ("land", "roma"), ("sea", "sea:massilia~roma"))
    set_goods(s, trigger, food=1)
    return ok(s)


@pytest.mark.parametrize(("players", "trigger"), [(2, 0), (3, 2), (4, 1), (5, 4)])
def test_r_end_trigger_15th_house_then_exactly_one_more_turn_for_every_other_player(players: int,
                                                                                     trigger: int) -> None:
    s = trigger_position(players, trigger)
    play(s, "play architect", "build massilia")
    assert len(s.players[trigger].houses) == 15 and s.concordia == trigger
    assert not s.is_over and s.active == (trigger + 1) % players
    for i in range(1, players):
        assert s.active == (trigger + i) % players and not s.is_over
        play(s, "play mercator", "done")
    assert s.is_over and s.legal_actions() == []
    assert s.turn == players, "the trigger turn and one turn of each other player"
    assert s.final_scores().players[trigger].concordia == 7


def test_r_end_triggering_player_finishes_the_turn() -> None:
    s = trigger_position(4, 1)
    s.players[1].money = 10
    play(s, "play architect")
    assert s.concordia == -1
    play(s, "build massilia")
    assert s.concordia == 1
    assert s.active == 2, "the 15th house was the last possible action: the turn is over"


def test_r_end_trigger_by_the_last_card_then_one_turn_each() -> None:
    s = game("imperium", 3, "base", 1)
    turn_of(s, 0)
    last = s.display[0]
    assert last is not None
    for c in list(s.deck) + [c for c in s.display[1:] if c is not None]:
        take_card(s, 2, c)
    s.display = [last, None, None, None, None, None, None]
    set_goods(s, 0, brick=1, food=1, tool=1, wine=1, cloth=1)
    ok(s)
    play(s, "play senator", "purchase 1")
    assert s.concordia == 0 and s.active == 1
    play(s, "play prefect", "done")
    assert not s.is_over
    play(s, "play prefect", "done")
    assert s.is_over


def test_r_end_no_more_actions_after_the_end() -> None:
    s = trigger_position(2, 0)
    play(s, "play architect", "build massilia", "play mercator", "done")
    assert s.is_over and s.decision == "over"
    from engine.concordia import IllegalAction

    with pytest.raises(IllegalAction, match="game is over"):
        s.apply("play tribune")


# ---------------------------------------------------------------------------------------------- R-INTERIM


def interim_game() -> GameState:
    s = game("imperium", 3, "base", 1, interim_scoring=True)
    turn_of(s, 0)
    return ok(s)


def test_r_interim_first_tribune_scores_all_cards_without_the_concordia_card() -> None:
    s = interim_game()
    expected = s.final_scores().players[0].total
    play(s, "play tribune")
    assert s.players[0].interim == expected == 7  # Vesta 3 (5 + 29 in goods) + Mars 2 x 2 colonists


def test_r_interim_off_by_default() -> None:
    s = game("imperium", 3, "base", 1)
    turn_of(s, 0)
    play(s, "play tribune")
    assert s.players[0].interim == -1


def test_r_interim_when_all_have_scored_first_gets_2_second_gets_1_ties_share() -> None:
    s = interim_game()
    s.players[1].interim = 10
    s.players[2].interim = 7
    money = [pl.money for pl in s.players]
    play(s, "play tribune")  # P1 scores 7: ties with P3 for second place
    assert s.interim_paid
    assert [pl.money - m for pl, m in zip(s.players, money, strict=True)] == [1, 2, 1]


def test_r_interim_only_the_first_tribune_scores_and_pays_once() -> None:
    s = interim_game()
    s.players[1].interim = 10
    s.players[2].interim = 7
    play(s, "play tribune", "done")
    money = [pl.money for pl in s.players]
    assert s.active == 1
    play(s, "play mercator", "done", "play mercator", "done")
    set_goods(s, 0)
    s.players[0].money = 0
    play(s, "play tribune")
    assert s.players[0].interim == 7 and s.players[0].money == 0
    assert [pl.money for pl in s.players][1:] == [money[1] + 3, money[2] + 3]


def test_r_interim_points_do_not_count_at_the_end() -> None:
    s = interim_game()
    before = s.final_scores().players[0].total
    play(s, "play tribune")
    assert s.final_scores().players[0].total == before


def test_r_interim_ruling_dense_places_a_tie_for_first_leaves_second_place_to_the_next_score() -> None:
    """The German text: "Sind Plätze mehrfach belegt, erhält jeder Spieler den entsprechenden Betrag." The engine
    rules places dense (tribune.py): with 10, 10, 7 both 10s get 2 and the 7 is second and gets 1."""
    s = interim_game()
    s.players[1].interim = 10
    s.players[2].interim = 10
    money = [pl.money for pl in s.players]
    play(s, "play tribune")  # P1 scores 7
    assert [pl.money - m for pl, m in zip(s.players, money, strict=True)] == [1, 2, 2]
