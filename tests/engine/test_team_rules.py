"""R-TEAM-*: the Venus team game, one test (or a few) per rule, with the rulebook's Diplomat, Prokonsul,
Praetor and Legatus examples played move by move.

Seed 1 with 4 players on Imperium: P1 (seat 0) starts, P1+P3 and P2+P4 are the teams, P4 holds the
Praefectus Magnus; P1 and P2 are the first partners (no Diplomat), P3 and P4 the second (no Architect).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.concordia import GameConfig, GameDataError, GameState, IllegalAction, StateFormatError, new_game
from engine.concordia.actions import Done
from engine.concordia.model import GOODS, components
from engine.concordia.rules.architect import build_price
from tests.engine.helpers import (
    discard,
    game,
    legal_texts,
    ok,
    play,
    set_colonists,
    set_display,
    set_goods,
    take_card,
    turn_of,
)

P1, P2, P3, P4 = 0, 1, 2, 3


def team_game(players: int = 4, seed: int = 1, map: str = "imperium", start: str = "alexandria") -> GameState:
    """A team game after every second partner has chosen ``start`` as the starting city."""
    s = game(map, players, "venus-team", seed)
    while s.decision == "startcity":
        s.apply(f"start {start}")
    return ok(s)


def finish_turn(s: GameState) -> None:
    """Decide ``done`` (or else the first legal action) until the next player's turn."""
    active = s.active
    while not s.is_over and s.active == active:
        legal = s.legal_actions()
        play(s, next((a for a in legal if str(a) == "done"), legal[0]))


def rejected(s: GameState, action: str) -> str:
    before = s.to_dict()
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert s.to_dict() == before, "a rejected action changes nothing"
    return str(e.value)


# ------------------------------------------------------------------------------- seats, hands, money
@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_r_team_only_4_or_6_players(players: int) -> None:
    with pytest.raises(GameDataError, match="4 or 6"):
        new_game(GameConfig(players=players, variant="venus-team"), 1)


def test_r_team_seats_partners_sit_opposite() -> None:
    s4 = team_game(4)
    assert [s4.partner(p) for p in range(4)] == [2, 3, 0, 1]
    assert s4.teams() == [(0, 2), (1, 3)]
    s6 = team_game(6)
    assert [s6.partner(p) for p in range(6)] == [3, 4, 5, 0, 1, 2]
    assert s6.teams() == [(0, 3), (1, 4), (2, 5)]
    assert [s6.team_of(p) for p in range(6)] == [0, 1, 2, 0, 1, 2]


def test_r_team_hand_first_partners_return_the_diplomat_second_the_architect() -> None:
    s = game(players=4, variant="venus-team", seed=1)
    assert s.start_player == P1
    first = ["start-tribune", "start-architect", "start-prefect", "start-mercator", "start-praetor", "start-legatus"]
    second = ["start-tribune", "start-prefect", "start-mercator", "start-diplomat", "start-praetor", "start-legatus"]
    assert [sorted(pl.hand) for pl in s.players] == [sorted(first), sorted(first), sorted(second), sorted(second)]


@pytest.mark.parametrize(("players", "seed", "money"), [(4, 1, [5, 6, 5, 6]), (6, 1, [5, 6, 7, 5, 6, 7]),
                                                        (6, 0, [6, 7, 5, 6, 7, 5])])
def test_r_team_hand_money_5_6_7_per_team_in_turn_order(players: int, seed: int, money: list[int]) -> None:
    s = game(players=players, variant="venus-team", seed=seed)
    assert [pl.money for pl in s.players] == money
    assert s.players[s.start_player].money == 5
    assert s.pm == (s.start_player - 1) % players, "the last player in turn order holds the Praefectus Magnus"


# -------------------------------------------------------------------------------------- start cities
def test_r_team_start_second_partners_choose_in_turn_order_before_the_first_turn() -> None:
    s = game(players=6, variant="venus-team", seed=0)  # P6 starts: second partners P3, P4, P5
    assert s.start_player == 5
    order = []
    while s.decision == "startcity":
        order.append(s.current_player)
        assert s.players[s.current_player].colonists == [], "the colonists wait in the storehouse"
        assert s.players[s.current_player].store == [3, 3]
        s.apply("start alexandria")
        ok(s)
    assert order == [2, 3, 4]
    assert s.decision == "play" and s.current_player == 5 and s.turn == 0


