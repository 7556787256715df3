"""The search bots stop when the leader cannot be caught in the budget left (issue 21: cut the hard bot's wait
without making it weaker), and say why each decision ended (``last_stop``)."""

from __future__ import annotations

import math
import random

import pytest

from engine.bots import make_bot
from engine.bots.options import UnknownBot
from engine.bots.search import STOPS, race, race_left, rounds_left
from engine.colosseum import GameConfig as ColosseumConfig
from engine.colosseum import new_game as new_colosseum

from .test_determinism import positions

ZERO = {"a": 0.0, "b": 0.0}


def test_a_close_rival_stays_while_rounds_are_left() -> None:
    # paired differences 1, -1, 0.5: mean 1/6, variance 13/12; total deficit 0.5
    close = {"a": [10.0, 12.0, 11.0], "b": [9.0, 13.0, 10.5]}
    assert race_left(["a", "b"], close, ZERO, 3, 2.0) == (["a", "b"], False)
    # one more round: 0.5^2 = 0.25 is less than 2^2 * 13/12 * 1, the rival may still overtake
    assert race_left(["a", "b"], close, ZERO, 3, 2.0, left=1.0) == (["a", "b"], False)
    # 0.05 rounds: 0.25 > 4 * 13/12 * 0.05 = 0.217, it cannot
    assert race_left(["a", "b"], close, ZERO, 3, 2.0, left=0.05) == (["a"], True)
    # no time left: the choice is made now, as the deadline would make it
    assert race_left(["a", "b"], close, ZERO, 3, 2.0, left=0.0) == (["a"], True)


def test_a_gaining_rival_is_credited_with_its_gain() -> None:
    # a leads by its prior (3 against 0) but b gained 1/3 a round: differences 1, -1, -1
    gaining = {"a": [10.0, 10.0, 10.0], "b": [9.0, 11.0, 11.0]}
    prior = {"a": 3.0, "b": 0.0}
    assert race_left(["a", "b"], gaining, prior, 3, 2.0, left=0.0) == (["a"], True)
    # six rounds at its pace close the gap of 2 completely: it stays
    assert race_left(["a", "b"], gaining, prior, 3, 2.0, left=6.0) == (["a", "b"], False)
    # three rounds leave a gap of 1, but 1 < 4 * 4/3 * 3: still a fluke away, it stays
    assert race_left(["a", "b"], gaining, prior, 3, 2.0, left=3.0) == (["a", "b"], False)


def test_nothing_is_dropped_before_min_rounds_or_in_an_unfinished_round() -> None:
    early = {"a": [10.0, 12.0], "b": [1.0, 2.0]}
    assert race_left(["a", "b"], early, ZERO, 3, 2.0, left=0.0) == (["a", "b"], False)
    unfinished = {"a": [10.0, 12.0, 11.0, 3.0], "b": [9.0, 13.0, 10.5]}
    assert race_left(["a", "b"], unfinished, ZERO, 3, 2.0, left=0.0) == (["a", "b"], False)


def test_race_without_a_budget_is_the_old_racing() -> None:
    clear = {"a": [10.0, 12.0, 11.0], "b": [7.0, 9.5, 8.0]}
    assert race(["a", "b"], clear, ZERO, 3, 2.0) == ["a"]
    # dropped as clearly behind, not as unable to catch up
    assert race_left(["a", "b"], clear, ZERO, 3, 2.0, left=0.0) == (["a"], False)


def test_rounds_left_of_an_iteration_budget_does_not_read_the_clock() -> None:
    assert rounds_left(None, 30, 10, 0.0, 0.0) == 10.0
    assert rounds_left(None, None, 10, 0.0, 0.0) == math.inf
    assert rounds_left(1.0, None, 0, 0.0, 0.0) == math.inf  # no playout timed yet


def test_rounds_left_of_a_time_budget() -> None:
    import time

    now = time.perf_counter()
    # 10 playouts in about 1 s: 0.1 s each, 2 s left are about 10 rounds of two candidates
    left = rounds_left(3.0, None, 10, now - 1.0, now + 2.0)
    assert 9.0 < left <= 10.0
    assert rounds_left(3.0, None, 10, now - 1.0, now - 0.5) == 0.0  # past the deadline


def test_catch_up_uses_fewer_playouts_and_says_why_it_stopped() -> None:
    """Concordia's hard bot with an iteration budget of 12 (reproducible): the stop reasons and playouts
    on five seeded positions, with and without the catch-up rule."""
    used: dict[bool, int] = {}
    stops: dict[bool, list[str]] = {}
    for catch_up in (True, False):
        used[catch_up] = 0
        stops[catch_up] = []
        for s in positions():
            bot = make_bot(f"hard:iterations=12:width=3:catch_up={str(catch_up).lower()}")
            action = bot.choose(s.view(s.current_player), s.legal_actions(), random.Random(5))
            assert action in s.legal_actions()
            used[catch_up] += bot.last_playouts
            stops[catch_up].append(bot.last_stop)
    assert set(stops[True]) | set(stops[False]) <= set(STOPS)
    assert "caught" in stops[True] and "caught" not in stops[False]
    assert "budget" in stops[False]
    assert used[True] < used[False]


def test_a_single_legal_action_is_answered_at_once() -> None:
    s = positions()[0]
    bot = make_bot("hard:iterations=12")
    legal = s.legal_actions()
    assert bot.choose(s.view(s.current_player), legal[:1], random.Random(1)) == legal[0]
    assert bot.last_stop == "single" and bot.last_playouts == 0


def test_the_generic_search_bot_has_the_rule_too() -> None:
    """Colosseum's ``mcts`` is the generic search with Colosseum parts: it inherits the rule."""
    s = new_colosseum(ColosseumConfig(players=3), 4)
    rng = random.Random(2)
    stops = set()
    for _ in range(40):
        if s.is_over:
            break
        legal = s.legal_actions()
        bot = make_bot("mcts:iterations=12", game="colosseum")
        action = bot.choose(s.view(s.current_player), legal, rng)
        assert action in legal
        stops.add(bot.last_stop)
        s.apply(action)
    assert stops <= set(STOPS)
    assert make_bot("mcts:catch_up=false", game="colosseum").catch_up is False


def test_catch_up_takes_true_or_false_only() -> None:
    with pytest.raises(UnknownBot, match="catch_up"):
        make_bot("hard:catch_up=3")
