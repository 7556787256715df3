"""The generic bots (``engine.bots``): they play any game through ``evaluate`` and ``determinize`` alone.

Exercised twice: on a small test double (Nim: take 1-3 counters, who takes the last one wins, so the exact
best move is known) and on Concordia through its hooks, with Concordia's own ``BOTS`` left out so that the
registry falls back to the generic greedy and search bots, as it will for a game that brings only hooks.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.bots import GreedyBot, SearchBot, hooks_of, make_bot, registry
from engine.bots.hooks import GameHooks
from engine.bots.registry import available
from engine.concordia import GameConfig, new_game
from engine.core.errors import IllegalAction

from .helpers import checked_game


@dataclass
class Nim:
    """Two players take 1, 2 or 3 counters in turn; whoever takes the last counter wins."""

    pile: int
    player: int = 0
    history: list[int] = field(default_factory=list)
    game: str = "nim"

    @property
    def current_player(self) -> int:
        return self.player

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    def legal_actions(self) -> list[int]:
        return [n for n in (1, 2, 3) if n <= self.pile]

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"cannot take {action}")
        self.pile -= action
        self.history.append(action)
        if self.pile:
            self.player = 1 - self.player

    def clone(self) -> Nim:
        return Nim(self.pile, self.player, list(self.history))

    def winner(self) -> int:
        return self.player  # the last one to move took the last counter


def nim_value(state: Nim, p: int) -> float:
    """+1 won, -1 lost; else a pile that is a multiple of 4 is lost for the seat to move."""
    if state.is_over:
        return 1.0 if state.winner() == p else -1.0
    losing_for_mover = state.pile % 4 == 0
    return 0.5 if losing_for_mover != (state.current_player == p) else -0.5


def nim_determinize(view: Nim, rng: random.Random) -> Nim:
    return view.clone()


def play_nim(bots: list[Any], pile: int, seed: int) -> int:
    s = Nim(pile)
    rng = random.Random(seed)
    while not s.is_over:
        s.apply(bots[s.current_player].choose(s.clone(), s.legal_actions(), rng))
    return s.winner()


@pytest.mark.parametrize("pile", [5, 6, 7, 9, 10, 11, 13])
def test_greedy_takes_the_winning_move_in_nim(pile: int) -> None:
    bot = GreedyBot(nim_value, nim_determinize)
    assert bot.choose(Nim(pile), Nim(pile).legal_actions(), random.Random(1)) == pile % 4


def test_greedy_and_search_beat_random_at_nim() -> None:
    from engine.bots import RandomBot

    for bot in (GreedyBot(nim_value), SearchBot(nim_value, iterations=20, depth=20)):
        wins = sum(play_nim([bot, RandomBot()], pile, seed) == 0 for seed in range(10) for pile in (9, 10, 11))
        assert wins == 30, type(bot).__name__


def test_search_with_an_iteration_budget_is_reproducible() -> None:
    s = Nim(21)
    picks = {SearchBot(nim_value, iterations=30, policy="random", depth=10).choose(s, s.legal_actions(),
                                                                                    random.Random(7))
             for _ in range(3)}
    assert len(picks) == 1
    bot = SearchBot(nim_value, iterations=5, policy="random")
    bot.choose(s, s.legal_actions(), random.Random(2))
    assert bot.last_playouts <= 5


def test_search_keeps_its_time_budget() -> None:
    def slow_value(state: Nim, p: int) -> float:
        time.sleep(0.002)
        return nim_value(state, p)

    bot = SearchBot(slow_value, seconds=0.2, depth=50)
    s = Nim(40)
    t0 = time.perf_counter()
    assert bot.choose(s, s.legal_actions(), random.Random(1)) in (1, 2, 3)
    assert time.perf_counter() - t0 < 0.2 * 1.15


def test_search_without_a_time_budget_still_stops_at_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15 item 8: an iteration budget alone cannot make the bot think forever; the clock is checked."""
    import engine.bots.search as search

    monkeypatch.setattr(search, "MAX_SECONDS", 0.2)
    bot = SearchBot(nim_value, iterations=10**9, policy="random", depth=10, confidence=0, min_rounds=10**9)
    s = Nim(40)
    t0 = time.perf_counter()
    bot.choose(s, s.legal_actions(), random.Random(1))
    assert time.perf_counter() - t0 < 0.2 * 1.15
    assert 0 < bot.last_playouts < 10**9


# ------------------------------------------------------------------------- Concordia through the hooks
@pytest.fixture
def generic_only(monkeypatch: pytest.MonkeyPatch) -> GameHooks:
    """Concordia's hooks without its own BOTS: the registry must fall back to the generic bots."""
    real = hooks_of("concordia")
    bare = GameHooks("concordia", real.evaluate, real.determinize, {})
    import engine.bots.hooks as hooks_mod

    monkeypatch.setitem(hooks_mod._cache, "concordia", bare)
    return bare


