"""The bot knowledge of Massilia: ``evaluate`` and ``determinize`` as the hook contract asks, and a one-decision
greedy over ``evaluate`` against random."""

from __future__ import annotations

import random

import pytest

from engine.massilia import GameConfig, new_game
from engine.massilia.bots import CARD_VALUE, KEPT_VALUE, cube_value, determinize, evaluate, projection, projections
from engine.massilia.components import components

from .helpers import after_setup, greedy_vs_random


def test_evaluate_is_the_score_difference_at_the_end() -> None:
    rng = random.Random(2)
    s = new_game(GameConfig(players=3), 2)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    fs = s.final_scores()
    for p in range(3):
        assert evaluate(s, p) == fs.total(p) - max(fs.total(q) for q in range(3) if q != p)


def test_evaluate_prefers_reputation_and_penalises_stones() -> None:
    s = after_setup(2, 1)
    base = evaluate(s, 0)
    s.players[0].rep += 5
    assert evaluate(s, 0) == pytest.approx(base + 5)
    s.players[0].stones += 1
    s.supply -= 1
    assert evaluate(s, 0) == pytest.approx(base + 5 - 3)
    assert evaluate(s, 1) < 0


def test_projection_counts_money_cards_kept_dice_and_the_cubes_on_own_stalls() -> None:
    s = after_setup(2, 1)
    comp = components()
    base = projection(s, 0)
    s.players[0].money += 2 * comp.money_per_point
    assert projection(s, 0) == pytest.approx(base + 2)
    s.players[0].hand.append(s.deck.pop())
    assert projection(s, 0) == pytest.approx(base + 2 + CARD_VALUE)
    s.players[0].kept.append(0)
    assert projection(s, 0) == pytest.approx(base + 2 + CARD_VALUE + KEPT_VALUE)
    stall = s.owner.index(-1)
    stalls = s.owner.count(0)
    s.owner[stall] = 0
    s.stock[stall][1] = 3
    stall_points = comp.stall_score(stalls + 1) - comp.stall_score(stalls)
    assert projection(s, 0) == pytest.approx(base + 2 + CARD_VALUE + KEPT_VALUE + stall_points + 3 * cube_value(s, 1))
    assert projections(s)[1] == projection(s, 1)


def test_determinize_keeps_the_seat_own_knowledge() -> None:
    s = after_setup(3, 4)
    v = s.view(0)
    d1 = determinize(v, random.Random(1))
    d2 = determinize(v, random.Random(2))
    assert d1.players[0].to_dict() == s.players[0].to_dict() == d2.players[0].to_dict()
    assert d1.frames == s.frames  # seat 1 is rolling: his own faces are known to him
    assert d1.rng != d2.rng


def test_greedy_beats_random() -> None:
    """A one-decision greedy over ``evaluate`` beats random (20 two-player games here, to stay fast; 100 are
    measured for the report with ``greedy_vs_random(100)``)."""
    wins, greedy_mean, random_mean = greedy_vs_random(20, seed=2)
    assert wins >= 19
    assert greedy_mean > random_mean + 15