def test_r_team_start_cities_are_not_directly_connected_to_the_capital() -> None:
    s = game(players=4, variant="venus-team", seed=1)
    cities = [a.removeprefix("start ") for a in legal_texts(s)]
    near = {"massilia", "novaria", "aquileia", "syracusae", "carthago"}
    assert set(cities) == set(s.map.cities) - near
    assert "Carthago is directly connected to the capital (R-TEAM-START)" in rejected(s, "start carthago")
    assert "R-TEAM-START" in rejected(s, "play prefect")


def test_r_team_start_mixed_city_one_land_one_sea() -> None:
    s = game(players=4, variant="venus-team", seed=1)
    play(s, "start alexandria")
    assert s.players[P3].colonists == [("land", "alexandria"), ("sea", "alexandria")]
    assert s.players[P3].store == [2, 2]


def test_r_team_start_land_only_city_two_land_colonists() -> None:
    s = game(players=4, variant="venus-team", seed=1)
    play(s, "start lutetia")
    assert s.players[P3].colonists == [("land", "lutetia"), ("land", "lutetia")]
    assert s.players[P3].store == [1, 3], "3 land + 3 sea in all"
    assert s.players[P3].free_slots == 12 - 4 - 6


def test_r_team_start_sea_only_city_two_sea_colonists() -> None:
    s = game("cyprus", 4, "venus-team", 1)
    assert s.current_player == s.partner(s.start_player)
    p = s.current_player
    play(s, "start paphos")
    assert s.players[p].colonists == [("sea", "paphos"), ("sea", "paphos")]
    assert s.players[p].store == [3, 1]


# --------------------------------------------------------------------------------- the partner's turn
def test_r_team_play_partner_carries_out_the_same_card_then_the_turn_passes_on() -> None:
    s = team_game()
    prov = "gallia"
    play(s, "play prefect")
    assert (s.current_player, s.decision) == (P1, "prefect")
    play(s, f"produce {prov}")
    assert (s.current_player, s.decision) == (P3, "prefect"), "the partner now carries out the Prefect"
    assert "start-prefect" in s.players[P3].hand, "the partner plays no card"
    assert f"produce {prov}" not in legal_texts(s)
    play(s, "cash")
    assert s.players[P3].money == 5 + 2, "the flipped wine marker of Gallia gives 2"
    assert (s.active, s.current_player, s.decision, s.turn) == (P2, P2, "play", 1)


def test_r_team_play_mercator_partner_gets_the_card_money_and_trades_for_themself() -> None:
    s = team_game()
    play(s, "play mercator", "done")
    assert s.players[P1].money == 5 + 3
    assert s.current_player == P3 and s.decision == "mercator"
    assert s.players[P3].money == 5 + 3
    play(s, "sell wine 1", "done")
    assert s.players[P3].money == 8 + 6 and s.players[P1].money == 8


def test_r_team_play_tribune_partner_takes_back_their_own_cards() -> None:
    s = team_game()
    discard(s, P1, "start-prefect", "start-mercator")
    discard(s, P3, "start-prefect", "start-mercator", "start-diplomat", "start-praetor")
    play(s, "play tribune", "done")
    assert s.players[P1].discard == [] and s.players[P1].money == 5, "3 cards back: no bonus"
    assert s.current_player == P3 and s.decision == "tribune"
    assert s.players[P3].discard == [] and len(s.players[P3].hand) == 6
    assert s.players[P3].money == 5 + 1, "4 cards back (no Tribune of their own played): 1 sestertius"


