"""A 4-player Venus team game for the game screen's team tests: you in seat 1, random bots in seats 2-4.

Seed 1 on Imperium (as in tests/engine/test_team_rules.py): seat 1 starts, 1+3 and 2+4 are the teams, the
second partners (3 and 4) start in Alexandria. Positions are set on the session's state with the engine
tests' helpers before the screen opens; decisions of other seats are applied through the session, so that
the screen opens on a decision of yours.
"""

from __future__ import annotations

from typing import Any

from engine.concordia import GameConfig
from saves import Seat
from tests.tui.app_support import screen_text
from tui.session import GameSession
from tui.widgets.text_panel import TextPanel

YOU, BOT2, BOT3, BOT4 = 0, 1, 2, 3
SIZES = [(120, 36), (80, 24)]


def team_session() -> GameSession:
    seats = [Seat("You", None), Seat("Bot 2", "random"), Seat("Bot 3", "random"), Seat("Bot 4", "random")]
    session = GameSession(GameConfig(map="imperium", players=4, variant="venus-team"), 1, seats)
    while session.state.decision == "startcity":
        session.apply("start alexandria")
    assert session.state.current_player == YOU and session.state.decision == "play"
    return session


def panel_text(screen: Any, selector: str) -> str:
    """The plain text a panel of the game screen shows."""
    return screen.query_one(selector, TextPanel)._text.plain


def shown_text(app: Any, selector: str) -> str:
    """What the screen shows in a widget's region, its rows joined by spaces (a wrapped text reads whole)."""
    region = app.screen.query_one(selector).region
    rows = screen_text(app).split("\n")[region.y: region.y + region.height]
    return " ".join(" ".join(row[region.x: region.x + region.width].split()) for row in rows).strip()
