"""With a fixed seed and an iteration budget, the search bot's choices are reproducible."""

from __future__ import annotations

import random

from engine.bots import GreedyBot, make_bot
from engine.concordia import GameConfig, new_game


def positions() -> list:  # type: ignore[type-arg]
    """A few positions of a seeded greedy game (turn starts and mid-turn decisions)."""
    s = new_game(GameConfig(players=3, variant="venus", map="hellas"), 21)
    rng = random.Random(0)
    out = []
    bot = GreedyBot()
    while len(out) < 5:
        legal = s.legal_actions()
        if len(legal) > 2 and s.turn % 4 == 0:
            out.append(s.clone())
        s.apply(bot.choose(s.view(s.current_player), legal, rng) if len(legal) > 1 else legal[0])
    return out


def test_iteration_budget_makes_choices_reproducible() -> None:
    for s in positions():
        view, legal = s.view(s.current_player), s.legal_actions()
        first = make_bot("hard:iterations=6:width=3").choose(view, legal, random.Random(42))
        again = make_bot("hard:iterations=6:width=3").choose(view, legal, random.Random(42))
        assert first == again
        assert first in legal


def test_iteration_budget_counts_playouts() -> None:
    s = positions()[0]
    bot = make_bot("normal:iterations=4")
    bot.choose(s.view(s.current_player), s.legal_actions(), random.Random(1))
    assert bot.last_playouts <= 4
    assert bot.seconds is None


def test_time_budget_is_kept() -> None:
    import time

    s = positions()[1]
    bot = make_bot("mcts:seconds=0.3")
    t0 = time.perf_counter()
    action = bot.choose(s.view(s.current_player), s.legal_actions(), random.Random(3))
    assert time.perf_counter() - t0 <= 0.3 * 1.1
    assert action in s.legal_actions()