def test_r_team_double_partner_must_take_the_other_role() -> None:
    s = team_game()
    take_card(s, P1, "venus-I-1")  # Prefect/Architect
    assert {"play prefect-architect as prefect", "play prefect-architect as architect"} <= set(legal_texts(s))
    play(s, "play prefect-architect as architect")
    assert s.decision == "architect" and s.current_player == P1
    play(s, "done")
    assert (s.current_player, s.decision) == (P3, "prefect")


def test_r_team_money_shortfall_is_taken_from_the_partner() -> None:
    s = team_game()
    set_goods(s, P1)
    play(s, "play mercator")  # P1 has 5 + 3 = 8, P3 has 5: together 13
    assert "buy tool 2" in legal_texts(s) and "buy cloth 2" not in legal_texts(s)
    play(s, "buy tool 2")
    assert (s.players[P1].money, s.players[P3].money) == (0, 3)
    assert ("partner_money", {"player": P1, "amount": 2, "partner": P3, "total": 10, "own": 8}) in s.events


def test_r_team_pm_counts_only_for_its_holder() -> None:
    s = team_game()
    s.pm = P3
    set_goods(s, P1)
    set_goods(s, P3)
    play(s, "play prefect", "produce gallia")
    assert s.players[P1].good("wine") == 1, "P1 does not hold the Praefectus Magnus"
    assert s.pm == P3
    play(s, "produce hispania")
    assert s.players[P3].good("cloth") == 2, "the holder doubles the bonus"
    assert s.pm == P2, "and passes it to the right"


def test_r_team_arch_colonists_standing_in_a_city_cannot_build() -> None:
    s = team_game(start="lutetia")
    take_card(s, P3, "venus-I-2")  # an Architect for P3 (second partners return theirs)
    turn_of(s, P3)
    set_goods(s, P3, food=2, brick=2)
    play(s, "play architect")
    assert not [a for a in legal_texts(s) if a.startswith("build")]
    play(s, "move lutetia land:lutetia~massilia")
    builds = sorted(a for a in legal_texts(s) if a.startswith("build"))
    assert s.tiles["massilia"] == "wine" and s.tiles["lutetia"] == "brick"
    assert builds == ["build lutetia"], "Massilia (a wine city: 1 brick + 1 wine) needs the wine P3 lacks"
    s.players[P3].goods[GOODS.index("wine")] = 1
    assert sorted(a for a in legal_texts(s) if a.startswith("build")) == ["build lutetia", "build massilia"]


# ------------------------------------------------------------------------------------------- Praetor
def test_r_praetor_rulebook_example_one_card_each_refill_after_both() -> None:
    s = team_game()
    set_display(s, "venus-I-3", "venus-II-3", "venus-I-2", "venus-I-6")  # Mercator, Prefect, Architect, Farmer
    after = s.display[4:]
    next_two = s.deck[-2:][::-1]
    set_goods(s, P1, wine=1, tool=1, brick=1, food=1, cloth=1)
    set_goods(s, P3, wine=1, tool=1, brick=1, food=1, cloth=1)
    play(s, "play praetor")
    assert "purchase 1" in legal_texts(s), "slot 1: the Mercator's 1 wine, no extra cost"
    assert "purchase 4" in legal_texts(s), "the Farmer: 1 brick, 1 food and 1 cloth"
    play(s, "purchase 1")
    assert s.players[P1].goods == [1, 1, 1, 0, 1] and "venus-I-3" in s.players[P1].hand
    assert (s.current_player, s.decision) == (P3, "buy"), "no second purchase: the partner buys now"
    assert s.display[0] is None, "the display is not refilled before both have bought"
    play(s, "purchase 3 pay=brick")  # the Architect is still in slot 3: 1 tool + 1 '?'
    assert s.players[P3].goods == [0, 1, 0, 1, 1] and "venus-I-2" in s.players[P3].hand
    assert s.display == ["venus-II-3", "venus-I-6", *after, *next_two], "Prefect 1 left, the rest 2 left"
    assert s.active == P2


