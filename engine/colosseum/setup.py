"""R-SETUP-*: a new game, with everything random drawn from the seed (the game has no chance after setup).

Draws, in this order: the start displays (S-START, one per seat), stack I into the 4 rows (R-SETUP-ROWS:
row at B1 first, each row's first tile is its front), stacks II and III, the parts (each letter shuffled,
stacked C, B, A with A on top; the top 4 go face up to B1..B4 in that order, Ruling #20), and the mode of
field D when the config says ``random`` (R-VAR). Seat i starts with i fame (R-SETUP-SEATS); the game then
asks each seat in order for its start card (R-SETUP-CARD, D-START-CARD).
"""

from __future__ import annotations

import random

from .components import components
from .config import D_MODES, GameConfig
from .rules import settle
from .state import GameState, PlayerState


def new_game(config: GameConfig, seed: int) -> GameState:
    """A game set up for ``config`` from ``seed``; raises ``GameDataError`` for a config that cannot be played."""
    config.validate()
    comp = components()
    rng = random.Random(seed)
    s = GameState(config, seed)
    displays = rng.sample(range(len(comp.start_displays)), config.players)
    s.players = [PlayerState(d) for d in displays]
    for i, pl in enumerate(s.players):
        pl.fame = comp.start_fame[i]
    first = list(comp.stacks[0])
    rng.shuffle(first)
    length = comp.row_length
    s.land_rows = [first[b * length:(b + 1) * length] for b in range(4)]
    s.stack2 = list(comp.stacks[1])
    rng.shuffle(s.stack2)
    s.stack3 = list(comp.stacks[2])
    rng.shuffle(s.stack3)
    parts: list[str] = []
    for letter in ("C", "B", "A"):
        group = [p.id for p in comp.parts if p.letter == letter]
        rng.shuffle(group)
        parts += group
    s.slots = [parts.pop() for _ in range(comp.part_display)]
    s.parts = parts
    s.d_mode = rng.choice(D_MODES) if config.field_d == "random" else config.field_d
    s.phase = "card"
    s.decider = 0
    s.after = "setup"
    settle(s)
    return s
