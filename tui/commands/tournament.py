"""``concordia tournament``: bots against each other over many games, with rotated seats, and a results table.

    concordia tournament --bots hard,normal,normal,easy --map imperium --games 200 --seed 1 --jobs 2 --json out.json

Game ``g`` is dealt with seed ``seed + g // n`` and seat ``i`` is played by bot ``(i + g) % n`` of the list, so
every bot plays every seat of every deal once per ``n`` games. The table shows, per bot name (copies of one
bot are pooled): seats played, wins, win share (wins per seat played; the seat average is 1/n), mean and
median score, mean winning score, fallback moves and an Elo-style rating fitted to every pair of seats of
every game (who scored more; the tie-break decides equal totals; partners are not compared). ``--json``
writes the same rows. Every bot runs inside ``SafeBot``: a crashing or slow bot costs a fallback move, not
the tournament. ``--jobs N`` plays games in N processes.

``--log FILE`` writes every game to FILE as one JSON line the moment it ends. Run the same command again and
the games already in FILE are not played again: a tournament of slow bots can be stopped (Ctrl-C, a closed
laptop) and resumed, or extended with a larger ``--games``. The first line of FILE names the tournament
(bots, game settings, seed); a log of another tournament is refused rather than mixed in.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from engine.bots import SafeBot, available
from engine.bots.worker import check_spec, close_bots, seat_bot
from engine.concordia import DISPLAY_SIDES, VARIANTS, GameConfig, model
from engine.concordia.runner import play_game
from engine.core.errors import GameError
from saves.store import write_atomic

from .options import positive_int

ELO_BASE = 1500.0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "tournament",
        help="play bots against each other with rotated seats and print win shares, scores and ratings",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    p.add_argument("--bots", required=True,
                   help="one bot per seat, comma-separated (name or name:key=value, e.g. hard:iterations=100); "
                   f"names: {', '.join(available())}")
    p.add_argument("--map", default="imperium", choices=model.MAP_IDS, help="board (default: imperium)")
    p.add_argument("--variant", default="base", choices=VARIANTS, help="base, venus or venus-team (default: base)")
    p.add_argument("--display", default="cloth", choices=DISPLAY_SIDES, help="display side (default: cloth)")
    p.add_argument("--interim", action="store_true", help="interim scoring at each player's first Tribune")
    p.add_argument("--small", action="store_true", help="Ionium without zone B (2-3 players)")
    p.add_argument("--games", type=positive_int, default=20, help="number of games (default: 20)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first deal (default: 1)")
    p.add_argument("--jobs", type=positive_int, default=1, help="games played in parallel processes (default: 1)")
    p.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE ('-' for stdout)")
    p.add_argument("--log", metavar="FILE",
                   help="write each game to FILE as it ends; running the same command again resumes from FILE")


def play_one(config: dict[str, Any], deal: int, seating: Sequence[str], game: int = 0) -> dict[str, Any]:
    """Play game number ``game`` with ``seating[i]`` in seat i; the result as plain data (sent between processes)."""
    cfg = GameConfig.from_dict(config)
    bots = [_safe(spec) for spec in seating]
    try:
        rec = play_game(cfg, deal, bots)
    finally:
        close_bots(bots)
    sc = rec.scores
    if sc.teams:
        team_of = {p: i for i, team in enumerate(sc.teams) for p in team}
        win_team = team_of[sc.winner]
        winners = list(sc.teams[win_team])
        side = [sc.team_totals[team_of[p]] for p in range(cfg.players)]
    else:
        winners = [sc.winner]
        side = [ps.total for ps in sc.players]
        team_of = {p: p for p in range(cfg.players)}
    return {
        "game": game,
        "deal": deal,
        "seating": list(seating),
        "scores": [ps.total for ps in sc.players],
        "side": side,
        "team": [team_of[p] for p in range(cfg.players)],
        "winners": winners,
        "turns": rec.state.turn,
        "seconds": round(rec.seconds, 3),
        "fallbacks": [b.failures for b in bots],
    }


UNTIMED_LIMIT = 120.0
"""Seconds a bot without a time budget (an iteration budget, a plugin) may think before a fallback move."""


def _safe(spec: str) -> SafeBot:
    """The bot of ``spec`` behind the guard: its own time budget if it has one, else a generous limit.

    A plugin plays in a worker process of its own (``engine.bots.worker.PluginBot``, itself the guard)."""
    bot = seat_bot(spec, default_seconds=UNTIMED_LIMIT)
    if isinstance(bot, SafeBot):
        return bot
    return SafeBot(bot, seconds=getattr(bot, "seconds", None) or UNTIMED_LIMIT)


def elo(names: Sequence[str], games: Sequence[dict[str, Any]]) -> dict[str, float]:
    """Elo-style ratings (mean 1500) fitted by maximum likelihood to every pair of seats of every game.

    A seat beats another if its side scored more (the winner beats everyone it ties with); copies of one bot
    and partners are not compared. One virtual draw against a 1500 bot keeps unbeaten bots finite.
    """
    pairs: list[tuple[str, str, float]] = []
    for g in games:
        seats = g["seating"]
        for i in range(len(seats)):
            for j in range(i + 1, len(seats)):
                if seats[i] == seats[j] or g["team"][i] == g["team"][j]:
                    continue
                a, b = g["side"][i], g["side"][j]
                if a == b:
                    result = 1.0 if i in g["winners"] else 0.0 if j in g["winners"] else 0.5
                else:
                    result = 1.0 if a > b else 0.0
                pairs.append((seats[i], seats[j], result))
    # Bradley-Terry strengths by the MM algorithm (Hunter 2004); a draw is half a win for each side.
    wins = dict.fromkeys(names, 0.5)  # the virtual draw against the anchor (strength 1)
    meetings: dict[tuple[str, str], int] = {}
    for a, b, r in pairs:
        wins[a] += r
        wins[b] += 1 - r
        key = (a, b) if a < b else (b, a)
        meetings[key] = meetings.get(key, 0) + 1
    strength = dict.fromkeys(names, 1.0)
    for _ in range(2000):
        new = {}
        for n in names:
            denom = 1 / (strength[n] + 1)  # the anchor
            for (a, b), count in meetings.items():
                if n in (a, b):
                    other = b if n == a else a
                    denom += count / (strength[n] + strength[other])
            new[n] = wins[n] / denom
        strength = new
    rating = {n: 400 * math.log10(strength[n]) for n in names}
    mean = sum(rating.values()) / max(1, len(rating))
    return {n: round(ELO_BASE + rating[n] - mean, 1) for n in names}


def summarise(names: Sequence[str], games: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per distinct bot name: seats, wins, win share, mean/median score, winning score, Elo."""
    distinct = list(dict.fromkeys(names))
    ratings = elo(distinct, games)
    rows = []
    for name in distinct:
        scores: list[int] = []
        winning: list[int] = []
        wins = 0
        fallbacks = 0
        for g in games:
            for seat, spec in enumerate(g["seating"]):
                if spec != name:
                    continue
                scores.append(g["scores"][seat])
                fallbacks += g["fallbacks"][seat]
                if seat in g["winners"]:
                    wins += 1
                    winning.append(g["scores"][seat])
        seats = len(scores)
        rows.append({
            "bot": name,
            "seats": seats,
            "wins": wins,
            "win_share": round(wins / seats, 4) if seats else 0.0,
            "mean_score": round(statistics.fmean(scores), 2) if scores else 0.0,
            "median_score": float(statistics.median(scores)) if scores else 0.0,
            "mean_winning_score": round(statistics.fmean(winning), 2) if winning else 0.0,
            "fallbacks": fallbacks,
            "elo": ratings[name],
        })
    return rows


