"""Games for the save tests: random-bot games from fixed seeds, played once per test process and cached."""

from __future__ import annotations

from functools import cache

from engine.bots import RandomBot
from engine.concordia import GameConfig, GameState, new_game
from engine.concordia.runner import play_game
from saves import SavedGame, Seat

GAME_ID = "0123456789abcdef0123456789abcdef"


@cache
def log_of(config: GameConfig, seed: int) -> tuple[str, ...]:
    """The whole action log of a random-bot game (``engine.concordia.runner.play_game``: deterministic)."""
    record = play_game(config, seed, [RandomBot() for _ in range(config.players)])
    return tuple(record.actions)


def state_after(config: GameConfig, seed: int, actions: list[str] | tuple[str, ...]) -> GameState:
    state = new_game(config, seed)
    for text in actions:
        state.apply(text)
    return state


def seats_for(config: GameConfig) -> list[Seat]:
    return [Seat("Anna")] + [Seat(f"Bot {i + 1}", bot="random") for i in range(1, config.players)]


def saved_game(config: GameConfig, seed: int, upto: int | None = None, game_id: str = GAME_ID,
               title: str = "test game") -> SavedGame:
    """The random-bot game of ``config``/``seed`` after ``upto`` decisions (None: finished)."""
    log = list(log_of(config, seed))
    actions = log if upto is None else log[:upto]
    game = SavedGame.new(config, seed, seats_for(config), title=title)
    game.game_id = game_id
    game.actions = actions
    game.state = state_after(config, seed, actions)
    return game
