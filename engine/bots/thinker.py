"""The built-in bots think in a worker process of the app, and think ahead while a person decides (issue 21).

In the app, a bot that thinks in a thread of the app's process competes with the person's key presses for
the interpreter. ``Thinker`` is one long-lived worker process (``python -P -m engine.bots.thinker``) for all
the built-in bots of an app, started when a game opens, reused between decisions and games, and ended with
the app (or by itself when the app's process is gone). ``ProcessBot`` is a seat's bot that asks it:

    game -> worker   {"op": "decide", "id": n, "game": "concordia", "spec": "hard", "view": view.to_dict(),
                      "legal": [texts], "rng": rng.getstate(), "clock": "wall"}
    worker -> game   {"id": n, "text": str(answer), "stop": why it ended, "playouts": n}  or  {"id": n, "error": ...}

The worker rebuilds the view through the game registry (``engine.core.games``), makes the bot from its spec
(``registry.make_bot``) and lets it choose with a ``random.Random`` in the state it was sent: the same
decision as in a thread of the app with the same RNG. The guarantees are ``SafeBot``'s: a reply that is not
back within the bot's budget plus 10 %, or a worker that died, gives a fallback move (the worker is ended
and started again for the next decision), a reply to an older request is ignored. After ``MAX_STRIKES``
failed decisions in a row the seat's bot thinks in a thread of the app again.

Thinking ahead (pondering). While a person decides, the app sends the whole state (the worker is our own
code; it shows nothing):

    game -> worker   {"op": "ponder", "game": ..., "state": state.to_dict(), "seat": the person,
                      "bots": {"2": "hard", ...}, "seeds": [seed of decision n+1, n+2, ...], "top": 2}
    worker -> game   {"pondering": key}, then {"pondered": key, "text": ..., "next": key of the line's next
                      decision or null}  (or {"dropped": key} when it was stopped)
    game -> worker   {"op": "follow", "key": key}  (the person played into that line: go on with it only)
                     {"op": "stop"}                 (none of it is needed: stop at once)

A thread of the worker at lower priority (``PONDER_NICE``) ranks the person's legal actions with the game's
greedy bot on the person's ``view`` and takes the ``top`` ones as the person's likely moves. For each it plays
the move on a copy of the state and lets the bot seats after it decide, each on its own ``view`` only (as
in the game), with the RNG the app would give that decision: first one decision for every likely move, then
each line on until a person decides. A pondered decision is keyed by everything the bot's choice depends
on (``decision_key``: game, spec, view, legal actions, RNG state), so the app takes it exactly when the
decision it faces is the same; it runs the bot with its full budget on this thread's CPU clock
(``PonderClock``), so it gets at least the computing a fresh decision gets on the wall clock; once the person
played into its line, the clock runs at least as fast as the wall clock, so a decision still being thought
ahead ends no later than a fresh one would (and has what it computed before on top). A decision cut short
by a stop is thrown away, never used.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from . import clock
from .safe import WALL_BACKSTOP, SafeBot, answer_text, clip, describe_error
from .worker import WorkerFailed, _kill

PONDER_NICE = 5
"""How much nicer than the worker's decisions its pondering thread runs (Linux: a thread's own priority)."""

PONDER_TOP = 2
"""The person's likely moves thought ahead for."""

PONDER_DEPTH = 30
"""Bot decisions a pondered line goes on for at most (until a person decides)."""

START_SECONDS = 20.0
"""Time the worker has to start the interpreter and import the engine before its first answer is late."""

MAX_STRIKES = 3
"""Failed decisions in a row after which a seat's bot thinks in a thread of the app again."""

KEPT = 64
"""Pondered decisions kept (the oldest go first)."""


