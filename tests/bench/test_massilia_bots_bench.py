"""Massilia's hard bot against three greedy bots: a small head-to-head (not part of ``make test``).

One deal per seat of hard (rotated seats, four 4-player games per deal), every bot without a time limit
(``seconds=none``), so the games and the numbers are the same on any machine: only their CPU time differs.
The 100-game measurement of the README is ``concordia tournament ... --clock cpu``; this is the quick check
that hard still beats greedy after a change (about 2 s of CPU a hard decision at most, 8-10 min for the lot
on an idle core). Run with ``pytest -s -p no:xdist tests/bench/test_massilia_bots_bench.py``.
"""

from __future__ import annotations

import random
import time

from engine.bots.registry import make_bot
from engine.massilia import GameConfig, new_game

DEALS = (1001,)


def play(seed: int, seat: int) -> tuple[list[int], list[int], float]:
    """One game of hard in ``seat`` against three greedy bots: scores, winners and hard's CPU seconds."""
    bots = [make_bot("greedy:seconds=none", game="massilia") for _ in range(4)]
    bots[seat] = make_bot("hard:seconds=none", game="massilia")
    s = new_game(GameConfig(players=4), seed)
    rng = random.Random(seed)
    cpu = 0.0
    while not s.is_over:
        p = s.current_player
        t = time.process_time()
        action = bots[p].choose(s.view(p), s.legal_actions(), rng)
        if p == seat:
            cpu += time.process_time() - t
        s.apply(action)
    fs = s.final_scores()
    return [fs.total(q) for q in range(4)], list(fs.winners), cpu


def test_hard_beats_three_greedy_bots() -> None:
    wins, hard_scores, greedy_scores, cpu = 0, [], [], 0.0
    for seed in DEALS:
        for seat in range(4):
            scores, winners, seconds = play(seed, seat)
            wins += seat in winners
            hard_scores.append(scores[seat])
            greedy_scores += [x for q, x in enumerate(scores) if q != seat]
            cpu += seconds
            print(f"\ndeal {seed} hard in seat {seat}: scores {scores}, winners {winners}, hard {seconds:.0f} s CPU")
    games = len(hard_scores)
    hard_mean, greedy_mean = sum(hard_scores) / games, sum(greedy_scores) / len(greedy_scores)
    print(f"hard won {wins} of {games}, mean {hard_mean:.1f} against {greedy_mean:.1f}; {cpu / games:.0f} s CPU a game")
    assert wins >= 2
    assert hard_mean > greedy_mean