def run(args: argparse.Namespace) -> int:
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    for spec in names:
        check_spec(spec)  # an unknown name or option is a clear error before any game starts (no plugin import)
    cfg = GameConfig(map=args.map, players=len(names), variant=args.variant, interim_scoring=args.interim,
                     display=args.display, small=args.small)
    cfg.validate()
    n = len(names)
    jobs = [(g, args.seed + g // n, [names[(i + g) % n] for i in range(n)]) for g in range(args.games)]
    results: list[dict[str, Any]] = []
    on_result: Callable[[dict[str, Any]], None] | None = None
    if args.log:
        log = GameLog(Path(args.log), {"bots": names, "config": cfg.to_dict(), "seed": args.seed})
        done = {r["game"]: r for r in log.open()}
        results = [done[g] for g, _d, _s in jobs if g in done]
        jobs = [job for job in jobs if job[0] not in done]
        if results:
            print(f"{len(results)} of {args.games} games read from {args.log}; playing {len(jobs)} more",
                  file=sys.stderr)
        on_result = log.append
    try:
        results += _play_all(cfg, jobs, args.jobs, on_result)
    except KeyboardInterrupt:
        if args.log:
            print(f"concordia tournament: interrupted; the finished games are kept in {args.log}, "
                  "and the same command goes on from there", file=sys.stderr)
            return 130
        raise
    results.sort(key=lambda r: r["game"])  # the game number fixes the deal and the seating
    rows = summarise(names, results)
    report = {
        "map": cfg.map,
        "variant": cfg.variant,
        "players": n,
        "bots": names,
        "games": len(results),
        "seed": args.seed,
        "seat_average": round(1 / len(cfg_teams(cfg)), 4),
        "mean_turns": round(statistics.fmean(r["turns"] for r in results), 2),
        "rows": rows,
    }
    _print_table(report)
    if args.json:
        text = json.dumps(report, indent=2)
        if args.json == "-":
            print(text)
        else:
            try:
                with open(args.json, "w", encoding="utf-8") as fh:
                    fh.write(text + "\n")
            except OSError as exc:
                print(f"concordia tournament: cannot write {args.json}: {exc.strerror}", file=sys.stderr)
                return 2
    return 0


def cfg_teams(cfg: GameConfig) -> list[int]:
    """One entry per side of the game (teams in the team game, else seats)."""
    return list(range(cfg.players // 2 if cfg.is_team else cfg.players))


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
            raise BadLog(f"cannot use {self.path} as the log: {exc.strerror or exc}") from None

    def _open(self) -> list[dict[str, Any]]:
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            lines = []
        except UnicodeDecodeError:
            raise BadLog(f"{self.path} is not a tournament log") from None
        if not lines:
            self.path.write_text(json.dumps(self.header) + "\n", encoding="utf-8")
            return []
        try:
            header = json.loads(lines[0])
        except ValueError:
            header = None
        if not isinstance(header, dict) or "tournament" not in header:
            raise BadLog(f"{self.path} is not a tournament log")
        if header != self.header:
            raise BadLog(f"{self.path} is the log of another tournament ({_describe(header['tournament'])}); "
                         "give the same bots, game options and seed, or another --log file")
        games = [g for g in map(_game_record, lines[1:]) if g is not None]
        damaged = len(lines) - 1 - len(games)
        if damaged:
            print(f"concordia tournament: {damaged} damaged line(s) in {self.path} dropped; "
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
            raise BadLog(f"cannot write to {self.path}: {exc.strerror or exc}; the games logged before are kept, "
                         "and the same command goes on from there") from None


GAME_FIELDS = frozenset(("game", "deal", "seating", "scores", "side", "team", "winners", "turns", "seconds",
                         "fallbacks"))
"""What ``play_one`` reports; a logged line without all of them is damaged."""


def _game_record(line: str) -> dict[str, Any] | None:
    """One logged game, or None for a line that is cut short or otherwise not a game."""
    try:
        game = json.loads(line)
    except ValueError:
        return None
    if not isinstance(game, dict) or not game.keys() >= GAME_FIELDS or not isinstance(game["game"], int):
        return None
    return game


class BadLog(GameError):
    """The ``--log`` file holds something other than games of this tournament, or cannot be used."""


def _describe(header: Any) -> str:
    if not isinstance(header, dict):
        return "unreadable settings"
    bots = ",".join(map(str, header.get("bots", [])))
    return f"bots {bots}, seed {header.get('seed')}"


def _play_all(
    cfg: GameConfig,
    jobs: list[tuple[int, int, list[str]]],
    workers: int,
    on_result: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play ``jobs`` (game number, deal, seating), calling ``on_result`` with each game as it finishes."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    config = cfg.to_dict()
    results: list[dict[str, Any]] = []

    def finished(result: dict[str, Any]) -> None:
        results.append(result)
        if on_result is not None:
            on_result(result)
        progress.advance(task)

    with Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  transient=True) as progress:
        task = progress.add_task("games", total=len(jobs))
        if workers == 1:
            for game, deal, seating in jobs:
                finished(play_one(config, deal, seating, game))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = [pool.submit(play_one, config, deal, seating, game) for game, deal, seating in jobs]
                try:
                    for fut in as_completed(futures):
                        finished(fut.result())
                except BaseException:  # Ctrl-C, a log that cannot be written, a game that failed
                    pool.shutdown(cancel_futures=True)  # the games not started are not waited for
                    raise
    return results


def _print_table(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=(f"{report['games']} games on {report['map']} ({report['variant']}), "
                         f"{report['players']} players, seed {report['seed']}, "
                         f"seat average {report['seat_average']:.1%}"))
    for col in ("bot", "seats", "wins", "win share", "mean score", "median", "mean win", "fallbacks", "Elo"):
        table.add_column(col, justify="left" if col == "bot" else "right", no_wrap=True)
    for r in report["rows"]:
        table.add_row(r["bot"], str(r["seats"]), str(r["wins"]), f"{r['win_share']:.1%}", f"{r['mean_score']:.2f}",
                      f"{r['median_score']:.1f}", f"{r['mean_winning_score']:.2f}", str(r["fallbacks"]),
                      f"{r['elo']:.1f}")
    console = Console()
    if not console.is_terminal:  # a file or a pipe: never squeeze the table
        console = Console(width=160)
    console.print(table)


__all__ = ["elo", "play_one", "register", "run", "summarise"]
