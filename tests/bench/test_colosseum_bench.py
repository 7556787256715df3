"""Colosseum engine speed: random 4-player games per second on one core (the issue's target: >= 200).

Run with ``make bench`` (``pytest -s -p no:xdist tests/bench``); the numbers are printed. "Random" picks
uniformly from ``legal_actions()`` and applies it. The second number also makes the seat's ``view`` before
every decision, as a bot in the shell gets it. CPU time (``process_time``) is the one-core number; wall time
is printed too, as it is what a busy machine shows.
"""

from __future__ import annotations

import random
import time

from engine.colosseum import GameConfig, new_game

GAMES = 200


def play(games: int, with_view: bool) -> tuple[float, float, int]:
    cpu, wall = time.process_time(), time.perf_counter()
    decisions = 0
    config = GameConfig(players=4)
    for seed in range(games):
        s = new_game(config, seed)
        rng = random.Random(seed)
        while not s.is_over:
            if with_view:
                s.view(s.current_player)
            s.apply(rng.choice(s.legal_actions()))
            decisions += 1
    return time.process_time() - cpu, time.perf_counter() - wall, decisions


def test_random_four_player_games_per_second() -> None:
    play(10, False)  # warm up (data loading, caches)
    for with_view in (False, True):
        cpu, wall, decisions = play(GAMES, with_view)
        label = "with a view per decision" if with_view else "engine only"
        print(f"\ncolosseum, {GAMES} random 4-player games ({label}): {GAMES / cpu:.0f} games/s on one core "
              f"(CPU time), {GAMES / wall:.0f} games/s wall; {decisions / GAMES:.0f} decisions a game")
        assert decisions > GAMES * 100
