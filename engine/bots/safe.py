"""A bot that cannot break a game: errors, illegal answers and blown time budgets get a fallback move.

``SafeBot(inner)`` asks ``inner`` in a worker thread and waits at most its budget (``seconds`` plus 10 %,
default: the inner bot's own ``seconds`` or 5 s; a budget that is not a positive finite number is replaced by
the default), measured on the bots' clock (``engine.bots.clock``: wall time, or the worker thread's CPU
time, so that a bot and its guard agree on when it is late). If the inner bot raises (``KeyboardInterrupt``
and ``SystemExit`` included), returns something that is not one of the legal actions, or is not back in
time, the fallback bot (the greedy bot of the view's game with a short time limit, else the first legal
action) decides instead; the problem is logged as one line on the ``engine.bots.safe`` logger and counted in
``failures``, and the game goes on.

What the inner bot can touch is its own: it gets ``view.detached()`` (a copy sharing no mutable object with
the live game, where the game offers it) and a list of its own. Its answer is never compared with ``==``
(a plugin's object may claim to equal anything, or raise): the guard takes ``str(answer)`` in the worker
thread and looks that text up among the texts of the legal actions, and returns the engine's own action
object. That is also how an answer from another process is judged (``engine.bots.worker``, where
third-party bots run). A late inner bot keeps running in its daemon thread on its own copy; its answer is
thrown away.
"""

from __future__ import annotations

import copy
import logging
import math
import random
import threading
import time
from collections.abc import Sequence
from typing import Any

from . import clock

log = logging.getLogger(__name__)

DEFAULT_SECONDS = 5.0
"""Budget of an inner bot that names none (plugins, the random and greedy bots)."""

MAX_SECONDS = 600.0
"""The longest budget a bot may declare; above it (or inf, nan, zero) it gets the default."""

TOLERANCE = 1.10
"""A bot may overrun its budget by 10 % before the fallback takes over."""

WALL_BACKSTOP = 20.0
"""On the CPU clock, a bot that has not answered after this many times its limit in wall time is late anyway
(it blocks without computing, or the machine gives it almost no CPU)."""

LOGGED_FAILURES = 5
"""Failures of one bot that are logged one by one; the ones after are counted in ``failures`` only."""

MAX_TEXT = 1000
"""An answer whose text is longer than this is not an action of any game here."""


def budget(value: Any, default: float = DEFAULT_SECONDS) -> float:
    """``value`` as a time budget in seconds: a number in (0, ``MAX_SECONDS``], else ``default`` (inf, nan,
    text, a number too large for a float...)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    try:
        seconds = float(value)
    except OverflowError:
        return default
    return seconds if math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS else default


def answer_text(answer: Any) -> str:
    """The canonical text of a bot's answer, as a plain ``str`` (never a subclass that could lie in ``==``).

    Raises whatever the answer's ``__str__`` raises, and ``ValueError`` for a text too long to be an action.
    """
    text = str(answer)
    if str.__len__(text) > MAX_TEXT:
        raise ValueError(f"its answer is {str.__len__(text)} characters long")
    return str.encode(text, "utf-8", "surrogatepass").decode("utf-8", "surrogatepass")


def describe_error(exc: BaseException) -> str:
    """One line for a bot's exception; never raises, whatever the exception's ``__str__`` does."""
    if isinstance(exc, KeyboardInterrupt):
        return "was interrupted (KeyboardInterrupt)"
    try:
        kind = type(exc).__name__
        detail = answer_text(exc)
    except BaseException:  # a plugin's exception whose __str__ raises or lies
        return "raised an exception that cannot be shown"
    return clip(f"raised {kind}: {detail}" if detail else f"raised {kind}")


def clip(text: str, limit: int = 200) -> str:
    """``text`` on one line and at most ``limit`` characters (a log line, not a dump)."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def detached(view: Any) -> Any:
    """A copy of ``view`` that shares nothing mutable with the live game (the game's ``detached`` if any)."""
    make = getattr(type(view), "detached", None)
    return make(view) if make is not None else copy.deepcopy(view)


