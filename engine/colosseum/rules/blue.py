"""R-ACT-BC: on a blue field the active seat must take the row's front tile (B) or build the part (C).

"Eine der beiden Aktionen muss er aber wählen": never both, never neither while one is possible (Ruling #10:
a single possible action is forced; with the row empty for good and no affordable part, the action is
skipped, which the engine offers as the single option ``pass``).
"""

from __future__ import annotations

from ..actions import PASS, TILE, Build, Pass, Tile
from ..components import components
from ..state import GameState
from . import building, landscape, turn

_COMP = components()


def begin(s: GameState) -> None:
    s.phase = "blue"
    s.decider = s.active


def legal(s: GameState) -> list[Tile | Build | Pass]:
    """D-BLUE: ``tile`` if the row has a tile, one ``build …`` per payment (R-ACT-C2); else ``pass``."""
    b = _COMP.blue_index[s.consul]
    out: list[Tile | Build | Pass] = [TILE] if s.land_rows[b] else []
    part_id = s.slots[b]
    if part_id is not None:
        out += building.build_options(s.players[s.active].hand, _COMP.by_id[part_id].cost)
    return out or [PASS]


def apply(s: GameState, a: Tile | Build | Pass) -> None:
    if isinstance(a, Tile):
        landscape.take_tile(s)
    elif isinstance(a, Build):
        building.build(s, a)
    else:
        s.events.append(("skip", {"player": s.active, "field": s.consul}))
        turn.end_turn(s)
