"""engine.concordia.context: why a seat decides (R-TEAM-PLAY, R-LEGATUS, R-PROKONSUL, R-PRAETOR, R-TURN-4),
the payment split (R-TEAM-MONEY), a production's overflow (R-TURN-4) and the Tribune's colonist (R-TRIBUNE).

Seed 1 with 4 players on Imperium: P1 starts, P1+P3 and P2+P4 are the teams (as in test_team_rules).
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.concordia import GameState, StateFormatError
from engine.concordia.actions import Build, Buy, Produce
from engine.concordia.context import DecisionContext, Payment, decision_context, payment, production_overflow
from engine.concordia.rules import storehouse
from engine.concordia.rules.architect import build_price
from tests.engine.helpers import discard, game, ok, play, set_colonists, set_goods, take_card

P1, P2, P3, P4 = 0, 1, 2, 3


def team_game() -> GameState:
    s = game("imperium", 4, "venus-team", 1)
    while s.decision == "startcity":
        s.apply("start alexandria")
    return ok(s)


def test_r_team_money_payment_split_takes_the_shortfall_from_the_partner() -> None:
    """R-TEAM-MONEY: with 9 sestertii, 4 brick for 12 take 3 from the partner (the issue's example)."""
    s = team_game()
    set_goods(s, P1)
    s.players[P1].money = 6  # + 3 from the Mercator = 9
    s.players[P3].money = 5
    play(s, "play mercator")
    assert s.players[P1].money == 9
    assert storehouse.payment_split(s, P1, 12) == (9, 3)
    assert storehouse.payment_split(s, P1, 9) == (9, 0)
    assert payment(s, Buy("brick", 4)) == Payment(total=12, own=9, from_partner=3, partner=P3)
    assert payment(s, Buy("brick", 3)) == Payment(total=9, own=9, from_partner=0, partner=P3)
    play(s, "buy brick 4")
    assert (s.players[P1].money, s.players[P3].money) == (0, 5), "P3: 5 - 3, then + 3 of P3's own Mercator"
    assert ("partner_money", {"player": 0, "amount": 3, "partner": 2, "total": 12, "own": 9}) in s.events


def test_r_team_money_split_of_a_build_and_none_outside_the_team_game() -> None:
    s = team_game()
    set_colonists(s, P1, ("land", "land:novaria~roma"), ("sea", "roma"))
    goods, price = build_price(s, P1, "novaria")
    set_goods(s, P1, **Counter(goods))
    s.players[P1].money = 1
    play(s, "play architect")
    assert payment(s, Build("novaria")) == Payment(price, 1, price - 1, P3)
    solo = game("imperium", 2, "base", 1)
    solo.players[0].money = 4
    assert storehouse.payment_split(solo, 0, 6) == (4, 2), "the split itself; the legal actions forbid it"
    assert payment(solo, Produce("gallia")) is None, "a production costs no money"


def test_r_team_play_partner_decides_for_the_partners_card() -> None:
    """R-TEAM-PLAY: P1 plays the Architect, then P3 carries it out: P3's decision is for P1's card."""
    s = team_game()
    assert decision_context(s) == DecisionContext(P1, "turn")
    play(s, "play architect")
    assert decision_context(s) == DecisionContext(P1, "turn")
    play(s, "done")
    ctx = decision_context(s)
    assert (s.current_player, s.decision) == (P3, "architect")
    assert ctx == DecisionContext(P3, "partner-card", P1, "start-architect") and ctx.out_of_turn
    assert decision_context(s.view(P3)) == ctx, "a view keeps the mark"
    assert decision_context(GameState.from_dict(s.to_dict())) == ctx, "a save keeps the mark"


def test_r_team_double_partner_carries_out_the_other_role() -> None:
    """R-TEAM-DOUBLE: P1 plays the Prefect/Architect as Architect; P3's Prefect is for P1's card."""
    s = team_game()
    take_card(s, P1, "venus-I-1")  # Prefect/Architect
    play(s, "play prefect-architect as architect", "done")
    assert (s.current_player, s.decision) == (P3, "prefect")
    assert decision_context(s) == DecisionContext(P3, "partner-card", P1, "venus-I-1")


def test_r_praetor_partners_purchase_is_for_the_praetor() -> None:
    s = team_game()
    set_goods(s, P1, wine=1, tool=1, brick=1, food=1, cloth=1)
    set_goods(s, P3, wine=1, tool=1, brick=1, food=1, cloth=1)
    play(s, "play praetor", "purchase 1")
    assert (s.current_player, s.decision) == (P3, "buy")
    assert decision_context(s) == DecisionContext(P3, "partner-card", P1, "start-praetor")


def test_r_legatus_recommendation_then_the_partners_card_counts_for_both() -> None:
    """R-LEGATUS: P1 recommends P3's Prefect; P3 plays it (under P1's Legatus), then P1 follows P3's card."""
    s = team_game()
    play(s, "play legatus")
    assert decision_context(s) == DecisionContext(P1, "legatus-recommend", P3)
    assert not decision_context(s).out_of_turn
    play(s, "recommend prefect")
    assert decision_context(s) == DecisionContext(P3, "legatus-play", P1, recommended="prefect")
    assert decision_context(s.view(P2)).recommended == "?", "the opponents do not learn the card"
    play(s, "play prefect")
    assert (s.current_player, s.decision) == (P3, "prefect")
    assert decision_context(s) == DecisionContext(P3, "legatus-play", P1, "start-prefect")
    play(s, "done")
    assert (s.current_player, s.decision) == (P1, "prefect")
    ctx = decision_context(s)
    assert ctx == DecisionContext(P1, "partner-card", P3, "start-prefect") and ctx.out_of_turn


def test_r_prokonsul_partners_own_card_is_for_themself() -> None:
    s = team_game()
    take_card(s, P1, "team-II-6")
    set_goods(s, P1)
    set_goods(s, P3)
    play(s, "play prokonsul")
    assert decision_context(s) == DecisionContext(P3, "prokonsul-play", P1)
    play(s, "play prefect")
    assert decision_context(s) == DecisionContext(P3, "prokonsul-play", P1, "start-prefect")


def test_r_turn_4_production_overflow_counts_what_does_not_fit() -> None:
    """R-TURN-4: Italia (cloth marker) gives P1 1 cloth + 1 tool (house in Aquileia); with 1 free slot 1 is lost."""
    s = game("imperium", 2, "base", 1)
    assert s.pm == 1 and s.bonus["italia"] == "cloth"
    s.players[0].houses.add("aquileia")
    produce = Produce("italia")
    set_goods(s, 0, brick=7)  # 7 goods + 4 colonists in the storehouse: 1 of 12 slots free
    assert s.players[0].free_slots == 1 and production_overflow(s, produce) == 1
    set_goods(s, 0, brick=6)
    assert production_overflow(s, produce) == 0
    assert production_overflow(s, Buy("brick", 1)) == 0, "only a production"


def test_r_turn_4_overflow_in_another_players_turn_names_the_production() -> None:
    """P2 (houses in Novaria and Syracusae) gets 1 brick + 1 cloth from P1's Italia with 1 free slot: P2 decides."""
    s = game("imperium", 2, "base", 1)
    s.players[1].houses.update(["novaria", "syracusae"])
    set_goods(s, 1, brick=7)
    set_goods(s, 0)
    play(s, "play prefect", "produce italia")
    assert (s.current_player, s.decision) == (1, "overflow")
    ctx = decision_context(s)
    assert (ctx.seat, ctx.reason, ctx.by, ctx.why) == (1, "overflow", 0, "Italia produces") and ctx.out_of_turn


def test_r_tribune_cannot_afford_a_colonist_says_so() -> None:
    """R-TRIBUNE: a colonist costs 1 food + 1 tool; without them the log says why none is placed."""
    s = game("imperium", 2, "base", 1)
    discard(s, 0, "start-architect", "start-prefect")
    set_goods(s, 0, food=1)
    play(s, "play tribune")
    assert s.active == 1, "no choice: the turn ended"
    assert ("no_colonist", {"player": 0}) in s.events
    set_goods(s, 1, food=1, tool=1)
    discard(s, 1, "start-architect")
    play(s, "play tribune")
    assert s.decision == "tribune"
    play(s, "done")
    assert not any("cannot place" in e for e in s.events), "could pay, chose not to: nothing to explain"


@pytest.mark.parametrize("mark", [[9, "start-prefect", "team"], [0, "no-card", "team"], [0, "start-prefect", "x"],
                                  "team", [0, "start-prefect"]])
def test_a_damaged_mark_of_a_team_decision_is_a_state_format_error(mark: object) -> None:
    """A save's ``for`` mark (engine.concordia.context) is checked like every other detail of a decision."""
    s = team_game()
    play(s, "play prefect", "produce britannia")
    d = s.to_dict()
    assert d["frames"][-1]["k"] == "prefect" and d["frames"][-1]["for"] == [P1, "start-prefect", "team"]
    d["frames"][-1]["for"] = mark
    with pytest.raises(StateFormatError, match="bad details"):
        GameState.from_dict(d)


def test_r_salsa_forum_setup_keeping_a_patrician_is_before_the_first_turn() -> None:
    """Every player keeps a patrician before the first turn (R-SALSA-FORUM-SETUP): not "in P2's turn"."""
    s = game("imperium", 3, "base", 1, forum=True, salt=True)
    seen = set()
    while s.decision == "keep":
        ctx = decision_context(s)
        assert ctx.reason == "start"
        seen.add(ctx.seat)
        s.apply(s.legal_actions()[0])
    assert seen == {0, 1, 2}
