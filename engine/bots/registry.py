"""Finding bots by name for a game: the generic built-ins, the game's own bots, and third-party plugins.

``make_bot(spec, game="concordia")`` looks a name up in this order:

1. the game's own bots (``BOTS`` of ``engine/<id>/bots/``, e.g. Concordia's tuned greedy and search bots),
   which replace the generic bots of the same name;
2. the generic built-ins here: ``random``; ``greedy`` and ``easy`` (one-decision lookahead over the game's
   ``evaluate``); ``normal``, ``hard`` and ``mcts`` (flat Monte Carlo over ``determinize``d states: normal
   thinks at most ``NORMAL_SECONDS`` a decision, hard ``HARD_SECONDS``). All but ``random`` need the game's
   ``evaluate``; a game without one is offered ``random`` only;
3. third-party bots under the entry-point group of the game: ``concordia.bots`` for Concordia (so plugins
   written before there were several games keep working) and ``<game>.bots`` for the others::

       [project.entry-points."colosseum.bots"]
       mybot = "mypackage.mybot:MyBot"

   where ``MyBot()`` is a class (or factory) whose instances follow ``engine.core.protocol.Bot``.

A name may carry options after colons, ``hard:iterations=200:width=4``. Values are read as whole numbers,
then decimals, then ``none``/``true``/``false``, else kept as text. A built-in bot declares every option it
takes (``engine.bots.options``): an unknown option, a value of the wrong type or out of range is an
``UnknownBot`` error of one line, before any bot is made.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any

from engine.core import games

from .greedy import GreedyBot
from .hooks import GameHooks, hooks_of
from .options import (
    CATCH_UP,
    CONFIDENCE,
    ITERATIONS,
    MIN_ROUNDS,
    SECONDS,
    TEMPERATURE,
    WIDTH,
    BadOption,
    BotMaker,
    BotOption,
    UnknownBot,
    option_set,
)
from .random_bot import RandomBot
from .search import POLICIES, SearchBot

DEFAULT_GAME = games.DEFAULT
"""The game a bot is made for when the caller names none."""

ENTRY_POINT_GROUP = "concordia.bots"
"""Concordia's plugin group (the group of any other game is ``<game id>.bots``)."""

BotFactory = Callable[..., Any]

