"""Third-party bots run out of process: one worker process per plugin seat, with a memory limit.

A plugin (a bot found under the entry-point group of its game: ``concordia.bots``, ``colosseum.bots`` ...) is
code we did not write: it may raise,
hang, busy-loop, hoard memory, write into its view or end its process. ``PluginBot`` (a ``SafeBot``) never
imports it in the game's process. It starts ``python -P -m engine.bots.worker`` in a session of its own (so
Ctrl-C in the terminal reaches the game, not the worker) with the plugin's spec and a limit on its address
space (``RLIMIT_AS``, ``MEMORY_LIMIT``); the worker loads the plugin, says hello with its name and declared
``seconds``, then answers one decision per request:

    game -> worker   {"game": "concordia", "view": view.to_dict(), "legal": [texts], "seed": 64-bit int}
    worker -> game   {"text": str(answer)}  or  {"error": "one line"}

one JSON object per line over the worker's stdin and stdout (the plugin's own prints go to /dev/null). The
game judges the answer by its text among the texts of the legal actions and plays the engine's own action.

A worker that is not back within the budget (its ``seconds`` plus 10 %, else 5 s) or that dies (``os._exit``,
a crash, the memory limit) is killed with its process group and started again for the next decision; the
decision itself is a fallback move, as in ``SafeBot``. A plugin that cannot be started (its entry point does
not import, its constructor raises, it says no hello within ``START_SECONDS``), or whose worker had to be
killed ``MAX_STRIKES`` decisions in a row, is benched: one log line, and its seat plays fallback moves for the
rest of the game. The built-in bots are made as they are (``seat_bot``): they think in threads, or in the
app's own worker process (``engine.bots.thinker``).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import random
import select
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Sequence
from typing import Any

from .safe import DEFAULT_SECONDS, TOLERANCE, SafeBot, answer_text, budget, clip, describe_error, detached

log = logging.getLogger("engine.bots.safe")

MEMORY_LIMIT = 1 << 30
"""Address space a plugin's worker may use, in bytes (1 GiB; the interpreter and the engine take ~0.1 GiB)."""

START_SECONDS = 20.0
"""Time a worker has to start the interpreter, import the plugin and say hello."""

MAX_STRIKES = 3
"""Decisions in a row on which the worker had to be killed (or died) before the seat is benched."""

MAX_LINE = 1 << 20
"""Longest answer line read from a worker, in bytes."""


def check_spec(spec: str, game: str = "concordia") -> bool:
    """Whether ``spec`` names a plugin (True) or a built-in bot (False); ``UnknownBot`` for anything else.

    A built-in bot is made once, which checks its options; a plugin is not imported here (its options are
    checked by the plugin itself, in its worker, and a refusal benches it).
    """
    from .registry import UnknownBot, available, builtin_names, make_bot, parse_spec

    name, _options = parse_spec(spec)
    if name in builtin_names(game):
        make_bot(spec, game=game)
        return False
    if name not in available(game):
        raise UnknownBot(f"unknown bot {name[:40]!r}; available: {', '.join(available(game))}")
    return True


def seat_bot(spec: str, default_seconds: float = DEFAULT_SECONDS, game: str = "concordia") -> Any:
    """The bot for a seat given by its spec: a built-in one as it is (it stays in threads), a plugin in a worker.

    ``default_seconds`` is the plugin's budget when it declares none. Raises ``UnknownBot`` (see ``check_spec``).
    """
    from .registry import make_bot

    if check_spec(spec, game):
        return PluginBot(spec, default_seconds=default_seconds, game=game)
    return make_bot(spec, game=game)


def close_bots(bots: Sequence[Any]) -> None:
    """End the workers of the plugin bots among ``bots`` (a finished game); the others are left alone."""
    for bot in bots:
        if isinstance(bot, PluginBot):
            bot.close()


class WorkerFailed(Exception):
    """The worker did not answer: it was too slow, died, or said something that is not a message."""


