"""Who sits at the table: seat names, bot choices and seeds, shared by the CLI and the new-game screen.

Kept free of Textual so ``concordia new`` can check its arguments before the app starts. A game's own setup
rules (Concordia's maps and recommended player counts) live in its UI package (``tui/<id>/``).
"""

from __future__ import annotations

import random

from engine.core import games as core_games
from engine.core.errors import GameError

DIFFICULTIES: tuple[str, ...] = ("easy", "normal", "hard")
"""The bot difficulties offered first (the bots helper maps each to a bot)."""

SEAT_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "black", "white")
"""Colours of the player pieces, in seat order by default (the game shows a letter next to each colour)."""

SEED_LIMIT = 1_000_000
"""Random seeds are drawn below this so they stay short enough to read out and type."""


class SetupError(GameError):
    """A seat list or option that cannot start a game; the message says why in words."""


def bot_choices(game: str = core_games.DEFAULT) -> list[str]:
    """Bot names a seat of ``game`` may get: the difficulties, then the other registered bots (plugins included)."""
    from tui.bots import available

    have = available(game)
    names = [n for n in DIFFICULTIES if n in have]  # a game without bots of its own has the generic ones only
    names += [n for n in have if n not in names]
    return names


def default_bot(game: str = core_games.DEFAULT) -> str:
    """The bot a new seat of ``game`` gets unless told otherwise (the quick game's, the form's first choice):
    ``normal``, else the strongest level the game has, else any bot it has."""
    choices = bot_choices(game)
    for name in ("normal", "greedy", "easy", "random"):
        if name in choices:
            return name
    return choices[0] if choices else "random"


def random_seed() -> int:
    return random.randrange(1, SEED_LIMIT)


def default_name(seat: int, bot: str | None, you: bool = False) -> str:
    """A seat's name when the player gives none: "You", "Player 2", or "Bot 3 (normal)" (in the app's language)."""
    from tui.i18n import t

    if bot is None:
        return t("You") if you else t("Player {n}").format(n=seat + 1)
    return t("Bot {n} ({bot})").format(n=seat + 1, bot=t(bot))


def parse_bots(text: str, seats: int, game: str = core_games.DEFAULT) -> list[str]:
    """``--bots``: one bot name for every bot seat, or a comma-separated name per bot seat."""
    names = [b.strip().lower() for b in text.split(",") if b.strip()]
    if not names:
        raise SetupError("--bots needs at least one bot name")
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise SetupError(f"--bots names {len(names)} bots for {seats} bot seats")
    known = bot_choices(game)
    for n in names:
        if n not in known:
            raise SetupError(f"unknown bot {n!r}; choose from {', '.join(known)}")
    return names
