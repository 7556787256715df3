"""Setting up a game (R-SETUP): everything random is drawn from the state's own generator, seeded by ``seed``.

R-SETUP-1..5 are reconstructed in the spec (board, harbour, god deck, figures, day 1); 6..14 follow the German
rulebook. Seats are the start order (Ruling R-SETUP-11), so seat 1 is the start player. The start stalls are
the first decisions of the game (D-START-STALL), so new_game returns with seat 1 to choose one.
"""

from __future__ import annotations

from typing import TypeVar

from engine.core.errors import GameDataError

from .components import GODS, components
from .config import GameConfig
from .dice import MASK, below, die
from .rules import settle
from .rules.rounds import next_setup
from .state import GameState

T = TypeVar("T")


def shuffle(s: GameState, items: list[T]) -> None:
    """Fisher-Yates with the state's generator."""
    for i in range(len(items) - 1, 0, -1):
        j, s.rng = below(s.rng, i + 1)
        items[i], items[j] = items[j], items[i]


def new_game(config: GameConfig, seed: int) -> GameState:
    """A new game of Massilia for ``config``, its randomness fixed by ``seed``."""
    if not isinstance(config, GameConfig):
        raise GameDataError("new_game needs a Massilia GameConfig")
    config.validate()
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise GameDataError("the seed must be a whole number")
    comp = components()
    n = config.players
    s = GameState(config, seed)
    s.rng = seed & MASK
    s.prices = list(comp.price_tiles)
    shuffle(s, s.prices)  # R-SETUP-6
    s.figures = list(comp.figure_starts)
    shuffle(s, s.figures)  # R-SETUP-4
    s.deck = [g for g in GODS for _ in range(comp.gods[g])]
    shuffle(s, s.deck)  # R-SETUP-3
    s.display = [s.deck.pop(), s.deck.pop()]
    s.round_tiles = sorted(comp.round_tiles[n])  # R-SETUP-7
    s.temple = [die(c, 1) for c in range(4)]  # R-SETUP-12
    for i, pl in enumerate(s.players):
        pl.money = comp.start_money[i]  # R-SETUP-14
        s.counted[i] = [pl.money, 0]  # public: the start money by seat (R-PLAYERS)
        pl.screen = [1, 1, 1, 1]
    s.order = list(range(n))
    s.queue = list(range(n)) + (list(reversed(range(n))) if n == 2 else [])  # R-SETUP-13
    next_setup(s)
    settle(s)
    return s
