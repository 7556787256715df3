"""Bots only ever return legal actions, in every variant, over thousands of seeded decisions."""

from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.concordia import GameConfig
from engine.concordia.validate import check_state

from .helpers import checked_game

CONFIGS = [
    GameConfig(map="imperium", players=4, variant="base"),
    GameConfig(map="hellas", players=3, variant="venus"),
    GameConfig(map="imperium", players=4, variant="venus-team"),
    GameConfig(map="ionium", players=2, variant="venus", small=True),
    GameConfig(map="italia", players=5, variant="base", display="wine"),
]


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.map}-{c.variant}-{c.players}p")
def test_greedy_easy_and_random_play_legally(config: GameConfig) -> None:
    names = ["greedy", "easy", "random", "random", "easy"][: config.players]
    # the team game's turns are twice as long (both partners act): its first 300 decisions are checked
    limit = 300 if config.is_team else None
    state, asked = checked_game(config, seed=11, bots=[make_bot(n) for n in names], max_decisions=limit)
    assert state.is_over or asked == limit
    assert check_state(state) == []
    assert asked >= 150  # five games: well over a thousand checked decisions in all


@pytest.mark.parametrize("config", CONFIGS[:3], ids=lambda c: f"{c.map}-{c.variant}-{c.players}p")
def test_search_levels_answer_legally_with_small_budgets(config: GameConfig) -> None:
    names = ["normal:iterations=2", "hard:iterations=3:width=3", "mcts:iterations=2:width=2", "random"]
    bots = [make_bot(n) for n in names[: config.players]]
    limit = 20 if config.is_team else 30
    state, asked = checked_game(config, seed=5, bots=bots, max_decisions=limit)
    assert asked == limit or state.is_over
