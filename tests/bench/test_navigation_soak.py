"""A longer soak of fast key bursts (``make bench``): more seeded Italia games, more bursts each, than the
hammer test in ``make test`` (tests/tui/test_app_navigation.py). After every burst the game screen must still
be on the stack with at most one dialog over it; after leaving, the title offers the running game."""

from __future__ import annotations

import time

import pytest

from saves import SaveStore
from tests.tui.app_support import isolated_fixture, store_fixture  # noqa: F401
from tests.tui.test_app_navigation import hammer

pytestmark = pytest.mark.usefixtures("isolated")


async def test_soak_fast_keys_over_many_games(store: SaveStore) -> None:
    start = time.monotonic()
    decisions = await hammer(store, seeds=(1, 2, 3, 4, 5, 6), bursts=150)
    print(f"\nnavigation soak: 6 games, 150 key bursts each, {decisions} decisions, "
          f"{time.monotonic() - start:.0f} s, the game never left the stack")