class _Worker:
    """One worker process and its pipes (the game's side)."""

    def __init__(self, spec: str, memory: int, group: str, game: str) -> None:
        path = os.pathsep.join(p for p in sys.path if isinstance(p, str) and p)
        env = {**os.environ, "PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1"}
        self.proc = subprocess.Popen(
            # -P: the folder the game was started in is not put first on the path (an ``engine`` package
            # there would be imported instead of ours); the game's own path comes through PYTHONPATH
            [sys.executable, "-P", "-m", "engine.bots.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            start_new_session=True,  # Ctrl-C in the terminal is the game's, and killpg takes the plugin's children
        )
        self.buffer = b""
        self.send({"spec": spec, "memory": memory, "group": group, "game": game})

    def send(self, message: dict[str, Any]) -> None:
        stdin = self.proc.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(message).encode() + b"\n")
            stdin.flush()
        except OSError as exc:  # the worker is gone (broken pipe)
            raise WorkerFailed(self.death()) from exc

    def receive(self, seconds: float) -> dict[str, Any]:
        """The next message, waiting at most ``seconds``; ``WorkerFailed`` when none comes."""
        stdout = self.proc.stdout
        assert stdout is not None
        fd = stdout.fileno()
        deadline = time.monotonic() + seconds
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise WorkerFailed(f"took more than {seconds:.2f} s (its budget and 10 %)")
            try:
                ready, _, _ = select.select([fd], [], [], left)
                if not ready:
                    continue
                chunk = os.read(fd, 65536)
            except (OSError, ValueError):  # the game closed the worker while we waited (it is ending)
                raise WorkerFailed("was closed during the decision") from None
            if not chunk:
                raise WorkerFailed(self.death())
            self.buffer += chunk
            if len(self.buffer) > MAX_LINE:
                raise WorkerFailed("sent an answer longer than any action")
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            message = json.loads(line)
        except ValueError:
            raise WorkerFailed("sent something that is not an answer") from None
        if not isinstance(message, dict):
            raise WorkerFailed("sent something that is not an answer")
        return message

    def death(self) -> str:
        try:
            code = self.proc.wait(1.0)
        except subprocess.TimeoutExpired:
            return "closed its pipe"
        if code < 0:
            try:
                return f"died of signal {signal.Signals(-code).name}"
            except ValueError:
                return f"died of signal {-code}"
        return f"died (exit code {code})"

    def kill(self) -> None:
        _kill(self.proc)


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """End a worker and everything it started (its own process group); safe to call twice."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):  # SIGKILL cannot be caught: only a stuck kernel
        proc.wait(5.0)
    for pipe in (proc.stdin, proc.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()


class PluginBot(SafeBot):
    """A third-party bot played by its own worker process (see the module docstring)."""

    def __init__(
        self,
        spec: str,
        seconds: float | None = None,
        fallback: Any = None,
        memory: int = MEMORY_LIMIT,
        default_seconds: float = DEFAULT_SECONDS,
        game: str = "concordia",
    ) -> None:
        """``seconds`` overrides the plugin's own budget; ``default_seconds`` is its budget if it declares none;
        the plugin is found in the entry-point group of ``game``."""
        super().__init__(None, seconds=seconds if seconds is not None else default_seconds, fallback=fallback)
        self.default_seconds = self.seconds
        self.spec = spec
        self.name = clip(spec.split(":", 1)[0], 60)
        self.memory = memory
        from .registry import plugin_group

        self.game = game
        self.group = plugin_group(game)
        self._given_seconds = seconds
        self._lock = threading.Lock()
        self._worker: _Worker | None = None
        self._ready = False
        self._strikes = 0
        self.benched = ""
        """Why the seat plays fallback moves for the rest of the game (empty while the plugin plays)."""
        self._start()

    def _start(self) -> None:
        try:
            self._worker = _Worker(self.spec, self.memory, self.group, self.game)
        except (OSError, WorkerFailed) as exc:
            self._worker = None
            self._bench(f"could not be started ({exc})")
            return
        self._ready = False
        weakref.finalize(self, _kill, self._worker.proc)

    def _bench(self, why: str) -> None:
        self.benched = why
        log.warning("bot %s %s; its seat plays fallback moves for the rest of the game", self.name, why)
        self.close()

    def close(self) -> None:
        """End the worker (the game is over or the seat is benched); later decisions are fallback moves."""
        if not self.benched:
            self.benched = "was closed"  # first: a decision under way must not start a new worker
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.kill()

    def _hello(self, worker: _Worker) -> None:
        message = worker.receive(START_SECONDS)
        if "error" in message:
            raise WorkerFailed(clip(str(message["error"])))
        if self._given_seconds is None and message.get("seconds") is not None:
            declared = message["seconds"]
            self.seconds = budget(declared, self.default_seconds)
            if budget(declared, -1.0) < 0:
                log.warning("bot %s declares a time budget of %s; it gets %.2f s", self.name,
                            clip(str(declared), 40), self.seconds)
        self._ready = True

    def _report(self, problem: str, elapsed: float) -> None:
        if self.benched and problem == "is benched":
            return  # said once, when it was benched
        super()._report(problem, elapsed)

    def _ask(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> tuple[str | None, str]:
        with self._lock:
            if self._worker is None:
                return None, "is benched"
            worker = self._worker
            if not self._ready:
                try:
                    self._hello(worker)
                except WorkerFailed as exc:
                    if not self.benched:  # (not when the game was left while it started)
                        self._bench(f"could not be started: {exc}")
                    return None, "is benched"
            request = {"game": view.game, "view": view.to_dict(), "legal": [str(a) for a in legal_actions],
                       "seed": rng.getrandbits(64)}
            try:
                worker.send(request)
                answer = worker.receive(self.seconds * TOLERANCE)
            except WorkerFailed as exc:
                return None, self._strike(str(exc))
            except BaseException:  # Ctrl-C while waiting: a late answer must not be taken for the next request
                worker.kill()
                self._worker = None
                if not self.benched:
                    self._start()
                raise
            self._strikes = 0
            if "error" in answer:
                return None, clip(str(answer["error"]))
            text = answer.get("text")
            return (text, "") if isinstance(text, str) else (None, "sent no answer")

    def _strike(self, problem: str) -> str:
        """The worker failed a decision: kill it, and start a new one unless that happened too often in a row."""
        self._strikes += 1
        if self._worker is not None:
            self._worker.kill()
            self._worker = None
        if self.benched:  # closed while this decision was under way (the game was left)
            return "is benched"
        if self._strikes >= MAX_STRIKES:
            self._bench(f"{problem} ({self._strikes} decisions in a row)")
            return "is benched"
        self._start()
        return f"{problem}; its worker was restarted"

    def explain(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> list[tuple[Any, float, Any]]:
        """The fallback's hint: a plugin's own reasoning stays in its process."""
        result: list[tuple[Any, float, Any]] = self._fallback_bot(view).explain(view, legal_actions, rng)
        return result


# ------------------------------------------------------------------------------------------- the worker


def _limit_memory(limit: int) -> None:
    import resource

    if limit > 0:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _load(spec: str, group: str) -> Any:
    """The plugin's bot, made from its entry point in ``group`` with the spec's options (in the worker only)."""
    from importlib.metadata import entry_points

    from .registry import parse_spec

    name, options = parse_spec(spec)
    found = [ep for ep in entry_points(group=group) if ep.name == name]
    if not found:
        raise LookupError(f"no installed package declares the bot {name!r}")
    factory = found[0].load()
    return factory(**options)


def _watch_parent(parent: int) -> None:
    """End this worker when the game's process is gone (the plugin may be stuck in a loop)."""
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


