"""Dealing hidden things again, for the games' twin-makers (``GameInfo.twin``, ``engine/<game>/hidden.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, MutableSequence
from typing import TypeVar

T = TypeVar("T")


def deal_again(items: MutableSequence[T], rng: random.Random, *, keep_top: int = 0,
               group: Callable[[T], Hashable] | None = None) -> None:
    """Shuffle ``items`` in place below the top ``keep_top`` (the top is the end of the list: what the next
    decision may turn up stays); with ``group``, each item only among the places of items of its own group
    (a deck of stacks, a parts stack sorted by letter)."""
    below = range(len(items) - keep_top)
    keys = sorted({group(items[i]) for i in below}, key=repr) if group is not None else [None]
    for key in keys:
        places = [i for i in below if group is None or group(items[i]) == key]
        dealt = [items[i] for i in places]
        rng.shuffle(dealt)
        for i, item in zip(places, dealt, strict=True):
            items[i] = item