def decision_key(game: str, spec: str, view: dict[str, Any], legal: Sequence[str], rng_state: Any) -> str:
    """What a bot's decision depends on, as one text: equal keys, equal choices (same bot, same RNG)."""
    blob = json.dumps([game, spec, view, list(legal), rng_state], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def messages(lines: Iterable[str | bytes]) -> Iterator[dict[str, Any]]:
    """The JSON objects among ``lines`` (one per line; anything else a side wrote is skipped)."""
    for line in lines:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if isinstance(message, dict):
            yield message


def rng_from_state(state: Any) -> random.Random:
    """A ``random.Random`` in the state ``getstate()`` gave (after a trip through JSON: lists for tuples)."""
    rng = random.Random()
    version, internal, gauss = state
    rng.setstate((version, tuple(internal), gauss))
    return rng


def rng_state(rng: random.Random) -> Any:
    """``rng.getstate()`` as JSON gives it back (lists for tuples), the form ``decision_key`` hashes."""
    return json.loads(json.dumps(rng.getstate()))


class Thinker:
    """The app's side of the worker process (see the module docstring); safe to use from several threads."""

    def __init__(self, ponder_nice: int = PONDER_NICE) -> None:
        self.ponder_nice = ponder_nice
        self._cond = threading.Condition()
        self._proc: subprocess.Popen[bytes] | None = None
        self._ready = False
        self._death = ""
        self._next_id = 0
        self._waiting: set[int] = set()
        self._replies: dict[int, dict[str, Any]] = {}
        self._pondering: str | None = None
        self._coming: set[str] = set()
        """Keys the worker said it will ponder next (the next decision of a line it goes on with)."""
        self._pondered: dict[str, dict[str, Any]] = {}
        self._closed = False
        self._idle = True
        self._outbox: queue.SimpleQueue[tuple[subprocess.Popen[bytes], bytes] | None] = queue.SimpleQueue()
        threading.Thread(target=self._write, name="thinker-writer", daemon=True).start()
        self.hits = 0
        """Decisions answered by pondering (for tests and the benchmark)."""
        self.starts = 0
        """Worker processes started."""

    # ------------------------------------------------------------------------------------ the process
    def start(self) -> None:
        """Start the worker unless it runs (it imports the engine while the app draws); never raises."""
        with self._cond:
            if self._closed or (self._proc is not None and self._proc.poll() is None and not self._death):
                return
            self._drop_process()
            path = os.pathsep.join(p for p in sys.path if isinstance(p, str) and p)
            env = {**os.environ, "PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1"}
            try:
                proc = subprocess.Popen(
                    [sys.executable, "-P", "-m", "engine.bots.thinker", str(self.ponder_nice)],
                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
                    start_new_session=True,  # Ctrl-C in the terminal is the app's
                )
            except OSError as exc:
                self._death = f"could not be started ({exc})"
                return
            self._proc, self._ready, self._death = proc, False, ""
            self._pondering = None
            self._coming.clear()
            self._idle = True
            self.starts += 1
            weakref.finalize(self, _kill, proc)
            threading.Thread(target=self._read, args=(proc,), name="thinker-reader", daemon=True).start()

    def _drop_process(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            _kill(proc)

    def kill(self) -> None:
        """End the worker now (a decision that is late); the next decision starts a new one."""
        with self._cond:
            self._drop_process()
            self._death = "was ended"
            self._cond.notify_all()

    def close(self) -> None:
        """End the worker for good (the app ends)."""
        with self._cond:
            self._closed = True
        self.kill()
        self._outbox.put(None)

    def alive(self) -> bool:
        with self._cond:
            return self._proc is not None and self._proc.poll() is None and not self._death

    def _read(self, proc: subprocess.Popen[bytes]) -> None:
        """The reader thread: every line of the worker into the tables, until its pipe closes."""
        stdout = proc.stdout
        assert stdout is not None
        with contextlib.suppress(OSError, ValueError):
            for message in messages(stdout):
                with self._cond:
                    if self._proc is proc:
                        self._take_message(message)
                        self._cond.notify_all()
        with self._cond:
            if self._proc is proc and not self._death:
                code = proc.poll()
                self._death = "died" if code is None else f"died (exit code {code})"
            self._cond.notify_all()

    def _take_message(self, message: dict[str, Any]) -> None:
        if "hello" in message:
            self._ready = True
        elif "id" in message:
            if message["id"] in self._waiting:  # an answer nobody waits for any more (late) is dropped
                self._replies[message["id"]] = message
        elif "pondering" in message:
            self._pondering = str(message["pondering"])
            self._coming.discard(self._pondering)
        elif "pondered" in message:
            key = str(message["pondered"])
            self._pondered[key] = message
            while len(self._pondered) > KEPT:
                del self._pondered[next(iter(self._pondered))]
            if self._pondering == key:
                self._pondering = None
            if message.get("next"):
                self._coming.add(str(message["next"]))
        elif "dropped" in message:
            if self._pondering == message["dropped"]:
                self._pondering = None
        elif "idle" in message:
            self._pondering = None
            self._coming.clear()
            self._idle = True

    def _send(self, message: dict[str, Any]) -> None:
        """Hand a message to the writer thread (called with the lock held): the app's threads never block on a
        full pipe while the worker is busy."""
        if self._proc is None or self._death:
            raise WorkerFailed(self._death or "is not running")
        self._outbox.put((self._proc, json.dumps(message).encode() + b"\n"))

    def _write(self) -> None:
        """The writer thread: the messages in order into the worker's stdin; a broken pipe is its death."""
        while True:
            item = self._outbox.get()
            if item is None:  # closed
                return
            proc, data = item
            try:
                assert proc.stdin is not None
                proc.stdin.write(data)
                proc.stdin.flush()
            except (OSError, ValueError, AssertionError):
                with self._cond:
                    if self._proc is proc and not self._death:
                        self._death = "closed its pipe"
                    self._cond.notify_all()

    # ------------------------------------------------------------------------------------ decisions
    def decide(self, request: dict[str, Any], seconds: float) -> dict[str, Any]:
        """The worker's reply to a decision (``op`` and ``id`` are added), waiting at most ``seconds`` (plus the
        start of the interpreter when it has not said hello yet); ``WorkerFailed`` when none comes."""
        self.start()
        with self._cond:
            if self._closed:
                raise WorkerFailed("was closed")
            if not self._ready:
                seconds += START_SECONDS
            self._next_id += 1
            ident = self._next_id
            self._waiting.add(ident)
            try:
                self._send({**request, "op": "decide", "id": ident})
                deadline = time.monotonic() + seconds
                while ident not in self._replies:
                    if self._death:
                        raise WorkerFailed(self._death)
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise WorkerFailed(f"took more than {seconds:.2f} s")
                    self._cond.wait(left)
                return self._replies.pop(ident)
            finally:
                self._waiting.discard(ident)
                self._replies.pop(ident, None)

    # ------------------------------------------------------------------------------------ thinking ahead
    def ponder(self, request: dict[str, Any]) -> None:
        """Think ahead for a person's decision (``op`` is added); replaces what was pondered before."""
        self.start()
        with self._cond, contextlib.suppress(WorkerFailed):
            self._coming.clear()
            self._idle = False
            self._send({**request, "op": "ponder"})

    def stop(self) -> None:
        """Nothing pondered now is needed any more (a person's move nobody foresaw, undo, leaving)."""
        with self._cond, contextlib.suppress(WorkerFailed):
            self._coming.clear()
            if self._proc is not None:
                self._send({"op": "stop"})

    def take(self, key: str, seconds: float) -> dict[str, Any] | None:
        """The pondered reply to the decision ``key``, waiting at most ``seconds`` while it is still being
        pondered (or announced as the next of its line); None when it was not foreseen (pondering stops)."""
        with self._cond:
            deadline = time.monotonic() + seconds
            followed = False
            while True:
                found = self._pondered.get(key)
                if found is not None:
                    with contextlib.suppress(WorkerFailed):
                        self._send({"op": "follow", "key": key})
                    self.hits += 1
                    return found
                if self._death or not (self._pondering == key or key in self._coming):
                    break
                if not followed:  # the person played into this line: the worker goes on with it only
                    followed = True
                    with contextlib.suppress(WorkerFailed):
                        self._send({"op": "follow", "key": key})
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._cond.wait(left)
            self._coming.clear()
            with contextlib.suppress(WorkerFailed):
                if self._proc is not None:
                    self._send({"op": "stop"})
            return None

    def pondered(self) -> int:
        """Pondered decisions kept (for tests)."""
        with self._cond:
            return len(self._pondered)

    def wait_idle(self, seconds: float) -> bool:
        """Wait until the worker has nothing left to ponder (tests, the benchmark); whether it got there in time."""
        deadline = time.monotonic() + seconds
        with self._cond:
            while not self._idle:
                left = deadline - time.monotonic()
                if left <= 0 or self._death:
                    return False
                self._cond.wait(left)
            return True


class ProcessBot(SafeBot):
    """A built-in bot of a seat that thinks in the app's worker process (see the module docstring).

    ``inner`` is the same bot made in this process: its ``seconds`` is the budget, it gives the hint, and it
    decides in a thread (as ``SafeBot``) once the worker failed ``MAX_STRIKES`` decisions in a row.
    """

    def __init__(self, spec: str, game: str, thinker: Thinker, inner: Any) -> None:
        from .options import MAX_SECONDS

        declared = getattr(inner, "seconds", None)
        super().__init__(inner, seconds=declared if declared is not None else MAX_SECONDS)
        self.spec = spec
        self.game = game
        self.thinker = thinker
        self.strikes = 0
        self.in_thread = False
        """The worker failed too often: this seat's bot thinks in a thread of the app for the rest of the game."""
        self.last_stop = "single"
        """Why the last decision ended (the search bots' ``last_stop``), as the worker said."""
        self.last_playouts = 0
        self.last_pondered = False
        """Whether the last decision was taken from the pondering."""

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """As ``SafeBot.choose``, with the RNG itself sent to the worker: the choice is the in-thread one."""
        self.last_pondered = False
        self.last_stop = "single"
        if len(legal_actions) == 1:
            return legal_actions[0]
        if self.in_thread:
            return super().choose(view, legal_actions, rng)
        start = time.perf_counter()
        text, problem = self._ask_worker(view, [str(a) for a in legal_actions], rng)
        return self._take(text, problem, view, legal_actions, rng, start)

    def limit(self) -> float:
        """Wall seconds the app waits for a decision: the budget and 10 %, the CPU clock's backstop on it."""
        seconds = self.seconds * 1.10
        return seconds * WALL_BACKSTOP if clock.current() == clock.CPU else seconds

    def _ask_worker(self, view: Any, texts: list[str], rng: random.Random) -> tuple[str | None, str]:
        state = rng_state(rng)
        view_dict = view.to_dict()
        key = decision_key(self.game, self.spec, view_dict, texts, state)
        # a pondered decision runs on the worker's CPU clock at low priority: it may take longer in wall time
        reply = self.thinker.take(key, self.seconds * 1.10 * WALL_BACKSTOP)
        if reply is not None:
            self.last_pondered = True
        else:
            request = {"game": self.game, "spec": self.spec, "view": view_dict, "legal": texts, "rng": state,
                       "clock": clock.current()}
            try:
                reply = self.thinker.decide(request, self.limit())
            except WorkerFailed as exc:
                return None, self._strike(str(exc))
        self.strikes = 0
        self.last_stop = str(reply.get("stop", "?"))
        playouts = reply.get("playouts")
        self.last_playouts = playouts if isinstance(playouts, int) else 0
        if "error" in reply:
            return None, clip(str(reply["error"]))
        text = reply.get("text")
        return (text, "") if isinstance(text, str) else (None, "sent no answer")

    def _strike(self, problem: str) -> str:
        self.strikes += 1
        self.thinker.kill()
        if self.strikes >= MAX_STRIKES:
            self.in_thread = True
            return f"its worker process {problem} ({self.strikes} decisions in a row); it thinks in a thread now"
        return f"its worker process {problem}; it is started again"


# ------------------------------------------------------------------------------------------- the worker


class PonderClock:
    """The clock of one pondered decision: this thread's CPU time while the person decides (a decision thought
    ahead gets its whole budget of computing, however busy the machine); once the person played into its line
    (``follow``) it runs at least as fast as the wall clock, so the rest of the budget takes no longer than a
    fresh decision's would, and the decision still has all it computed before on top; once stopped, every
    deadline has passed (``clock.STOPPED``)."""

    def __init__(self, followed: bool = False, wall: bool = True) -> None:
        self.stop = threading.Event()
        self.wall = wall
        """Whether the app's budgets are wall time (with CPU budgets, as in a benchmark, it stays on CPU time)."""
        self.followed = followed and wall
        self._mark: tuple[float, float] | None = None

    def follow(self) -> None:
        self.followed = self.wall

    def read(self) -> float:
        cpu = time.thread_time()
        if self.stop.is_set():
            return cpu + clock.STOPPED
        if not self.followed:
            return cpu
        if self._mark is None:
            self._mark = (cpu, time.perf_counter())
        return max(cpu, self._mark[0] + time.perf_counter() - self._mark[1])


class _Worker:
    """The worker process's side: decisions in the main thread, pondering in a nicer thread of its own."""

    def __init__(self, out: Any, nice: int) -> None:
        self.out = out
        self.nice = nice
        self.say_lock = threading.Lock()
        self.cond = threading.Condition()
        self.job: dict[str, Any] | None = None
        self.generation = 0
        self.follow: str | None = None
        self.current: tuple[str, PonderClock, list[str]] | None = None
        """The decision being thought ahead: its key, its clock and the keys its line passed before it."""
        self.bots: dict[tuple[str, str, str], Any] = {}
        self.ponder_thread: int | None = None
        self.done: dict[str, dict[str, Any]] = {}
        """Decisions thought ahead (key -> answer), so that the same position asked again is not thought twice."""
        self.base = os.getpriority(os.PRIO_PROCESS, 0) if hasattr(os, "getpriority") else 0

    def say(self, message: dict[str, Any]) -> None:
        with self.say_lock:
            self.out.write(json.dumps(message).encode() + b"\n")
            self.out.flush()

    def bot(self, game: str, spec: str, role: str) -> Any:
        """One bot per game, spec and thread (a bot remembers its last decision's numbers)."""
        from .registry import make_bot

        found = self.bots.get((game, spec, role))
        if found is None:
            found = self.bots[(game, spec, role)] = make_bot(spec, game=game)
        return found

    # -------------------------------------------------------------------- messages (main thread)
    def handle(self, message: dict[str, Any]) -> None:
        op = message.get("op")
        if op == "decide":
            self.say(self.decide(message))
        elif op == "ponder":
            with self.cond:
                self.generation += 1
                self.follow = None
                self.job = message
                self._stop_current(None)
                self.cond.notify_all()
        elif op == "follow":
            self.priority(0)  # the person played into this line: its decisions are awaited now
            with self.cond:
                self.follow = str(message.get("key"))
                self._stop_current(self.follow)
                self.cond.notify_all()
        elif op == "stop":
            with self.cond:
                self.generation += 1
                self.job = None
                self._stop_current(None)
                self.cond.notify_all()

    def priority(self, nicer: int) -> None:
        """The pondering thread's priority: ``nicer`` than the worker's own (Linux: a thread has its own). Back
        to 0 needs the right to raise a priority (root, ``RLIMIT_NICE``); without it the thread stays nicer,
        which only matters on a machine whose cores are all busy."""
        if self.ponder_thread is None:
            return
        with contextlib.suppress(OSError, AttributeError):
            os.setpriority(os.PRIO_PROCESS, self.ponder_thread, self.base + nicer)

    def _stop_current(self, keep: str | None) -> None:
        """Stop the decision thought ahead now, unless it is ``keep`` or comes after it in its line (then the
        person played into that line: it goes on, at wall-clock pace)."""
        if self.current is not None:
            key, ponder_clock, passed = self.current
            if keep is not None and (key == keep or keep in passed):
                ponder_clock.follow()
            else:
                ponder_clock.stop.set()

    def decide(self, message: dict[str, Any]) -> dict[str, Any]:
        ident = message.get("id")
        try:
            from engine.core import games

            game, spec = str(message["game"]), str(message["spec"])
            info = games.get(game)
            view = info.state_from_dict(message["view"])
            legal = [info.parse_action(view, str(text)) for text in message["legal"]]
            bot = self.bot(game, spec, "decide")
            with clock.in_this_thread(str(message.get("clock", clock.WALL))):
                answer = bot.choose(view, legal, rng_from_state(message["rng"]))
            return {"id": ident, "text": answer_text(answer), "stop": getattr(bot, "last_stop", "?"),
                    "playouts": getattr(bot, "last_playouts", 0)}
        except BaseException as exc:  # the bot's failure is the answer; the worker goes on
            return {"id": ident, "error": describe_error(exc)}

    # -------------------------------------------------------------------- pondering (its own thread)
    def ponder_loop(self) -> None:
        self.ponder_thread = threading.get_native_id()
        while True:
            with self.cond:
                while self.job is None:
                    self.cond.wait()
                job, generation, self.job = self.job, self.generation, None
            self.priority(self.nice)  # while the person decides: behind the app and the worker's decisions
            try:
                self.ponder(job, generation)
            except Exception:  # a job that cannot be pondered is simply not pondered
                self.current = None
            with self.cond:
                if self.job is None:
                    self.say({"idle": True})

    def ponder(self, job: dict[str, Any], generation: int) -> None:
        from engine.core import games

        from .registry import available

        game = str(job["game"])
        info = games.get(game)
        state = info.state_from_dict(job["state"])
        person = int(job["seat"])
        bots = {int(seat): str(spec) for seat, spec in job["bots"].items()}
        seeds = [str(s) for s in job["seeds"]][:PONDER_DEPTH]
        if state.is_over or state.current_player != person or "greedy" not in available(game) or not seeds:
            return
        legal = state.legal_actions()
        ranking = PonderClock()
        with self.cond:
            self.current = ("", ranking, [])
        with clock.reading(ranking.read):
            ranked = self.bot(game, "greedy", "ponder").explain(
                state.view(person), legal, random.Random(seeds[0]), int(job.get("top", PONDER_TOP)))
        if ranking.stop.is_set():
            return
        lines: list[Iterator[None]] = []
        for action, _value, _why in ranked:
            line = state.clone()
            line.apply(action)
            lines.append(self.line(info, line, bots, seeds, generation, job.get("clock", clock.WALL) == clock.WALL))
        # one decision after each likely move first, then each line on to the end
        for line_steps in lines:
            if next(line_steps, False) is False or not self.wanted(generation):
                continue
        for line_steps in lines:
            for _ in line_steps:
                if not self.wanted(generation):
                    return

    def wanted(self, generation: int) -> bool:
        with self.cond:
            return self.generation == generation and self.job is None

    def line(
        self, info: Any, s: Any, bots: dict[int, str], seeds: list[str], generation: int, wall: bool
    ) -> Iterator[None]:
        """Ponder the bots' decisions after one likely move, one per step, until a person decides."""
        passed: list[str] = []
        index = 0
        while not s.is_over and s.current_player in bots and index < len(seeds):
            q = s.current_player
            legal = s.legal_actions()
            rng = random.Random(seeds[index])
            index += 1
            if len(legal) == 1:
                info.apply_known(s, legal[0])
                continue
            spec = bots[q]
            view_dict = s.view(q).to_dict()
            texts = [str(a) for a in legal]
            key = decision_key(info.id, spec, view_dict, texts, rng_state(rng))
            with self.cond:
                if self.generation != generation or (self.follow is not None and self.follow not in passed
                                                     and self.follow != key):
                    return
                known = self.done.get(key)
            if known is not None:  # thought ahead before (the same position asked again): not twice
                info.apply_known(s, info.parse_action(s, known["pondered_text"]))
                passed.append(key)
                self.say({**known["message"], "next": self.peek_next(info, s, bots, seeds, index)})
                yield
                continue
            with self.cond:
                ponder_clock = PonderClock(followed=self.follow is not None, wall=wall)
                self.current = (key, ponder_clock, passed)
            self.say({"pondering": key})
            view = info.state_from_dict(view_dict)
            bot = self.bot(info.id, spec, "ponder")
            with clock.reading(ponder_clock.read):
                answer = bot.choose(view, [info.parse_action(view, t) for t in texts], rng)
            with self.cond:
                self.current = None
            if ponder_clock.stop.is_set():
                self.say({"dropped": key})
                return
            text = answer_text(answer)
            info.apply_known(s, info.parse_action(s, text))
            passed.append(key)
            message = {"pondered": key, "text": text, "stop": getattr(bot, "last_stop", "?"),
                       "playouts": getattr(bot, "last_playouts", 0)}
            with self.cond:
                self.done[key] = {"pondered_text": text, "message": message}
                while len(self.done) > KEPT:
                    del self.done[next(iter(self.done))]
            self.say({**message, "next": self.peek_next(info, s, bots, seeds, index)})
            yield

    def peek_next(self, info: Any, s: Any, bots: dict[int, str], seeds: list[str], index: int) -> str | None:
        """The key of the line's next decision with a choice, past decisions with one legal action (which the
        app plays without asking); None when a person decides first or the line ends."""
        ahead = s
        while not ahead.is_over and ahead.current_player in bots and index < len(seeds):
            q = ahead.current_player
            legal = ahead.legal_actions()
            if len(legal) > 1:
                return decision_key(info.id, bots[q], ahead.view(q).to_dict(), [str(a) for a in legal],
                                    rng_state(random.Random(seeds[index])))
            if ahead is s:
                ahead = s.clone()
            info.apply_known(ahead, legal[0])
            index += 1
        return None


def _watch_parent(parent: int) -> None:
    """End this worker when the app's process is gone."""
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


def main() -> None:
    """The worker: say hello, then answer decisions and ponder until stdin closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    inbox = sys.stdin.buffer
    out = os.fdopen(os.dup(1), "wb")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # nothing printed may garble the replies
    os.dup2(devnull, 2)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()
    nice = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else PONDER_NICE
    worker = _Worker(out, nice)
    from engine.core import games  # the engine's import belongs to the start, not to the first decision

    games.ids()
    worker.say({"hello": os.getpid()})
    threading.Thread(target=worker.ponder_loop, name="ponder", daemon=True).start()
    for message in messages(inbox):
        worker.handle(message)


if __name__ == "__main__":
    main()
