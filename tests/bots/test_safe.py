"""R-robustness: a bot that raises, answers illegally or thinks too long is replaced by a fallback move."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Sequence
from typing import Any

import pytest

from engine.bots import RandomBot, SafeBot
from engine.concordia import GameConfig, new_game

from .helpers import checked_game


class Raising:
    name = "raising"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        raise RuntimeError("plugin bug")


class Illegal:
    name = "illegal"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return "build atlantis"


class Slow:
    name = "slow"
    seconds = 0.05

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        time.sleep(0.3)
        return legal_actions[0]


@pytest.mark.parametrize("bad", [Raising(), Illegal(), Slow()], ids=lambda b: b.name)
def test_a_failing_bot_gets_a_fallback_and_the_game_goes_on(bad: Any, caplog: pytest.LogCaptureFixture) -> None:
    safe = SafeBot(bad, fallback=RandomBot())
    with caplog.at_level(logging.WARNING, logger="engine.bots.safe"):
        state, asked = checked_game(GameConfig(players=2), 3, [safe, RandomBot()], max_decisions=40)
    assert asked == 40 and not state.is_over
    assert safe.failures >= 5
    assert any(bad.name in r.getMessage() and "fallback" in r.getMessage() for r in caplog.records)


def test_slow_bot_is_cut_off_at_its_budget_plus_ten_percent() -> None:
    safe = SafeBot(Slow(), fallback=RandomBot())
    s = new_game(GameConfig(players=2), 1)
    t0 = time.perf_counter()
    action = safe.choose(s.view(s.current_player), s.legal_actions(), random.Random(1))
    elapsed = time.perf_counter() - t0
    assert action in s.legal_actions()
    assert elapsed < 0.05 * 1.1 + 0.05  # the budget, the 10 % tolerance, and thread start-up


def test_default_fallback_is_the_greedy_bot() -> None:
    safe = SafeBot(Raising())
    s = new_game(GameConfig(players=3), 2)
    action = safe.choose(s.view(s.current_player), s.legal_actions(), random.Random(2))
    assert action in s.legal_actions()
    assert safe.failures == 1


def test_a_good_bot_passes_through_unchanged() -> None:
    s = new_game(GameConfig(players=2), 4)
    legal = s.legal_actions()
    direct = RandomBot().choose(s.view(s.current_player), legal, random.Random(9))
    wrapped = SafeBot(RandomBot())
    rng = random.Random(9)
    # the wrapper gives the inner bot an RNG derived from ours, so compare against that derivation
    inner_rng = random.Random(rng.getrandbits(64))
    expected = RandomBot().choose(s.view(s.current_player), legal, inner_rng)
    assert wrapped.choose(s.view(s.current_player), legal, random.Random(9)) == expected
    assert wrapped.failures == 0
    assert direct in legal
