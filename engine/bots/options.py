"""Bot options as data: what a bot accepts after the colons of its name, checked before the bot is made.

A bot spec comes from the command line, the new-game form or a save file (``normal:seconds=0.5``), so every
option is untrusted input. A bot factory declares its options as ``BotOption``s and is wrapped in a
``BotMaker``; ``BotMaker.build`` refuses an unknown option, a value of the wrong type (``mcts:width=abc``,
``greedy:weights=3``) or out of range (``normal:confidence=1e300``) with one line naming the option, and
never passes anything the bot has not declared. Time budgets are capped at ``MAX_SECONDS``: a bot thinks in a
thread the app cannot kill, so a budget of hours would freeze the game (issue 15, item 8).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import GameError

MAX_SECONDS = 60.0
"""Largest time budget a built-in bot accepts per decision (the search keeps it whatever its options say)."""

MAX_ITERATIONS = 100_000
"""Largest playout budget of the search bots (far more than any measured setting)."""


class UnknownBot(GameError, KeyError):
    """No bot is registered under that name, or its options are not understood (one line, for the player)."""

    def __str__(self) -> str:
        return str(self.args[0])


class BadOption(GameError, ValueError):
    """One option of a bot spec is unknown or has a bad value; ``str()`` names the option and the rule."""


@dataclass(frozen=True, slots=True)
class BotOption:
    """One option a bot accepts: its type (``int``, ``float``, ``str`` or ``bool``) and allowed values."""

    name: str
    kind: type
    low: float | None = None
    """Smallest allowed number (inclusive)."""
    high: float | None = None
    """Largest allowed number (inclusive)."""
    choices: tuple[str, ...] = ()
    """For text options: the allowed words."""
    none: bool = False
    """Whether ``none`` is allowed (e.g. ``seconds=none`` for an iteration budget only)."""
    help: str = ""

    def rule(self) -> str:
        """What the option wants, in words (for the error message)."""
        if self.kind is bool:
            text = "true or false"
        elif self.kind is str:
            text = "one of " + ", ".join(self.choices)
        else:
            what = "a whole number" if self.kind is int else "a number"
            low = "" if self.low is None else _number(self.low)
            high = "" if self.high is None else _number(self.high)
            text = f"{what} from {low} to {high}" if low and high else what
        return text + (" or none" if self.none else "")

    def check(self, value: Any) -> Any:
        """``value`` as the bot will get it; ``BadOption`` if it breaks the rule."""
        if value is None:
            if self.none:
                return None
            raise self._bad(value)
        if self.kind is bool:
            if not isinstance(value, bool):
                raise self._bad(value)
            return value
        if self.kind is str:
            if not isinstance(value, str) or value not in self.choices:
                raise self._bad(value)
            return value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._bad(value)
        if self.kind is int and not isinstance(value, int):
            raise self._bad(value)
        if not math.isfinite(value):
            raise self._bad(value)
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise self._bad(value)
        return int(value) if self.kind is int else float(value)

    def _bad(self, value: Any) -> BadOption:
        return BadOption(f"{self.name}={show(value)} is not allowed: {self.name} must be {self.rule()}")


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def show(value: Any) -> str:
    """A value as it was written in the spec (short: a spec may come from a damaged save)."""
    if value is None or isinstance(value, bool):
        out = {None: "none", True: "true", False: "false"}[value]
    else:
        out = str(value)
    return out if len(out) <= 30 else out[:27] + "..."


Options = Mapping[str, BotOption]


def option_set(*options: BotOption) -> dict[str, BotOption]:
    """``{option.name: option}`` for a factory's declaration."""
    return {o.name: o for o in options}


def check_options(options: Mapping[str, Any], declared: Options) -> dict[str, Any]:
    """Every option checked against its declaration; ``BadOption`` for the first one that is not allowed."""
    out: dict[str, Any] = {}
    for key, value in options.items():
        spec = declared.get(key)
        if spec is None:
            known = ", ".join(sorted(declared)) or "none"
            raise BadOption(f"unknown option {key[:30]!r} (options: {known})")
        out[key] = spec.check(value)
    return out


