"""Snapshots of the Massilia game screen at 80x24 (compact) and 160x50 (every panel) at a fixed seed.

The person opens the first start stall and keeps no dice, so the picture shows Monday's phase III: stalls with
cubes, figures on the path, the temple's dice, the god display and the turn decision. Bots play at the
"instant" pace, so no spinner or timer shows. Update with ``--snapshot-update`` after checking by eye.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.massilia.harness import GameApp, make_session, settle


@pytest.fixture(autouse=True)
def _unicode() -> None:
    """English, Unicode symbols and Textual's scrollbar glyphs (an ASCII-mode app test elsewhere switches them)."""
    from tests.tui.app_support import reset_globals
    from tui.app import _ascii_scrollbars

    reset_globals()
    _ascii_scrollbars(False)


async def _phase_three(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, GameApp)
    for _ in range(4):
        await settle(pilot)
        if app.session.state.decision == "turn":
            break
        await pilot.press("home", "enter")
    await settle(pilot)
    await pilot.pause()


def test_massilia_screen_80x24(snap_compare: Any) -> None:
    assert snap_compare(GameApp(make_session(seed=7)), terminal_size=(80, 24), run_before=_phase_three)


def test_massilia_screen_160x50(snap_compare: Any) -> None:
    assert snap_compare(GameApp(make_session(seed=7)), terminal_size=(160, 50), run_before=_phase_three)