def test_r_praetor_second_purchase_by_the_same_player_names_the_rule() -> None:
    s = team_game()
    set_display(s, "venus-I-3", "venus-II-3", "venus-I-2", "venus-I-6")  # Mercator, Prefect, Architect, Farmer
    set_goods(s, P1, wine=2, tool=2, brick=2, food=2)
    set_goods(s, P3, wine=1, food=1)
    play(s, "play praetor", "purchase 1")
    assert s.current_player == P3 and "purchase 2 pay=food" in legal_texts(s)
    msg = rejected(s, "purchase 3 pay=food")  # P1 could pay for the Architect, but the purchase is P3's now
    assert "R-PRAETOR" in msg and "P3's purchase" in msg
    d = s.to_dict()
    d["frames"][-1] = {"k": "buy", "p": P1, "mode": "praetor", "left": 0, "refill": False}
    loaded = GameState.from_dict(d)  # e.g. a save written in the middle of P1's Praetor
    assert loaded.legal_actions() == [Done()]
    assert "R-PRAETOR" in rejected(loaded, "purchase 2")


# ----------------------------------------------------------------------------------------- Prokonsul
def test_r_prokonsul_rulebook_example() -> None:
    """Black plays a Prokonsul and buys a card without the extra cost; White plays a Prefect for himself."""
    s = team_game()
    black, white = P1, P3
    take_card(s, black, "team-II-6")
    set_display(s, "venus-I-3", "venus-II-3", "venus-I-2", "venus-I-6", "team-III-5", "venus-I-4")
    set_goods(s, black, food=1, cloth=1)
    set_goods(s, white)
    seventh = s.display[6]
    refill = s.deck[-1]
    play(s, "play prokonsul")
    buys = legal_texts(s)
    assert "purchase 6" in buys, "the Colonist costs 1 food only: no extra cost for slot 6"
    assert "purchase 5" not in buys
    assert "R-PROKONSUL" in rejected(s, "purchase 5"), "a Prokonsul cannot buy a Prokonsul"
    play(s, "purchase 6")
    assert s.players[black].goods == [0, 0, 0, 0, 1] and "venus-I-4" in s.players[black].hand
    assert (s.current_player, s.decision) == (white, "partnerplay")
    assert s.display[5] is None, "no refill before White's card"
    assert "play legatus" not in legal_texts(s)
    assert "R-PROKONSUL" in rejected(s, "play legatus")
    play(s, "play prefect", "produce gallia")
    assert s.players[white].good("wine") == 1
    assert s.players[white].discard == ["start-prefect"], "White laid his own card"
    assert s.players[black].goods == [0, 0, 0, 0, 1], "the Prefect counts for White alone"
    assert s.display == ["venus-I-3", "venus-II-3", "venus-I-2", "venus-I-6", "team-III-5", seventh, refill]
    assert (s.active, s.decision) == (P2, "play"), "the turn order does not change"


def test_r_prokonsul_partners_tribune_counts_for_them_alone() -> None:
    s = team_game()
    take_card(s, P1, "team-II-6")
    discard(s, P1, "start-prefect", "start-mercator", "start-praetor")
    discard(s, P3, "start-prefect", "start-mercator")
    set_goods(s, P1)
    play(s, "play prokonsul")
    play(s, "play tribune", "done")
    assert s.players[P3].discard == []
    assert s.players[P1].discard == ["start-prefect", "start-mercator", "start-praetor", "team-II-6"]


def test_r_prokonsul_partner_may_play_no_card() -> None:
    """R-PROKONSUL (Venus rulebook: „Nun darf Weiß eine Karte spielen“): after the purchase the partner *may*
    play a card, so ``done`` is offered; choosing it lays no card, refills the display and ends the turn."""
    s = team_game()
    take_card(s, P1, "team-II-6")
    set_goods(s, P1)
    set_goods(s, P3)
    hand = list(s.players[P3].hand)
    play(s, "play prokonsul")
    assert (s.current_player, s.decision) == (P3, "partnerplay")
    legal = legal_texts(s)
    assert "done" in legal and "play prefect" in legal and "play legatus" not in legal
    play(s, "done")
    assert s.players[P3].hand == hand and s.players[P3].discard == []
    assert s.players[P1].discard == ["team-II-6"]
    assert None not in s.display
    assert (s.active, s.decision) == (P2, "play")


