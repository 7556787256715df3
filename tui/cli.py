"""The ``concordia`` command: starts the game (the Textual app), or runs one of its subcommands.

Each subcommand lives in ``tui/commands/<name>.py`` with ``register(subparsers)`` and ``run(args) -> int``;
modules import Textual only when they start the app, so ``--help`` and the headless commands stay fast.
Without a subcommand, ``concordia`` runs ``play`` (the title screen). Errors a user can cause (an unknown
option, a bad value, a damaged file) print one clear line and exit with status 2, never a traceback.

The command line imports no game: ``--game ID`` is read from the arguments first, and the commands that set
up a game register that game's own options (``tui.commands.options``). Options are never abbreviated
(``allow_abbrev=False``): ``--game`` must not be taken for another option, nor ``--se`` for ``--seed``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from engine.core.errors import GameError

COMMANDS: tuple[str, ...] = ("play", "new", "load", "saves", "replay", "simulate", "tournament", "serve")
"""Subcommand modules in ``tui.commands``, in the order ``--help`` lists them."""

DEFAULT_COMMAND = "play"

APP_COMMANDS: tuple[str, ...] = ("play", "new", "load")
"""Subcommands that start the app: they also accept the global app options after their name."""

PRINTING_COMMANDS: tuple[str, ...] = ("saves", "replay", "simulate", "tournament")
"""Subcommands that print words for a person: they speak the app's language (``--lang``, else the saved
setting, else the locale, as the app itself); their ``--json`` output stays as it is (for programs)."""


VALUE_OPTIONS: tuple[str, ...] = ("--lang", "--theme", "--save-dir")
"""Global options followed by a value (the value is not a subcommand's name)."""


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("concordia-tui")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0.0.0"


class VersionAction(argparse.Action):
    """``--version``: the installed version, looked up only when asked (importlib.metadata is slow to import)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kw: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="print the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *_args: object, **_kw: object) -> None:
        print(f"{parser.prog} {version()}")
        parser.exit(0)


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``concordia new: error: ...``), not a usage block, and
    that never accepts an abbreviated option."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def add_app_options(p: argparse.ArgumentParser, *, suppress: bool = False) -> None:
    """Options of the app itself; after a subcommand's name they default to "not given" (SUPPRESS)."""
    kw: dict[str, Any] = {"default": argparse.SUPPRESS} if suppress else {}
    p.add_argument("--lang", choices=("en", "de"), help="language of the app: en or de (default: from settings)", **kw)
    p.add_argument("--ascii", action="store_true", help="draw with ASCII only (for old terminals)", **kw)
    p.add_argument("--theme", choices=("dark", "light", "high-contrast"), help="colour theme (default: from settings)",
                   **kw)
    p.add_argument("--save-dir", metavar="DIR", help="where games are saved (default: $CONCORDIA_SAVE_DIR or the "
                   "user data dir)", **kw)
    p.add_argument("--continue", dest="resume", action="store_true",
                   help="resume the most recent running game", **kw)


def build_parser(only: str | None = None, game: str | None = None) -> argparse.ArgumentParser:
    """The full parser; with ``only``, just that subcommand is registered (a faster start, same parsing).

    ``game`` is the game whose options the game-setup commands offer (default: the registry's default)."""
    from engine.core import games

    game = game or games.DEFAULT
    parser = Parser(
        prog="concordia",
        description="Concordia (with Venus) in the terminal: play against bots or friends, save and resume. "
        "Without a command, the app starts on its title screen.",
        epilog="Settings (language, theme, ASCII mode, bot pace, confirm end of turn) are kept in "
        "settings.toml in the user config dir ($CONCORDIA_CONFIG_DIR overrides it); the options above "
        "override them for one run. 'concordia COMMAND --help' explains a command.",
    )
    parser.add_argument("--version", action=VersionAction)
    add_app_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in COMMANDS:
        if only is not None and name != only:
            continue
        module = importlib.import_module(f"tui.commands.{name}")
        module.register(sub, game)
        if name in APP_COMMANDS:
            add_app_options(sub.choices[name], suppress=True)
        elif name in PRINTING_COMMANDS:
            sub.choices[name].add_argument(
                "--lang", choices=("en", "de"), default=argparse.SUPPRESS,
                help="language of the printed words: en or de (default: from settings, else the locale; --json "
                "output is the same in every language)")
    return parser


def use_language(args: argparse.Namespace) -> None:
    """The language a printing command speaks: ``--lang`` (before or after the command's name), else the
    language saved in the settings, else the environment's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
    ``LANGUAGE``), as the app chooses it (``tui.settings.load``)."""
    from tui import settings
    from tui.i18n import set_language

    set_language(getattr(args, "lang", None) or settings.load().language)


def _command_in(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names, when that can be seen without parsing (None: build the whole parser)."""
    words = iter(argv)
    for word in words:
        if word in ("--", "-h", "--help"):
            return None
        if word in VALUE_OPTIONS:
            next(words, None)
        elif not word.startswith("-"):
            return word if word in COMMANDS else None
    return DEFAULT_COMMAND


def _one_line(exc: BaseException) -> str:
    """An error's text as one printable line: a file name or a title quoted in it can hold newlines or
    terminal escape sequences, which must never reach the terminal."""
    text = " ".join(str(exc).split("\n"))
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def bare_args() -> argparse.Namespace:
    """What the parser makes of no arguments at all: ``play`` with every app option at its default. A bare
    ``concordia`` (and ``make play``) starts without building the parser: the title screen comes sooner."""
    return argparse.Namespace(command=None, lang=None, ascii=False, theme=None, save_dir=None, resume=False)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv:
        only = _command_in(argv)
        from tui.commands.options import game_in

        args = build_parser(only, game_in(argv)).parse_args(argv)
    else:
        args = bare_args()
    return run(args)


def run(args: argparse.Namespace) -> int:
    """Run the command ``args`` names (``play`` when none), with a one-line message for a user's mistake."""
    command = args.command or DEFAULT_COMMAND
    module = importlib.import_module(f"tui.commands.{command}")
    if command in PRINTING_COMMANDS:
        use_language(args)
    try:
        return int(module.run(args) or 0)
    except (GameError, OSError) as exc:
        print(f"concordia: {_one_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("concordia: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
