"""Options shared by several subcommands (game setup)."""

from __future__ import annotations

import argparse

from engine.concordia import DISPLAY_SIDES, VARIANTS, GameConfig, model


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {value}")
    return value


def seed_int(text: str) -> int:
    """``--seed``: a whole number 0 <= seed < 2**63 (what a save can hold)."""
    from engine.core.seeds import SeedError, check_seed

    try:
        value = int(text) if text.strip().isascii() else None
    except ValueError:
        value = None
    if value is None:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 2**63 - 1, not {text[:30]!r}")
    try:
        return check_seed(value)
    except SeedError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def check_seed_range(first: int, count: int) -> None:
    """The seeds ``first`` .. ``first + count - 1`` a command deals stay below 2**63 (``SeedError`` if not)."""
    from engine.core.seeds import SEED_LIMIT, SeedError

    if first + count > SEED_LIMIT:
        raise SeedError(f"--seed {first} with {count} deals goes past the largest seed, 2**63 - 1")


SEED_HELP = "0 <= SEED < 2**63"


def add_game_options(p: argparse.ArgumentParser, players: int = 4) -> None:
    p.add_argument("--map", default="imperium", choices=model.MAP_IDS, help="board (default: imperium)")
    p.add_argument("--players", type=positive_int, default=players, help=f"number of players (default: {players})")
    p.add_argument("--variant", default="base", choices=VARIANTS, help="base, venus or venus-team (default: base)")
    p.add_argument("--interim", action="store_true", help="interim scoring at each player's first Tribune")
    p.add_argument("--display", default="cloth", choices=DISPLAY_SIDES, help="display side: cloth or wine")
    p.add_argument("--small", action="store_true", help="Ionium without zone B (2-3 players)")
    p.add_argument("--seed", type=seed_int, default=None, help=f"random seed, {SEED_HELP} (default: random)")


def config_from(args: argparse.Namespace) -> GameConfig:

    cfg = GameConfig(
        map=args.map,
        players=args.players,
        variant=args.variant,
        interim_scoring=args.interim,
        display=args.display,
        small=args.small,
    )
    cfg.validate()
    return cfg
