"""Snapshots of the Colosseum screen at 80x24 (compact layout), 120x36 and 200x60 (ASCII) at a fixed seed
(German is checked as text in test_colosseum_screen): the displays table with standings and projection, the
board with affordability marks and the others' last round, the Decision panel with each move's field action
and cost and the highlighted preview.

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


@pytest.mark.parametrize(("size", "lang", "ascii_mode"), [
    ((80, 24), "en", False), ((120, 36), "en", False), ((200, 60), "en", True),
])
def test_colosseum_screen(snap_compare: Any, size: tuple[int, int], lang: str, ascii_mode: bool) -> None:
    from tui import glyphs
    from tui.i18n import set_language

    set_language(lang)
    glyphs.use_ascii(ascii_mode)
    try:
        assert snap_compare(ColosseumApp(make_session(seed=7)), terminal_size=size, run_before=_ready)
    finally:
        set_language("en")
        glyphs.use_ascii(False)
