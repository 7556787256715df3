"""R-robustness (issue 15, items 9-11): third-party bots, loaded through real entry points, play in a worker
process of their own, and whatever they do costs only fallback moves: a whole seeded game finishes, and the
live game is unchanged by every decision they take part in."""

from __future__ import annotations

import logging
import random
import resource
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.bots import UnknownBot
from engine.bots.safe import DEFAULT_SECONDS
from engine.bots.worker import MAX_STRIKES, PluginBot, check_spec, close_bots, seat_bot
from engine.concordia import GameConfig, new_game
from engine.concordia.bots import GreedyBot

from .hostile import BROKEN_IMPORT, install


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The throwaway distribution on ``sys.path`` (the workers inherit it through ``PYTHONPATH``)."""
    folder = str(install(tmp_path_factory.mktemp("hostile")))
    sys.path.insert(0, folder)
    try:
        yield Path(folder)
    finally:
        sys.path.remove(folder)


QUICK = 0.02
"""Seconds a greedy decision may take here (the other seat and the fallback): whole games stay quick."""


def plugin(spec: str) -> PluginBot:
    """The plugin of ``spec`` in its worker, as ``seat_bot`` makes it, with a quicker fallback."""
    return PluginBot(spec, fallback=GreedyBot(seconds=QUICK))


def play(bot: PluginBot, seed: int = 3) -> tuple[int, int, list[str]]:
    """A whole 2-player game, the plugin in seat 0 against a quick greedy bot; every decision of the plugin
    must leave the live state as it was. Returns (plugin decisions with a choice, decisions, action log)."""
    s = new_game(GameConfig(players=2), seed)
    other = GreedyBot(seconds=QUICK)
    rng = random.Random(seed)
    asked = 0
    log: list[str] = []
    while not s.is_over:
        p = s.current_player
        legal = s.legal_actions()
        if p == 0:
            before = s.to_dict()
            action = bot.choose(s.view(p), legal, rng)
            assert s.to_dict() == before, "the plugin changed the live game"
            assert any(action is a for a in legal), "the guard must hand back the engine's own action"
            asked += len(legal) > 1
        else:
            action = other.choose(s.view(p), legal, rng)
        s.apply(action)
        log.append(str(action))
    replay = new_game(GameConfig(players=2), seed)
    for text in log:
        replay.apply(text)
    assert replay.to_dict() == s.to_dict()
    return asked, len(log), log


def messages(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "engine.bots.safe"]


def test_a_well_behaved_plugin_plays_every_decision(hostile: Path) -> None:
    bot = seat_bot("first")
    assert isinstance(bot, PluginBot)
    try:
        asked, _n, _log = play(bot)
    finally:
        bot.close()
    assert asked > 20 and bot.failures == 0 and not bot.benched.startswith("could")


@pytest.mark.parametrize("name", ["raising", "liar-equal", "liar-raising", "interrupting"])
def test_r_robustness_a_plugin_that_answers_badly_costs_fallback_moves(
    hostile: Path, name: str, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    bot = plugin(name)
    with caplog.at_level(logging.WARNING, logger="engine.bots.safe"):
        asked, _n, _log = play(bot)
    bot.close()
    assert bot.failures == asked > 20  # every decision with a choice was a fallback move
    lines = messages(caplog)
    assert lines and all(name in line for line in lines)
    if name == "interrupting":
        assert "was interrupted (KeyboardInterrupt)" in lines[0]
        assert not any("illegal" in line for line in lines)
    if name == "liar-equal":
        assert "returned an illegal action 'build atlantis'" in lines[0]
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.parametrize("name", ["hanging", "busy", "exiting"])
def test_r_robustness_a_worker_that_hangs_or_dies_is_killed_restarted_then_benched(
    hostile: Path, name: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Item 11: the worker is killed when it blows its budget (0.1 s here) or dies; after MAX_STRIKES in a row
    the seat plays fallback moves for the rest of the game."""
    bot = plugin(name)
    t0 = time.perf_counter()
    with caplog.at_level(logging.WARNING, logger="engine.bots.safe"):
        asked, _n, _log = play(bot)
    elapsed = time.perf_counter() - t0
    assert bot.failures == asked
    lines = messages(caplog)
    assert sum("its worker was restarted" in line for line in lines) == MAX_STRIKES - 1
    assert "for the rest of the game" in lines[MAX_STRIKES - 1]
    assert len(lines) == MAX_STRIKES  # benched: said once, then only counted
    expected = "died (exit code 3)" if name == "exiting" else "took more than 0.11 s"
    assert expected in lines[0]
    assert bot._worker is None  # killed, not left running
    assert elapsed < 30


