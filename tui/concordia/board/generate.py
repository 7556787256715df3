"""The layout generator: from a map's board positions to a fixed character layout at one scale.

Steps, each deterministic: (1) unique city labels (full names when they fit the scale, else abbreviations
that go into the legend); (2) snap every place to the canvas, nudging it to the nearest spot that keeps a
gap to the other places; (3) place each label next to its block where it covers the fewest straight lines
between connected places; (4) route every line with A* (short routes first) around blocks and labels,
keeping off cities it does not join and crossing other lines only when there is no other way, and choose
its colonist space: the cell nearest the board's colonist space that no other line shares; (5) put each
province's name and bonus marker near the middle of its cities, where the lines left room. Works on any
``GameMap``, so a new board gets a layout the moment its data exists.
"""

from __future__ import annotations

import heapq
import itertools
import re
from collections.abc import Iterable

from engine.concordia.model import GameMap
from tui.concordia.board.layout import SCALES, Cell, Label, Layout, PlaceCells, ProvinceMark, RoutePath
from tui.concordia.board.validate import near

SLOTS = 5
"""Seat slots per place: an individual game has up to 5 players on any map (a map's recommended counts are not
enforced); in a 6-player team game a city with houses of all six seats shows '+' in its last slot."""


class LayoutError(Exception):
    """The generator found no layout (the canvas is too small for the board)."""


def _candidates(name: str, n: int) -> Iterable[str]:
    """Abbreviations of ``name`` at most ``n`` characters long, the most readable first."""
    if len(name) <= n:
        yield name
    words = [w for w in re.split(r"[\s.\-]+", name) if w]
    first = words[0] if words else name
    if n >= 6:
        yield name[: n - 1].rstrip(" .-") + "."
    yield name[:n].rstrip(" .-")
    if len(words) > 1:
        tail = "".join(w[0].upper() for w in words[1:])
        yield first[: max(1, n - len(tail))] + tail[: n - 1]
    letters = "".join(words)
    for k in range(n - 1, 0, -1):
        yield letters[:k] + letters[-(n - k):] if n - k > 0 else letters[:k]
    for combo in itertools.combinations(range(1, len(letters)), n - 1):
        yield letters[0] + "".join(letters[i] for i in combo)
    for i in itertools.count(1):
        yield f"{letters[: max(1, n - len(str(i)))]}{i}"


def unique_labels(names: dict[str, str], n: int) -> dict[str, str]:
    """id -> a label of at most ``n`` characters, no two alike (case-insensitive); full names where they fit."""
    firsts = {k: next(iter(_candidates(v, n))) for k, v in names.items()}
    count: dict[str, set[str]] = {}
    for k, lab in firsts.items():
        count.setdefault(lab.lower(), set()).add(names[k])  # a city and its province of one name share it
    out: dict[str, str] = {}
    taken: set[str] = set()
    for k in names:
        if len(count[firsts[k].lower()]) == 1:
            out[k] = firsts[k]
            taken.add(firsts[k].lower())
    for k, v in names.items():
        if k in out:
            continue
        for cand in _candidates(v, n):
            if cand.lower() not in taken and cand.strip():
                out[k] = cand
                taken.add(cand.lower())
                break
    return {k: out[k] for k in names}


