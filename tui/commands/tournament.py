"""``concordia tournament``: bots against each other over many games, with rotated seats, and a results table.

    concordia tournament --bots hard,normal,normal,easy --map imperium --games 200 --seed 1 --jobs 2 --json out.json

Game ``g`` is dealt with seed ``seed + g // n`` and seat ``i`` is played by bot ``(i + g) % n`` of the list, so
every bot plays every seat of every deal once per ``n`` games. The table shows, per bot name (copies of one
bot are pooled): seats played, wins, win share (wins per seat played; the seat average is 1/n), mean and
median score, mean winning score, fallback moves and an Elo-style rating fitted to every pair of seats of
every game (who scored more; the tie-break decides equal totals; partners are not compared). ``--json``
writes the same rows. Every bot runs inside ``SafeBot``: a crashing or slow bot costs a fallback move, not
the tournament. ``--jobs N`` plays games in N processes. ``--game ID`` plays another game of the app with its
own options; the games, the table and Elo are game-agnostic (``engine.tournament``), this module only parses,
logs and prints.

``--log FILE`` writes every game to FILE as one JSON line the moment it ends. Run the same command again and
the games already in FILE are not played again: a tournament of slow bots can be stopped (Ctrl-C, a closed
laptop) and resumed, or extended with a larger ``--games``. The first line of FILE names the tournament
(bots, game settings, seed, clock); a log of another tournament is refused rather than mixed in.

``--clock cpu`` measures the bots' time budgets in the CPU time of the thread that thinks instead of wall
time (``engine.bots.clock``): on a busy machine a 3 s budget is then still 3 s of computing, so the results
do not depend on what else runs (a game takes longer in wall time instead). Each logged game also records
its ``cpu_seconds``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from engine.bots import clock
from engine.bots.registry import available
from engine.bots.worker import check_spec
from engine.core import games
from engine.core.errors import GameError
from engine.tournament import ELO_BASE, UNTIMED_LIMIT, elo, play_one, sides, standings
from saves.model import shown
from saves.store import kind_of, write_atomic
from tui.i18n import N_, decimal, percent, t, tn

from .options import (
    SEED_HELP,
    add_game_options,
    check_seed_range,
    config_from,
    describe,
    positive_int,
    seed_int,
    setup_words,
)

summarise = standings
"""The table's rows (``engine.tournament.standings``), under the name this command has always exported."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], game: str = games.DEFAULT) -> None:
    p = sub.add_parser(
        "tournament",
        help="play bots against each other with rotated seats and print win shares, scores and ratings",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    p.add_argument("--bots", required=True,
                   help="one bot per seat, comma-separated (name or name:key=value, e.g. hard:iterations=100); "
                   f"names: {', '.join(available(game))}")
    add_game_options(p, game, players=None, seed=False)
    p.add_argument("--games", type=positive_int, default=20, help="number of games (default: 20)")
    p.add_argument("--seed", type=seed_int, default=1, help=f"seed of the first deal, {SEED_HELP} (default: 1)")
    p.add_argument("--jobs", type=positive_int, default=1, help="games played in parallel processes (default: 1)")
    p.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE ('-' for stdout)")
    p.add_argument("--log", metavar="FILE",
                   help="write each game to FILE as it ends; running the same command again resumes from FILE")
    add_clock_option(p)


def add_clock_option(p: argparse.ArgumentParser) -> None:
    """``--clock cpu|wall``: what the bots' time budgets are measured in (``engine.bots.clock``)."""
    p.add_argument("--clock", choices=clock.CLOCKS, default=clock.WALL,
                   help="measure the bots' time budgets in wall time (default, as in the app) or in the CPU time "
                   "of the thinking thread (cpu: results that do not depend on the machine's load)")


def run(args: argparse.Namespace) -> int:
    game = getattr(args, "game", games.DEFAULT)
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    for spec in names:
        check_spec(spec, game)  # an unknown name or option is a clear error before any game starts (no plugin import)
    cfg = config_from(args, players=len(names))
    n = len(names)
    check_seed_range(args.seed, (args.games - 1) // n + 1)
    jobs = [(g, args.seed + g // n, [names[(i + g) % n] for i in range(n)]) for g in range(args.games)]
    results: list[dict[str, Any]] = []
    on_result: Callable[[dict[str, Any]], None] | None = None
    if args.log:
        header: dict[str, Any] = {"bots": names, "config": cfg.to_dict(), "seed": args.seed}
        if game != games.DEFAULT:  # a Concordia log written before there were several games still resumes
            header["game"] = game
        header["clock"] = args.clock
        log = GameLog(Path(args.log), header)
        done = {r["game"]: r for r in log.open()}
        results = [done[g] for g, _d, _s in jobs if g in done]
        jobs = [job for job in jobs if job[0] not in done]
        if results:
            print(t("{done} of {games} games read from {log}; playing {n} more").format(
                done=len(results), games=args.games, log=args.log, n=len(jobs)), file=sys.stderr)
        on_result = log.append
    try:
        with clock.using(args.clock):  # the fallback bots of this process too; play_one sets it in every worker
            results += _play_all(cfg, jobs, args.jobs, on_result, game, args.clock)
    except KeyboardInterrupt:
        if args.log:
            print("concordia tournament: " + t("interrupted; the finished games are kept in {log}, and the same "
                                               "command goes on from there").format(log=args.log), file=sys.stderr)
            return 130
        raise
    results.sort(key=lambda r: r["game"])  # the game number fixes the deal and the seating
    rows = summarise(names, results)
    options = cfg.to_dict()
    report = {
        "game": game,
        "options": options,
        **{k: options[k] for k in ("map", "variant") if k in options},
        "setup": f"{games.get(game).title}" + (f" ({describe(options)})" if describe(options) else ""),
        "players": n,
        "bots": names,
        "games": len(results),
        "seed": args.seed,
        "clock": args.clock,
        "seat_average": round(1 / sides(game, cfg), 4),
        "mean_turns": round(statistics.fmean(r["turns"] for r in results), 2),
        "rows": rows,
    }
    setup = setup_words(game, options)  # the table's title in the reader's words; the JSON keeps "setup" as it was
    _print_table({**report, "setup": games.get(game).title + (f" ({setup})" if setup else "")},
                 to_stderr=args.json == "-")
    if args.json:
        text = json.dumps(report, indent=2)
        if args.json == "-":
            print(text)
        else:
            try:
                with open(args.json, "w", encoding="utf-8") as fh:
                    fh.write(text + "\n")
            except OSError as exc:
                print("concordia tournament: " + t("cannot write {file}: {why}").format(file=args.json,
                                                                                     why=exc.strerror), file=sys.stderr)
                return 2
    return 0


MAX_LOG = 256 * 2**20
"""Largest ``--log`` file read (a logged game is about 400 bytes: over 600 000 games)."""


class GameLog:
    """The ``--log`` file: a header line naming the tournament, then one JSON line per finished game."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = json.loads(json.dumps({"tournament": header}))  # as it reads back from the file

    def open(self) -> list[dict[str, Any]]:
        """The games already logged for this tournament; a new or empty file gets the header.

        A line cut short by a kill in mid-write is dropped (that game is played again); a file that is not a
        log of this same tournament, or cannot be read or written, is a ``BadLog`` and is left untouched.
        """
        try:
            return self._open()
        except OSError as exc:
            raise BadLog(f"cannot use {shown(self.path)} as the log: {exc.strerror or exc}") from None

    def _open(self) -> list[dict[str, Any]]:
        try:
            kind = kind_of(self.path)
        except FileNotFoundError:
            kind = None
        if kind is not None:  # /dev/zero never ends, a FIFO blocks: only a regular file is a log
            raise BadLog(f"{shown(self.path)} is {kind}, not a log file")
        try:
            with self.path.open("rb") as fh:
                data = fh.read(MAX_LOG + 1)
        except FileNotFoundError:
            data = b""
        if len(data) > MAX_LOG:
            raise BadLog(f"{shown(self.path)} is larger than any tournament log ({MAX_LOG // 2**20} MB)")
        try:
            lines = data.decode("utf-8").splitlines()
        except UnicodeDecodeError:
            raise BadLog(f"{shown(self.path)} is not a tournament log") from None
        if not lines:
            self.path.write_text(json.dumps(self.header) + "\n", encoding="utf-8")
            return []
        try:
            header = json.loads(lines[0])
        except (ValueError, RecursionError):  # RecursionError: JSON nested a thousand deep
            header = None
        if not isinstance(header, dict) or "tournament" not in header:
            raise BadLog(f"{shown(self.path)} is not a tournament log")
        if isinstance(header["tournament"], dict):  # a log written before there was a choice: the wall clock
            header["tournament"].setdefault("clock", clock.WALL)
        ours = self.header["tournament"].get("clock", clock.WALL)
        theirs = header["tournament"].get("clock") if isinstance(header["tournament"], dict) else None
        if theirs != ours and isinstance(theirs, str) and theirs in clock.CLOCKS:
            raise BadLog(f"{shown(self.path)} was played with --clock {theirs}; resume it with --clock {theirs}, "
                         f"or give another --log file for --clock {ours}")
        if header != self.header:
            raise BadLog(f"{shown(self.path)} is the log of another tournament ({_describe(header['tournament'])}); "
                         "give the same bots, game options and seed, or another --log file")
        games = [g for g in map(_game_record, lines[1:]) if g is not None]
        damaged = len(lines) - 1 - len(games)
        if damaged:
            print(f"concordia tournament: {damaged} damaged line(s) in {shown(self.path)} dropped; "
                  "those games are played again", file=sys.stderr)
            write_atomic(self.path, "".join(json.dumps(x) + "\n" for x in [self.header, *games]).encode())
        return games

    def append(self, game: dict[str, Any]) -> None:
        """Add one finished game, on disk before it returns (a game can take minutes to play again)."""
        try:
            with self.path.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(game) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
        except OSError as exc:
            raise BadLog(f"cannot write to {shown(self.path)}: {exc.strerror or exc}; the games logged before are "
                         "kept, and the same command goes on from there") from None


GAME_FIELDS = frozenset(("game", "deal", "seating", "scores", "side", "team", "winners", "turns", "seconds",
                         "fallbacks"))
"""What ``play_one`` reports; a logged line without all of them is damaged."""

LATER_FIELDS = frozenset(("cpu_seconds",))
"""What ``play_one`` reports since after the first logs were written: a line without them is not damaged."""


def _game_record(line: str) -> dict[str, Any] | None:
    """One logged game, or None for a line that is cut short or otherwise not a game."""
    try:
        game = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(game, dict) or not game.keys() >= GAME_FIELDS or not isinstance(game["game"], int):
        return None
    return game


class BadLog(GameError):
    """The ``--log`` file holds something other than games of this tournament, or cannot be used."""


def _describe(header: Any) -> str:
    if not isinstance(header, dict):
        return "unreadable settings"
    bots, seed = header.get("bots"), header.get("seed")
    names = ",".join(b for b in bots if isinstance(b, str)) if isinstance(bots, list) else "?"
    return f"bots {shown(names[:80])}, seed {seed if isinstance(seed, int) and abs(seed) < 2**64 else '?'}"


def _play_all(
    cfg: Any,
    jobs: list[tuple[int, int, list[str]]],
    workers: int,
    on_result: Callable[[dict[str, Any]], None] | None = None,
    game: str = games.DEFAULT,
    clock_name: str = clock.WALL,
) -> list[dict[str, Any]]:
    """Play ``jobs`` (game number, deal, seating), calling ``on_result`` with each game as it finishes; the
    bots' budgets on the clock ``clock_name``."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    config = cfg.to_dict()
    results: list[dict[str, Any]] = []

    def finished(result: dict[str, Any]) -> None:
        results.append(result)
        if on_result is not None:
            on_result(result)
        progress.advance(task)

    with Progress(TextColumn(t("games")), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  transient=True) as progress:
        task = progress.add_task("games", total=len(jobs))
        if workers == 1:
            for number, deal, seating in jobs:
                finished(play_one(config, deal, seating, number, game, clock_name))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = [pool.submit(play_one, config, deal, seating, number, game, clock_name)
                           for number, deal, seating in jobs]
                try:
                    for fut in as_completed(futures):
                        finished(fut.result())
                except BaseException:  # Ctrl-C, a log that cannot be written, a game that failed
                    pool.shutdown(cancel_futures=True)  # the games not started are not waited for
                    raise
    return results


COLUMNS: tuple[str, ...] = (N_("bot"), N_("seats"), N_("wins"), N_("win share"), N_("mean score"), N_("median"),
                            N_("mean win"), N_("fallbacks"), N_("Elo"))
"""The results table's headings (English; passed through ``t``)."""


def _print_table(report: dict[str, Any], *, to_stderr: bool = False) -> None:
    """The results as a table on stdout, or on stderr when stdout carries the JSON (``--json -``: ``| jq`` works)."""
    from rich.console import Console
    from rich.table import Table

    title = tn("{n} game of {setup}, {bots}, seed {seed}, seat average {average}",
               "{n} games of {setup}, {bots}, seed {seed}, seat average {average}", report["games"])
    bots = tn("{n} bot", "{n} bots", report["players"]).format(n=report["players"])  # every seat is a bot
    table = Table(title=title.format(n=report["games"], setup=report["setup"], bots=bots,
                                     seed=report["seed"], average=percent(report["seat_average"])))
    for i, col in enumerate(COLUMNS):
        table.add_column(t(col), justify="left" if i == 0 else "right", no_wrap=True)
    for r in report["rows"]:
        table.add_row(r["bot"], str(r["seats"]), str(r["wins"]), percent(r["win_share"]), decimal(r["mean_score"], 2),
                      decimal(r["median_score"], 1), decimal(r["mean_winning_score"], 2), str(r["fallbacks"]),
                      decimal(r["elo"], 1))
    console = Console(stderr=to_stderr)
    if not console.is_terminal:  # a file or a pipe: never squeeze the table
        console = Console(width=160, stderr=to_stderr)
    console.print(table)


__all__ = ["ELO_BASE", "UNTIMED_LIMIT", "elo", "play_one", "register", "run", "summarise"]
