"""``concordia load PATH``: open a saved game; a running game resumes, a finished one shows its scores and log."""

from __future__ import annotations

import argparse
from pathlib import Path

from .play import LaunchError, launch, store_from


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], game: str = "concordia") -> None:
    """The command (it is the same for every game: the app or the save chooses the game)."""
    p = sub.add_parser(
        "load",
        help="open a saved game file",
        description="Open a saved game: a running game resumes where it stopped; a finished game shows its "
        "score table and log.",
    )
    p.add_argument("path", metavar="PATH", help="a save file (see the Load screen or 'concordia saves' for the list)")


def run(args: argparse.Namespace) -> int:
    if getattr(args, "resume", False):
        raise LaunchError("--continue resumes the latest game; it cannot be combined with 'load PATH'")
    from saves import SaveError
    from saves.model import shown
    from saves.store import kind_of

    path = Path(args.path).expanduser()
    name = shown(args.path)
    try:
        kind = kind_of(path)
    except FileNotFoundError:
        raise LaunchError(f"load {name}: no such save file") from None
    except OSError as exc:
        raise LaunchError(f"load {name}: cannot read it ({exc.strerror or exc})") from None
    if kind is not None:  # a folder, a FIFO or a device: say what it is (reading a FIFO would hang)
        raise LaunchError(f"load {name}: this is {kind}, not a save file")
    store = store_from(args)
    try:
        saved = store.load(path)
    except SaveError as exc:
        raise LaunchError(f"load {name}: {exc}") from exc
    return launch(args, store=store, saved=saved)