def _line(a: Cell, b: Cell) -> list[Cell]:
    """Cells of the straight line from a to b (Bresenham)."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    out = []
    while True:
        out.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return out
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


class _Canvas:
    """The grid being filled: what occupies each cell."""

    def __init__(self, width: int, height: int) -> None:
        self.w, self.h = width, height
        self.solid: dict[Cell, str] = {}
        """Cells no line may use: blocks ("P:id"), labels ("L:id"), province marks ("M:id"), colonist spaces."""
        self.block_of: dict[Cell, str] = {}
        self.route_use: dict[Cell, list[str]] = {}
        self.label_end: dict[Cell, set[str]] = {}
        """The cells just left and right of each place's label: a line of another place's route there would
        read as leading to that label."""
        self.lines: dict[Cell, int] = {}
        """How many straight place-to-place lines pass each cell (labels avoid them)."""

    def inside(self, c: Cell) -> bool:
        return 0 <= c[0] < self.w and 0 <= c[1] < self.h

    def free(self, cells: Iterable[Cell]) -> bool:
        return all(self.inside(c) and c not in self.solid and c not in self.route_use for c in cells)


def _neighbours(c: Cell) -> list[Cell]:
    x, y = c
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def generate(gm: GameMap, scale: str) -> Layout:
    """The layout of ``gm`` at ``scale`` (a key of ``SCALES``)."""
    width, height, longest = SCALES[scale]
    slots = SLOTS
    block_w = slots + 1
    cv = _Canvas(width, height)
    pos = {cid: c.pos for cid, c in gm.cities.items()}
    pos[gm.capital] = gm.capital_pos
    names = {cid: c.name for cid, c in gm.cities.items()}
    names[gm.capital] = gm.capital_name
    if gm.sea_capital:  # Britannia's Portus Itius: a place of its own, like the capital (R-MAP-BRITANNIA)
        pos[gm.sea_capital] = gm.sea_capital_pos
        names[gm.sea_capital] = gm.sea_capital_name
    joint = unique_labels({**{f"c:{k}": v for k, v in names.items()},
                           **{f"p:{p.id}": p.name for p in gm.provinces.values()}}, longest)
    labels = {k: joint[f"c:{k}"] for k in names}
    prov_names = {p.id: joint[f"p:{p.id}"] for p in gm.provinces.values()}
    legend = {labels[k]: names[k] for k in names if labels[k] != names[k]}
    legend.update({prov_names[p.id]: p.name for p in gm.provinces.values() if prov_names[p.id] != p.name})

    # (2) snap places
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
    lo_x, hi_x = 2, width - block_w - 3
    lo_y, hi_y = 1, height - 2

    def snap(p: tuple[float, float]) -> Cell:
        x = lo_x + round((p[0] - minx) / ((maxx - minx) or 1) * (hi_x - lo_x))
        y = lo_y + round((p[1] - miny) / ((maxy - miny) or 1) * (hi_y - lo_y))
        return x, y

    spots = sorted(
        ((dx, dy) for dx in range(-12, 13) for dy in range(-6, 7)), key=lambda d: (d[0] ** 2 + (2.2 * d[1]) ** 2, d)
    )
    at: dict[str, Cell] = {}
    order = [*gm.capitals, *sorted(gm.cities, key=lambda k: (pos[k][1], pos[k][0]))]
    for pid in order:
        tx, ty = snap(pos[pid])
        for dx, dy in spots:
            x, y = tx + dx, ty + dy
            if not (lo_x <= x <= hi_x and lo_y <= y <= hi_y):
                continue
            close = [(x + i, y + j) for i in range(-2, block_w + 2) for j in (-1, 0, 1)]
            if any(c in cv.block_of for c in close):
                continue
            at[pid] = (x, y)
            for i in range(block_w):
                cv.block_of[(x + i, y)] = pid
                cv.solid[(x + i, y)] = f"P:{pid}"
            break
        else:
            raise LayoutError(f"{gm.id} at {scale}: no room for {names[pid]}")

    def centre(pid: str) -> Cell:
        return at[pid][0] + block_w // 2, at[pid][1]

    for r in gm.routes.values():
        for c in _line(centre(r.a), centre(r.b)):
            cv.lines[c] = cv.lines.get(c, 0) + 1

    # (3) labels
    place_labels: dict[str, Label] = {}
    for pid in order:
        text = labels[pid]
        n = len(text)
        x, y = at[pid]
        cands = []
        for dy in (1, -1):
            cands += [(x, y + dy), (x + (block_w - n) // 2, y + dy), (x + block_w - n, y + dy)]
        cands += [(x + block_w + 1, y), (x - n - 1, y)]
        for dy in (1, -1):  # further along the row above or below, still touching the block
            cands += [(lx, y + dy) for lx in range(x - n, x + block_w + 1)]
        own = [(x + i, y) for i in range(block_w)]
        others = [[(ox + i, oy) for i in range(block_w)] for q, (ox, oy) in at.items() if q != pid]
        best: tuple[float, Cell] | None = None
        for i, (lx, ly) in enumerate(cands):
            cells = [(lx + k, ly) for k in range(n)]
            if not all(cv.inside(c) for c in cells) or not cv.free(cells) or _touches_label(cv, lx, ly, n):
                continue
            if not near(cells, own) or any(near(cells, b) for b in others):
                continue  # a label must read as its own city's and no other's
            cost = sum(cv.lines.get(c, 0) for c in cells) * 3 + i * 0.5
            if best is None or cost < best[0]:
                best = (cost, (lx, ly))
        if best is None:
            raise LayoutError(f"{gm.id} at {scale}: no room for the label of {names[pid]}")
        lx, ly = best[1]
        place_labels[pid] = Label(text, lx, ly)
        for end in ((lx - 1, ly), (lx + n, ly)):
            cv.label_end.setdefault(end, set()).add(pid)
        for k in range(n):
            cv.solid[(lx + k, ly)] = f"L:{pid}"

    # (4) routes, shortest first
    def dist(rid: str) -> float:
        r = gm.routes[rid]
        (ax, ay), (bx, by) = centre(r.a), centre(r.b)
        return abs(ax - bx) + 2 * abs(ay - by)

    paths: dict[str, RoutePath] = {}
    for rid in sorted(gm.routes, key=lambda k: (dist(k), k)):
        r = gm.routes[rid]
        cells = _route(cv, at, block_w, r.a, r.b, share=True, strict=True)
        loose = _route(cv, at, block_w, r.a, r.b, share=True)
        if cells is None or (loose is not None and len(cells) > 2 * len(loose) + 4
                             and not _passes_third(cv, loose, r.a, r.b)):
            cells = loose  # a shorter line when it keeps off third cities
        if cells is None:
            raise LayoutError(f"{gm.id} at {scale}: no line for route {gm.route_name(rid)}")
        target = snap(r.pos)
        idx = _colonist_index(cv, cells, target)
        if idx is None:
            cells = _route(cv, at, block_w, r.a, r.b, share=False)
            idx = _colonist_index(cv, cells, target) if cells is not None else None
            if cells is None or idx is None:
                raise LayoutError(f"{gm.id} at {scale}: no free colonist space on {gm.route_name(rid)}")
        for c in cells:
            cv.route_use.setdefault(c, []).append(rid)
        cv.solid[cells[idx]] = f"C:{rid}"
        paths[rid] = RoutePath(rid, tuple(cells), idx)
    # (5) provinces, where the lines left room
    far_spots = sorted(
        ((dx, dy) for dx in range(-40, 41) for dy in range(-14, 15)), key=lambda d: (abs(d[0]) + 2.2 * abs(d[1]), d)
    )
    marks: dict[str, ProvinceMark] = {}
    blocks = [[(bx + i, by) for i in range(block_w)] for bx, by in at.values()]
    for prov in gm.provinces.values():
        text = prov_names[prov.id]
        n = len(text) + 3
        cx = sum(centre(c)[0] for c in prov.cities) / len(prov.cities)
        cy = sum(centre(c)[1] for c in prov.cities) / len(prov.cities)
        tx, ty = round(cx - n / 2), round(cy)
        best_m: tuple[float, Cell] | None = None
        for dx, dy in far_spots:
            x, y = tx + dx, ty + dy
            cells = [(x + k, y) for k in range(n)]
            if not all(cv.inside(c) for c in cells) or not cv.free(cells) or _touches_label(cv, x, y, n):
                continue
            if any(near(cells, b) for b in blocks):
                continue  # next to a city, a province's name reads as that city's label
            crowd = sum(1 for c in ((x - 1, y), (x + n, y), *((x + k, y + j) for k in range(n) for j in (-1, 1)))
                        if c in cv.route_use)
            cost = crowd + abs(dx) + 2.2 * abs(dy)
            if best_m is None or cost < best_m[0]:
                best_m = (cost, (x, y))
            if best_m[0] <= abs(dx) + 2.2 * abs(dy):
                break  # nothing further out can be cheaper
        if best_m is None:
            raise LayoutError(f"{gm.id} at {scale}: no room for province {prov.name}")
        x, y = best_m[1]
        marks[prov.id] = ProvinceMark(prov.id, Label(text, x, y), (x + len(text) + 1, y))
        for k in range(n):
            cv.solid[(x + k, y)] = f"M:{prov.id}"

    ordered = {rid: paths[rid] for rid in gm.routes}
    places = {pid: PlaceCells(pid, at[pid][0], at[pid][1], slots, place_labels[pid]) for pid in order}
    return Layout(gm.id, scale, width, height, places, ordered, marks, legend)


def _passes_third(cv: _Canvas, cells: list[Cell], a: str, b: str) -> bool:
    """True when the line runs next to a place's block other than a's and b's."""
    return any(cv.block_of.get(nb) not in (None, a, b) for c in cells for nb in _neighbours(c))


