"""A bot that cannot break a game: errors, illegal answers and blown time budgets get a fallback move.

``SafeBot(inner)`` asks ``inner`` in a worker thread and waits at most its budget (``seconds`` plus 10 %,
default: the inner bot's own ``seconds`` or 5 s). If the inner bot raises, returns something that is not
one of the legal actions, or is not back in time, the fallback bot (the greedy bot of the view's game
with a short time limit, else the first legal action) decides instead; the problem is logged on the
``engine.bots.safe`` logger and counted in ``failures``, and the game goes on. A late inner bot keeps
running in its daemon thread on its own copy of the view, so it cannot change the game; its answer is thrown away.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Sequence
from typing import Any

log = logging.getLogger(__name__)

DEFAULT_SECONDS = 5.0
"""Budget of an inner bot that names none (plugins, the random and greedy bots)."""

TOLERANCE = 1.10
"""A bot may overrun its budget by 10 % before the fallback takes over."""


class SafeBot:
    """Wraps a bot: a legal action always comes back (see the module docstring)."""

    def __init__(self, inner: Any, seconds: float | None = None, fallback: Any = None) -> None:
        self.inner = inner
        self.name = str(getattr(inner, "name", type(inner).__name__))
        budget = seconds if seconds is not None else getattr(inner, "seconds", None)
        self.seconds = float(budget) if budget else DEFAULT_SECONDS
        self.fallback = fallback
        """The bot that decides when the inner one fails (None: the game's greedy bot, made when first needed)."""
        self.failures = 0

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        inner_rng = random.Random(rng.getrandbits(64))  # a late inner bot must not share our RNG
        box: dict[str, Any] = {}

        def ask() -> None:
            try:
                box["action"] = self.inner.choose(view.clone(), list(legal_actions), inner_rng)
            except Exception as exc:  # any plugin error at all must not end the game
                box["error"] = exc

        worker = threading.Thread(target=ask, name=f"bot-{self.name}", daemon=True)
        start = time.perf_counter()
        worker.start()
        worker.join(self.seconds * TOLERANCE)
        elapsed = time.perf_counter() - start
        if worker.is_alive():
            problem = f"took more than {self.seconds * TOLERANCE:.2f} s (budget {self.seconds:.2f} s)"
        elif "error" in box:
            exc = box["error"]
            problem = f"raised {type(exc).__name__}: {exc}"
        elif box.get("action") not in legal_actions:
            problem = f"returned an illegal action {box.get('action')!r}"
        else:
            return box["action"]
        self.failures += 1
        log.warning("bot %s %s after %.2f s; a fallback move is played instead", self.name, problem, elapsed)
        return self._fallback(view, legal_actions, rng)

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

    def explain(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> list[tuple[Any, float, str]]:
        """The inner bot's hint if it has one (the greedy evaluation otherwise)."""
        source = self.inner if hasattr(self.inner, "explain") else self._fallback_bot(view)
        result: list[tuple[Any, float, str]] = source.explain(view, legal_actions, rng)
        return result
