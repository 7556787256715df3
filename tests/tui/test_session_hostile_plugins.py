"""R-robustness (issue 15, items 9-11): hostile third-party bots in the seats of the app's game session.

The plugins come through real entry points (a throwaway distribution on ``sys.path``; their workers inherit it)
and play in worker processes behind the guard. The session plays them the way the game screen does
(``bot_request`` → ``bot_plan`` → ``apply``): the whole seeded game finishes with fallback moves, the live
state never changes while the bots think, and every autosave succeeds and loads back (its state matches its
action log, which a plugin writing into the live game used to break).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.bots.worker import PluginBot, close_bots
from engine.concordia import GameConfig
from engine.concordia.bots import GreedyBot
from saves import SaveStore, Seat
from tests.bots.hostile import BROKEN_IMPORT, install
from tui.session import GameSession, bot_plan

PAIRS = [
    ("raising", "hanging"),
    ("busy", "hog"),
    ("mutating", "liar-equal"),
    ("liar-raising", "exiting"),
    ("interrupting", "inf-seconds"),
    ("bad-init", BROKEN_IMPORT),
]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = str(install(tmp_path_factory.mktemp("hostile")))
    sys.path.insert(0, folder)
    try:
        yield Path(folder)
    finally:
        sys.path.remove(folder)


@pytest.mark.parametrize("pair", PAIRS, ids="+".join)
def test_r_robustness_a_session_of_hostile_plugins_plays_to_the_end_and_saves(
    hostile: Path, pair: tuple[str, str], tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    store = SaveStore(tmp_path)
    session = GameSession(GameConfig(players=2), 3, [Seat(name, name) for name in pair], store=store)
    bots = list(session.bots.values())
    assert all(isinstance(b, PluginBot) for b in bots)
    for bot in bots:
        bot.fallback = GreedyBot(seconds=0.02)  # quicker whole games; the fallback's kind is unchanged
    try:
        while not session.state.is_over:
            request = session.bot_request(limit=20)
            assert request is not None
            before = session.state.to_dict()
            plan = bot_plan(request)
            assert session.state.to_dict() == before, "a plugin changed the live game"
            for action, _problem in plan:
                session.apply(action)
            assert session.autosave_error == ""
    finally:
        close_bots(bots)
    assert session.state.is_over
    saved = store.load(store.path_of(session.game_id))  # replays the log, checks it against the state
    assert saved.actions == session.actions and saved.state.is_over
    failing = {"raising", "hanging", "busy", "liar-equal", "liar-raising", "exiting", "interrupting", "bad-init",
               BROKEN_IMPORT}
    for name, bot in zip(pair, bots, strict=True):
        if name == "hog":  # MemoryError after its first decisions, or killed when 400 MB take over 2 s to fill
            assert bot.failures > 0
        else:
            assert (bot.failures > 20) == (name in failing), (name, bot.failures)
    assert "Traceback" not in capfd.readouterr().err
