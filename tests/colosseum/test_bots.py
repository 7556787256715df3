"""Bot knowledge: ``evaluate`` and ``determinize`` (the hook contract), and a one-decision greedy over
``evaluate`` against random: it must win >= 95 of 100 two-player games."""

from __future__ import annotations

import random

import pytest

from engine.colosseum import GameConfig, new_game
from engine.colosseum.bots import WIN, determinize, ending_offers, evaluate, hand_value, projected
from engine.colosseum.components import components
from engine.colosseum.state import GameState
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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_agrees_exactly_with_projected_along_random_games(players: int) -> None:
    # evaluate computes every seat's projection in one pass (for speed); it must equal projected's sums
    for seed in range(3):
        s = new_game(GameConfig(players=players, max_turns=120), seed=seed)
        rng = random.Random(seed)
        while not s.over:
            values = [projected(s, p) for p in range(players)]
            for p in range(players):
                lead = values[p] - max(v for q, v in enumerate(values) if q != p)
                ending = ending_offers(s, lead)  # with one part to go, a leader's hand counts the win
                if ending is not None:
                    hand_ = s.players[p].hand
                    lead += hand_value(hand_, ending) - hand_value(hand_, offers(s))
                    assert ending_offers(s, -lead) is None  # a seat behind counts no win
                assert evaluate(s, p) == pytest.approx(lead, abs=1e-9)
            s.apply(rng.choice(s.legal_actions()))


def offers(s: GameState) -> list[tuple[int, int, int, int, float, int]]:
    by_id = components().by_id
    return [(*by_id[pid].cost, by_id[pid].fame, sum(by_id[pid].cost)) for pid in s.slots if pid is not None]


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
    scores = s.final_scores()
    totals = [sc.total for sc in scores.players]
    assert scores.winners == [1]
    assert evaluate(s, 0) == totals[0] - totals[1]
    assert evaluate(s, 1) == totals[1] - totals[0] + WIN  # a won game is worth more than its margin


def test_determinize_gives_a_full_consistent_state() -> None:
    s = new_game(GameConfig(players=3), 6)
    v = s.view(1)
    d = determinize(v, random.Random(1))
    assert not d.hidden and check_state(d) == []
    assert sorted(d.stack2) == sorted(s.stack2) and sorted(d.stack3) == sorted(s.stack3)
    assert [p[0] for p in d.parts] == [p[0] for p in s.parts]  # the letters stay in their place: C, B, A
    assert d.legal_actions() == s.legal_actions()


@pytest.mark.slow
def test_greedy_beats_random_in_95_of_100_two_player_games() -> None:
    wins, greedy_mean, random_mean = greedy_wins_against_random(100)
    print(f"\ngreedy (one decision, evaluate) vs random, 100 2-player games: {wins} won, "
          f"mean score {greedy_mean:.1f} vs {random_mean:.1f}")
    assert wins >= 95


def test_bots_greedy_looks_past_the_move_to_the_field_action() -> None:
    """BOTS['greedy']: moving 3 fields to an affordable part (+4 fame) beats moving 1 field to nothing, which
    a one-decision lookahead cannot see (right after the move only its cost shows)."""
    from engine.colosseum.actions import Move
    from engine.colosseum.bots import BOTS
    from engine.colosseum.bots.greedy import value_after

    from .helpers import ready, set_hand, tiles

    s = fresh(2)
    s.land_rows[0] = []
    s.slots[0] = None
    s.land_rows[1] = tiles("river")
    s.slots[1] = "A1"  # W2 S1, 4 fame
    set_hand(s, 0, "W2 S1")
    s.storage = 0  # field 2 offers nothing either
    ready(s)
    assert [str(a) for a in s.legal_actions()] == ["move 1", "move 2", "move 3"]
    after3, after1 = s.clone(), s.clone()
    after3.apply("move 3")
    after1.apply("move 1")
    assert evaluate(after3, 0) < evaluate(after1, 0)  # the one-decision view: only the 2 points spent show
    assert value_after(s, Move(3), 0) > value_after(s, Move(1), 0)
    bot = BOTS["greedy"]()
    assert bot.name == "greedy"
    assert str(bot.choose(s.view(0), s.legal_actions(), random.Random(0))) == "move 3"


@pytest.mark.parametrize("spec", ["greedy:temperature=nan", "greedy:temperature=abc", "greedy:x=1",
                                  "greedy:seconds=1e9", "greedy:temperature=-1", "greedy:temperature=inf",
                                  "greedy:temperature=1e308"])
def test_issue_33_the_greedy_bots_options_are_checked_like_every_other_bots(spec: str) -> None:
    """Issue 33, item 3: a bad option is refused when the bot is made, with one line, not a traceback later."""
    from engine.bots.registry import UnknownBot, make_bot

    with pytest.raises(UnknownBot) as err:
        make_bot(spec, "colosseum")
    assert "\n" not in str(err.value) and ("temperature" in str(err.value) or "unknown option" in str(err.value))


def test_issue_33_the_greedy_bot_takes_a_temperature_and_checks_one_passed_directly() -> None:
    from engine.bots.registry import declared_options, make_bot
    from engine.colosseum.bots.greedy import GreedyBot

    assert make_bot("greedy:temperature=1.5", "colosseum").temperature == 1.5
    assert set(declared_options("greedy", "colosseum")) == {"temperature"}
    for bad in (float("nan"), -1.0, "abc"):
        with pytest.raises(ValueError, match="temperature"):
            GreedyBot(bad)  # type: ignore[arg-type]
