"""``concordia simulate``: play many headless bot games and print a summary (or JSON)."""

from __future__ import annotations

import argparse
import json
import random

from engine.bots import available
from engine.bots.worker import check_spec, close_bots, seat_bot
from engine.concordia.runner import play_game, summarise

from .options import add_game_options, config_from, positive_int


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="play headless bot games and print a summary")
    add_game_options(p)
    p.add_argument("--games", type=positive_int, default=10, help="number of games (default: 10)")
    p.add_argument(
        "--bots", default="random", help=f"bot per seat, comma-separated, or one for all ({', '.join(available())})"
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    from .saves import add_record_option  # --save-dir DIR: every finished game is written as a save

    add_record_option(p)


def run(args: argparse.Namespace) -> int:
    config = config_from(args)
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(names) == 1:
        names *= config.players
    if len(names) != config.players:
        raise SystemExit(f"concordia: --bots names {len(names)} bots for {config.players} players")
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    for n in names:
        check_spec(n)  # an unknown name or option is a clear error before any game starts
    records = []
    for g in range(args.games):
        bots = [seat_bot(n) for n in names]  # a plugin plays in a worker process, behind the guard
        try:
            records.append(play_game(config, seed + g, bots))
        finally:
            close_bots(bots)
        extra = getattr(args, "on_record", None)
        if extra is not None:
            extra(records[-1])
    summary = summarise(records).as_dict()
    summary.update(map=config.map, players=config.players, variant=config.variant, seed=seed, bots=names)
    if config.is_team:
        summary.update(_team_summary(records))
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"{summary['games']} games on {config.map} ({config.variant}), {config.players} players, seed {seed}")
    print(f"  mean score {summary['mean_score']}, max {summary['max_score']}, "
          f"mean winning score {summary['mean_winning_score']}")
    print(f"  turns per game {summary['turns_per_game']}, {summary['decisions']} decisions, "
          f"{summary['decisions_per_second']} decisions/s")
    print(f"  wins by seat: {summary['wins_by_seat']}")
    if "team_wins" in summary:
        for team, seats in summary["teams"].items():
            print(f"  team {team} ({seats}): {summary['team_wins'][team]} wins "
                  f"({summary['team_win_rates'][team]:.0%}), mean team score {summary['team_mean_scores'][team]}")
    return 0


def _team_summary(records: list) -> dict[str, dict[str, object]]:  # type: ignore[type-arg]
    """Team game: the seats of each team, its wins, win rate and mean team score (sum of both partners)."""
    teams = records[0].scores.teams if records else []
    names = [str(i + 1) for i in range(len(teams))]
    wins = dict.fromkeys(names, 0)
    totals = dict.fromkeys(names, 0)
    for r in records:
        wins[str(r.state.team_of(r.scores.winner) + 1)] += 1
        for name, total in zip(names, r.scores.team_totals, strict=True):
            totals[name] += total
    games = max(1, len(records))
    return {
        "teams": {name: "+".join(f"P{p + 1}" for p in team) for name, team in zip(names, teams, strict=True)},
        "team_wins": dict(wins),
        "team_win_rates": {name: round(w / games, 3) for name, w in wins.items()},
        "team_mean_scores": {name: round(t / games, 2) for name, t in totals.items()},
    }
