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


def add_game_options(p: argparse.ArgumentParser, players: int = 4) -> None:
    p.add_argument("--map", default="imperium", choices=model.MAP_IDS, help="board (default: imperium)")
    p.add_argument("--players", type=positive_int, default=players, help=f"number of players (default: {players})")
    p.add_argument("--variant", default="base", choices=VARIANTS, help="base, venus or venus-team (default: base)")
    p.add_argument("--interim", action="store_true", help="interim scoring at each player's first Tribune")
    p.add_argument("--display", default="cloth", choices=DISPLAY_SIDES, help="display side: cloth or wine")
    p.add_argument("--small", action="store_true", help="Ionium without zone B (2-3 players)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: random)")


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
