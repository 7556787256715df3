"""The layout validator: proves that a layout, drawn, shows the board of the map data faithfully.

It checks the layout's cells against the map (every place, route and province present; every route a
connected line from next to one city's block to next to the other's, never next to a third city's block,
its colonist space on the line and shared with nothing; no two labels, blocks or province marks
overlapping; no line through a label; unique labels, each abbreviation in the legend) and, given the
rendered rows, reads the drawing back: each line cell shows a line of its kind (or a crossing), each
colonist space a colonist space or an owner's digit, each label its text. An empty list means the layout is sound.
``look_problems`` checks that the look line of every place, route and province fits the status line at the
sizes that show the layout's scale, keeping a city's province.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from rich.cells import cell_len

from engine.concordia import GameState, model
from engine.concordia.model import GameMap
from tui.concordia.board.layout import Cell, Layout
from tui.concordia.board.look import describe_parts, fit
from tui.concordia.board.render import LINE_UNICODE

LAND_GLYPHS = set("-|/\\+") | set(LINE_UNICODE.values())
SEA_GLYPHS = set("~≈+┼")
SPACE_GLYPHS = set("oO○◎123456")


def _adjacent(a: Cell, b: Cell) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def near(text: list[Cell], block: list[Cell]) -> bool:
    """True when a text's cells touch a block: on the same row with at most one blank between, or on the row
    above or below overlapping or touching it (where a reader takes the text for the block's name)."""
    for tx, ty in text:
        for bx, by in block:
            if (ty == by and abs(tx - bx) <= 2) or (abs(ty - by) == 1 and abs(tx - bx) <= 1):
                return True
    return False


def validate(layout: Layout, gm: GameMap, rows: list[str] | None = None) -> list[str]:
    """Problems of ``layout`` for ``gm`` (empty when sound); ``rows`` is the drawing to read back, if any."""
    problems: list[str] = []
    places = [*gm.cities, *gm.capitals]
    for pid in places:
        if pid not in layout.places:
            problems.append(f"place {gm.place_name(pid)} has no cells")
    for rid in gm.routes:
        if rid not in layout.routes:
            problems.append(f"route {gm.route_name(rid)} has no line")
    for prov in gm.provinces:
        if prov not in layout.provinces:
            problems.append(f"province {prov} has no name on the map")
    if problems:
        return problems

    def inside(c: Cell) -> bool:
        return 0 <= c[0] < layout.width and 0 <= c[1] < layout.height

    # texts and blocks: no overlaps
    owner: dict[Cell, str] = {}
    for pid in places:
        p = layout.places[pid]
        for what, cells in (("block", p.block()), ("label", p.label.cells())):
            for c in cells:
                name = f"{what} of {gm.place_name(pid)}"
                if not inside(c):
                    problems.append(f"{name} leaves the canvas at {c}")
                elif c in owner:
                    problems.append(f"{name} overlaps the {owner[c]} at {c}")
                owner[c] = name
    for prov in gm.provinces:
        for c in layout.provinces[prov].cells():
            name = f"name of province {gm.provinces[prov].name}"
            if not inside(c):
                problems.append(f"{name} leaves the canvas at {c}")
            elif c in owner:
                problems.append(f"{name} overlaps the {owner[c]} at {c}")
            owner[c] = name

    # labels read as their own place's: next to its block and to no other block; province names next to none
    for pid in places:
        lab = layout.places[pid].label
        if not near(lab.cells(), layout.places[pid].block()):
            problems.append(f"the label of {gm.place_name(pid)} is not next to its city")
        for other in places:
            if other != pid and near(lab.cells(), layout.places[other].block()):
                problems.append(f"the label of {gm.place_name(pid)} stands next to {gm.place_name(other)}")
    for prov in gm.provinces:
        for other in places:
            if near(layout.provinces[prov].cells(), layout.places[other].block()):
                problems.append(f"the name of province {gm.provinces[prov].name} stands next to "
                                f"{gm.place_name(other)}, where it reads as that city's label")

    # unique labels, abbreviations explained
    seen: dict[str, str] = {}
    texts = [(layout.places[p].label.text, gm.place_name(p)) for p in places]
    texts += [(layout.provinces[p].label.text, gm.provinces[p].name) for p in gm.provinces]
    for text, name in texts:
        if text.lower() in seen and seen[text.lower()] != name:
            problems.append(f"label {text!r} names both {seen[text.lower()]} and {name}")
        seen[text.lower()] = name
        if text != name and layout.legend.get(text) != name:
            problems.append(f"label {text!r} of {name} is not in the legend")

    # routes: connected lines between their places, colonist space on the line and not shared
    block_of = {c: pid for pid in places for c in layout.places[pid].block()}
    used: dict[Cell, list[str]] = {}
    for rid in gm.routes:
        for c in layout.routes[rid].cells:
            used.setdefault(c, []).append(rid)
    for rid, route in gm.routes.items():
        path = layout.routes[rid]
        name = gm.route_name(rid)
        cells = path.cells
        if not cells:
            problems.append(f"route {name} has an empty line")
            continue
        if len(set(cells)) != len(cells):
            problems.append(f"route {name} runs through a cell twice")
        for a, b in itertools.pairwise(cells):
            if not _adjacent(a, b):
                problems.append(f"route {name} is broken between {a} and {b}")
        if not any(_adjacent(cells[0], c) for c in layout.places[route.a].block()):
            problems.append(f"route {name} does not start next to {gm.place_name(route.a)}")
        if not any(_adjacent(cells[-1], c) for c in layout.places[route.b].block()):
            problems.append(f"route {name} does not end next to {gm.place_name(route.b)}")
        for c in cells:
            if not inside(c):
                problems.append(f"route {name} leaves the canvas at {c}")
            elif c in owner:
                problems.append(f"route {name} runs through the {owner[c]} at {c}")
        beside = {block_of[(x + dx, y + dy)] for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if (x + dx, y + dy) in block_of} - {route.a, route.b}
        for pid in places:
            lab = layout.places[pid].label
            if pid not in (route.a, route.b) and {(lab.x - 1, lab.y), (lab.x + len(lab.text), lab.y)} & set(cells):
                problems.append(f"route {name} runs into the label of {gm.place_name(pid)}, which it does not join")
        for other in sorted(beside):
            problems.append(f"route {name} passes next to {gm.place_name(other)}, which it does not join")
        if not 0 <= path.colonist < len(cells):
            problems.append(f"route {name} has no colonist space on its line")
            continue
        space = path.colonist_cell
        if len(used[space]) > 1:
            problems.append(f"the colonist space of {name} is on another line too")
        if rows is not None:
            ch = rows[space[1]][space[0]]
            if ch not in SPACE_GLYPHS:
                problems.append(f"the colonist space of {name} shows {ch!r}")
            kinds = LAND_GLYPHS if route.kind == model.LAND else SEA_GLYPHS
            for i, (x, y) in enumerate(cells):
                if i != path.colonist and rows[y][x] not in kinds:
                    problems.append(f"route {name} shows {rows[y][x]!r} at {(x, y)}, not a {route.kind} line")
                    break
    if rows is not None:
        for pid in places:
            lab = layout.places[pid].label
            if rows[lab.y][lab.x: lab.x + len(lab.text)] != lab.text:
                problems.append(f"the label of {gm.place_name(pid)} is covered")
        for prov in gm.provinces:
            lab = layout.provinces[prov].label
            if rows[lab.y][lab.x: lab.x + len(lab.text)] != lab.text:
                problems.append(f"the name of province {gm.provinces[prov].name} is covered")
    return problems


LOOK_WIDTHS = {"small": (35, 74), "medium": (92,), "large": (130,)}
"""The look line's width where each scale is shown: 80x24 (a window onto the small scale) and 120x36 (the
board layout: the whole small scale), 160x50 (medium), 200x60 (large)."""


def look_problems(layout: Layout, s: GameState, names: Sequence[str], widths: Sequence[int] = ()) -> list[str]:
    """Look lines that do not fit: for every place, route and province of ``layout``, the line the status shows
    (``describe`` in its short form, least telling parts left out, ``fit``) must be no wider than each width,
    keep its first part whole, and for a city keep the province (it decides a Prefect's and Saturnus' count);
    ``widths`` default to those where the layout's scale is shown."""
    problems: list[str] = []
    gm = s.map
    keys = [*layout.places, *layout.routes, *layout.provinces]
    for width in widths or LOOK_WIDTHS.get(layout.scale, ()):
        for key in keys:
            parts = describe_parts(s, key, names, (), True, 0)
            line = fit(parts, width)
            if cell_len(line) > width:
                problems.append(f"the look line of {parts[0]!r} is {cell_len(line)} wide, more than {width}")
            if key in gm.cities:
                province = gm.provinces[gm.cities[key].province].name
                if not any(part.split(" (")[0] == province for part in line.split(" · ")[1:]):
                    problems.append(f"the look line of {parts[0]} at {width} columns leaves out its province")
    return problems
