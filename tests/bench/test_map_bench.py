"""Speed of the map panel at 200x60 (issue 16: a redraw under 20 ms; a look-cursor step repaints only the rows
that changed). Run with ``make bench``; prints medians of CPU time per redraw.

The whole panel is drawn from its fixed layout: the static layer (lines, labels) is built once per board,
each redraw copies it, lays the pieces and marks over it and turns the rows into strips.
"""

from __future__ import annotations

import os
import statistics
import time

from tests.tui.game_harness import GameApp
from tests.tui.map_support import architect_played, architect_ready, midgame
from tui.concordia.widgets.map import MapView, row_strip


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


async def test_map_panel_redraw_at_200x60_under_20ms() -> None:
    session = midgame("imperium", 5, until=architect_ready)
    app = GameApp(session)
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await architect_played(pilot)  # legal targets lit on the map
        m = screen.query_one(MapView)
        assert m.view is not None and m.view.scale == "large" and m.targets
        width, height = m.size
        full: list[float] = []
        for _ in range(40):
            m._rows = []
            m._strips.clear()
            t0 = time.process_time()
            m.redraw()
            strips = [m.render_line(y) for y in range(height)]
            full.append(time.process_time() - t0)
        assert len(strips) == height
        m.focus()
        await pilot.pause()
        step: list[float] = []
        rows: list[int] = []
        for i in range(40):
            t0 = time.process_time()
            m.action_move(1 if i % 2 == 0 else -1, 0)
            strips = [m.render_line(y) for y in m.repainted]
            step.append(time.process_time() - t0)
            rows.append(len(m.repainted))
        strip_only = []
        for _ in range(40):
            t0 = time.process_time()
            for row in m._rows:
                row_strip(row, width)
            strip_only.append(time.process_time() - t0)
    print(f"\nmap panel {width}x{height} at 200x60: full redraw {_median_ms(full):.2f} ms, "
          f"cursor step {_median_ms(step):.2f} ms repainting {max(rows)} row(s) "
          f"(strips alone {_median_ms(strip_only):.2f} ms; load average {os.getloadavg()[0]:.1f})")
    assert max(rows) <= 2
    assert _median_ms(full) < 20
