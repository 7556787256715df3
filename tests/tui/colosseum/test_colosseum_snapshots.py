"""Snapshots of the Colosseum screen at 80x24 (compact layout) and 160x50 (every panel) at a fixed seed.

Bots play at the "instant" pace and the snapshot is taken when the person decides. Update with
``pytest tests/tui/colosseum/test_colosseum_snapshots.py --snapshot-update`` after checking the pictures by eye.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.colosseum.harness import ColosseumApp, install_bots, make_session, settle
from tests.tui.game_harness import steady


@pytest.fixture(autouse=True)
def _bots(monkeypatch: pytest.MonkeyPatch) -> None:
    install_bots(monkeypatch)


async def _ready(pilot: Pilot[None]) -> None:
    """Play the start card and a few decisions (always the first choice) so the board has tiles taken."""
    await settle(pilot)
    for _ in range(4):
        await pilot.press("enter")
        await settle(pilot)
    await steady(pilot)


def test_colosseum_screen_80x24(snap_compare: Any) -> None:
    assert snap_compare(ColosseumApp(make_session(seed=7)), terminal_size=(80, 24), run_before=_ready)


def test_colosseum_screen_160x50(snap_compare: Any) -> None:
    assert snap_compare(ColosseumApp(make_session(seed=7)), terminal_size=(160, 50), run_before=_ready)
