"""The bots' clock: what a time budget ("hard thinks at most 3 s") is measured in.

``wall`` (the default) is ``time.perf_counter``: a person at the app waits wall time, so that is what a bot's
budget means there. ``cpu`` is the CPU time of the thread that reads it (``time.thread_time``): on a shared,
busy machine a wall clock measures the load, not the bot (a bot given a third of a core gets a third of its
playouts), while a CPU budget of 3 s is 3 s of computing, as on an idle machine. ``concordia tournament
--clock cpu`` and the wait benchmark use it, so the bots' strength does not depend on what else runs.

Every budget and deadline of the bots (the generic search and greedy bots, Concordia's, ``SafeBot``'s check
of a bot that is over its budget) reads ``now()``. A CPU deadline is only meaningful in the thread that set
it: a bot sets and checks its deadline inside one ``choose``; ``SafeBot`` reads the CPU time of the bot's
worker thread with ``thread_clock``. The setting is one per process (``use``); a tournament's worker
processes set it themselves. One thread may read a clock of its own (``in_this_thread``): the bots' worker
process (``engine.bots.thinker``) thinks ahead on the CPU clock while its decisions keep the app's clock, and
stops a search that is no longer wanted by making every deadline pass.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from threading import Thread

WALL = "wall"
CPU = "cpu"
CLOCKS: tuple[str, ...] = (WALL, CPU)
"""The clocks a budget can be measured in (``--clock``)."""

_READERS: dict[str, Callable[[], float]] = {WALL: time.perf_counter, CPU: time.thread_time}
_now: Callable[[], float] = time.perf_counter
_name = WALL
STOPPED = 1e9
"""Seconds a stopped thread's clock jumps ahead (``in_this_thread``): past any deadline a bot can set."""
_local = threading.local()
"""``reader``: the clock of one thread that reads its own (``in_this_thread``)."""


def now() -> float:
    """Seconds on the bots' clock (wall time, or this thread's CPU time); only differences mean anything."""
    reader: Callable[[], float] | None = getattr(_local, "reader", None)
    return _now() if reader is None else reader()


def current() -> str:
    """The name of the clock in use: ``"wall"`` or ``"cpu"``."""
    return _name


def use(name: str) -> None:
    """Measure the bots' budgets on ``name`` (one of ``CLOCKS``) from now on, in this process."""
    global _now, _name
    if name not in _READERS:
        raise ValueError(f"the clock must be one of {', '.join(CLOCKS)}, not {name!r}")
    _now, _name = _READERS[name], name


@contextmanager
def using(name: str) -> Iterator[None]:
    """``use(name)`` for the ``with`` block, then the clock used before (tests and benchmarks)."""
    before = _name
    use(name)
    try:
        yield
    finally:
        use(before)


@contextmanager
def in_this_thread(name: str, stop: threading.Event | None = None) -> Iterator[None]:
    """This thread reads the clock ``name`` for the ``with`` block (the other threads keep theirs); once
    ``stop`` is set every reading jumps ``STOPPED`` seconds ahead, so every deadline set before has passed and
    a bot ends its decision at its next check (the caller throws that decision away: it was cut short)."""
    if name not in _READERS:
        raise ValueError(f"the clock must be one of {', '.join(CLOCKS)}, not {name!r}")
    read = _READERS[name]
    if stop is None:
        reader = read
    else:
        def reader() -> float:
            return read() + STOPPED if stop.is_set() else read()
    with reading(reader):
        yield


@contextmanager
def reading(reader: Callable[[], float]) -> Iterator[None]:
    """This thread reads ``reader`` as the bots' clock for the ``with`` block (``in_this_thread``)."""
    before = getattr(_local, "reader", None)
    _local.reader = reader
    try:
        yield
    finally:
        _local.reader = before


def thread_clock(thread: Thread) -> Callable[[], float]:
    """A reader of the bots' clock as ``thread`` lives it: wall time, or that thread's CPU time.

    ``thread`` must have started. Where the platform cannot read another thread's CPU time the reader is
    this process's CPU time (which also counts the other threads: a bot is judged no more leniently). Once
    the thread has ended its clock is gone, and the reader keeps its last value.
    """
    if _name == WALL:
        return time.perf_counter
    getcpu = getattr(time, "pthread_getcpuclockid", None)
    if thread.ident is None or getcpu is None:
        return time.process_time
    try:
        clock_id = getcpu(thread.ident)
    except OSError:
        return time.process_time
    last = 0.0

    def read() -> float:
        nonlocal last
        with suppress(OSError):
            last = time.clock_gettime(clock_id)
        return last

    return read


__all__ = ["CLOCKS", "CPU", "WALL", "current", "in_this_thread", "now", "reading", "thread_clock", "use", "using"]


class OutOfTime(Exception):
    """A decision's deadline passed inside a look-ahead or a playout; what it was valuing is discarded (every
    search bot, the generic one and each game's own, raises and catches this one)."""


def check(deadline: float | None) -> None:
    """``OutOfTime`` once ``deadline`` (a time of ``now()``; None: none) has passed."""
    if deadline is not None and now() > deadline:
        raise OutOfTime
