"""Nim's setup option as data (``engine.core.options``): the size of the pile."""

from engine.core.options import GameOption

OPTIONS = (GameOption("pile", int, 15, "counters in the pile at the start", low=1, high=200),)
