"""A headless game of random bots printing its log and scores (what ``concordia`` does without a UI)."""

from __future__ import annotations

import argparse
import random

from engine.bots import RandomBot
from engine.concordia import GameConfig
from engine.concordia.actions import Action
from engine.concordia.runner import play_game
from engine.concordia.state import GameState


def run(args: argparse.Namespace) -> int:
    config = GameConfig()
    seed = random.randrange(1 << 30)

    def show(state: GameState, action: Action) -> None:
        print(f"turn {state.turn + 1:3d}  P{state.current_player + 1}  {action}")

    rec = play_game(config, seed, [RandomBot() for _ in range(config.players)], on_action=show)
    for ps in rec.scores.players:
        gods = ", ".join(f"{g} {v}" for g, v in ps.gods.items() if v)
        print(f"P{ps.player + 1}: {ps.total} VP ({gods}; Concordia {ps.concordia})")
    print(f"winner: P{rec.scores.winner + 1}")
    return 0