def test_r_legatus_partner_has_no_done_under_a_legatus() -> None:
    """Under a Legatus the partner's card counts for both: the partner must play one (only R-PROKONSUL may pass)."""
    s = team_game()
    play(s, "play legatus", "recommend prefect")
    assert (s.current_player, s.decision) == (P3, "partnerplay")
    assert "done" not in legal_texts(s)


def test_r_legatus_recommendation_is_private_between_the_partners() -> None:
    """R-LEGATUS: the Legatus player hands the cards back with the recommended one in front; the opponents see
    that a recommendation happened (view and log), not which card."""
    s = team_game()
    play(s, "play legatus", "recommend prefect")
    assert s.frames[-1]["rec"] == "prefect"
    assert s.view(P1).frames[-1]["rec"] == "prefect", "the Legatus player knows it"
    assert s.view(P3).frames[-1]["rec"] == "prefect", "the partner sees the card in front"
    for opponent in (P2, P4):
        v = s.view(opponent)
        assert v.frames[-1]["k"] == "partnerplay" and v.frames[-1]["rec"] == "?", "a recommendation, not which"
        assert not any("prefect" in str(e) for e in v.events)
        assert GameState.from_dict(v.to_dict()).frames[-1]["rec"] == "?"
    assert s.events == [("recommends", {"player": P1, "partner": P3})]
    assert not any("prefect" in str(e) for e in s.events)


# ------------------------------------------------------------------------------------------- Legatus
def test_r_legatus_rulebook_example() -> None:
    """Black wants to build but has no Architect: he plays the Legatus and recommends White's Architect."""
    s = team_game()
    black, white = P1, P3
    discard(s, black, "start-architect")
    take_card(s, white, "venus-I-2")
    set_colonists(s, white, ("land", "land:alexandria~memphis"), ("sea", "alexandria"))
    set_colonists(s, black, ("land", "land:novaria~roma"), ("sea", "roma"))
    set_goods(s, white, food=2, brick=2, tool=2, wine=1, cloth=1)
    set_goods(s, black, food=2, brick=2, tool=2, wine=1, cloth=1)
    s.players[black].money = s.players[white].money = 30
    assert s.view(black).players[white].hand == [], "the partner's hand is hidden"
    assert s.view(black).hidden_hand_sizes == {white: 7}
    play(s, "play legatus")
    assert (s.current_player, s.decision) == (black, "recommend")
    assert Counter(s.view(black).players[white].hand) == Counter(s.players[white].hand), "Black looks at it"
    assert set(legal_texts(s)) == {"recommend tribune", "recommend prefect", "recommend mercator",
                                   "recommend diplomat", "recommend praetor", "recommend architect"}
    play(s, "recommend architect")
    assert (s.current_player, s.decision) == (white, "partnerplay")
    assert s.frames[-1]["rec"] == "architect"
    assert s.view(black).players[white].hand == [], "hidden again"
    assert "play legatus" not in legal_texts(s)
    assert "R-LEGATUS" in rejected(s, "play legatus")
    play(s, "play architect")
    assert (s.current_player, s.decision) == (white, "architect"), "the playing partner begins"
    play(s, "build memphis")
    goods, price = build_price(s, black, "novaria")
    play(s, "done")
    assert (s.current_player, s.decision) == (black, "architect"), "then Black carries out the Architect"
    play(s, "build novaria")
    assert s.players[black].money == 30 - price and "novaria" in s.players[black].houses
    assert goods == ("food",) and s.players[black].good("food") == 1, "Novaria is a brick city: 1 food"
    assert "memphis" in s.players[white].houses
    assert s.players[white].discard == ["venus-I-2"] and s.players[black].discard == ["start-architect",
                                                                                      "start-legatus"]
    assert (s.active, s.decision) == (P2, "play"), "the turn order does not change"
    ok(s)


def test_r_legatus_partner_plays_any_card_and_double_role_splits() -> None:
    s = team_game()
    take_card(s, P3, "venus-I-1")
    play(s, "play legatus", "recommend tribune")
    play(s, "play prefect-architect as architect", "done")
    assert (s.current_player, s.decision) == (P1, "prefect"), "the Legatus player takes the other role"


