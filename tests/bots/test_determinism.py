"""With a fixed seed and an iteration budget, the search bot's choices are reproducible."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.bots import make_bot
from engine.concordia import GameConfig, new_game
from engine.concordia.bots import GreedyBot
from engine.concordia.state import GameState


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


def test_clear_choices_end_the_search_early() -> None:
    """Racing: candidates clearly behind the leader (paired over the same deck guesses) are dropped, and
    with one left the search stops before its budget; the choice stays reproducible."""
    early = 0
    for s in positions():
        view, legal = s.view(s.current_player), s.legal_actions()
        bot = make_bot("hard:iterations=200:width=3")
        first = bot.choose(view, legal, random.Random(5))
        used = bot.last_playouts
        early += used < 200
        again = make_bot("hard:iterations=200:width=3")
        assert again.choose(view, legal, random.Random(5)) == first
        assert again.last_playouts == used
    assert early >= 1


def test_racing_drops_only_clear_losers() -> None:
    from engine.concordia.bots.search import SearchBot

    bot = SearchBot(iterations=100, min_rounds=3, confidence=2.0)
    close = {"a": [10.0, 12.0, 11.0], "b": [9.0, 13.0, 10.5]}
    assert sorted(bot._race(["a", "b"], close, {"a": 0.0, "b": 0.0})) == ["a", "b"]  # type: ignore[arg-type]
    clear = {"a": [10.0, 12.0, 11.0], "b": [7.0, 9.5, 8.0]}
    assert bot._race(["a", "b"], clear, {"a": 0.0, "b": 0.0}) == ["a"]  # type: ignore[arg-type]
    too_soon = {"a": [10.0, 12.0], "b": [1.0, 2.0]}
    assert len(bot._race(["a", "b"], too_soon, {"a": 0.0, "b": 0.0})) == 2  # type: ignore[arg-type]


def test_horizon_plans_more_own_turns_and_stays_reproducible() -> None:
    """``horizon`` is the number of own turns a playout plays after the current one: 0 judges the position at
    the end of this turn, 2 plays two more own turns. Each is reproducible with an iteration budget, and
    longer plans cost more per playout, never change the legality of the choice."""
    from engine.concordia.bots.search import SearchBot

    s = positions()[2]
    view, legal = s.view(s.current_player), s.legal_actions()
    for horizon in (0, 1, 2):
        first = SearchBot(iterations=8, width=3, horizon=horizon).choose(view, legal, random.Random(9))
        again = SearchBot(iterations=8, width=3, horizon=horizon).choose(view, legal, random.Random(9))
        assert first == again
        assert first in legal


def test_horizon_counts_own_turns_in_a_playout(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the other seats passing, a playout after the candidate plays exactly ``horizon`` own turns."""
    import engine.concordia.bots.search as search

    s = positions()[0]
    p = s.current_player
    guess = s.view(p).determinize(random.Random(4))
    action = s.legal_actions()[0]
    real = search._playout_turn
    seen: list[int] = []

    def spy(state: GameState, *args: Any, **kwargs: Any) -> GameState:
        seen.append(state.active)
        return real(state, *args, **kwargs)

    monkeypatch.setattr(search, "_playout_turn", spy)
    turns = {}
    for horizon in (0, 1, 2):
        seen.clear()
        search.SearchBot(iterations=1, horizon=horizon).playout(guess, action, p, random.Random(1), 1.0, None)
        turns[horizon] = list(seen)
    assert turns == {0: [], 1: [p], 2: [p, p]}
