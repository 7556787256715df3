"""Headless games of bots: play a whole game and summarise many (used by ``concordia simulate``)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .config import GameConfig
from .setup import new_game
from .state import FinalScores, GameState


@dataclass
class GameRecord:
    """One finished game: its config, seed, every decision's text and the final scores."""

    config: GameConfig
    seed: int
    actions: list[str]
    scores: FinalScores
    state: GameState
    seconds: float


@dataclass
class Summary:
    games: int = 0
    decisions: int = 0
    turns: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winning_scores: list[int] = field(default_factory=list)
    wins_by_seat: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        n = max(1, len(self.scores))
        return {
            "games": self.games,
            "mean_score": round(sum(self.scores) / n, 2),
            "max_score": max(self.scores, default=0),
            "mean_winning_score": round(sum(self.winning_scores) / max(1, len(self.winning_scores)), 2),
            "turns_per_game": round(sum(self.turns) / max(1, len(self.turns)), 2),
            "decisions": self.decisions,
            "decisions_per_second": round(self.decisions / self.seconds, 1) if self.seconds else 0.0,
            "wins_by_seat": {str(k + 1): v for k, v in sorted(self.wins_by_seat.items())},
            "seconds": round(self.seconds, 3),
        }


def play_game(
    config: GameConfig,
    seed: int,
    bots: Sequence[Any],
    on_action: Callable[[GameState, Action], None] | None = None,
    max_decisions: int = 100_000,
) -> GameRecord:
    """Play one game to the end with one bot per seat; each bot sees only ``state.view(seat)``."""
    state = new_game(config, seed)
    rng = random.Random(seed * 7919 + 17)
    log: list[str] = []
    t0 = time.perf_counter()
    while not state.is_over:
        p = state.current_player
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else bots[p].choose(state.view(p), legal, rng)
        if on_action is not None:
            on_action(state, action)
        state.apply(action)
        log.append(str(action))
        if len(log) > max_decisions:  # pragma: no cover - a guard against an engine bug
            raise RuntimeError(f"game {config} seed {seed} did not end after {max_decisions} decisions")
    return GameRecord(config, seed, log, state.final_scores(), state, time.perf_counter() - t0)


def summarise(records: Sequence[GameRecord]) -> Summary:
    s = Summary()
    for r in records:
        s.games += 1
        s.decisions += len(r.actions)
        s.turns.append(r.state.turn)
        s.scores.extend(p.total for p in r.scores.players)
        s.winning_scores.append(r.scores.players[r.scores.winner].total)
        s.wins_by_seat[r.scores.winner] = s.wins_by_seat.get(r.scores.winner, 0) + 1
        s.seconds += r.seconds
    return s
