"""R-ACT-B1..B4: take the front tile of a blue field's row, close the row up, refill it, score its front.

The taken tile joins the player's display at once (a stable adds its wheels, so movement points rise at
once; the marker stays), and it already counts for the scoring it starts ("Das soeben genommene Plättchen
zählt ... gleich ... mit"). A row taken empty is refilled with up to 4 tiles, from stack II while it lasts,
then from III (Ruling #17: a refill may mix II and III, or be short); the first drawn is the front. A row
that cannot be refilled stays empty for good and nothing is scored.
"""

from __future__ import annotations

from ..components import STABLE1, STABLE_ROW, STABLE_SCORING, TILE_NAMES, components, wheels_of
from ..state import GameState, PlayerState
from . import production, turn


def add_tile(pl: PlayerState, tile: int) -> None:
    """R-ACT-B1: a landscape adds 1 to its row (a new row if it is new); a stable adds 1 tile and its wheels."""
    if tile >= STABLE1:
        pl.rows[STABLE_ROW] += 1
        pl.wheels += wheels_of(tile)
    else:
        pl.rows[2 + tile] += 1


def scoring_kind(tile: int) -> int:
    """What a tile at the front of a row scores: its landscape (0..3) or the stable (4)."""
    return STABLE_SCORING if tile >= STABLE1 else tile


def draw_tile(s: GameState) -> int | None:
    """The top tile of stack II, or of III once II is empty; None when both are empty."""
    if s.stack2:
        return s.stack2.pop()
    if s.stack3:
        return s.stack3.pop()
    return None


def refill(s: GameState, b: int) -> None:
    """R-ACT-B3: draw up to ``row_length`` tiles one by one into the empty row ``b``, front first."""
    row = s.land_rows[b]
    for _ in range(components().row_length):
        tile = draw_tile(s)
        if tile is None:
            break
        row.append(tile)
    s.events.append(("refill", {"row": b, "tiles": [TILE_NAMES[t] for t in row]}))


def take_tile(s: GameState) -> None:
    b = components().blue_index[s.consul]
    row = s.land_rows[b]
    tile = row.pop(0)
    add_tile(s.players[s.active], tile)
    s.events.append(("tile", {"player": s.active, "row": b, "tile": TILE_NAMES[tile]}))
    if not row:
        refill(s, b)
    if row:
        production.start(s, scoring_kind(row[0]), b)
    else:
        s.events.append(("row_empty", {"row": b}))
        turn.end_turn(s)
