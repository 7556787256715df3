"""The bots' clock (``engine.bots.clock``): wall time by default, the thinking thread's CPU time on request.

A CPU budget must not depend on the machine's load: a search bot beside a busy thread still gets about the
playouts it gets alone, the guard (``SafeBot``) judges a bot on the same clock, and ``concordia tournament
--clock cpu`` records the clock in its log and refuses to resume a log of the other clock.
"""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from engine.bots import SafeBot, SearchBot, clock
from engine.bots.clock import thread_clock
from tui.cli import main

from .test_generic import Nim, nim_value

BUDGET = 0.2


def test_the_default_clock_is_wall_time_and_cpu_is_the_threads_cpu_time() -> None:
    assert clock.current() == clock.WALL
    t0 = clock.now()
    time.sleep(0.05)
    assert clock.now() - t0 >= 0.05  # a person waits wall time: sleeping counts
    with clock.using(clock.CPU):
        assert clock.current() == clock.CPU
        t0 = clock.now()
        time.sleep(0.05)
        assert clock.now() - t0 < 0.03  # a thread that waits computes nothing
        t0 = clock.now()
        end = time.thread_time() + 0.05
        while time.thread_time() < end:
            pass
        assert clock.now() - t0 >= 0.05
    assert clock.current() == clock.WALL


def test_an_unknown_clock_is_refused() -> None:
    with pytest.raises(ValueError, match="the clock must be one of wall, cpu, not 'sundial'"):
        clock.use("sundial")
    assert clock.current() == clock.WALL


def test_the_clock_of_another_thread_counts_only_its_computing() -> None:
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait, daemon=True)
    worker.start()
    try:
        with clock.using(clock.CPU):
            read = thread_clock(worker)
            t0 = read()
            spin(0.05)  # this thread computes, the worker waits
            assert read() - t0 < 0.03
    finally:
        stop.set()
        worker.join()


