"""Finding bots by name: the built-in ones and third-party bots under the entry-point group ``concordia.bots``.

A third-party package declares::

    [project.entry-points."concordia.bots"]
    mybot = "mypackage.mybot:MyBot"

where ``MyBot()`` is a class (or factory) whose instances follow ``engine.core.protocol.Bot``.

Built-in names, weakest to strongest: ``random``; ``easy`` (greedy with some randomness); ``greedy``;
``normal`` (the search bot: 3 candidates, at most 1 s per decision, racing that drops a candidate 1.5 standard
errors behind); ``hard`` (5 candidates, at most 3 s, 4 rounds before any is dropped, 2.5 standard errors, and
the other seats play a sampled greedy turn inside its playouts, so it sees the display and the cities taken
before its next turn); ``mcts``
is the search bot with its defaults. A name may carry options after colons, given to the factory as
keyword arguments: ``hard:iterations=200`` (a deterministic playout budget instead of the clock),
``normal:seconds=0.5``, ``easy:temperature=4``. Options named like a field of ``evaluation.Weights`` change
the evaluation (``greedy:house=2:site=0.7``), which is how weights are compared in tournaments.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from importlib.metadata import entry_points
from typing import Any

from engine.core.errors import GameError

from engine.concordia.bots.evaluation import DEFAULT, Weights
from engine.concordia.bots.greedy import GreedyBot
from .random_bot import RandomBot
from engine.concordia.bots.search import SearchBot

ENTRY_POINT_GROUP = "concordia.bots"

BotFactory = Callable[..., Any]

NORMAL_SECONDS = 1.0
HARD_SECONDS = 3.0


def _with_weights(options: dict[str, Any]) -> dict[str, Any]:
    """Options named like a field of ``Weights`` (``greedy:house=2``) become the bot's evaluation weights."""
    names = {f.name for f in fields(Weights)}
    changed = {k: float(options.pop(k)) for k in list(options) if k in names}
    if changed:
        options["weights"] = replace(DEFAULT, **changed)
    return options


def _greedy(**options: Any) -> GreedyBot:
    return GreedyBot(**_with_weights(options))


def _mcts(**options: Any) -> SearchBot:
    return SearchBot(**_with_weights(options))


def _easy(**options: Any) -> GreedyBot:
    bot = GreedyBot(**{"temperature": 2.5, **_with_weights(options)})
    bot.name = "easy"
    return bot


def _normal(**options: Any) -> SearchBot:
    defaults = {"seconds": None if "iterations" in options else NORMAL_SECONDS, "width": 3, "confidence": 1.5}
    bot = SearchBot(**{**defaults, **_with_weights(options)})
    bot.name = "normal"
    return bot


def _hard(**options: Any) -> SearchBot:
    defaults = {"seconds": None if "iterations" in options else HARD_SECONDS, "width": 5, "confidence": 2.5,
                "min_rounds": 4, "opponents": "play"}
    bot = SearchBot(**{**defaults, **_with_weights(options)})
    bot.name = "hard"
    return bot


BUILTIN: dict[str, BotFactory] = {
    "random": RandomBot,
    "easy": _easy,
    "greedy": _greedy,
    "normal": _normal,
    "hard": _hard,
    "mcts": _mcts,
}

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The difficulty levels offered to players, weakest first."""


class UnknownBot(GameError, KeyError):
    """No bot is registered under that name, or its options are not understood."""

    def __str__(self) -> str:
        return str(self.args[0])


def _plugins() -> dict[str, Callable[[], BotFactory]]:
    found: dict[str, Callable[[], BotFactory]] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found[ep.name] = ep.load
    return found


def available() -> list[str]:
    """Names of every bot that can be made."""
    return sorted(set(BUILTIN) | set(_plugins()))


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"hard:iterations=200:width=4"`` -> ``("hard", {"iterations": 200, "width": 4})``.

    Values are read as whole numbers, then decimals, then ``none``/``true``/``false``, else kept as text.
    """
    name, *parts = spec.strip().split(":")
    options: dict[str, Any] = {}
    for part in parts:
        key, sep, text = part.partition("=")
        if not sep or not key.isidentifier():
            raise UnknownBot(f"bad bot option {part!r} in {spec!r}; write name:key=value, e.g. hard:iterations=200")
        options[key] = _value(text)
    return name, options


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"none": None, "true": True, "false": False}.get(text.lower(), text)


def make_bot(spec: str) -> Any:
    """A new bot instance by name (with optional ``:key=value`` options, see the module docstring)."""
    name, options = parse_spec(spec)
    if name in BUILTIN:
        factory: BotFactory = BUILTIN[name]
    else:
        plugins = _plugins()
        if name not in plugins:
            raise UnknownBot(f"unknown bot {name!r}; available: {', '.join(available())}")
        factory = plugins[name]()
    try:
        bot = factory(**options)
    except (TypeError, ValueError) as exc:
        raise UnknownBot(f"bot {name!r} does not accept the options {options}: {exc}") from exc
    return bot
