"""The ``concordia`` command: starts the game, or runs one of its subcommands.

Each subcommand lives in ``tui/commands/<name>.py`` with ``register(subparsers)`` and ``run(args) -> int``;
modules import Textual only when they start the app, so headless commands stay fast. Errors a user can
cause (an unknown option, a bad value, a damaged file) print one clear line and exit with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from engine.core.errors import GameError

COMMANDS: tuple[str, ...] = ("simulate",)
"""Subcommand modules in ``tui.commands``, in the order ``--help`` lists them."""


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("concordia-tui")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0.0.0"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="concordia",
        description="Concordia (with Venus) in the terminal: play against bots or friends, save and resume.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(f"tui.commands.{name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.command or "play"
    if command == "play" and "play" not in COMMANDS:
        from tui.commands import headless

        return headless.run(args)
    module = importlib.import_module(f"tui.commands.{command}")
    try:
        return int(module.run(args) or 0)
    except GameError as exc:
        print(f"concordia: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("concordia: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
