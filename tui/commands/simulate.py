"""``concordia simulate``: play many headless bot games of any game and print a summary (or JSON)."""

from __future__ import annotations

import argparse
import json
import random

from engine.bots import clock
from engine.bots.registry import available
from engine.bots.worker import check_spec, close_bots, seat_bot
from engine.core import games
from engine.tournament import play_game, summarise, team_summary, teams_of, turns_of

from .options import add_game_options, check_seed_range, config_from, positive_int, setup_words


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], game: str = games.DEFAULT) -> None:
    p = sub.add_parser("simulate", help="play headless bot games and print a summary")
    add_game_options(p, game)
    p.add_argument("--games", type=positive_int, default=10, help="number of games (default: 10)")
    p.add_argument(
        "--bots", default="random", help=f"bot per seat, comma-separated, or one for all ({', '.join(available(game))})"
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    from .saves import add_record_option  # --save-dir DIR: every finished game is written as a save

    add_record_option(p)
    from .tournament import add_clock_option  # --clock cpu|wall: what the bots' time budgets are measured in

    add_clock_option(p)


def run(args: argparse.Namespace) -> int:
    game = getattr(args, "game", games.DEFAULT)
    info = games.get(game)
    config = config_from(args)
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(names) == 1:
        names *= config.players
    if len(names) != config.players:
        raise SystemExit(f"concordia: --bots names {len(names)} bots for {config.players} players")
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    check_seed_range(seed, args.games)
    for n in names:
        check_spec(n, game)  # an unknown name or a bad option is one line before any game starts
    records = []
    with clock.using(getattr(args, "clock", clock.WALL)):
        for g in range(args.games):
            bots = [seat_bot(n, game=game) for n in names]  # a plugin plays in a worker process, behind the guard
            try:
                records.append(play_game(game, config, seed + g, bots))
            finally:
                close_bots(bots)
            extra = getattr(args, "on_record", None)
            if extra is not None:
                extra(records[-1])
    summary = summarise(records).as_dict()
    # games stopped by --max-turns or a stall rather than by their own end (final_scores().truncated)
    summary["truncated_games"] = sum(1 for r in records if getattr(r.scores, "truncated", False))
    summary["max_turns_played"] = max((turns_of(r.state) for r in records), default=0)
    options = config.to_dict()
    summary.update(game=game, options=options, players=config.players, seed=seed, bots=names)
    summary.update({k: options[k] for k in ("map", "variant") if k in options})
    if records and teams_of(records[0].scores):
        summary.update(team_summary(records))
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    from tui.i18n import decimal, percent, t, tn

    setup = setup_words(game, options)
    # every seat is a bot: "4 bots", never "4 persons" (German "Personen" for players)
    print(tn("{n} game of {game}, {bots}, seed {seed}",
             "{n} games of {game}, {bots}, seed {seed}", summary["games"]).format(
        n=summary["games"], game=info.title + (f" ({setup})" if setup else ""),
        bots=tn("{n} bot", "{n} bots", config.players).format(n=config.players), seed=seed))
    print("  " + t("mean score {mean}, max {max}, mean winning score {win}").format(
        mean=decimal(summary["mean_score"]), max=decimal(summary["max_score"]),
        win=decimal(summary["mean_winning_score"])))
    print("  " + t("turns per game {turns}, {n} decisions, {rate} decisions/s").format(
        turns=decimal(summary["turns_per_game"]), n=summary["decisions"],
        rate=decimal(summary["decisions_per_second"])))
    wins = ", ".join(f"{seat}: {n}" for seat, n in summary["wins_by_seat"].items()) or "-"  # not a dict's repr
    print("  " + t("wins by seat: {wins}").format(wins=wins))
    print("  " + t("games cut off before their end: {n}, longest game {turns} turns").format(
        n=summary["truncated_games"], turns=summary["max_turns_played"]))
    if "team_wins" in summary:
        for team, seats in summary["teams"].items():
            wins = summary["team_wins"][team]
            print("  " + tn("team {team} ({seats}): {wins} win ({share}), mean team score {mean}",
                            "team {team} ({seats}): {wins} wins ({share}), mean team score {mean}", wins).format(
                team=team, seats=seats, wins=wins,
                share=percent(summary["team_win_rates"][team], 0), mean=decimal(summary["team_mean_scores"][team])))
    return 0
