"""Colosseum's decision previews: one play on a copy per choice and decision (``Previews``) against the former
way, which played every choice once for its line and again on every cursor move (``choice_lines`` and
``preview_text`` each on their own), side by side.

Run with ``make bench`` (``pytest -s -p no:xdist tests/bench``); the numbers are printed. A decision here is
every decision of seeded random 4-player games; "cursor" moves the highlight over every choice once, as a
player reading the list does. CPU time (``process_time``).
"""

from __future__ import annotations

import random
import time
from typing import Any

from engine.colosseum import GameConfig, new_game
from tui.colosseum.choices import Previews, choice_lines, preview_text

GAMES = 20
NAMES = ["1 You", "2 Bot 2", "3 Bot 3", "4 Bot 4"]


def positions() -> list[Any]:
    """Every decision's state of ``GAMES`` random games (copies)."""
    out = []
    for seed in range(GAMES):
        s = new_game(GameConfig(players=4), seed)
        rng = random.Random(seed)
        while not s.is_over:
            out.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
    return out


def cached(states: list[Any]) -> float:
    cpu = time.process_time()
    for s in states:
        legal = s.legal_actions()
        previews = Previews(s, legal)
        for i in range(len(legal)):
            previews.lines(i)
        for i in range(len(legal)):
            previews.text(i, NAMES)
    return time.process_time() - cpu


def twice(states: list[Any]) -> float:
    cpu = time.process_time()
    for s in states:
        legal = s.legal_actions()
        for a in legal:
            choice_lines(s, a)
        for a in legal:
            preview_text(s, a, NAMES)
    return time.process_time() - cpu


def test_each_choice_is_played_once_per_decision() -> None:
    states = positions()
    cached(states[:200])  # warm up
    new, old = cached(states), twice(states)
    print(f"\ncolosseum previews, {len(states)} decisions of {GAMES} random games, lines + cursor over every "
          f"choice: once per decision {new * 1000:.0f} ms, played for line and cursor {old * 1000:.0f} ms "
          f"(ratio {new / old:.2f})")
    assert new < old
