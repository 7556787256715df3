"""Province areas: which province each cell of a layout lies in, and the background tint each province gets.

A city's province decides what a Prefect produces and what Saturnus counts, so the map must show it at a
glance at 120x36 and 80x24, where names are cut to four letters (issue 31: "Ital" stood in front of Sirmium,
a Dacian city). Each city's block and label, and each province's name and marker, seed their province;
every cell within a short reach (two rows, four columns) of a seed takes the nearest seed's province. Areas
that touch get different tints (a greedy colouring of the provinces' neighbourhood); Cyprus, Creta and
Corsica, whose boards name provinces after colours, get a dark shade of that colour. Background only: the
lines, names and pieces keep their own colours on it, and in ASCII mode the same tints are drawn (ASCII is
about glyphs); the province's name on the map and the look line say it in words.
"""

from __future__ import annotations

from engine.concordia.model import GameMap
from tui.concordia.board.layout import Cell, Layout

TINTS = ("#3a2414", "#14331f", "#27193d", "#383214", "#123338", "#3a1630", "#232d3d", "#2e3a12")
"""Dark backgrounds for provinces, far enough apart to tell two neighbours from each other."""

COLOUR_TINTS = {
    "red": "#461414", "yellow": "#3d3a0c", "brown": "#3b2410", "green": "#123d1a", "purple": "#2e1a44",
    "blue": "#122a4a", "orange": "#452a0c", "grey": "#2c2c2c", "gray": "#2c2c2c", "olive": "#30330f",
    "cyan": "#0c3a3a", "maroon": "#3d0f24", "gold": "#3d310a",
}
"""The tint of a province that its board names after a colour (Cyprus, Creta, Corsica)."""

REACH = (4, 2)
"""How far (columns, rows) a province's area reaches from its cities, names and marker."""

_CACHE: dict[tuple[int, str, frozenset[str]], tuple[Layout, dict[Cell, str], dict[str, str]]] = {}


def _compute(layout: Layout, gm: GameMap) -> tuple[dict[Cell, str], dict[str, str]]:
    seeds: list[tuple[Cell, str | None]] = []
    for pid in gm.capitals:  # the capital belongs to no province: its cells hold the areas off
        p = layout.places[pid]
        seeds += [(c, None) for c in (*p.block(), *p.label.cells())]
    for pid, city in gm.cities.items():
        p = layout.places[pid]
        seeds += [(c, city.province) for c in (*p.block(), *p.label.cells())]
    for pid in gm.provinces:
        seeds += [(c, pid) for c in layout.provinces[pid].cells()]
    rx, ry = REACH
    best: dict[Cell, tuple[float, str | None]] = {}
    for (x, y), seed in seeds:
        for dy in range(-ry, ry + 1):
            for dx in range(-rx, rx + 1):
                c = (x + dx, y + dy)
                if not (0 <= c[0] < layout.width and 0 <= c[1] < layout.height):
                    continue
                d = max(abs(dx) / rx * ry, abs(dy)) + abs(dx) * 0.01  # a cell is about twice as tall as wide
                if c not in best or d < best[c][0]:
                    best[c] = (d, seed)
    area = {c: prov for c, (_d, prov) in best.items() if prov is not None}
    # neighbours: areas that touch side by side or above/below
    near: dict[str, set[str]] = {p: set() for p in gm.provinces}
    for (x, y), prov in area.items():
        for c in ((x + 1, y), (x, y + 1)):
            other = area.get(c)
            if other is not None and other != prov:
                near[prov].add(other)
                near[other].add(prov)
    tints: dict[str, str] = {}
    for prov in gm.provinces:
        if prov in COLOUR_TINTS:
            tints[prov] = COLOUR_TINTS[prov]
    for prov in sorted(gm.provinces, key=lambda p: (-len(near[p]), p)):
        if prov in tints:
            continue
        taken = {tints[o] for o in near[prov] if o in tints}
        free = [c for c in TINTS if c not in taken]
        tints[prov] = free[0] if free else TINTS[len(tints) % len(TINTS)]
    return area, tints


def areas(layout: Layout, gm: GameMap) -> tuple[dict[Cell, str], dict[str, str]]:
    """(cell -> province id, province id -> background colour) for ``layout``, computed once per layout and set
    of provinces in play (the same board's layout serves games with fewer provinces, e.g. Ionium below 4 players)."""
    key = (id(layout), gm.id, frozenset(gm.provinces))
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not layout:
        if len(_CACHE) > 64:
            _CACHE.clear()
        hit = (layout, *_compute(layout, gm))
        _CACHE[key] = hit
    return hit[1], hit[2]
