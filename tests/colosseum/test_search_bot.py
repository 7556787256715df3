"""Colosseum's ``mcts`` (``engine.colosseum.bots.search``): the generic search with the Colosseum greedy's
own-run ranking and a Colosseum playout policy, on a reproducible playout budget."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.bots.registry import UnknownBot, make_bot
from engine.colosseum import GameConfig, new_game
from engine.colosseum.bots import search
from engine.colosseum.bots.greedy import value_after
from engine.colosseum.bots.search import ColosseumSearchBot

from .helpers import part_three_fields_away


def test_mcts_is_the_colosseum_search_with_its_defaults() -> None:
    mcts = make_bot("mcts", game="colosseum")
    assert isinstance(mcts, ColosseumSearchBot) and mcts.name == "mcts"
    assert (mcts.seconds, mcts.iterations, mcts.width, mcts.depth, mcts.playout_width) == (3.0, 150, 4, 24, 3)
    normal = search.make("normal", search.NORMAL, {})
    assert (normal.seconds, normal.iterations, normal.width, normal.depth) == (1.0, 60, 3, 24)
    assert make_bot("mcts:iterations=20:width=2", game="colosseum").iterations == 20
    with pytest.raises(UnknownBot, match="depthh"):
        make_bot("mcts:depthh=3", game="colosseum")


def test_the_candidates_are_ranked_past_the_move() -> None:
    """The generic search ranks a move by its cost alone; this one by the turn it allows (R-ACT-C1: +4 fame)."""
    s = part_three_fields_away()
    bot = make_bot("mcts:iterations=8", game="colosseum")
    ranked = bot.greedy.rank(s, s.legal_actions())
    assert str(ranked[0][0]) == "move 3"
    assert ranked[0][1] == value_after(s, s.legal_actions()[2], 0)
    assert [str(a) for a, _v in ranked[1:]] == ["move 1", "move 2"]  # nothing on fields 1 and 2: cost only


def test_an_iteration_budget_is_reproducible() -> None:
    s = new_game(GameConfig(players=4), 12)
    rng = random.Random(5)
    while s.decision != "move" or s.current_player != 0:
        s.apply(rng.choice(s.legal_actions()))
    choices = set()
    playouts = set()
    for _ in range(2):
        bot = make_bot("mcts:iterations=12:seconds=none", game="colosseum")
        choices.add(str(bot.choose(s.view(0), s.legal_actions(), random.Random(3))))
        playouts.add(bot.last_playouts)
    assert len(choices) == 1 and len(playouts) == 1
    assert 0 < playouts.pop() <= 12


def test_a_playout_plays_depth_decisions_of_the_policy() -> None:
    s = new_game(GameConfig(players=3), 7)
    rng = random.Random(2)
    while s.decision != "move":
        s.apply(rng.choice(s.legal_actions()))
    bot = search.make("hard", search.HARD, {"depth": 0})
    action = s.legal_actions()[0]
    after = s.clone()
    after.apply(action)
    from engine.colosseum.bots import evaluate

    assert bot.playout(s, action, 0, random.Random(1), float("inf")) == evaluate(after, 0)
    deep = search.make("hard", search.HARD, {"depth": 30})
    assert isinstance(deep.playout(s, action, 0, random.Random(1), float("inf")), float)


def test_a_playout_ends_at_the_start_of_the_seats_next_turn() -> None:
    """Every candidate is valued at the same point: when the seat's next turn begins (or after ``depth``)."""
    s = new_game(GameConfig(players=3), 7)
    rng = random.Random(2)
    while s.decision != "move" or s.current_player != 0:
        s.apply(rng.choice(s.legal_actions()))
    bot = search.make("hard", search.HARD, {"depth": 200})
    action = s.legal_actions()[0]
    seen: list[Any] = []
    from engine.colosseum.bots import search as module

    real = module._evaluate

    def spy(state: Any, player: int) -> float:
        seen.append(state.clone())
        return real(state, player)

    module._evaluate = spy
    try:
        bot.playout(s, action, 0, random.Random(1), float("inf"))
    finally:
        module._evaluate = real
    end = seen[-1]
    assert end.over or (end.active == 0 and end.turn == s.turn + 3)  # the other two seats' turns in between


def test_the_hint_ranks_with_the_own_run_view() -> None:
    s = part_three_fields_away()
    hint = make_bot("mcts", game="colosseum").explain(s.view(0), s.legal_actions(), random.Random(0))
    assert str(hint[0][0]) == "move 3" and hint[0][2].startswith("position +")
