"""Concordia's setup options as data (``engine.core.options``): the shell's command line and forms offer
them without importing Concordia. Each key is a field of ``GameConfig`` (``players`` is the shell's own)."""

from __future__ import annotations

from engine.core.options import GameOption

from . import model
from .config import DISPLAY_SIDES, VARIANTS

OPTIONS: tuple[GameOption, ...] = (
    GameOption("map", str, "imperium", "board", choices=tuple(model.MAP_IDS)),
    GameOption("variant", str, "base", "base, venus or venus-team", choices=tuple(VARIANTS)),
    GameOption("interim_scoring", bool, False, "interim scoring at each player's first Tribune", flag="interim"),
    GameOption("display", str, "cloth", "display side: cloth or wine", choices=tuple(DISPLAY_SIDES)),
    GameOption("small", bool, False, "Ionium without zone B (2-3 players)"),
)
"""In the order ``--help`` lists them."""
