"""``concordia play`` (also ``concordia`` alone): start the app on its title screen, or resume with ``--continue``.

``launch`` is shared by ``play``, ``new`` and ``load``: it reads the settings, applies the command-line
overrides (``--lang``, ``--ascii``, ``--theme``), opens the save store (``--save-dir``) and runs the app.
Textual is imported only here, when the app really starts.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.errors import GameError

if TYPE_CHECKING:
    from saves import SaveStore
    from tui.settings import Settings


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], game: str = "concordia") -> None:
    """The command (it is the same for every game: the app or the save chooses the game)."""
    sub.add_parser(
        "play",
        help="start the app on its title screen (the default command)",
        description="Start the app on its title screen; with --continue, resume the most recent running game.",
    )


class LaunchError(GameError):
    """A command-line choice that cannot start the app (no game to continue, a bad save folder)."""


def settings_from(args: argparse.Namespace) -> Settings:
    """The saved settings with this run's command-line overrides."""
    from tui import settings as settings_mod

    s = settings_mod.load()
    changes: dict[str, Any] = {}
    if getattr(args, "lang", None):
        changes["language"] = args.lang
    if getattr(args, "ascii", False):
        changes["ascii"] = True
    if getattr(args, "theme", None):
        changes["theme"] = args.theme
    return s.with_(**changes) if changes else s


def save_dir_from(args: argparse.Namespace) -> Path | None:
    """``--save-dir`` checked (it must be a folder or not exist yet), or None for the default folder."""
    directory = getattr(args, "save_dir", None)
    path = Path(directory).expanduser() if directory else None
    if path is not None and path.exists() and not path.is_dir():
        raise LaunchError(f"--save-dir {directory}: not a folder")
    return path


def store_from(args: argparse.Namespace) -> SaveStore:
    """The save store of ``--save-dir`` (or the default folder), checked before the app starts."""
    from saves import SaveError, SaveStore

    path = save_dir_from(args)
    try:
        return SaveStore(path)
    except SaveError as exc:
        raise LaunchError(str(exc)) from exc


def launch(args: argparse.Namespace, **start: Any) -> int:
    """Run the app until it quits; ``start`` is passed to ``ConcordiaApp`` (``session=`` or ``saved=``)."""
    import dataclasses
    import os
    import sys

    from tui import i18n, terminal

    settings = settings_from(args)
    i18n.set_language(settings.language)
    found = terminal.check(os.environ)
    if found.error:  # a terminal that cannot run a full-screen app: one clear line, never escape-code garbage
        print(found.error, file=sys.stderr)
        return 2
    if found.ascii and not settings.ascii:  # for this run (the settings file is written only from Settings)
        settings = dataclasses.replace(settings, ascii=True, warnings=(*settings.warnings, found.notice))
    if "store" not in start:  # opened by the app when first needed: the title screen shows before saves load
        start["save_dir"] = save_dir_from(args)
    from tui.app import ConcordiaApp

    app = ConcordiaApp(settings=settings, bot_process=True, **start)
    try:
        app.run()
    finally:
        close = getattr(app, "close_thinker", None)  # the bots' worker process ends with the app
        if callable(close):
            close()
    return int(app.return_code or 0)


def run(args: argparse.Namespace) -> int:
    save_dir_from(args)  # a bad --save-dir is one line now, not an error inside the app
    if getattr(args, "resume", False):
        from saves import SaveError

        store = store_from(args)
        try:
            latest = store.latest_running()
        except SaveError as exc:
            raise LaunchError(str(exc)) from exc
        if latest is None:
            raise LaunchError("--continue: there is no running game to continue (start one with 'concordia new')")
        saved = store.load(latest.path) if hasattr(latest, "path") and not hasattr(latest, "actions") else latest
        return launch(args, store=store, saved=saved)
    return launch(args)
