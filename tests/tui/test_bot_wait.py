"""Issue 21, the hard bot's wait: the status says how long a bot may still think, and the next bot thinks
while the previous bot's move is on show (so a round costs the pace or the thinking, not both)."""

from __future__ import annotations

import itertools
import re
import time

import pytest

from engine.bots import make_bot
from engine.concordia import GameConfig
from saves import Seat
from tui.concordia.screen import PACES
from tui.i18n import set_language
from tui.session import GameSession
from tui.thinking import budget_of, seconds_left, thinking_text

from .game_harness import GameApp


def test_the_status_counts_the_budget_down() -> None:
    assert thinking_text("C Bot 3 (hard)", "*", 3.0, 100.0, now=100.4) == (
        "* C Bot 3 (hard) is thinking · at most 3 s more")
    assert thinking_text("C Bot 3 (hard)", "*", 3.0, 100.0, now=101.2) == (
        "* C Bot 3 (hard) is thinking · at most 2 s more")
    # past its budget (a last playout, a busy machine) it says 1 s, never 0 or less
    assert seconds_left(3.0, 100.0, now=103.5) == 1
    assert thinking_text("C Bot 3", "*", None, 100.0, now=105.0) == "* C Bot 3 is thinking"
    assert thinking_text("C Bot 3", "*", 1.0, 0.0, now=0.0, sep=" - ") == "* C Bot 3 is thinking - at most 1 s more"


def test_the_status_in_german() -> None:
    set_language("de")
    try:
        assert thinking_text("C Bot 3", "*", 3.0, 100.0, now=101.5).endswith(" · höchstens noch 2 s")
    finally:
        set_language("en")


def test_the_budget_is_the_bots_own() -> None:
    assert budget_of(make_bot("hard")) == 3.0
    assert budget_of(make_bot("normal:seconds=0.5")) == 0.5
    assert budget_of(make_bot("hard", game="colosseum")) == 3.0
    assert budget_of(make_bot("random")) is None
    assert budget_of(make_bot("hard:iterations=10")) is None  # an iteration budget says no time
    seats = [Seat("Anna"), Seat("Bot", "hard")]
    session = GameSession(GameConfig(map="imperium", players=2), 5, seats)
    assert session.bot_request() is None  # Anna decides first
    session = GameSession(GameConfig(map="imperium", players=2), 5, list(reversed(seats)))
    request = session.bot_request()
    assert request is not None and request.budget == 3.0


@pytest.mark.asyncio
async def test_the_next_bot_thinks_while_a_move_is_shown() -> None:
    """Three greedy bots before the person at pace normal: whenever a bot is to decide, one is thinking
    (no "to decide" between two bot moves), the status gives its bound, and each bot move still stays on
    show for the pace before the next one is applied."""
    seats = [Seat("Bot 1", "greedy"), Seat("Bot 2", "greedy"), Seat("Bot 3", "greedy"), Seat("Anna")]
    session = GameSession(GameConfig(map="imperium", players=4), 8, seats)
    applied: list[float] = []
    apply = session.apply

    def timed(action: object, autosave: bool = True, **options: bool) -> object:
        applied.append(time.monotonic())
        return apply(action, autosave, **options)

    session.apply = timed  # type: ignore[assignment,method-assign]
    app = GameApp(session, pace="normal")
    idle = 0
    statuses: set[str] = set()
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.game_screen
        assert screen is not None
        for _ in range(2000):
            await pilot.pause(0.02)
            s = session.state
            if session.is_human(s.current_player):
                break
            if screen.thinking is None:
                idle += 1
            else:
                statuses.add(screen._widgets().status._text.plain)
        assert session.is_human(session.state.current_player)
    assert idle == 0
    # the thinking part gives its bound in whole seconds; at 120x36 the board layout writes its view keys
    # after it ("… · at most 2 s more · views: m k p l w"), so the bound need not end the line
    bound = re.compile(r" is thinking · at most \d+ s more( · |$)")
    assert statuses and all(bound.search(x) for x in statuses)
    assert len(applied) >= 3
    gaps = [b - a for a, b in itertools.pairwise(applied)]
    assert min(gaps) >= PACES["normal"] - 0.05


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["colosseum", "massilia"])
async def test_every_game_screen_overlaps_thinking_and_showing(game: str) -> None:
    """The same flow on the Colosseum and Massilia screens: three greedy bots before the person."""
    from textual.app import App

    if game == "colosseum":
        from engine.colosseum import GameConfig as Config

        from .colosseum.harness import ColosseumApp as GameAppOf
    else:
        from engine.massilia import GameConfig as Config  # type: ignore[assignment]

        from .massilia.harness import GameApp as GameAppOf  # type: ignore[assignment]
    seats = [Seat("Bot 1", "greedy"), Seat("Bot 2", "greedy"), Seat("Bot 3", "greedy"), Seat("Anna")]
    session = GameSession(Config(players=4), 8, seats, game=game)
    applied: list[float] = []
    apply = session.apply

    def timed(action: object, autosave: bool = True, **options: bool) -> object:
        applied.append(time.monotonic())
        return apply(action, autosave, **options)

    session.apply = timed  # type: ignore[assignment,method-assign]
    app: App[None] = GameAppOf(session, pace="normal")
    idle = 0
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.game_screen  # type: ignore[attr-defined]
        for _ in range(2000):
            await pilot.pause(0.02)
            if session.state.is_over or session.is_human(session.state.current_player):
                break
            idle += screen.thinking is None
        assert session.is_human(session.state.current_player)
    assert idle == 0
    assert len(applied) >= 3
    gaps = [b - a for a, b in itertools.pairwise(applied)]
    assert min(gaps) >= PACES["normal"] - 0.05