def check_seconds(seconds: float | None, most: float | None = None) -> None:
    """A bot's own check of its time budget: ``ValueError`` unless it is more than 0 (and at most ``most``);
    None (no time limit) passes. The constructors check what a caller passes directly, past ``BotMaker``."""
    if seconds is None:
        return
    if most is None:
        if not seconds > 0:
            raise ValueError(f"the time budget (seconds) must be more than 0, not {seconds:g}")
    elif not 0 < seconds <= most:
        raise ValueError(f"the time budget (seconds) must be more than 0 and at most {most:g}, not {seconds:g}")


def check_positive(**named: float | None) -> None:
    """``ValueError`` naming the first of ``named`` that is not more than 0 (None, for "no limit", passes)."""
    for name, value in named.items():
        if value is not None and not value > 0:
            raise ValueError(f"{name} must be more than 0, not {value:g}")


def check_not_negative(**named: float) -> None:
    """``ValueError`` naming the first of ``named`` that is less than 0."""
    for name, value in named.items():
        if not value >= 0:
            raise ValueError(f"{name} must be 0 or more, not {value:g}")


def check_choice(name: str, value: str, choices: Sequence[str]) -> None:
    """``ValueError`` when ``value`` is not one of ``choices``."""
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}, not {value!r}")


@dataclass(frozen=True)
class BotMaker:
    """A bot factory with its declared options; ``build`` checks them before the factory sees them.

    ``make(hooks, **options)`` when ``hooks`` is True (the generic bots: they need the game's ``evaluate``
    and ``determinize``), else ``make(**options)`` (a game's own bots).
    """

    make: Callable[..., Any]
    options: Options = field(default_factory=dict)
    hooks: bool = False

    def build(self, game_hooks: Any, options: Mapping[str, Any]) -> Any:
        checked = check_options(options, self.options)
        if self.hooks:
            return self.make(game_hooks, **checked)
        return self.make(**checked)

    def __call__(self, **options: Any) -> Any:
        """A game's own bot made directly (``BOTS["greedy"](temperature=1)``), its options checked as ``build``
        checks them; ``BadOption`` for one that is not allowed."""
        if self.hooks:
            raise TypeError("a generic bot needs the game's hooks: use build()")
        return self.build(None, options)


SECONDS = BotOption("seconds", float, 0.01, MAX_SECONDS, none=True, help="time budget per decision")
ITERATIONS = BotOption("iterations", int, 1, MAX_ITERATIONS, none=True, help="playouts per decision")
TEMPERATURE = BotOption("temperature", float, 0, 100, help="randomness among good actions (VP); 0 = always the best")
WIDTH = BotOption("width", int, 1, 50, help="candidates searched")
SAMPLES = BotOption("samples", int, 1, 100,
                    help="deals of what the seat cannot see (stacks, cards, dice) each candidate is played on")
LOOKAHEAD = (SECONDS, WIDTH, SAMPLES)
"""The options of a game's look-ahead bot (Colosseum's, Massilia's): its time, its candidates and how many
guesses at the hidden information each is played on; a game adds its own depth options."""
CONFIDENCE = BotOption("confidence", float, 0, 20, help="standard errors behind the leader to drop a candidate")
MIN_ROUNDS = BotOption("min_rounds", int, 2, 1000, help="rounds every candidate plays before any is dropped")
CATCH_UP = BotOption("catch_up", bool, help="drop a candidate that cannot catch the leader in the budget left")


__all__ = [
    "CATCH_UP",
    "CONFIDENCE",
    "ITERATIONS",
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "MIN_ROUNDS",
    "SECONDS",
    "TEMPERATURE",
    "WIDTH",
    "BadOption",
    "BotMaker",
    "BotOption",
    "UnknownBot",
    "check_choice",
    "check_not_negative",
    "check_options",
    "check_positive",
    "check_seconds",
    "option_set",
    "show",
]
