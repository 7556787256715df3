"""Bot knowledge: ``evaluate`` and ``determinize`` (the hook contract), and a one-decision greedy over
``evaluate`` against random: it must win >= 95 of 100 two-player games."""

from __future__ import annotations

import random

from engine.colosseum import GameConfig, new_game
from engine.colosseum.bots import determinize, evaluate, projected
from engine.colosseum.validate import check_state

from .bot_helpers import greedy_wins_against_random
from .helpers import fresh, hand


def test_evaluate_is_projected_fame_minus_the_best_opponent() -> None:
    s = fresh(3)
    s.players[0].fame, s.players[1].fame, s.players[2].fame = 10, 4, 7
    values = [projected(s, p) for p in range(3)]
    assert evaluate(s, 0) == values[0] - max(values[1], values[2])
    assert evaluate(s, 2) == values[2] - max(values[0], values[1])
    assert evaluate(s, 0) > 0 > evaluate(s, 1)


def test_evaluate_values_cards_and_fame() -> None:
    s = fresh(2)
    base = evaluate(s, 0)
    s.players[0].hand = hand("W2")
    assert evaluate(s, 0) > base
    s.players[0].fame += 3
    assert evaluate(s, 0) > base + 3


def test_evaluate_is_exact_at_the_end() -> None:
    s = new_game(GameConfig(players=2), 4)
    rng = random.Random(4)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    totals = [sc.total for sc in s.final_scores().players]
    assert evaluate(s, 0) == totals[0] - totals[1]


def test_determinize_gives_a_full_consistent_state() -> None:
    s = new_game(GameConfig(players=3), 6)
    v = s.view(1)
    d = determinize(v, random.Random(1))
    assert not d.hidden and check_state(d) == []
    assert sorted(d.stack2) == sorted(s.stack2) and sorted(d.stack3) == sorted(s.stack3)
    assert [p[0] for p in d.parts] == [p[0] for p in s.parts]  # the letters stay in their place: C, B, A
    assert d.legal_actions() == s.legal_actions()


def test_greedy_beats_random_in_95_of_100_two_player_games() -> None:
    wins, greedy_mean, random_mean = greedy_wins_against_random(100)
    print(f"\ngreedy (one decision, evaluate) vs random, 100 2-player games: {wins} won, "
          f"mean score {greedy_mean:.1f} vs {random_mean:.1f}")
    assert wins >= 95