class SafeBot:
    """Wraps a bot: a legal action always comes back (see the module docstring)."""

    def __init__(self, inner: Any, seconds: float | None = None, fallback: Any = None) -> None:
        self.inner = inner
        self.name = _safe_name(inner)
        declared = seconds if seconds is not None else _safe_attr(inner, "seconds")
        self.seconds = budget(declared)
        if declared is not None and budget(declared, -1.0) < 0:
            log.warning("bot %s declares a time budget of %s; it gets %.2f s", self.name,
                        clip(_safe_repr(declared), 40), self.seconds)
        self.fallback = fallback
        """The bot that decides when the inner one fails (None: the game's greedy bot, made when first needed)."""
        self.failures = 0

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        inner_rng = random.Random(rng.getrandbits(64))  # a late inner bot must not share our RNG
        start = time.perf_counter()  # the log line says how long the game waited: wall time
        text, problem = self._ask(view, legal_actions, inner_rng)
        return self._take(text, problem, view, legal_actions, rng, start)

    def _take(self, text: str | None, problem: str, view: Any, legal_actions: Sequence[Any], rng: random.Random,
              start: float) -> Any:
        """The answer ``text`` as one of ``legal_actions``; when asking failed (``problem``) or the answer is
        not legal, one log line and a fallback move instead."""
        texts = [str(a) for a in legal_actions]
        if not problem:
            if text in texts:
                return legal_actions[texts.index(text)]
            problem = f"returned an illegal action {clip(repr(text), 80)}"
        self.failures += 1
        self._report(problem, time.perf_counter() - start)
        return self._fallback(view, legal_actions, rng)

    def _report(self, problem: str, elapsed: float) -> None:
        """One log line per failure, up to ``LOGGED_FAILURES``; later ones are only counted (a broken plugin
        fails every decision, and hundreds of equal lines would bury everything else)."""
        if self.failures <= LOGGED_FAILURES:
            log.warning("bot %s %s after %.2f s; a fallback move is played instead", self.name, problem, elapsed)
        if self.failures == LOGGED_FAILURES:
            log.warning("bot %s failed %d times; further failures are counted, not logged", self.name,
                        self.failures)

    def _ask(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> tuple[str | None, str]:
        """The inner bot's answer as text, or a problem in words; the bot runs in a daemon thread."""
        box: dict[str, Any] = {}
        private = detached(view)
        offered = list(legal_actions)

        def ask() -> None:
            try:
                box["text"] = answer_text(self.inner.choose(private, offered, rng))
            except BaseException as exc:  # any plugin error at all, Ctrl-C and exit() included
                box["error"] = describe_error(exc)

        worker = threading.Thread(target=ask, name=f"bot-{self.name}", daemon=True)
        worker.start()
        if not wait_for(worker, self.seconds * TOLERANCE):
            return None, (f"took more than {self.seconds * TOLERANCE:.2f} s{_clock_words()} "
                          f"(budget {self.seconds:.2f} s)")
        if "error" in box:
            return None, str(box["error"])
        if "text" not in box:
            return None, "gave no answer"
        return str(box["text"]), ""

    def _fallback_bot(self, view: Any) -> Any:
        """The fallback bot; by default the greedy bot of the view's game (``view.game``), made once (the random
        bot for a game without an evaluation)."""
        if self.fallback is None:
            from .registry import available, make_bot

            game = getattr(view, "game", "concordia")
            self.fallback = make_bot("greedy:seconds=0.2" if "greedy" in available(game) else "random", game=game)
        return self.fallback

    def _fallback(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        try:
            action = self._fallback_bot(view).choose(view, legal_actions, rng)
            if action in legal_actions:
                return action
        except Exception:
            log.exception("the fallback bot failed too; playing the first legal action")
        return legal_actions[0]

    def explain(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> list[tuple[Any, float, Any]]:
        """The inner bot's hint if it has one (the greedy evaluation otherwise)."""
        source = self.inner if hasattr(self.inner, "explain") else self._fallback_bot(view)
        result: list[tuple[Any, float, Any]] = source.explain(view, legal_actions, rng)
        return result


def wait_for(worker: threading.Thread, limit: float) -> bool:
    """Wait until the started ``worker`` ends or has used ``limit`` seconds of the bots' clock (``clock``);
    whether it ended.

    On the wall clock that is a plain ``join``. On the CPU clock it is the worker thread's own CPU time (a bot
    that waits for a core is not late), with a wall-time backstop of ``WALL_BACKSTOP`` times the limit for a
    bot that blocks without computing (a sleep, a lock): it would never use its CPU budget.
    """
    if clock.current() == clock.WALL:
        worker.join(limit)
        return not worker.is_alive()
    used = clock.thread_clock(worker)
    start = used()
    wall_end = time.perf_counter() + limit * WALL_BACKSTOP
    while worker.is_alive():
        left = min(limit - (used() - start), wall_end - time.perf_counter())
        if left <= 0:
            return False
        worker.join(max(left, 0.005))  # a thread's CPU time grows no faster than the wall clock
    return True


def _clock_words() -> str:
    return "" if clock.current() == clock.WALL else " of CPU time"


def _safe_attr(obj: Any, name: str) -> Any:
    try:
        return getattr(obj, name, None)
    except Exception:  # a property of a plugin's bot that raises
        return None


def _safe_repr(value: Any) -> str:
    try:
        return answer_text(value)
    except Exception:
        return "an unprintable value"


def _safe_name(inner: Any) -> str:
    name = _safe_attr(inner, "name")
    if isinstance(name, str):
        return clip(answer_text(name), 60) or type(inner).__name__
    return type(inner).__name__