NORMAL_SECONDS = 1.0
"""Time budget per decision of the ``normal`` level (a game's own ``normal`` reads it too)."""
HARD_SECONDS = 3.0
"""Time budget per decision of the ``hard`` level."""

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The difficulty levels offered to players, weakest first."""

GREEDY_OPTIONS = option_set(
    TEMPERATURE, SECONDS, BotOption("follow", int, 0, 100, help="own decisions in a row played before judging"),
)
SEARCH_OPTIONS = option_set(
    SECONDS, ITERATIONS, WIDTH, CONFIDENCE, MIN_ROUNDS, CATCH_UP,
    BotOption("depth", int, 0, 1000, help="decisions a playout plays after the candidate"),
    BotOption("policy", str, choices=POLICIES, help="how playouts choose: greedy or random"),
    BotOption("playout_width", int, 1, 100, help="actions the greedy playout policy values per decision"),
)


def _greedy(h: GameHooks, **options: Any) -> GreedyBot:
    assert h.evaluate is not None  # only offered for games with an evaluation
    return GreedyBot(h.evaluate, h.determinize, **options)


def _easy(h: GameHooks, **options: Any) -> GreedyBot:
    bot = _greedy(h, **{"temperature": 2.5, **options})
    bot.name = "easy"
    return bot


def _search(h: GameHooks, name: str, defaults: dict[str, Any], options: dict[str, Any]) -> SearchBot:
    assert h.evaluate is not None
    if "iterations" in options and "seconds" not in options:
        defaults = {**defaults, "seconds": None}
    bot = SearchBot(h.evaluate, h.determinize, **{**defaults, **options})
    bot.name = name
    return bot


def _mcts(h: GameHooks, **options: Any) -> SearchBot:
    return _search(h, "mcts", {}, options)


def _normal(h: GameHooks, **options: Any) -> SearchBot:
    return _search(h, "normal", {"seconds": NORMAL_SECONDS, "width": 3, "confidence": 1.5}, options)


def _hard(h: GameHooks, **options: Any) -> SearchBot:
    defaults = {"seconds": HARD_SECONDS, "width": 5, "confidence": 2.5, "min_rounds": 4, "depth": 16}
    return _search(h, "hard", defaults, options)


BUILTIN: dict[str, BotMaker] = {
    "random": BotMaker(RandomBot),
    "easy": BotMaker(_easy, GREEDY_OPTIONS, hooks=True),
    "greedy": BotMaker(_greedy, GREEDY_OPTIONS, hooks=True),
    "normal": BotMaker(_normal, SEARCH_OPTIONS, hooks=True),
    "hard": BotMaker(_hard, SEARCH_OPTIONS, hooks=True),
    "mcts": BotMaker(_mcts, SEARCH_OPTIONS, hooks=True),
}
"""The generic bots by name (a game's own ``BOTS`` replace those of the same name)."""

NEEDS_EVALUATION = frozenset(BUILTIN) - {"random"}


def plugin_group(game: str) -> str:
    """The entry-point group of third-party bots for ``game``."""
    return ENTRY_POINT_GROUP if game == DEFAULT_GAME else f"{game}.bots"


def _plugins(group: str = ENTRY_POINT_GROUP) -> dict[str, Callable[[], BotFactory]]:
    found: dict[str, Callable[[], BotFactory]] = {}
    for ep in entry_points(group=group):
        found[ep.name] = ep.load
    return found


def _plugins_of(game: str) -> dict[str, Callable[[], BotFactory]]:
    group = plugin_group(game)
    return _plugins() if group == ENTRY_POINT_GROUP else _plugins(group)


def _hooks(game: str) -> GameHooks:
    try:
        return hooks_of(game)
    except games.UnknownGame as exc:
        raise UnknownBot(str(exc)) from None


def _builtins(h: GameHooks) -> dict[str, Any]:
    """Name -> factory of the built-in bots of a game: the generic ones it can use, then its own."""
    found: dict[str, Any] = {n: m for n, m in BUILTIN.items() if h.evaluate is not None or n not in NEEDS_EVALUATION}
    found.update(h.bots)
    return found


def builtin_names(game: str = DEFAULT_GAME) -> list[str]:
    """Names of the built-in bots of ``game`` (no plugins), as ``available`` orders them."""
    return sorted(_builtins(_hooks(game)))


def available(game: str = DEFAULT_GAME) -> list[str]:
    """Names of every bot that can be made for ``game``."""
    return sorted(set(_builtins(_hooks(game))) | set(_plugins_of(game)))


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"hard:iterations=200:width=4"`` -> ``("hard", {"iterations": 200, "width": 4})``.

    Values are read as whole numbers, then decimals, then ``none``/``true``/``false``, else kept as text.
    """
    if not isinstance(spec, str):
        raise UnknownBot(f"a bot is named by text, not {type(spec).__name__}")
    name, *parts = spec.strip().split(":")
    options: dict[str, Any] = {}
    for part in parts:
        key, sep, text = part.partition("=")
        if not sep or not key.isidentifier():
            raise UnknownBot(f"bad bot option {part[:40]!r} in {_short(spec)}; write name:key=value, "
                             "e.g. hard:iterations=200")
        options[key] = _value(text)
    return name, options


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"none": None, "true": True, "false": False}.get(text.lower(), text)


def _short(spec: str) -> str:
    return repr(spec if len(spec) <= 60 else spec[:57] + "...")


def make_bot(spec: str, game: str = DEFAULT_GAME) -> Any:
    """A new bot instance for ``game`` by name, with optional ``:key=value`` options (see the module docstring)."""
    name, options = parse_spec(spec)
    h = _hooks(game)
    factory = _builtins(h).get(name)
    if factory is None:
        plugins = _plugins_of(game)
        if name not in plugins:
            raise UnknownBot(f"unknown bot {name[:40]!r}; available: {', '.join(available(game))}")
        factory = plugins[name]()
    try:
        if isinstance(factory, BotMaker):
            return factory.build(h, options)
        return factory(**options)
    except BadOption as exc:
        raise UnknownBot(f"bot {_short(spec)}: {exc}") from None
    except (TypeError, ValueError) as exc:
        raise UnknownBot(f"bot {name[:40]!r} does not accept the options {_short(spec)}: {exc}") from exc


def declared_options(name: str, game: str = DEFAULT_GAME) -> Mapping[str, BotOption]:
    """The options a built-in bot of ``game`` declares (empty for plugins and unknown names)."""
    factory = _builtins(_hooks(game)).get(name)
    return factory.options if isinstance(factory, BotMaker) else {}


__all__ = [
    "BUILTIN",
    "DEFAULT_GAME",
    "ENTRY_POINT_GROUP",
    "HARD_SECONDS",
    "LEVELS",
    "NORMAL_SECONDS",
    "UnknownBot",
    "available",
    "builtin_names",
    "declared_options",
    "make_bot",
    "parse_spec",
    "plugin_group",
]
