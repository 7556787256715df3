"""Snapshots of every board's map panel at the panel sizes of 80x24 (37x19), 120x36 (76x26: the board layout
shows the whole small scale) and 200x60 (132x41),
in colour and in ASCII, drawn straight from the pure view (no app run, so cheap): the first position of a
4-player game, cursor on the capital.

One file per board. After a deliberate change of the drawing rewrite them with ``MAP_SNAPSHOT_UPDATE=1`` and
look at the diff before committing. The validator's checks (labels next to their own city only, no line into
another city's label) are what make these pictures readable; the snapshots pin what a player sees.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.concordia import GameConfig, model, new_game
from tests.tui.test_map_snapshots import snapshot_text
from tui import glyphs
from tui.concordia.board.render import Marks
from tui.concordia.board.store import layouts_for
from tui.concordia.board.view import BoardView

FOLDER = Path(__file__).parent / "snapshots_boards"
PANELS = {"80x24": (37, 19), "120x36": (76, 26), "200x60": (132, 41)}


def board_text(map_id: str) -> str:
    s = new_game(GameConfig(map=map_id, players=4), 1)
    out = []
    for ascii_mode in (False, True):
        glyphs.use_ascii(ascii_mode)
        try:
            for size, (w, h) in PANELS.items():
                view = BoardView(layouts_for(s.map))
                view.resize(w, h)
                view.go(s.map.capital)
                view.centre()
                rows = view.rows(s, Marks(), cursor=False)
                out.append(f"== {size} panel {w}x{h} {'ascii' if ascii_mode else 'colour'} scale {view.scale}")
                out.append(snapshot_text(rows, styles=not ascii_mode))
        finally:
            glyphs.use_ascii(False)
    return "\n".join(out)


@pytest.mark.parametrize("map_id", list(model.MAP_IDS))
def test_board_snapshot(map_id: str) -> None:
    text = board_text(map_id)
    ascii_part = text[text.index(" ascii "):]
    assert all(ord(ch) < 128 for ch in ascii_part)
    path = FOLDER / f"{map_id}.txt"
    if os.environ.get("MAP_SNAPSHOT_UPDATE") == "1" or not path.exists():
        FOLDER.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