def _touches_label(cv: _Canvas, x: int, y: int, n: int) -> bool:
    """True when a text at (x, y) of length n would run into another text without a space between."""
    return any(cv.solid.get(c, "")[:1] in ("L", "M", "P") for c in ((x - 1, y), (x + n, y)))


def _route(cv: _Canvas, at: dict[str, Cell], block_w: int, a: str, b: str, share: bool,
           strict: bool = False) -> list[Cell] | None:
    """The cheapest line from next to a's block to next to b's block (A*), or None; ``strict``: never next to
    a third place's block (where a reader could take the line for one of that place's routes)."""
    ax, ay = at[a]
    bx, by = at[b]
    own = {(ax + i, ay) for i in range(block_w)} | {(bx + i, by) for i in range(block_w)}

    def ring(x: int, y: int) -> set[Cell]:
        return {c for i in range(block_w) for c in _neighbours((x + i, y))} - own

    starts = {c for c in ring(ax, ay) if cv.inside(c) and c not in cv.solid}
    goals = {c for c in ring(bx, by) if cv.inside(c) and c not in cv.solid}
    starts = {c for c in starts if cv.label_end.get(c, set()) <= {a, b}}
    goals = {c for c in goals if cv.label_end.get(c, set()) <= {a, b}}
    if not share:
        starts = {c for c in starts if c not in cv.route_use}
        goals = {c for c in goals if c not in cv.route_use}
    if not starts or not goals:
        return None

    def h(c: Cell) -> float:
        ddx = max(bx - 1 - c[0], 0, c[0] - (bx + block_w))
        ddy = max(abs(c[1] - by) - 1, 0)
        return max(ddx, ddy)

    def cost(c: Cell) -> float:
        k = 1.0
        if c in cv.route_use:
            k += 14.0
        owner = None
        for nb in _neighbours(c):
            blk = cv.block_of.get(nb)
            if blk is not None and blk not in (a, b):
                owner = blk
            if nb in cv.route_use:
                k += 0.35
        if owner is not None:
            k += 25.0
        return k

    frontier: list[tuple[float, int, Cell]] = []
    best: dict[Cell, float] = {}
    came: dict[Cell, Cell | None] = {}
    tie = itertools.count()
    for c in starts:
        g = cost(c)
        best[c] = g
        came[c] = None
        heapq.heappush(frontier, (g + h(c), next(tie), c))
    while frontier:
        _f, _t, c = heapq.heappop(frontier)
        if c in goals:
            path = [c]
            prev = came[c]
            while prev is not None:
                path.append(prev)
                prev = came[prev]
            return path[::-1]
        g = best[c]
        for nb in _neighbours(c):
            if not cv.inside(nb) or nb in cv.solid or nb in own:
                continue
            if not share and nb in cv.route_use:
                continue
            if strict and any(cv.block_of.get(x) not in (None, a, b) for x in _neighbours(nb)):
                continue
            if not cv.label_end.get(nb, set()) <= {a, b}:
                continue  # a line ending at another place's name reads as leading there
            step = 1.0 if nb[0] == c[0] or nb[1] == c[1] else 1.45
            ng = g + step * cost(nb)
            if ng < best.get(nb, float("inf")):
                best[nb] = ng
                came[nb] = c
                heapq.heappush(frontier, (ng + h(nb), next(tie), nb))
    return None


def _colonist_index(cv: _Canvas, cells: list[Cell], target: Cell) -> int | None:
    """The colonist space: a cell of the line no other line uses, nearest the board's space (ends last)."""
    best: tuple[float, int] | None = None
    for i, c in enumerate(cells):
        if c in cv.route_use:
            continue
        d = abs(c[0] - target[0]) + 2 * abs(c[1] - target[1])
        if 0 < i < len(cells) - 1 or len(cells) <= 2:
            d -= 1000
        if any(cv.solid.get(nb, "").startswith("C:") for nb in _neighbours(c)):
            d += 6
        if best is None or d < best[0]:
            best = (d, i)
    return None if best is None else best[1]