def test_r_legatus_partner_prokonsul_lets_the_legatus_player_play_for_themself_only() -> None:
    s = team_game()
    take_card(s, P3, "team-II-6")
    set_goods(s, P3)
    play(s, "play legatus", "recommend prokonsul", "play prokonsul")  # P3 can buy nothing: no decision
    assert (s.current_player, s.decision) == (P1, "partnerplay")
    assert "play legatus" not in legal_texts(s)
    play(s, "play prefect", "produce gallia")
    assert s.active == P2


def test_r_legatus_diplomat_under_a_legatus_cannot_copy_a_legatus() -> None:
    s = team_game()
    discard(s, P2, "start-legatus")
    discard(s, P4, "start-prefect")
    play(s, "play legatus", "recommend diplomat", "play diplomat")
    assert (s.current_player, s.decision) == (P3, "diplomat")
    assert legal_texts(s) == ["copy 4", "done"]
    assert "R-LEGATUS" in rejected(s, "copy 2")


def test_r_legatus_copied_with_the_diplomat_at_the_top_of_a_turn() -> None:
    s = team_game()
    discard(s, P2, "start-legatus")
    turn_of(s, P3)
    play(s, "play diplomat", "copy 2")
    assert (s.current_player, s.decision) == (P3, "recommend"), "P3 looks into P1's hand"
    play(s, "recommend prefect", "play prefect", "produce gallia")
    assert (s.current_player, s.decision) == (P3, "prefect"), "P1 first, then P3"


# ------------------------------------------------------------------------------------------ Diplomat
def test_r_team_diplomat_rulebook_example() -> None:
    """P1 may copy P2's Mercator or P4's Prefect, not the Architect of P3 (his partner); he copies the Prefect
    and produces, P3 carries out the Prefect too and takes the cash. After P2's turn, P3 plays a Diplomat and
    may not copy P4's Prefect: his team has used it already."""
    s = team_game()
    take_card(s, P1, "venus-I-5")  # P1 is a first partner: his Diplomat was bought
    discard(s, P2, "start-mercator")
    discard(s, P3, "venus-I-2")
    discard(s, P4, "start-prefect")
    take_card(s, P3, "venus-III-6")
    play(s, "play diplomat")
    assert legal_texts(s) == ["copy 2", "copy 4", "done"]
    assert "P3 is your partner, not an opponent" in rejected(s, "copy 3")
    assert "R-TEAM-DIPLOMAT" in rejected(s, "copy 3")
    play(s, "copy 4", "produce gallia")
    assert (s.current_player, s.decision) == (P3, "prefect"), "the partner carries out the copied Prefect"
    play(s, "cash")
    assert s.players[P3].money == 5 + 2
    assert (s.active, s.decision) == (P2, "play")
    play(s, "play prefect", "produce hispania")  # P2's turn; P4 follows
    play(s, "cash")
    assert s.active == P3
    play(s, "play diplomat")
    assert "copy 4" not in legal_texts(s)
    assert "already copied this card of P4" in rejected(s, "copy 4")
    assert "copy 2" in legal_texts(s)


def test_r_team_diplomat_copy_allowed_again_once_a_new_card_lies_on_top() -> None:
    s = team_game()
    take_card(s, P1, "venus-I-5")
    discard(s, P4, "start-prefect")
    play(s, "play diplomat", "copy 4")
    finish_turn(s)
    assert s.team_copied == [[0, P4, 1]]
    play(s, "play mercator")  # P2: P4's Prefect stays on top
    finish_turn(s)
    take_card(s, P3, "venus-III-6")
    play(s, "play diplomat")
    assert "copy 4" not in legal_texts(s)
    finish_turn(s)
    play(s, "play tribune")  # P4 takes his cards back ...
    finish_turn(s)
    for card in ("mercator", "prefect", "mercator"):  # P1, P2, P3
        play(s, f"play {card}")
        finish_turn(s)
    play(s, "play prefect")  # ... and lays the Prefect again: the same pile size, a new card on top
    finish_turn(s)
    assert s.players[P4].discard == ["start-prefect"] and s.team_copied == []
    take_card(s, P1, "venus-IV-5")
    play(s, "play diplomat")
    assert "copy 4" in legal_texts(s)


