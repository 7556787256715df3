"""Snapshots of the map panel at 80x24, 120x36 and 200x60 in a mid-game position (houses of four players,
colonists on routes, a flipped bonus marker), in colour and in ASCII mode.

Each snapshot is the panel's text, and for colour also every run of equally styled cells. After a deliberate
change of the drawing, rewrite them with ``MAP_SNAPSHOT_UPDATE=1`` and look at the diff before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.tui.game_harness import GameApp, settle
from tests.tui.map_support import midgame
from tui import glyphs
from tui.concordia.widgets.map import MapView

FOLDER = Path(__file__).parent / "snapshots_map"
SIZES = [(80, 24), (120, 36), (200, 60)]


def snapshot_text(rows: list[list[tuple[str, str]]], styles: bool) -> str:
    lines = []
    for y, row in enumerate(rows):
        lines.append(f"{y:02d}|{''.join(ch for ch, _s in row)}|")
        if styles:
            runs, start = [], 0
            for x in range(1, len(row) + 1):
                if x == len(row) or row[x][1] != row[start][1]:
                    if row[start][1]:
                        runs.append(f"{start}-{x - 1} {row[start][1]}")
                    start = x
            if runs:
                lines.append("   " + "; ".join(runs))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("mode", ["colour", "ascii"])
async def test_map_snapshot(size: tuple[int, int], mode: str) -> None:
    session = midgame("imperium", 4)
    glyphs.use_ascii(mode == "ascii")
    try:
        app = GameApp(session)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            m = app.screen.query_one(MapView)
            assert m.display and m._rows
            text = snapshot_text(m._rows, styles=mode == "colour")
    finally:
        glyphs.use_ascii(False)
    if mode == "ascii":
        assert all(ord(ch) < 128 for ch in text)
    path = FOLDER / f"{size[0]}x{size[1]}-{mode}.txt"
    if os.environ.get("MAP_SNAPSHOT_UPDATE") == "1" or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
