"""Who sits at the table: seat names, bot choices and the quick game, shared by the CLI and the new-game screen.

Kept free of Textual so ``concordia new`` can check its arguments before the app starts.
"""

from __future__ import annotations

import random

from engine.concordia import GameConfig, model
from engine.core.errors import GameError

DIFFICULTIES: tuple[str, ...] = ("easy", "normal", "hard")
"""The bot difficulties offered first (the bots helper maps each to a bot)."""

SEAT_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "black", "white")
"""Colours of the player pieces, in seat order by default (the game shows a letter next to each colour)."""

QUICK_CONFIG = GameConfig(map="imperium", players=4, variant="base")
"""The quick game: you against three normal bots on Imperium."""

SEED_LIMIT = 1_000_000
"""Random seeds are drawn below this so they stay short enough to read out and type."""


class SetupError(GameError):
    """A seat list or option that cannot start a game; the message says why in words."""


def bot_choices() -> list[str]:
    """Bot names a seat may get: the difficulties, then the other registered bots (plugins included)."""
    from engine.bots import available

    names = list(DIFFICULTIES)
    names += [n for n in available() if n not in names]
    return names


def random_seed() -> int:
    return random.randrange(1, SEED_LIMIT)


def default_name(seat: int, bot: str | None, you: bool = False) -> str:
    """A seat's name when the player gives none: "You", "Player 2", or "Bot 3 (normal)" (in the app's language)."""
    from tui.i18n import t

    if bot is None:
        return t("You") if you else t("Player {n}").format(n=seat + 1)
    return t("Bot {n} ({bot})").format(n=seat + 1, bot=t(bot))


def parse_bots(text: str, seats: int) -> list[str]:
    """``--bots``: one bot name for every bot seat, or a comma-separated name per bot seat."""
    names = [b.strip().lower() for b in text.split(",") if b.strip()]
    if not names:
        raise SetupError("--bots needs at least one bot name")
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise SetupError(f"--bots names {len(names)} bots for {seats} bot seats")
    known = bot_choices()
    for n in names:
        if n not in known:
            raise SetupError(f"unknown bot {n!r}; choose from {', '.join(known)}")
    return names


def check_config(config: GameConfig) -> list[str]:
    """Problems that stop ``config`` from starting (from ``GameConfig.validate``): empty when it is playable."""
    try:
        config.validate()
    except GameError as exc:
        return [str(exc)]
    return []


def map_warnings(config: GameConfig) -> list[str]:
    """Playable but unusual choices: a player count outside the map's recommended range (R-SETUP-MAP)."""
    if config.map not in model.MAP_IDS:
        return []
    gm = model.game_map(config.map, config.map_variant if config.small and config.map == "ionium" else "")
    if not gm.players_min <= config.players <= gm.players_max:
        return [f"{gm.name} is recommended for {gm.players_min}-{gm.players_max} players, not {config.players}"]
    return []


def recommended(map_id: str) -> tuple[int, int]:
    gm = model.game_map(map_id)
    return gm.players_min, gm.players_max
