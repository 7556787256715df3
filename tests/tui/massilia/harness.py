"""Helpers of the Massilia screen's tests: a tiny app that opens the game screen, a seeded session, Pilot steps."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from engine.massilia import GameConfig
from saves import Seat
from tests.tui.game_harness import settle as settle  # the one settle of every game's screen tests
from tui.massilia.screen import GameScreen
from tui.play_screen import PlayScreen
from tui.session import GameSession
from tui.widgets.choice_list import ChoiceList


class GameApp(App[None]):
    """Opens the Massilia game screen of ``session`` (what the app shell does) and records ``PlayScreen.Quit``."""

    def __init__(self, session: GameSession, pace: str = "instant") -> None:
        super().__init__()
        self.session = session
        self.pace = pace
        self.quits: list[GameSession] = []
        self.game_screen: GameScreen | None = None

    def on_mount(self) -> None:
        self.game_screen = GameScreen(self.session, pace=self.pace)
        self.push_screen(self.game_screen)

    def on_play_screen_quit(self, message: PlayScreen.Quit) -> None:
        self.quits.append(message.session)


def bot_spec() -> str:
    """The bot the tests seat: the registry's one-step greedy for Massilia (quick, and it plays sensibly)."""
    return "greedy"


def make_session(seed: int = 3, humans: int = 1, players: int = 4, store: Any = None) -> GameSession:
    seats = [Seat(f"Human {i + 1}", None) for i in range(humans)]
    seats += [Seat(f"Bot {i + 1}", bot_spec()) for i in range(players - humans)]
    return GameSession(GameConfig(players=players), seed, seats, store=store, game="massilia")


def assert_choices_match(screen: GameScreen) -> None:
    """The decision panel offers exactly the legal actions, each once."""
    legal = screen.session.state.legal_actions()
    assert Counter(str(a) for _line, a in screen.choices) == Counter(str(a) for a in legal)
    assert screen.query_one("#choices", ChoiceList).labels == [line for line, _a in screen.choices]


async def choose_by_keys(pilot: Pilot[None], screen: GameScreen, index: int) -> Any:
    """Choose line ``index`` of the decision panel with the keyboard (Home, Down ..., Enter)."""
    assert_choices_match(screen)
    options = screen.query_one("#choices", ChoiceList)
    if not options.has_focus:
        options.focus()
    if index < 6:
        await pilot.press("home", *(["down"] * index))
    else:
        options.highlighted = index
    assert options.highlighted == index
    action = screen.choices[index][1]
    await pilot.press("enter")
    return action


def pick(rng: random.Random, screen: GameScreen) -> int:
    return rng.randrange(len(screen.choices))
