"""A second game for the shell's tests: a tiny Nim (take 1-3 stones, whoever takes the last wins) with its own UI.

It follows the state protocol and the ``GameUI`` contract with nothing but this file, which is what a new
game (Colosseum, Massilia) must be able to do: ``install(monkeypatch)`` registers it beside Concordia in
``engine.core.games`` and ``tui.games`` as the game "nim" (as if ``engine/nim`` and ``tui/nim`` existed).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from engine.bots import RandomBot
from engine.core import games as core_games
from engine.core.errors import GameDataError, IllegalAction
from tui import games
from tui.games import Chapter, Field, GameUI, NewGameForm

GAME_ID = "nim"


@dataclass(frozen=True)
class NimConfig:
    players: int = 2
    stones: int = 12

    def validate(self) -> None:
        if not 2 <= self.players <= 3:
            raise GameDataError("Nim is for 2 or 3 players")
        if not 5 <= self.stones <= 30:
            raise GameDataError("the heap has 5 to 30 stones")

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "stones": self.stones}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> NimConfig:
        config = cls(players=int(d.get("players", 2)), stones=int(d.get("stones", 12)))
        config.validate()
        return config


@dataclass(frozen=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


@dataclass(frozen=True)
class Scores:
    players: list[Any]
    winner: int
    tie_break: bool = False

    def total(self, player: int) -> int:
        return int(self.players[player].total)


@dataclass(frozen=True)
class PlayerScore:
    player: int
    total: int
    breakdown: dict[str, int]


class NimState:
    game = GAME_ID

    def __init__(self, config: NimConfig, seed: int) -> None:
        self.config = config
        self.seed = seed
        self.n = config.players
        self.stones = config.stones
        self.current_player = 0
        self.turn = 0
        self.last = -1
        self.events: list[tuple[str, dict[str, Any]]] = []

    @property
    def is_over(self) -> bool:
        return self.stones == 0

    def legal_actions(self) -> list[Take]:
        return [Take(n) for n in (1, 2, 3) if n <= self.stones]

    def apply(self, action: Any) -> None:
        if isinstance(action, str):
            action = parse_action(self, action)
        if action not in self.legal_actions():
            raise IllegalAction(f"cannot {action} now")
        self.stones -= action.n
        self.last = self.current_player
        self.events = [("left", {"stones": self.stones})]
        self.current_player = (self.current_player + 1) % self.n
        self.turn += 1

    def final_scores(self) -> Scores:
        rows = [PlayerScore(q, 1 if q == self.last else 0, {"heap": 1 if q == self.last else 0})
                for q in range(self.n)]
        return Scores(rows, max(self.last, 0))

    def view(self, _player: int) -> NimState:
        return self.clone()

    def clone(self) -> NimState:
        copy = NimState(self.config, self.seed)
        copy.stones, copy.current_player, copy.turn, copy.last = self.stones, self.current_player, self.turn, self.last
        return copy

    def to_dict(self) -> dict[str, Any]:
        return {"config": self.config.to_dict(), "seed": self.seed, "stones": self.stones,
                "current": self.current_player, "turn": self.turn, "last": self.last}


def parse_action(state: NimState, text: str) -> Take:
    for action in state.legal_actions():
        if str(action) == text:
            return action
    raise IllegalAction(f"{text!r} is not legal now")


def from_dict(d: dict[str, Any]) -> NimState:
    state = NimState(NimConfig.from_dict(d["config"]), int(d["seed"]))
    state.stones, state.current_player, state.turn, state.last = d["stones"], d["current"], d["turn"], d["last"]
    return state


INFO = core_games.GameInfo(
    id=GAME_ID, title="Nim", min_players=2, max_players=3,
    config_from_dict=NimConfig.from_dict, new_game=NimState, state_from_dict=from_dict,
    parse_action=parse_action, fingerprint=lambda s: [s.stones, s.current_player],
)


class NimScreen(Screen[Any]):
    """The whole game screen of Nim: the heap, the legal takes, and the log."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "leave", "Leave")]

    def __init__(self, session: Any, pace: str = "normal", confirm_end_turn: bool = False) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Static("", id="heap")
        yield OptionList(id="takes")
        yield Footer()

    def on_mount(self) -> None:
        self.advance()

    def advance(self) -> None:
        s = self.session.state
        while not s.is_over and s.current_player in self.session.bots:
            request = self.session.bot_request()
            from tui.session import bot_plan

            for action, _problem in bot_plan(request):
                self.session.apply(action)
            s = self.session.state
        self.query_one("#heap", Static).update(f"Stones: {s.stones}" + (" - game over" if s.is_over else ""))
        takes = self.query_one("#takes", OptionList)
        takes.clear_options()
        if not s.is_over:
            takes.add_options([Option(str(a), id=str(a)) for a in s.legal_actions()])
            takes.highlighted = 0
            takes.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.session.apply(str(event.option.id))
        self.advance()

    def action_leave(self) -> None:
        self.dismiss(self.session)


def _action_text(_state: Any, action: Any, _names: Sequence[str] | None) -> str:
    return f"takes {action.n}"


def _event_text(event: Any, _names: Sequence[str] | None) -> str:
    event_id, params = event
    return f"{params['stones']} stones left" if event_id == "left" else event_id


UI = GameUI(
    id=GAME_ID,
    tagline="Take the last stone",
    screen=lambda: NimScreen,
    form=NewGameForm(
        fields=(Field("stones", "Stones", options=lambda: [(str(n), n) for n in (5, 12, 21)], default=12),),
        config=lambda values, players: {"players": players, "stones": values["stones"]},
        recommended=lambda _values: (2, 3),
        default_players=2,
    ),
    quick_config={"players": 2, "stones": 5},
    describe_setup=lambda h: f"{(getattr(h, 'options', None) or {}).get('stones', '?')} stones",
    rules=lambda lang: [Chapter("01-goal", "Das Ziel" if lang == "de" else "The goal",
                                "# The goal\n\nTake the last stone.")],
    action_text=_action_text,
    event_text=_event_text,
)


def make_bot(spec: str, game: str = core_games.DEFAULT) -> Any:
    """Today's bots for Concordia; a random bot for Nim (the bot registry names games in its own branch)."""
    if game == GAME_ID:
        return RandomBot()
    from engine.bots import make_bot as concordia_bot

    return concordia_bot(spec)


def available(game: str = core_games.DEFAULT) -> list[str]:
    if game == GAME_ID:
        return ["random"]
    from engine.bots import available as concordia_bots

    return list(concordia_bots())


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Offer Nim after Concordia, in the engine's and the UI's registry, with random bots for its seats."""
    from tui import bots

    monkeypatch.setitem(core_games.BUILTIN, GAME_ID, "tests.tui.second_game")
    monkeypatch.setitem(core_games._cache, GAME_ID, INFO)
    monkeypatch.setattr(core_games, "ids", lambda: [core_games.DEFAULT, GAME_ID])
    monkeypatch.setitem(games._cache, GAME_ID, UI)
    monkeypatch.setattr(games, "ids", lambda: [core_games.DEFAULT, GAME_ID])
    monkeypatch.setattr(bots, "make_bot", make_bot)
    monkeypatch.setattr(bots, "seat_bot", make_bot)
    monkeypatch.setattr(bots, "available", available)
