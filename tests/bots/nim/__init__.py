"""A test double of a whole game: Nim, registered as the game "nim" to prove the shell needs no game code.

Two to four players take 1, 2 or 3 counters from a pile in turn; whoever takes the last counter wins.
It implements the state protocol (``engine.core.protocol``) and defines ``GAME``, so the bot registry,
the saves and the commands can be tested on a game other than Concordia (``tests/bots/nim/bots.py`` holds
its bot hooks). ``register(monkeypatch)`` adds it to the game registry for one test.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core import games
from engine.core.errors import GameDataError, IllegalAction, StateFormatError
from engine.core.games import GameInfo


@dataclass(frozen=True)
class GameConfig:
    players: int = 2
    pile: int = 15

    def validate(self) -> None:
        if not 2 <= self.players <= 4:
            raise GameDataError("Nim is for 2 to 4 players")
        if not 1 <= self.pile <= 200:
            raise GameDataError("the pile holds 1 to 200 counters")

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "pile": self.pile}

    @classmethod
    def from_dict(cls, d: Any) -> GameConfig:
        if not isinstance(d, dict) or set(d) - {"players", "pile"}:
            raise GameDataError("unknown options")
        cfg = cls(**d)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (cfg.players, cfg.pile)):
            raise GameDataError("options must be whole numbers")
        cfg.validate()
        return cfg


@dataclass(frozen=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


@dataclass
class Score:
    player: int
    total: int
    breakdown: dict[str, int]


@dataclass
class FinalScores:
    players: list[Score]
    winner: int
    tie_break: bool = False

    def total(self, player: int) -> int:
        return self.players[player].total


@dataclass
class GameState:
    config: GameConfig
    seed: int
    pile: int
    player: int = 0
    taken: list[int] = field(default_factory=list)
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    game: str = "nim"

    @property
    def n(self) -> int:
        return self.config.players

    @property
    def current_player(self) -> int:
        return self.player

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    def legal_actions(self) -> list[Take]:
        return [Take(k) for k in (1, 2, 3) if k <= self.pile]

    def apply(self, action: Take | str) -> None:
        if isinstance(action, str):
            action = parse_action(self, action)
        if action not in self.legal_actions():
            raise IllegalAction(f"cannot {action} from a pile of {self.pile}")
        self.pile -= action.n
        self.taken.append(self.player)
        self.events = [("took", {"player": self.player, "n": action.n})]
        if self.pile:
            self.player = (self.player + 1) % self.n

    def final_scores(self) -> FinalScores:
        winner = self.player
        counts = [self.taken.count(p) for p in range(self.n)]
        players = [Score(p, (10 if p == winner and self.is_over else 0) + counts[p],
                         {"last counter": 10 if p == winner and self.is_over else 0, "moves": counts[p]})
                   for p in range(self.n)]
        return FinalScores(players, winner)

    def view(self, player: int) -> GameState:
        return self.clone()

    def clone(self) -> GameState:
        return GameState(self.config, self.seed, self.pile, self.player, list(self.taken))

    def to_dict(self) -> dict[str, Any]:
        return {"config": self.config.to_dict(), "seed": self.seed, "pile": self.pile, "player": self.player,
                "taken": list(self.taken)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        try:
            state = cls(GameConfig.from_dict(d["config"]), d["seed"], d["pile"], d["player"], list(d["taken"]))
        except (KeyError, TypeError, GameDataError) as exc:
            raise StateFormatError(f"not a Nim state: {exc}") from None
        if not isinstance(state.pile, int) or not 0 <= state.pile <= state.config.pile:
            raise StateFormatError("bad pile")
        return state


def new_game(config: GameConfig, seed: int) -> GameState:
    config.validate()
    return GameState(config, seed, config.pile, seed % config.players)


def parse_action(state: GameState, text: str) -> Take:
    word, _, n = text.partition(" ")
    if word != "take" or n not in ("1", "2", "3"):
        raise IllegalAction(f"not a Nim action: {text[:30]!r}")
    action = Take(int(n))
    if action not in state.legal_actions():
        raise IllegalAction(f"cannot {action} from a pile of {state.pile}")
    return action


def fingerprint(state: GameState) -> list[Any]:
    return [state.pile, state.player, state.taken]


GAME = GameInfo(
    id="nim",
    title="Nim",
    min_players=2,
    max_players=4,
    config_from_dict=GameConfig.from_dict,
    new_game=new_game,
    state_from_dict=GameState.from_dict,
    parse_action=parse_action,
    fingerprint=fingerprint,
)


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make "nim" a game of the registry for the running test."""
    monkeypatch.setitem(games.BUILTIN, "nim", "tests.bots.nim")