def spin(seconds: float) -> None:
    """Compute for ``seconds`` of this thread's CPU time."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        sum(range(100))


def playouts(bot: SearchBot) -> tuple[int, float]:
    """The playouts of one decision and the CPU time it took (the bot thinks in this thread)."""
    s = Nim(40)
    t0 = time.thread_time()
    bot.choose(s, s.legal_actions(), random.Random(1))
    return bot.last_playouts, time.thread_time() - t0


def test_a_cpu_budget_gets_its_playouts_beside_a_busy_thread() -> None:
    """Beside a thread that computes all the time (it holds the interpreter half of the time), a wall budget
    of 0.2 s would get about half its playouts; a CPU budget of 0.2 s gets about those it gets alone."""

    def bot() -> SearchBot:  # never races: every decision uses its whole budget
        return SearchBot(nim_value, seconds=BUDGET, policy="random", depth=10, confidence=0, min_rounds=10**9)

    with clock.using(clock.CPU):
        alone, alone_cpu = playouts(bot())
        stop = threading.Event()

        def busy() -> None:
            while not stop.is_set():
                sum(range(1000))

        rival = threading.Thread(target=busy, daemon=True)
        rival.start()
        try:
            wall0 = time.perf_counter()
            beside, beside_cpu = playouts(bot())
            wall = time.perf_counter() - wall0
        finally:
            stop.set()
            rival.join()
    assert alone > 100
    assert beside >= 0.6 * alone, (alone, beside, wall)
    for cpu in (alone_cpu, beside_cpu):
        assert BUDGET * 0.8 <= cpu <= BUDGET * 1.15


class Sleeper:
    """A bot that waits (a lock, a network) instead of computing, then answers the first legal action."""

    name = "sleeper"

    def __init__(self, seconds: float) -> None:
        self.pause = seconds

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        time.sleep(self.pause)
        return legal[0]


class Spinner:
    """A bot that computes for longer than its budget before it answers the last legal action."""

    name = "spinner"

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        spin(0.4)
        return legal[-1]


def test_the_guard_judges_a_late_bot_on_the_bots_clock(caplog: pytest.LogCaptureFixture) -> None:
    s = Nim(5)
    legal = s.legal_actions()
    fallback = SearchBot(nim_value, iterations=1)
    # waiting 0.3 s: late on the wall clock, on time on the CPU clock (it computed nothing)
    wall = SafeBot(Sleeper(0.3), seconds=0.1, fallback=fallback)
    wall.choose(s, legal, random.Random(1))
    assert wall.failures == 1
    with clock.using(clock.CPU):
        cpu = SafeBot(Sleeper(0.3), seconds=0.1, fallback=fallback)
        assert cpu.choose(s, legal, random.Random(1)) == legal[0]
        assert cpu.failures == 0
        # computing 0.4 s against a budget of 0.1 s is late on the CPU clock too
        spinner = SafeBot(Spinner(), seconds=0.1, fallback=fallback)
        spinner.choose(s, legal, random.Random(1))
        assert spinner.failures == 1
    assert "took more than 0.11 s of CPU time (budget 0.10 s)" in caplog.text


def test_on_the_cpu_clock_a_bot_that_only_waits_is_late_after_the_wall_backstop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import engine.bots.safe as safe

    monkeypatch.setattr(safe, "WALL_BACKSTOP", 3.0)
    s = Nim(5)
    with clock.using(clock.CPU):
        bot = SafeBot(Sleeper(5.0), seconds=0.1, fallback=SearchBot(nim_value, iterations=1))
        t0 = time.perf_counter()
        bot.choose(s, s.legal_actions(), random.Random(1))
    assert bot.failures == 1
    assert 0.1 * 1.1 * 3.0 <= time.perf_counter() - t0 < 2.0


# ---------------------------------------------------------------------------------------- the commands
def tournament(log: Path, *extra: str) -> int:
    return main(["tournament", "--bots", "random,greedy", "--games", "2", "--seed", "3", "--log", str(log),
                 *extra])


def test_a_cpu_tournament_records_its_clock(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log, out = tmp_path / "games.log", tmp_path / "t.json"
    assert tournament(log, "--clock", "cpu", "--json", str(out)) == 0
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert lines[0]["tournament"]["clock"] == "cpu"
    assert all(g["cpu_seconds"] >= 0 for g in lines[1:]) and len(lines) == 1 + 2
    assert json.loads(out.read_text())["clock"] == "cpu"
    assert clock.current() == clock.WALL  # the command leaves the process's clock as it found it
    capsys.readouterr()
    assert tournament(log, "--clock", "cpu", "--games", "3") == 0  # the same clock resumes
    assert "2 of 3 games read" in capsys.readouterr().err


def test_resuming_a_log_with_the_other_clock_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "games.log"
    assert tournament(log, "--clock", "cpu") == 0
    before = log.read_text()
    capsys.readouterr()
    assert tournament(log) == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0 and "Traceback" not in err
    assert f"{log} was played with --clock cpu; resume it with --clock cpu, or give another --log file for " \
           "--clock wall" in err
    assert log.read_text() == before


def test_a_log_from_before_the_clock_resumes_on_the_wall_clock(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.log"
    assert tournament(log) == 0
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["tournament"].pop("clock") == "wall"
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    capsys.readouterr()
    assert tournament(log, "--games", "3") == 0
    assert "2 of 3 games read" in capsys.readouterr().err
    assert tournament(log, "--games", "3", "--clock", "cpu") == 2
    assert "was played with --clock wall" in capsys.readouterr().err


def test_simulate_takes_the_clock(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "colosseum", "--players", "2", "--bots", "greedy", "--games", "1",
                 "--seed", "1", "--clock", "cpu", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1
    assert clock.current() == clock.WALL
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--games", "1", "--clock", "sundial"])
    assert stop.value.code == 2
    assert "invalid choice: 'sundial'" in capsys.readouterr().err