def test_r_team_diplomat_the_copied_double_role_card_splits_between_partners() -> None:
    s = team_game()
    take_card(s, P1, "venus-I-5")
    take_card(s, P2, "venus-I-1", to="discard")
    play(s, "play diplomat")
    assert {"copy 2 as prefect", "copy 2 as architect"} <= set(legal_texts(s))
    play(s, "copy 2 as architect", "done")
    assert (s.current_player, s.decision) == (P3, "prefect")


def test_r_team_diplomat_copying_nothing_gives_the_partner_nothing() -> None:
    s = team_game()
    take_card(s, P1, "venus-I-5")
    discard(s, P2, "start-prefect")
    play(s, "play diplomat", "done")
    assert (s.active, s.decision) == (P2, "play")


def test_r_team_diplomat_copying_a_praetor_both_partners_buy() -> None:
    s = team_game()
    take_card(s, P1, "venus-I-5")
    discard(s, P2, "start-praetor")
    set_goods(s, P1, wine=2, tool=2, food=2, brick=2)
    set_goods(s, P3, wine=2, tool=2, food=2, brick=2)
    play(s, "play diplomat", "copy 2", "purchase 1")
    assert (s.current_player, s.decision) == (P3, "buy") and s.display[0] is None
    play(s, "purchase 2 pay=food")
    assert None not in s.display and s.active == P2


# ------------------------------------------------------------------------------------------------ end
def _fourteen_houses(s: GameState, p: int) -> None:
    skip = {"novaria", "massilia"}
    s.players[p].houses = {c for c in sorted(s.map.cities) if c not in skip and s.tiles[c] == "brick"}
    for c in sorted(s.map.cities):
        if len(s.players[p].houses) == 14:
            break
        if c not in skip:
            s.players[p].houses.add(c)


@pytest.mark.parametrize(("players", "extra_turns"), [(4, [P2]), (6, [1, 2])])
def test_r_team_end_partner_finishes_then_every_other_team_has_one_more_turn(
    players: int, extra_turns: list[int]
) -> None:
    s = team_game(players)
    assert s.active == 0
    _fourteen_houses(s, 0)
    set_colonists(s, 0, ("land", "land:novaria~roma"), ("sea", "roma"))
    set_goods(s, 0, food=2, brick=2)
    s.players[0].money = 20
    ok(s)
    play(s, "play architect", "build novaria")
    assert s.concordia == 0
    assert (s.current_player, s.decision) == (s.partner(0), "architect")
    finish_turn(s)
    turns = []
    rng = random.Random(1)
    while not s.is_over:
        turns.append(s.active)
        while not s.is_over and s.active == turns[-1]:
            legal = s.legal_actions()
            play(s, legal[rng.randrange(len(legal))])
    assert turns == extra_turns, "the partner has no turn of its own; each other team one"
    scores = s.final_scores()
    assert scores.players[0].concordia == components().concordia_card


def test_r_team_end_partner_still_carries_out_the_action() -> None:
    s = team_game()
    _fourteen_houses(s, P1)
    set_colonists(s, P1, ("land", "land:novaria~roma"), ("sea", "roma"))
    set_goods(s, P1, food=2, brick=2)
    s.players[P1].money = 20
    play(s, "play architect", "build novaria")
    assert s.concordia == P1 and not s.is_over
    assert (s.current_player, s.decision) == (P3, "architect"), "P1 can do no more; P3 still builds"
    assert ("team_role", {"player": P3, "role": "architect"}) in s.events


