"""Games between the Colosseum greedy bots end by their 17th part (issue 29: 38 of 100 once ran to a guard),
and the judgement behind it: a part is worth more built than its cost held in hand."""

from __future__ import annotations

import pytest

from engine.bots.worker import seat_bot
from engine.colosseum import GameConfig
from engine.colosseum.bots import READY, hand_value
from engine.colosseum.bots.greedy import GreedyBot
from engine.colosseum.components import components
from engine.tournament import play_game

from .helpers import fresh, hand


def test_twenty_seeded_four_greedy_games_end_by_their_17th_part() -> None:
    config = GameConfig(players=4, max_turns=2000)
    for seed in range(1, 21):
        record = play_game("colosseum", config, seed, [seat_bot("greedy", game="colosseum") for _ in range(4)])
        state = record.state
        assert state.over and not state.truncated, seed
        assert len(state.built) == 17, seed
        assert state.turn <= 300, (seed, state.turn)


def _offer(pid: str) -> tuple[int, int, int, int, int, int]:
    part = components().by_id[pid]
    c = part.cost
    return (c[0], c[1], c[2], c[3], part.fame, sum(c))


def test_a_hand_that_pays_a_part_is_worth_less_than_the_part_built() -> None:
    # A3 costs W1 G2 for 4 fame: the hand W4 G2 pays it; built, 4 fame and W3 are left
    before = hand_value(hand("W4 G2"), [_offer("A3")])
    after = 4 + hand_value(hand("W3"), [])
    assert before == pytest.approx(READY * 4 + hand_value(hand("W3"), []))
    assert after - before == pytest.approx((1 - READY) * 4)


def test_a_hand_that_pays_by_triples_is_worth_less_than_the_part_built() -> None:
    # B1 costs W2 H2 for 5 fame: W8 pays W2 and the 2 missing wood with 2 water triples, nothing is left;
    # loose, W8 is 2 useful water + 2 triples (0.9 each) and 4 cards at 0.34
    assert hand_value(hand("W8"), [_offer("B1")]) == pytest.approx(4 * 0.9 + 4 * 0.34)
    assert 5 + hand_value(hand(""), []) > hand_value(hand("W8"), [_offer("B1")])


def test_greedy_builds_rather_than_holding_the_cost() -> None:
    # the issue's case: seat 0 holds W4 G2 with A3 on offer at field 1 (row 0's blue field): moving there
    # builds it, and greedy ranks that above every other move (it once ranked "move 1" elsewhere higher)
    s = fresh(4)
    s.slots = ["A3", "B4", "B5", "A6"]
    s.consul = 0
    s.land_rows = [[], [], [], []]
    s.storage = 0  # no storage tile left: field A offers nothing
    s.players[0].hand = hand("W4 G2")
    s._legal = None
    ranked = GreedyBot().rank(s, s.legal_actions())
    assert str(ranked[0][0]) == "move 1"
    s.apply(ranked[0][0])  # the row is empty: building is the only action there, carried out at once
    assert s.built == [["A3", 0]] and s.players[0].fame == 4 and s.players[0].hand == hand("W3")
