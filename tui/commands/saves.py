"""``concordia saves``: list the saved games (newest first) as a table, or as JSON with ``--json``."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from saves.replay import turn_number
from tui.i18n import N_


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], game: str = "concordia") -> None:
    from engine.core import games

    p = sub.add_parser(
        "saves",
        help="list saved games",
        description="List the saved games of every game, last played first. Damaged files are reported (on "
        "stderr), not listed.",
    )
    p.add_argument("--game", choices=games.ids(), default=None,
                   help="list only the saves of this game (default: every game)")
    p.add_argument("--save-dir", metavar="DIR", default=argparse.SUPPRESS,
                   help="the save folder (default: $CONCORDIA_SAVE_DIR or the user data dir)")
    p.add_argument("--json", action="store_true", help="print the list as JSON")


class _SaveRecords(argparse.Action):
    """``simulate --save-dir DIR``: sets ``on_record`` so that every finished game is written as a save."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        namespace.on_record = RecordSaver(str(values), namespace)


class RecordSaver:
    """Writes each ``GameRecord`` of ``concordia simulate`` as a finished save (bots named per seat)."""

    def __init__(self, directory: str, args: argparse.Namespace) -> None:
        self.directory = directory
        self.args = args
        self.paths: list[str] = []

    def __call__(self, record: Any) -> None:
        from saves import SavedGame, SaveStore, Seat

        names = [b.strip() for b in str(getattr(self.args, "bots", "random")).split(",") if b.strip()]
        if len(names) == 1:
            names *= record.config.players
        seats = [Seat(f"{bot} {i + 1}"[:40], bot) for i, bot in enumerate(names)]
        game = SavedGame.new(record.config, record.seed, seats, title=f"simulate seed {record.seed}",
                             game=record.game)
        game.actions = list(record.actions)
        game.state = record.state
        self.paths.append(str(SaveStore(self.directory).save(game)))


def add_record_option(p: argparse.ArgumentParser) -> None:
    """Give ``concordia simulate`` its ``--save-dir DIR`` option (every finished game becomes a save)."""
    p.add_argument("--save-dir", metavar="DIR", dest="record_dir", action=_SaveRecords, default=None,
                   help="write every finished game as a save file into DIR (game records for bug reports)")


def _when(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t)) if t else "-"


def _short_when(stamp: float) -> str:
    """``28 Nov 09:55`` in English, ``28.11. 09:55`` in German (``%b`` would be English in any language)."""
    from tui.i18n import t

    return time.strftime(t("%d %b %H:%M"), time.localtime(stamp)) if stamp else "-"


def _setup(h: Any) -> str:
    """A save's setup in a few words: Concordia's map and variant, another game's options."""
    from .options import describe

    return " ".join(x for x in (h.map, h.variant) if x) or describe(h.options) or "-"


COLUMNS: tuple[str, ...] = (N_("Played"), N_("Title"), N_("Game"), N_("Setup"), N_("Seats"), N_("Turn"),
                            N_("Status"), N_("Scores"))
"""The table's headings (English; passed through ``t``)."""

STATUS: dict[str, str] = {"running": N_("running"), "finished": N_("finished")}
"""A save's status in words (``--json`` keeps the status as the save file says it)."""


def _status(status: str) -> str:
    from tui.i18n import t

    return t(STATUS[status]) if status in STATUS else status


def _seats(seats: list[Any]) -> str:
    """``Anna, Bruno (hard)``: a bot seat shows its bot unless the name already says it."""
    return ", ".join(s.name if s.bot is None or s.bot in s.name else f"{s.name} ({s.bot})" for s in seats)


def run(args: argparse.Namespace) -> int:
    import sys

    from saves import SaveStore
    from saves.model import shown

    store = SaveStore(getattr(args, "save_dir", None))
    headers, problems = store.scan()
    only = getattr(args, "game", None)
    if only is not None:
        headers = [h for h in headers if h.game == only]
    if args.json:
        rows = [
            {
                "path": str(h.path), "game": h.game, "game_id": h.game_id, "title": h.title, "created": h.created,
                "updated": h.updated, "options": h.options, "map": h.map, "variant": h.variant, "players": h.players,
                "seats": [{"name": s.name, "bot": s.bot} for s in h.seats], "turn": h.turn,
                "decisions": h.decisions, "status": h.status, "scores": h.scores, "version": h.version,
                "app_version": h.app_version,
            }
            for h in headers
        ]
        print(json.dumps({"directory": str(store.directory), "saves": rows,
                          "problems": [{"path": str(p), "error": e} for p, e in problems]}, indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from tui.i18n import t

    console = Console(highlight=False)
    for path, error in problems:
        print("concordia saves: " + t("skipped {name}: {error}").format(name=shown(path.name), error=shown(error)),
              file=sys.stderr)
    if not headers:
        console.print(Text(t("No saved games in {folder}").format(folder=shown(store.directory))))
        return 0
    from rich import box
    from rich.padding import Padding

    title = Text(t("Saved games in {folder}").format(folder=shown(store.directory)))
    rows = [[_when(h.updated), h.title or "-", h.game_title, _setup(h), _seats(h.seats),
             str(turn_number(h.turn, h.status == "finished")), _status(h.status),
             " ".join(map(str, h.scores)) if h.scores else "-"] for h in headers]
    names = tuple(t(n) for n in COLUMNS)
    needed = sum(max(len(n), *(len(r[c]) for r in rows)) + 3 for c, n in enumerate(names))
    if console.width >= needed:  # room for a column per field, no cell wrapped
        table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
        for name in names:
            table.add_column(name, no_wrap=True, justify="right" if name == names[5] else "left")
        for row in rows:
            table.add_row(*(Text(cell) for cell in row))
        console.print(table)
        for i, h in enumerate(headers, 1):  # plain print: a path must not wrap (it is copied into 'load PATH')
            print(f"{i:3d}. {shown(h.path)}")
        return 0
    # a narrow terminal: one entry per save, its seats joined (never a column one word wide)
    console.print(title)
    for i, (h, row) in enumerate(zip(headers, rows, strict=True), 1):
        _played, name, game, setup, seats, turn, status, scores = row
        status = f"{status}: {scores}" if h.scores else status
        console.print(Text(f"{i:3d}. {_short_when(h.updated)}  {name}"), overflow="fold")
        console.print(Padding(Text(t("{game}: {setup}, turn {turn}, {status}").format(
            game=game, setup=setup, turn=turn, status=status)), (0, 0, 0, 5), expand=False))
        console.print(Padding(Text(seats), (0, 0, 0, 5), expand=False))
        print(f"     {shown(h.path)}")  # plain print: a path must not wrap (it is copied into 'load PATH')
    return 0
