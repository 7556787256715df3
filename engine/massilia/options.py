"""Massilia's setup options as data (``engine.core.options``): the shell's command line (``concordia
new/simulate/tournament --game massilia --stall-tiles 6``) and the new-game form offer them without importing
Massilia. Each key is a field of ``GameConfig`` (``players`` is the shell's own)."""

from __future__ import annotations

from engine.core.options import GameOption

from .components import components

_TILES = components().stall_tiles_options

OPTIONS: tuple[GameOption, ...] = (
    GameOption("stall_tiles", int, components().stall_tiles,
               "stall tiles per player: " + " or ".join(map(str, _TILES)) + " (5: the Quined edition, 6: the KND "
               "previews)", low=min(_TILES), high=max(_TILES)),
)
"""In the order ``--help`` lists them."""
