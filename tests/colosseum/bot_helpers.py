"""A small match runner for the Colosseum bot tests: a one-decision greedy over ``evaluate`` against random.

The real tournament command comes with the shell; this plays the same kind of game headless: each seat
decides from its own ``view`` (determinized with the seat's RNG), as the generic bots do.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.colosseum import GameConfig, GameState, new_game
from engine.colosseum.bots import determinize, evaluate

Policy = Callable[[GameState, random.Random], object]


def random_policy(view: GameState, rng: random.Random) -> object:
    return rng.choice(view.legal_actions())


def greedy_policy(view: GameState, rng: random.Random) -> object:
    """One decision of lookahead: the legal action after which ``evaluate`` is highest (first of equals)."""
    legal = view.legal_actions()
    if len(legal) == 1:
        return legal[0]
    state = determinize(view, rng)
    p = state.current_player
    best, best_v = legal[0], -1e18
    for a in legal:
        c = state.clone()
        c.apply(a)
        v = evaluate(c, p)
        if v > best_v:
            best, best_v = a, v
    return best


def play(policies: list[Policy], seed: int, max_decisions: int = 20000, max_turns: int = 0) -> GameState:
    """One game, seat i played by ``policies[i]``; returns the finished state (``max_turns``: R-END-GUARD)."""
    s = new_game(GameConfig(players=len(policies), max_turns=max_turns), seed)
    rngs = [random.Random(seed * 31 + i) for i in range(len(policies))]
    for _ in range(max_decisions):
        if s.is_over:
            break
        p = s.current_player
        s.apply(policies[p](s.view(p), rngs[p]))  # type: ignore[arg-type]
    return s


def greedy_wins_against_random(games: int, first_seed: int = 0) -> tuple[int, float, float]:
    """Games the greedy seat wins (outright or shared) of ``games`` 2-player games, seats alternating;
    also the mean final score of the greedy and of the random seat."""
    wins = 0
    g_total = r_total = 0
    for i in range(games):
        greedy_seat = i % 2
        policies: list[Policy] = [random_policy, random_policy]
        policies[greedy_seat] = greedy_policy
        s = play(policies, first_seed + i)
        scores = s.final_scores()
        wins += greedy_seat in scores.winners
        g_total += scores.total(greedy_seat)
        r_total += scores.total(1 - greedy_seat)
    return wins, g_total / games, r_total / games


def bot_policy(bot: object) -> Policy:
    """A ``Bot`` (``choose(view, legal, rng)``) as a policy."""

    def policy(view: GameState, rng: random.Random) -> object:
        return bot.choose(view, view.legal_actions(), rng)  # type: ignore[attr-defined]

    return policy


def head_to_head(a: Policy, b: Policy, games: int, first_seed: int = 0, max_turns: int = 0) -> tuple[int, int]:
    """2-player games of ``a`` against ``b``, seats alternating: (wins of a, wins of b); shared wins count for both."""
    wins_a = wins_b = 0
    for i in range(games):
        seat_a = i % 2
        policies = [b, b]
        policies[seat_a] = a
        result = play(policies, first_seed + i, max_turns=max_turns).final_scores()
        wins_a += seat_a in result.winners
        wins_b += (1 - seat_a) in result.winners
    return wins_a, wins_b
