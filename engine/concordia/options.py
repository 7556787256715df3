"""Concordia's setup options as data (``engine.core.options``): the shell's command line and forms offer
them without importing Concordia. Each key is a field of ``GameConfig`` (``players`` is the shell's own).

``salt`` defaults to None, "the map decides" (``default_salt``): ``GameConfig.from_dict`` reads a None salt
as the map's default, so ``--map hispania`` plays with salt and ``--no-salt`` without."""

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
    GameOption("salt", bool, None, "salt, the joker good that pays for any good; salt cities produce it "
               "(default: on for the salt maps " + ", ".join(model.SALT_MAPS) + ", off elsewhere)"),
    GameOption("forum", bool, False, "the forum: a patrician to keep, and cards a Tribune takes from the forum"),
    GameOption("forum_hide_next", bool, False, "hide the forum deck's top card too (it is face up by default)"),
)
"""In the order ``--help`` lists them."""