def test_r_robustness_a_plugin_hoarding_memory_hits_its_limit_not_the_game(
    hostile: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Item 11: 400 MB more every decision; the worker's address space is capped (1 GiB), the game's is not
    touched."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    bot = plugin("hog")
    with caplog.at_level(logging.WARNING, logger="engine.bots.safe"):
        asked, _n, _log = play(bot)
    bot.close()
    assert asked > 20
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 200
    assert bot.failures > 0
    # its first decisions fit; then MemoryError every time (or, on a loaded machine, allocating 400 MB takes
    # longer than its 2 s budget and the worker is killed): either way only this seat's moves are replaced
    assert any("MemoryError" in line or "took more than" in line for line in messages(caplog))


def test_r_robustness_a_plugin_writing_into_its_view_changes_nothing(hostile: Path) -> None:
    """Item 9: the view is a copy in another process; ``play`` checks the live state around every decision."""
    bot = plugin("mutating")
    try:
        asked, _n, _log = play(bot)
    finally:
        bot.close()
    assert bot.failures == 0 and asked > 20


@pytest.mark.parametrize("name", ["bad-init", BROKEN_IMPORT])
def test_r_robustness_a_plugin_that_cannot_start_is_one_log_line(
    hostile: Path, name: str, caplog: pytest.LogCaptureFixture
) -> None:
    bot = plugin(name)  # not imported here: the worker finds out
    with caplog.at_level(logging.WARNING, logger="engine.bots.safe"):
        asked, _n, _log = play(bot)
    assert bot.failures == asked > 20
    lines = messages(caplog)
    assert len(lines) == 1 and "could not be started" in lines[0]
    assert ("ValueError: cannot make this bot" if name == "bad-init" else "ModuleNotFoundError") in lines[0]
    assert "hostile_bots_not_there" not in sys.modules


@pytest.mark.parametrize("name", ["nan-seconds", "inf-seconds"])
def test_r_robustness_a_declared_budget_of_inf_or_nan_gets_the_default(
    hostile: Path, name: str, caplog: pytest.LogCaptureFixture
) -> None:
    bot = plugin(name)
    with caplog.at_level(logging.WARNING, logger="engine.bots.safe"):
        asked, _n, _log = play(bot)
    bot.close()
    assert bot.seconds == DEFAULT_SECONDS and bot.failures == 0 and asked > 20
    assert messages(caplog) == [f"bot {name} declares a time budget of {name[:3]}; it gets 5.00 s"]


def test_check_spec_tells_plugins_from_built_in_bots_without_importing_them(hostile: Path) -> None:
    assert check_spec("greedy") is False
    assert check_spec("normal:seconds=0.5") is False
    assert check_spec(BROKEN_IMPORT) is True  # an entry point is only read, never loaded, in the game
    with pytest.raises(UnknownBot, match="unknown bot 'nobody'"):
        check_spec("nobody")
    assert not isinstance(seat_bot("greedy"), PluginBot)  # built-in bots stay in threads


def test_closing_ends_the_worker_and_later_decisions_are_fallbacks(hostile: Path) -> None:
    bot = seat_bot("first")
    worker = bot._worker
    assert worker is not None
    close_bots([bot, GreedyBot()])
    assert worker.proc.poll() is not None and bot._worker is None
    s = new_game(GameConfig(players=2), 1)
    legal = s.legal_actions()
    action = bot.choose(s.view(0), legal, random.Random(1))
    assert any(action is a for a in legal)
    assert bot.failures == 1


def test_the_worker_runs_under_its_memory_limit(hostile: Path) -> None:
    """Item 11: ``RLIMIT_AS`` is set in the worker before the plugin is loaded (the ``limits`` bot answers
    with the first legal action only when its address space is capped at exactly the limit it was given)."""
    limit = 700 * 2**20
    bot = PluginBot(f"limits:expected={limit}", memory=limit, fallback=GreedyBot(seconds=QUICK))
    s = new_game(GameConfig(players=2), 2)
    legal = s.legal_actions()
    try:
        action = bot.choose(s.view(0), legal, random.Random(2))
    finally:
        bot.close()
    assert action is legal[0] and bot.failures == 0


def test_closing_during_a_decision_gives_a_fallback_and_starts_no_new_worker(
    hostile: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The game is left while a plugin thinks: the decision under way ends with a fallback, quietly."""
    import threading

    bot = PluginBot("hanging", seconds=30.0, fallback=GreedyBot(seconds=QUICK))
    s = new_game(GameConfig(players=2), 1)
    legal = s.legal_actions()
    assert bot._worker is not None
    bot._hello(bot._worker)  # started: the decision below is under way when the game is left
    closer = threading.Timer(0.3, bot.close)
    closer.start()
    t0 = time.perf_counter()
    with caplog.at_level(logging.WARNING, logger="engine.bots.safe"):
        action = bot.choose(s.view(0), legal, random.Random(1))
    closer.join()
    assert time.perf_counter() - t0 < 5
    assert any(action is a for a in legal) and bot.failures == 1
    assert bot._worker is None and bot.benched == "was closed"
    assert messages(caplog) == []
