"""Bot speed: decisions per second for each bot, and the search bot's playouts per second.

Run with ``make bench`` (``pytest -s -p no:xdist tests/bench``); the numbers are printed. The positions are
the decisions of one seeded 4-player Imperium game played by greedy bots (every decision with a choice),
so every bot is timed on the same positions. The only assertions are the budgets: a time-budgeted search
bot never thinks more than 10 % over its budget.
"""

from __future__ import annotations

import random
import time

from engine.bots import make_bot
from engine.concordia import GameConfig, GameState, new_game
from engine.concordia.bots import GreedyBot

POSITIONS = 40


def positions() -> list[GameState]:
    s = new_game(GameConfig(map="imperium", players=4), 7)
    rng = random.Random(7)
    bot = GreedyBot()
    out: list[GameState] = []
    step = 0
    while not s.is_over and len(out) < POSITIONS:
        legal = s.legal_actions()
        if len(legal) > 1:
            if step % 3 == 0:
                out.append(s.clone())
            step += 1
            s.apply(bot.choose(s.view(s.current_player), legal, rng))
        else:
            s.apply(legal[0])
    return out


def time_bot(spec: str, states: list[GameState]) -> tuple[float, float, list[float]]:
    bot = make_bot(spec)
    rng = random.Random(1)
    times: list[float] = []
    playouts = 0
    for s in states:
        t0 = time.perf_counter()
        bot.choose(s.view(s.current_player), s.legal_actions(), rng)
        times.append(time.perf_counter() - t0)
        playouts += getattr(bot, "last_playouts", 0)
    total = sum(times)
    return len(states) / total, playouts / total, times


def test_decisions_per_second() -> None:
    states = positions()
    print(f"\n{len(states)} decisions of a 4-player Imperium game")
    for spec in ("random", "easy", "greedy", "normal:iterations=8", "hard:iterations=8"):
        rate, playouts, times = time_bot(spec, states)
        extra = f", {playouts:.1f} playouts/s" if playouts else ""
        print(f"  {spec:22s} {rate:9.1f} decisions/s (slowest {max(times):.3f} s){extra}")


def test_time_budgets_are_kept() -> None:
    states = positions()
    for spec, budget in (("normal", 1.0), ("hard", 3.0)):
        _rate, playouts, times = time_bot(spec, states)
        mean = sum(times) / len(times)
        print(f"\n  {spec}: mean decision {mean:.3f} s, slowest {max(times):.3f} s of {budget} s, "
              f"{playouts:.1f} playouts/s")
        assert max(times) <= budget * 1.10
