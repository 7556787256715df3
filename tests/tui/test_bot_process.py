"""Issue 21: the game screen with bots that think in the app's worker process (``engine.bots.thinker``).

The screen asks the worker to think ahead whenever the person decides; a foreseen move gets its reply at
once; an undo while a bot thinks in the worker drops its late answer.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from engine.bots import make_bot
from engine.bots.thinker import ProcessBot, Thinker
from engine.concordia import GameConfig
from saves import Seat
from tui.app import ConcordiaApp
from tui.session import GameSession

from ..bots.test_thinker import at_the_handover, person_moves
from .game_harness import GameApp


async def wait_until(pilot: object, done: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():  # type: ignore[operator]
            return True
        await pilot.pause(0.05)  # type: ignore[attr-defined]
    return bool(done())  # type: ignore[operator]


@pytest.mark.asyncio
async def test_the_screen_thinks_ahead_and_a_foreseen_move_is_answered_at_once(
    thinker: Thinker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tui.session.PONDER_DEPTH", 2)  # two bot decisions ahead are enough to see it
    session, _fresh = at_the_handover(thinker)
    hits = thinker.hits
    app = GameApp(session, pace="instant")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.game_screen
        assert screen is not None
        await pilot.pause()
        assert screen.human_to_decide()
        assert not thinker._idle  # the screen asked the worker to think ahead
        assert await wait_until(pilot, lambda: thinker._idle, 120)
        before = len(session.actions)
        screen.choose(person_moves(session)[0])
        assert await wait_until(pilot, lambda: len(session.actions) > before + 1, 30)
    assert thinker.hits > hits
    bot = session.bots[session.log[before + 1].seat]
    assert isinstance(bot, ProcessBot)


@pytest.mark.asyncio
async def test_an_undo_while_the_worker_thinks_drops_its_answer(thinker: Thinker) -> None:
    session, _fresh = at_the_handover(thinker)
    slow = "hard:iterations=100000:seconds=1.5:confidence=20:catch_up=false"
    session.bots = {q: ProcessBot(slow, "concordia", thinker, make_bot(slow)) for q in session.bots}
    app = GameApp(session, pace="instant")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.game_screen
        assert screen is not None
        await pilot.pause()
        before = list(session.actions)
        screen.choose(person_moves(session)[0])
        await pilot.pause()
        assert screen.thinking is not None  # the bot thinks in the worker
        await pilot.press("u")
        await pilot.pause()
        assert session.actions == before and screen.human_to_decide()
        version = session.version
        await pilot.pause(2.5)  # the worker's answer for the undone position comes back now, and is dropped
        assert session.actions == before and session.version == version and screen.human_to_decide()
        session.stop_pondering()  # the slow bots' thinking ahead is not needed by the next test
        assert thinker.wait_idle(30)


@pytest.mark.asyncio
async def test_the_app_gives_its_games_one_worker_and_ends_it(tmp_path: Path) -> None:
    seats = [Seat("Anna"), Seat("Bot 2", "hard:iterations=12")]
    session = GameSession(GameConfig(players=2), 1, seats)
    app = ConcordiaApp(save_dir=tmp_path, session=session, install_signals=False, save_settings=False,
                       bot_process=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        thinker = session.thinker
        assert thinker is not None and isinstance(session.bots[1], ProcessBot)
        assert await wait_until(pilot, thinker.alive, 30)
    app.close_thinker()
    assert not thinker.alive()
    plain = GameSession(session.config, 1, seats)
    app = ConcordiaApp(save_dir=tmp_path, session=plain, install_signals=False, save_settings=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
    assert plain.thinker is None and not isinstance(plain.bots[1], ProcessBot)  # tests keep the threads