# -------------------------------------------------------------------------------------------- scoring
def test_r_team_venus_scores_provinces_where_both_partners_have_a_house_and_legatus_counts_three_gods() -> None:
    s = team_game()
    s.players[P1].houses = {"lutetia", "colonia-a"}  # Gallia (brick), Germania (food)
    s.players[P3].houses = {"burdigala", "isca-d"}  # Gallia, Britannia
    s.tiles = dict(s.tiles, lutetia="brick", **{"colonia-a": "food"})
    s.players[P1].money = 10
    set_goods(s, P1)
    sc = s.final_scores().players[P1]
    # P1's cards: Tribune (Mars), Architect (Jupiter), Prefect (Saturnus), Mercator (Mercurius),
    # Praetor (Vesta), Legatus (Jupiter + Saturnus + Venus)
    assert sc.gods == {"vesta": 1, "jupiter": 2 * 1, "saturnus": 2 * 2, "venus": 1 * 1, "mercurius": 1 * 4,
                       "mars": 1 * 4, "minerva": 0}
    assert sc.total == 16


def test_r_team_score_is_the_sum_of_both_partners() -> None:
    s = team_game()
    fs = s.final_scores()
    assert fs.teams == [(0, 2), (1, 3)]
    assert fs.team_totals == [fs.total(0) + fs.total(2), fs.total(1) + fs.total(3)]


def test_r_tie_team_of_the_pm_holder_wins() -> None:
    s = team_game()
    fs = s.final_scores()
    assert fs.team_totals[0] == fs.team_totals[1] and fs.tie_break
    assert s.pm == P4 and s.team_of(fs.winner) == 1
    s.pm = P1
    assert s.team_of(s.final_scores().winner) == 0


def test_r_tie_team_that_would_get_the_pm_first_wins() -> None:
    s = team_game(6)
    s.players[2].money = 0
    set_goods(s, 2)
    s.pm = 2  # team 3 holds the PM but is behind; it passes to P2 (team 2) before P1 (team 1)
    fs = s.final_scores()
    assert fs.team_totals[0] == fs.team_totals[1] > fs.team_totals[2]
    assert fs.tie_break and fs.winner == 1


# -------------------------------------------------------------------------------- views and round trips
def test_view_hides_only_the_partners_hand_and_determinize_deals_it_back() -> None:
    s = team_game()
    v = s.view(P1)
    assert v.players[P3].hand == [] and v.hidden_hand_sizes == {P3: 6}
    assert v.players[P2].hand == s.players[P2].hand and v.players[P4].hand == s.players[P4].hand
    assert ok(v) is v
    assert v.view(P1).hidden_hand_sizes == {P3: 6}, "a view of a view keeps the count"
    d = v.determinize(random.Random(3))
    assert Counter(d.players[P3].hand) == Counter(s.players[P3].hand) and d.hidden_hand_sizes == {}
    assert GameState.from_dict(v.to_dict()).hidden_hand_sizes == {P3: 6}
    assert "hidden_hand_sizes" not in s.to_dict()


def test_team_state_round_trips_mid_turn() -> None:
    s = team_game()
    take_card(s, P1, "team-II-6")
    set_goods(s, P1, food=2, tool=2, wine=2, brick=2)
    play(s, "play prokonsul", f"purchase {s.display.index('venus-I-4') + 1}")
    assert s.decision == "partnerplay"
    d = s.to_dict()
    r = GameState.from_dict(d)
    assert r.to_dict() == d
    assert legal_texts(r) == legal_texts(s)


def test_goods_order_assumed_by_these_tests() -> None:
    assert GOODS == ("brick", "food", "tool", "wine", "cloth")


@pytest.mark.parametrize("damage", [
    {"k": "follow", "p": 2, "role": "emperor", "card": "start-prefect", "owner": 0, "index": 0},
    {"k": "partnerplay", "p": 2, "mode": "senator", "by": 0, "rec": ""},
    {"k": "recommend", "p": 0, "partner": 1},
])
def test_damaged_team_decisions_are_a_state_format_error(damage: dict[str, object]) -> None:
    d = team_game().to_dict()
    d["frames"] = [{"k": "end", "p": 0}, damage]
    with pytest.raises(StateFormatError, match="bad details"):
        GameState.from_dict(d)