def _decide(bot: Any, request: dict[str, Any]) -> dict[str, Any]:
    from engine.core import games

    info = games.get(str(request["game"]))
    view = info.state_from_dict(request["view"])
    legal = [info.parse_action(view, str(text)) for text in request["legal"]]
    try:
        # the plugin gets its own copy: what it writes must not break this worker's next decisions
        answer = bot.choose(detached(view), legal, random.Random(int(request["seed"])))
        return {"text": answer_text(answer)}
    except BaseException as exc:  # the plugin's failure is the answer; the worker goes on
        return {"error": describe_error(exc)}


def main() -> None:
    """The worker: read the spec, load the plugin, then answer decisions until stdin closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    inbox = sys.stdin.buffer
    out = os.fdopen(os.dup(1), "wb")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # the plugin's prints must not garble the answers (or the game's screen)
    os.dup2(devnull, 2)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()

    def say(message: dict[str, Any]) -> None:
        out.write(json.dumps(message).encode() + b"\n")
        out.flush()

    first = inbox.readline()
    if not first:
        return
    hello = json.loads(first)
    try:
        _limit_memory(int(hello.get("memory", MEMORY_LIMIT)))
        bot = _load(str(hello["spec"]), str(hello.get("group", "concordia.bots")))
        from engine.core import games

        games.get(str(hello.get("game", "concordia")))  # the game's import belongs to the start, not to a decision
        seconds = getattr(bot, "seconds", None)
        say({"name": answer_text(getattr(bot, "name", "")),
             "seconds": seconds if isinstance(seconds, int | float) and not isinstance(seconds, bool) else None})
    except BaseException as exc:  # an entry point that does not import, a constructor that raises
        say({"error": describe_error(exc)})
        return
    for line in inbox:
        try:
            reply = _decide(bot, json.loads(line))
        except BaseException as exc:  # MemoryError while rebuilding the view, a malformed request
            reply = {"error": describe_error(exc)}
        say(reply)


if __name__ == "__main__":
    main()
