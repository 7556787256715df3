"""Ten: players in turn add 1 or 2 to a shared count; whoever brings it to ten (``target``) wins.

A pure rules engine following the state protocol (``engine.core.protocol``): ``legal_actions`` is the single
source of truth, ``apply`` refuses anything else, ``to_dict``/``from_dict`` round-trip, nothing is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import actionform, actiontext, games
from engine.core.actionform import Forms, Number, form
from engine.core.config import PlainConfig
from engine.core.errors import GameDataError, IllegalAction, StateFormatError
from engine.core.scores import Scores, SeatScore
from engine.core.state import copier


@dataclass(frozen=True, slots=True)
class GameConfig(PlainConfig):
    """``players`` seats count in turn to ``target`` (``to_dict``/``from_dict`` come from ``PlainConfig``)."""

    players: int = 2
    target: int = 10

    def validate(self) -> None:
        if not 2 <= self.players <= 3 or not 3 <= self.target <= 30:
            raise GameDataError("Ten is for 2 or 3 players, counting to 3..30")


@form("add {n}", n=Number("the step", lo=1, hi=2))
@dataclass(frozen=True, slots=True)
class Add:
    """Add ``n`` (1 or 2) to the count."""

    n: int


FORMS = Forms(Add)


class GameState:
    game = "ten"

    def __init__(self, config: GameConfig, seed: int) -> None:
        self.config = config
        self.seed = seed
        self.count = 0
        self.current_player = 0
        self.last = -1
        self.turn = 0
        self.events: list[tuple[str, dict[str, Any]]] = []

    @property
    def is_over(self) -> bool:
        return self.count >= self.config.target

    def legal_actions(self) -> list[Add]:
        return [] if self.is_over else [Add(n) for n in (1, 2) if self.count + n <= self.config.target]

    def apply(self, action: Add | str) -> None:
        if isinstance(action, str):
            action = parse(action)
        found = actiontext.chosen(action, self.legal_actions(), lambda: f"{action} is not possible now")
        self.count += found.n
        self.last = self.current_player
        self.events = [("count", {"count": self.count})]
        self.current_player = (self.current_player + 1) % self.config.players
        self.turn += 1

    def final_scores(self) -> Scores[SeatScore]:
        won = [1 if q == self.last and self.is_over else 0 for q in range(self.config.players)]
        return Scores([SeatScore(q, {"ten": won[q]}, won[q]) for q in range(self.config.players)], max(self.last, 0))

    def view(self, _player: int) -> GameState:
        return self.clone()

    def clone(self) -> GameState:
        return _clone(self)

    def to_dict(self) -> dict[str, Any]:
        return {"game": "ten", "config": self.config.to_dict(), "seed": self.seed, "count": self.count,
                "current": self.current_player, "last": self.last, "turn": self.turn}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        try:
            s = cls(GameConfig.from_dict(d["config"]), int(d["seed"]))
            s.count, s.current_player, s.last, s.turn = int(d["count"]), int(d["current"]), int(d["last"]), int(
                d["turn"])
        except (KeyError, TypeError, ValueError, GameDataError) as exc:
            raise StateFormatError(f"malformed state of Ten: {exc}") from None
        if not 0 <= s.count <= s.config.target or not 0 <= s.current_player < s.config.players:
            raise StateFormatError("inconsistent state of Ten")
        return s


_clone = copier(GameState, same="config seed count current_player last turn", list="events")


def parse(text: str) -> Add:
    """The action written as ``text`` (its form only; whether it is legal now is the state's business)."""
    try:
        found: Add | None = FORMS.read(actionform.words(text))
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    if found is None:
        raise IllegalAction(f"{str(text)[:40]!r} is no action of Ten (add 1, add 2)")
    return found


def parse_action(state: GameState, text: str) -> Add:
    return actiontext.read_legal(state, text, parse, lambda s, a, _legal: f"{a} would pass {s.config.target}")


def new_game(config: GameConfig, seed: int) -> GameState:
    return GameState(config, seed)


def fingerprint(state: GameState) -> list[Any]:
    """What every decision changes (saves keep a checksum of it after each decision)."""
    return [state.count, state.current_player, state.last]


GAME = games.entry(__name__, id="ten", title="Ten", players=(2, 3))
