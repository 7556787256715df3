"""Helpers of the Colosseum screen tests: a tiny app that opens the screen, sessions with bots, and settling.

Bots: the shell's bot registry (``tui.bots``) makes Colosseum bots once the per-game registry is in; before
that, ``colosseum_bots`` stands in with the game's own greedy bot and the protocol's random bot, so the
screen tests do not depend on which of the two the branch has.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App

from engine.colosseum import GameConfig
from saves import Seat
from tests.tui.game_harness import settle as settle  # the one settle of every game's screen tests
from tui import bots
from tui.colosseum.screen import ColosseumScreen
from tui.play_screen import PlayScreen
from tui.session import GameSession


def _own_bot(spec: str, game: str = "concordia") -> Any:
    from engine.bots import RandomBot
    from engine.colosseum.bots import BOTS

    if game != "colosseum":
        from engine.bots import make_bot

        return make_bot(spec)
    return RandomBot() if spec == "random" else BOTS["greedy"]()


def install_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``tui.bots`` play Colosseum bots when the registry in this branch cannot yet."""
    try:
        bots.make_bot("random", "colosseum")
    except Exception:
        monkeypatch.setattr(bots, "make_bot", _own_bot)
        monkeypatch.setattr(bots, "available", lambda game="concordia": ["greedy", "random"])


class ColosseumApp(App[None]):
    """Opens the Colosseum screen of ``session`` (what the app shell does) and records ``PlayScreen.Quit``."""

    def __init__(self, session: GameSession, pace: str = "instant") -> None:
        super().__init__()
        self.session = session
        self.pace = pace
        self.quits: list[GameSession] = []
        self.game_screen: ColosseumScreen | None = None

    def on_mount(self) -> None:
        self.game_screen = ColosseumScreen(self.session, pace=self.pace)
        self.push_screen(self.game_screen)

    def on_play_screen_quit(self, message: PlayScreen.Quit) -> None:
        self.quits.append(message.session)


def make_session(seed: int = 3, humans: int = 1, players: int = 4, bot: str = "random",
                 field_d: str = "score_any") -> GameSession:
    seats = [Seat(f"Human {i + 1}", None) for i in range(humans)]
    seats += [Seat(f"Bot {i + 1}", bot) for i in range(players - humans)]
    return GameSession(GameConfig(players=players, field_d=field_d), seed, seats, game="colosseum")


def screen_text(app: Any) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join(s.text.rstrip() for s in strips)
