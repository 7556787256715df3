"""``concordia new``: start a new game straight away, skipping the title screen.

Seat 1 (and more with ``--humans``) is played at this keyboard; the other seats get the bots of ``--bots``.
Every choice is checked before the app starts, so a bad combination is one line, not a broken screen.
"""

from __future__ import annotations

import argparse

from engine.core import games as core_games
from tui import i18n, seating

from .options import add_game_options, config_from, positive_int
from .play import launch, settings_from, store_from


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], game: str = "concordia") -> None:
    p = sub.add_parser(
        "new",
        help="start a new game straight away",
        description="Start a new game straight away: you in seat 1 (more humans with --humans, passing the "
        "keyboard), bots in the other seats.",
    )
    add_game_options(p, game)
    p.add_argument(
        "--bots",
        default=None,
        help="bot for every other seat, or one per bot seat, comma-separated: easy, normal, hard, random, greedy "
        "or a plugin bot (default: normal, where the game has it)",
    )
    p.add_argument("--humans", type=positive_int, default=1, help="players at this keyboard, seats 1..N (default: 1)")
    p.add_argument("--name", default="", help="your name, at most 40 characters (default: You)")


def seats_from(args: argparse.Namespace, players: int) -> list[tuple[str, str | None]]:
    """(name, bot or None) per seat, from ``--humans``, ``--bots`` and ``--name``."""
    if args.humans > players:
        raise seating.SetupError(f"--humans {args.humans} is more than the {players} players")
    if args.name.strip():  # refused now: a name the save cannot hold would make every autosave fail
        from saves.model import MAX_NAME, check_text

        check_text(args.name.strip(), "--name", MAX_NAME)
    bot_seats = players - args.humans
    bots: list[str | None] = [None] * args.humans
    if bot_seats:
        game = getattr(args, "game", None) or core_games.DEFAULT
        bots += seating.parse_bots(args.bots or seating.default_bot(game), bot_seats, game)
    seats: list[tuple[str, str | None]] = []
    for i, bot in enumerate(bots):
        name = args.name.strip() if i == 0 and bot is None and args.name.strip() else ""
        seats.append((name or seating.default_name(i, bot, you=i == 0 and args.humans == 1), bot))
    return seats


def run(args: argparse.Namespace) -> int:
    if getattr(args, "resume", False):
        raise seating.SetupError("--continue resumes a game; it cannot be combined with 'new'")
    config = config_from(args)
    i18n.set_language(settings_from(args).language)  # the default seat names ("Du", "Bot 2 (schwer)") in it
    seats = seats_from(args, config.players)
    from engine.bots import make_bot

    for _name, bot in seats:
        if bot is not None:
            make_bot(bot, game=args.game)  # an option out of range is one line now, not a stuck bot later
    seed = args.seed if args.seed is not None else seating.random_seed()
    store = store_from(args)
    from saves import Seat

    # the app reads the game's registry id as the fourth element of ``new_game``
    start: dict[str, object] = {"new_game": (config, seed, [Seat(n, b) for n, b in seats], args.game)}
    return launch(args, store=store, **start)
