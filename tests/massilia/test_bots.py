"""The bot knowledge of Massilia: ``evaluate`` and ``determinize`` as the hook contract asks, and a one-decision
greedy over ``evaluate`` against random."""

from __future__ import annotations

import random

import pytest

from engine.massilia import GameConfig, GameState, new_game
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


def _mid_game(seed: int = 3) -> GameState:
    """A 3-player position some 120 random decisions in: money and stones have changed hands publicly."""
    s = new_game(GameConfig(players=3), seed)
    rng = random.Random(seed)
    for _ in range(120):
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_ruling_21_determinize_takes_the_others_money_and_stones_from_the_public_count() -> None:
    """The bots do not guess what the table can count: every determinized state gives each other seat the
    money and stones of ``view.counted`` (their true totals, tests/massilia/test_projection.py); the cards and
    the dice generator are still sampled."""
    s = _mid_game()
    start = new_game(GameConfig(players=3), 3)
    assert [pl.money for pl in s.players] != [pl.money for pl in start.players]  # money changed hands
    assert any(pl.stones for pl in s.players)
    v = s.view(0)
    assert [pl.money for pl in v.players[1:]] == [-1, -1] and v.counted[1:] == [[pl.money, pl.stones] for pl in
                                                                                 s.players[1:]]
    for seed in range(5):
        d = determinize(v, random.Random(seed))
        assert [[pl.money, pl.stones] for pl in d.players] == [[pl.money, pl.stones] for pl in s.players]
        assert d.counted == [[pl.money, pl.stones] for pl in d.players]
    assert determinize(v, random.Random(1)).rng != determinize(v, random.Random(2)).rng


def test_determinize_guesses_money_only_without_a_count() -> None:
    """A view with no count (an older server's, ``counted`` -1) or ``count=False`` (the bots as they were)
    guesses: money 0..12, the stones left by the supply and the known stones shared out."""
    s = _mid_game()
    v = s.view(0)
    stones = sum(pl.stones for pl in s.players)
    for view, count in ((v, False), (GameState.from_dict({k: x for k, x in v.to_dict().items() if k != "counted"}),
                                     True)):
        guesses = [determinize(view, random.Random(seed), count=count) for seed in range(8)]
        assert all(0 <= pl.money <= 12 and pl.stones >= 0 for g in guesses for pl in g.players[1:])
        assert all(sum(pl.stones for pl in g.players) == stones for g in guesses)
        assert len({tuple(pl.money for pl in g.players[1:]) for g in guesses}) > 1


def test_greedy_beats_random() -> None:
    """A one-decision greedy over ``evaluate`` beats random (20 two-player games here, to stay fast; 100 are
    measured for the report with ``greedy_vs_random(100)``)."""
    wins, greedy_mean, random_mean = greedy_vs_random(20, seed=2)
    assert wins >= 19
    assert greedy_mean > random_mean + 15
