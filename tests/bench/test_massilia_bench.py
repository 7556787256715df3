"""Massilia engine speed: random 4-player games per second on one core (the issue's target is 200).

Run with ``make bench`` (``pytest -s -p no:xdist tests/bench``); the number is printed. Each game is played to
its end by picking uniformly among ``legal_actions()`` and applying the pick (so every decision computes its
legal actions once). CPU time of this process is measured (``time.process_time``), so that other work on a
shared machine does not count; wall-clock time is printed too.
"""

from __future__ import annotations

import random
import time

from engine.massilia import GameConfig, new_game

GAMES = 200


def test_random_four_player_games_per_second() -> None:
    rng = random.Random(1)
    decisions = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for g in range(GAMES):
        s = new_game(GameConfig(players=4), g)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        assert s.round == 7
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print(
        f"\nmassilia: {GAMES / cpu:.1f} random 4-player games per CPU second ({GAMES / wall:.1f} per wall second), "
        f"{decisions / GAMES:.0f} decisions a game, {decisions / cpu:.0f} decisions per CPU second"
    )
    assert decisions > GAMES * 50
