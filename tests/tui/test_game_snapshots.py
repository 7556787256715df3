"""Snapshots of the game screen at 80x24 (compact layout) and 160x50 (every panel) at fixed seeds.

Bots play at the "instant" pace and the snapshot is taken when the person decides, so no spinner, timer or
animation shows. Update with ``pytest tests/tui/test_game_snapshots.py --snapshot-update`` after checking
the new pictures by eye.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tests.tui.game_harness import GameApp, make_session, settle, steady


async def _ready(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await steady(pilot)


async def _architect(pilot: Pilot[None]) -> None:
    """Play the Architect (card 2) so that the map shows the reachable routes and their costs."""
    await settle(pilot)
    await pilot.press("2")
    await settle(pilot)
    await steady(pilot)


def test_game_screen_80x24(snap_compare: Any) -> None:
    assert snap_compare(GameApp(make_session("base", 7)), terminal_size=(80, 24), run_before=_ready)


def test_game_screen_160x50(snap_compare: Any) -> None:
    assert snap_compare(GameApp(make_session("base", 7)), terminal_size=(160, 50), run_before=_ready)


def test_game_screen_architect_targets_160x50(snap_compare: Any) -> None:
    assert snap_compare(GameApp(make_session("venus", 7)), terminal_size=(160, 50), run_before=_architect)