def test_concordia_exports_the_hooks() -> None:
    from engine.concordia import bots as concordia_bots

    h = hooks_of("concordia")
    assert h.evaluate is concordia_bots.evaluate and h.determinize is concordia_bots.determinize
    assert set(h.bots) == {"easy", "greedy", "normal", "hard", "mcts"}
    s = new_game(GameConfig(players=3), 4)
    view = s.view(0)
    full = h.determinize(view, random.Random(1))
    assert type(full) is type(s) and full.players[0].hand == s.players[0].hand
    assert sorted(full.deck) == sorted(s.deck)
    # the evaluation is relative: at the start every seat is near even, and it is a float in VP
    assert all(abs(h.evaluate(s, p)) < 15 for p in range(3))


def test_game_bots_replace_the_generic_ones_of_the_same_name() -> None:
    from engine.concordia.bots import GreedyBot as ConcordiaGreedy
    from engine.concordia.bots import SearchBot as ConcordiaSearch

    assert isinstance(make_bot("greedy"), ConcordiaGreedy)
    assert isinstance(make_bot("hard", game="concordia"), ConcordiaSearch)
    assert type(make_bot("random")).__module__ == "engine.bots.random_bot"


def test_generic_bots_play_concordia_through_the_hooks(generic_only: GameHooks) -> None:
    greedy, normal = make_bot("greedy"), make_bot("normal:iterations=6:depth=3")
    assert isinstance(greedy, GreedyBot) and isinstance(normal, SearchBot)
    assert normal.name == "normal" and normal.seconds is None
    bots = [greedy, normal, make_bot("random")]
    _state, asked = checked_game(GameConfig(players=3), 2, bots, max_decisions=40)
    assert asked == 40


def test_a_game_without_bot_hooks_gets_the_random_bot_only(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.bots.hooks as hooks_mod

    monkeypatch.setitem(hooks_mod._cache, "concordia", GameHooks("concordia"))
    assert registry.builtin_names() == ["random"]
    with pytest.raises(registry.UnknownBot, match="unknown bot 'normal'"):
        make_bot("normal")


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(registry.UnknownBot, match="unknown game 'chess'"):
        make_bot("random", game="chess")
    with pytest.raises(registry.UnknownBot, match="unknown game"):
        available("chess")


def test_plugin_groups_per_game() -> None:
    assert registry.plugin_group("concordia") == "concordia.bots"
    assert registry.plugin_group("colosseum") == "colosseum.bots"


# ------------------------------------------------------------------- a registered game with hooks only
def test_the_registry_makes_generic_bots_for_a_game_with_hooks_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from . import nim

    nim.register(monkeypatch)
    assert available("nim") == ["easy", "greedy", "hard", "mcts", "normal", "random"]
    assert isinstance(make_bot("greedy", game="nim"), GreedyBot)
    hard = make_bot("hard:iterations=30", game="nim")
    assert isinstance(hard, SearchBot) and hard.name == "hard" and hard.seconds is None
    for pile in (5, 6, 7, 9, 10, 11):
        s = nim.new_game(nim.GameConfig(players=2, pile=pile), 0)
        for spec in ("greedy", "hard:iterations=30"):
            bot = make_bot(spec, game="nim")
            assert bot.choose(s.view(0), s.legal_actions(), random.Random(pile)) == nim.Take(pile % 4)


def test_plugins_of_another_game_come_from_its_own_group(monkeypatch: pytest.MonkeyPatch) -> None:
    from . import nim

    nim.register(monkeypatch)
    groups: list[str] = []

    def fake(group: str = registry.ENTRY_POINT_GROUP) -> dict[str, Any]:
        groups.append(group)
        return {"first": lambda: lambda: "a bot"} if group == "nim.bots" else {}

    monkeypatch.setattr(registry, "_plugins", fake)
    assert "first" in available("nim") and "first" not in available("concordia")
    assert make_bot("first", game="nim") == "a bot"
    assert set(groups) == {"nim.bots", "concordia.bots"}


def test_the_generic_bots_play_massilia_through_its_hooks() -> None:
    """Massilia brings ``evaluate`` and ``determinize``: the registry's generic greedy and search bots play it."""
    from engine.core import games

    info = games.get("massilia")
    s = info.new_game(info.config_from_dict({"players": 3}), 5)
    bots = [make_bot("greedy", game="massilia"), make_bot("mcts:iterations=4:depth=2", game="massilia"),
            make_bot("random", game="massilia")]
    assert isinstance(bots[0], GreedyBot) and isinstance(bots[1], SearchBot)
    rng = random.Random(3)
    for _ in range(60):
        if s.is_over:
            break
        p = s.current_player
        legal = s.legal_actions()
        action = bots[p].choose(s.view(p), legal, rng)
        assert action in legal
        s.apply(action)
