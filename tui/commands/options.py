"""Options shared by several subcommands: ``--game`` and the chosen game's own setup options.

The shell knows no game: ``--game ID`` picks one from the registry (``engine.core.games``; Concordia is the
default), and that game's options (``engine.core.options.game_options``: Concordia's ``--map``,
``--variant``, ``--interim``, ``--display``, ``--small``) become arguments. ``tui.cli`` reads ``--game``
from the command line before it builds the parser, so ``concordia new --game colosseum --help`` lists
Colosseum's options and a Concordia option given with another game is an unknown argument.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from engine.core import games
from engine.core.options import GameOption, game_options


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {value}")
    return value


def bounded_int(low: int | None, high: int | None) -> Any:
    """An argparse type: a whole number in ASCII digits from ``low`` to ``high`` (a game option's range), so a
    huge value is a one-line usage error, never an ``OverflowError`` when the game is first saved."""

    def read(text: str) -> int:
        word = text.strip()
        sign = word[:1] in "+-" and word[:1] != ""
        digits = word[1:] if sign else word
        if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > 30:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text[:30]!r}")
        value = int(word)
        if (low is not None and value < low) or (high is not None and value > high):
            shown = f"from {low} to {high}" if low is not None and high is not None else (
                f"of at least {low}" if low is not None else f"of at most {high}")
            raise argparse.ArgumentTypeError(f"expected a number {shown}, not {word[:30]}")
        return value

    read.__name__ = "number"  # argparse names the type in its messages
    return read


def game_in(argv: Sequence[str]) -> str:
    """The game ``argv`` asks for with ``--game ID`` or ``--game=ID`` (the default game if none or unknown:
    the parser then reports an unknown id in one line)."""
    words = list(argv)
    for i, word in enumerate(words):
        if word == "--":
            break
        value = words[i + 1] if word == "--game" and i + 1 < len(words) else None
        if word.startswith("--game="):
            value = word.partition("=")[2]
        if value is not None:
            return value if value in games.ids() else games.DEFAULT
    return games.DEFAULT


def seed_int(text: str) -> int:
    """``--seed``: a whole number 0 <= seed < 2**63 (what a save can hold)."""
    from engine.core.seeds import SeedError, check_seed

    try:
        value = int(text) if text.strip().isascii() else None
    except ValueError:
        value = None
    if value is None:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 2**63 - 1, not {text[:30]!r}")
    try:
        return check_seed(value)
    except SeedError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def check_seed_range(first: int, count: int) -> None:
    """The seeds ``first`` .. ``first + count - 1`` a command deals stay below 2**63 (``SeedError`` if not)."""
    from engine.core.seeds import SEED_LIMIT, SeedError

    if first + count > SEED_LIMIT:
        raise SeedError(f"--seed {first} with {count} deals goes past the largest seed, 2**63 - 1")


SEED_HELP = "0 <= SEED < 2**63"


def add_game_argument(p: argparse.ArgumentParser, game: str) -> None:
    p.add_argument("--game", default=games.DEFAULT, choices=games.ids(),
                   help=f"which game: {', '.join(games.ids())} (default: {games.DEFAULT}); the options below "
                   f"are {games.get(game).title}'s: '--game ID --help' lists another game's")


def _add(p: argparse.ArgumentParser, option: GameOption) -> None:
    dest = option.key
    if option.kind is bool:
        if option.default is None:  # on or off by the game's own default: --salt / --no-salt
            p.add_argument(option.cli, dest=dest, action=argparse.BooleanOptionalAction, default=None,
                           help=option.help)
        else:
            p.add_argument(option.cli, dest=dest, action="store_true", help=option.help)
        return
    kw: dict[str, Any] = {"dest": dest, "default": option.default}
    if option.choices:
        kw["choices"] = option.choices
    if option.kind is int:
        kw["type"] = bounded_int(option.low, option.high)
    default = f" (default: {option.default})" if option.default not in (None, "") else ""
    p.add_argument(option.cli, help=option.help + default, **kw)


def add_game_options(p: argparse.ArgumentParser, game: str = games.DEFAULT, players: int | None = 4,
                     seed: bool = True) -> None:
    """``--game``, ``--players`` (unless ``players`` is None), the game's own options and ``--seed``."""
    add_game_argument(p, game)
    if players is not None:
        info = games.get(game)
        default = min(max(players, info.min_players), info.max_players)
        p.add_argument("--players", type=positive_int, default=default,
                       help=f"number of players, {info.min_players} to {info.max_players} (default: {default})")
    p.set_defaults(option_keys=[o.key for o in game_options(game)])
    for option in game_options(game):
        _add(p, option)
    if seed:
        p.add_argument("--seed", type=seed_int, default=None, help=f"random seed, {SEED_HELP} (default: random)")


def options_from(args: argparse.Namespace, players: int | None = None) -> dict[str, Any]:
    """The chosen game's config as plain data, from the parsed options."""
    data: dict[str, Any] = {k: getattr(args, k) for k in getattr(args, "option_keys", [])}
    data["players"] = players if players is not None else args.players
    return data


def config_from(args: argparse.Namespace, players: int | None = None) -> Any:
    """The chosen game's validated config (its own ``config_from_dict``: a ``GameDataError`` is one line)."""
    return games.get(getattr(args, "game", games.DEFAULT)).config_from_dict(options_from(args, players))


def describe(options: dict[str, Any]) -> str:
    """``map imperium, variant base, interim scoring``: a config in a few words (switches only when on)."""
    parts = []
    for key, value in options.items():
        if key == "players" or value is False or value is None:
            continue
        name = key.replace("_", " ")
        parts.append(name if value is True else f"{name} {value}")
    return ", ".join(parts)


class _SetupHeader:
    """A config's plain data seen as a save header's setup fields (``map``, ``variant``, ``options``, ``players``),
    what a game's ``describe_setup`` reads."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = {k: v for k, v in options.items() if k != "players"}  # the caller words the seats
        self.players = None
        self.map = str(options.get("map", "") or "")
        self.variant = str(options.get("variant", "") or "")


def setup_words(game: str, options: dict[str, Any]) -> str:
    """The setup for a reader, in the current language: the game's own words (its ``describe_setup``, as the
    load screen and the title screen's Continue line word a save: ``Imperium (base)``, ``field D: base game``;
    the player count left to the caller), the switches that are on (plain option words: a game's short words
    may leave them out) and a turn limit when there is one (``max_turns`` 0 means no limit and
    is left out). A game without a screen here falls back to ``describe`` minus that 0. Never for ``--json``
    (it is translated)."""
    from tui import games as ui_games
    from tui.i18n import t

    try:
        words = ui_games.get(game).describe_setup(_SetupHeader(options))
    except Exception:  # a plugin game without a UI, or one whose describe_setup fails: the plain option words
        words = describe({k: v for k, v in options.items() if not (k == "max_turns" and not v)})
        return words
    # switches the game's short words leave out (Concordia's interim scoring, salt, forum): named when on, as
    # ``describe`` names them, so a tournament of the Salsa rules does not read as the base game
    switches = [k.replace("_", " ") for k, v in options.items() if v is True]
    if switches:
        words = ", ".join([words, *switches]) if words else ", ".join(switches)
    limit = options.get("max_turns")
    if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0:
        words += ", " + t("cut off after {n} turns").format(n=limit)
    return words
