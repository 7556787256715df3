"""Hand-made Colosseum positions for the rule tests.

``fresh`` is a new game with the start cards skipped (empty hands, full supply, seat 0 to move); the tests
then set exactly what a rule or worked example needs. Such positions need not be consistent for
``from_dict`` (a test may put 2 grain on the pile and none anywhere else); the playouts check consistency.
Fields: 0 D, 1 B1 (row 0), 2 A, 3 B2 (row 1), 4 B3 (row 2), 5 A, 6 B4 (row 3).
"""

from __future__ import annotations

from typing import Any

from engine.colosseum import GameConfig, GameState, new_game
from engine.colosseum.components import LETTERS, TILE_NAMES
from engine.colosseum.rules import settle

RIVER, GRAIN, FOREST, MOUNTAIN, STABLE1, STABLE2 = range(6)
"""Tile ints."""
WATER, GRAIN_CARD, WOOD, STONE = range(4)
"""Card type ints."""
STABLE_ROW, STORAGE_ROW, RIVER_ROW, GRAIN_ROW, FOREST_ROW, MOUNTAIN_ROW = range(6)


def fresh(players: int = 3, seed: int = 0, **options: Any) -> GameState:
    """A game after setup with the start cards skipped: empty hands, full piles, seat 0 to move."""
    s = new_game(GameConfig(players=players, **options), seed)
    for pl in s.players:
        pl.hand = [0, 0, 0, 0]
    s.supply = [18, 18, 18, 18]
    s.phase, s.after, s.decider, s.active = "move", "turn", 0, 0
    s._legal = None
    return s


def hand(text: str) -> list[int]:
    """``"W2 G3 H1"`` -> ``[2, 3, 1, 0]``."""
    out = [0, 0, 0, 0]
    for item in text.split():
        out[LETTERS.index(item[0])] += int(item[1:])
    return out


def set_hand(s: GameState, p: int, text: str) -> None:
    """Give seat ``p`` exactly this hand, taking the cards from (or giving them back to) the supply."""
    new = hand(text)
    for t in range(4):
        s.supply[t] -= new[t] - s.players[p].hand[t]
    s.players[p].hand = new
    s._legal = None


def rows(s: GameState, p: int, **counts: int) -> None:
    """Set display rows of seat ``p`` by name (stable, storage, river, grain, forest, mountain)."""
    names = ["stable", "storage", "river", "grain", "forest", "mountain"]
    for name, n in counts.items():
        s.players[p].rows[names.index(name)] = n
    s._legal = None


def tiles(*names: str) -> list[int]:
    return [TILE_NAMES.index(n) for n in names]


def decide_on_field(s: GameState, field: int, active: int) -> GameState:
    """Put the consul on ``field`` with seat ``active`` to do its action (as if it had just moved there)."""
    from engine.colosseum.rules import turn

    s.active = active
    s.decider = active
    s.consul = field
    s.after = "turn"
    s.events = []
    turn.field_action(s)
    settle(s)
    return s


def ready(s: GameState) -> GameState:
    """After editing a position by hand: forget cached options and carry out forced decisions."""
    s._legal = None
    s.events = []
    settle(s)
    return s


def texts(s: GameState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def part_three_fields_away() -> GameState:
    """Seat 0 of 2 on field 0 holds exactly A1's cost (W2 S1, 4 fame), on offer 3 fields on (B2); fields 1 and 2
    offer nothing (row and slot of B1 empty, no storage tiles left)."""
    s = fresh(2)
    s.land_rows[0] = []
    s.slots[0] = None
    s.land_rows[1] = tiles("river")
    s.slots[1] = "A1"
    set_hand(s, 0, "W2 S1")
    s.storage = 0
    ready(s)
    return s
