"""The pure renderer: a layout and a game state become rows of (character, style) cells.

Nothing here knows Textual: the map widget turns the rows into strips, the tests read them back. The
drawing has two layers. The *base* depends only on the layout, the board and the glyph mode (route lines,
empty colonist spaces, labels, province names) and is built once; the *pieces* come from the state (goods,
houses, colonists, bonus markers) and the *marks* from the decision (legal targets, the list's highlight,
the look cursor). Owners are drawn as seat digits 1-6 in the seat's colour, so colour is never the only
signal and no owner looks like a goods letter (B F T W C S).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.concordia import GameState, model
from engine.concordia.model import GameMap
from tui import glyphs
from tui.concordia.board.areas import areas
from tui.concordia.board.layout import Cell, Layout, RoutePath

Styled = tuple[str, str]
"""A character and its Rich style text."""

LINE_UNICODE = {"-": "─", "|": "│", "/": "╱", "\\": "╲", "+": "┼"}
"""Land route line glyphs by direction (ASCII key -> Unicode)."""

STYLE_LAND = "grey70"
STYLE_SEA = "bright_blue"
STYLE_LABEL = "white"
STYLE_CAPITAL = "bold bright_white"
STYLE_PROVINCE = "italic grey58"
STYLE_TARGET = "bold black on yellow"
STYLE_LIT = "bold black on bright_cyan"
STYLE_CURSOR = "bold reverse"


PROVINCE_COLOURS = {
    "red": "red3", "yellow": "yellow3", "brown": "dark_orange3", "green": "green3", "purple": "medium_purple",
    "blue": "dodger_blue2", "orange": "orange1", "grey": "grey62", "gray": "grey62", "olive": "dark_khaki",
    "cyan": "dark_cyan", "maroon": "deep_pink4", "gold": "gold3",
}
"""Rich colours of the provinces that Cyprus, Creta and Corsica name after a colour (their board prints them
so): the name and the empty house slots of its cities are drawn in it, so the area reads at a glance."""


def province_style(province: str, base: str) -> str:
    """``base`` coloured with the province's colour when the board names the province after one."""
    colour = PROVINCE_COLOURS.get(province)
    return f"{base} {colour}" if colour else base


def owner_symbol(seat: int) -> str:
    """The seat's symbol on the board (a digit; the same in both glyph modes)."""
    return glyphs.player_letter(seat)


def good_symbol(good: str) -> str:
    """The good's letter on a city's mark: B F T W C, and S for salt (R-SALSA-SALT), the same in both modes."""
    if good == model.SALT:
        return "S"
    if good == model.ANY:  # Creta's Gavdos: the producer chooses the good, as the board's "?" says (R-MAP-CRETA)
        return glyphs.glyph("any_good")
    return glyphs.GOOD_LETTERS.get(good, good[:1].upper() or "?")


def good_style(good: str) -> str:
    return f"bold {glyphs.GOOD_COLOURS.get(good, 'white')}"


def marker_coins(s: GameState, province: str) -> int:
    """The sestertii on ``province``'s coin side (Gavdos: those of the good last chosen there, R-MAP-CRETA)."""
    from engine.concordia.rules.prefect import marker_good

    return model.components().bonus_coins.get(marker_good(s, province), 0)


def _direction(d: Cell) -> str:
    dx, dy = d
    if abs(dx) >= 2 * abs(dy):
        return "-"
    if abs(dy) >= 2 * abs(dx):
        return "|"
    return "\\" if (dx > 0) == (dy > 0) else "/"


def line_glyphs(path: RoutePath, ends: tuple[Cell, Cell]) -> list[str]:
    """ASCII direction glyph (- | / \\) of each cell of ``path``; ``ends`` are the block cells it leaves and enters."""
    cells = [ends[0], *path.cells, ends[1]]
    out = []
    for i in range(1, len(cells) - 1):
        (x0, y0), (x2, y2) = cells[i - 1], cells[i + 1]
        out.append(_direction((x2 - x0, y2 - y0)))
    return out


def route_ends(layout: Layout, route: model.Route, path: RoutePath) -> tuple[Cell, Cell]:
    """The block cells of the route's two places nearest its first and last cells."""

    def nearest(place: str, c: Cell) -> Cell:
        block = layout.places[place].block()
        return min(block, key=lambda b: max(abs(b[0] - c[0]), abs(b[1] - c[1])) * 10 + abs(b[0] - c[0]))

    return nearest(route.a, path.cells[0]), nearest(route.b, path.cells[-1])


def _glyph(kind: str, direction: str, ascii_mode: bool) -> str:
    if kind == model.SEA:
        return "~" if ascii_mode else "≈"
    return direction if ascii_mode else LINE_UNICODE[direction]


def empty_space(kind: str, ascii_mode: bool) -> str:
    """An empty colonist space on a land or sea route."""
    if ascii_mode:
        return "o" if kind == model.LAND else "O"
    return "○" if kind == model.LAND else "◎"


_BASES: dict[tuple[int, str, str, bool], tuple[Layout, tuple[tuple[Styled, ...], ...]]] = {}


def base_layer(layout: Layout, gm: GameMap, ascii_mode: bool) -> tuple[tuple[Styled, ...], ...]:
    """The static drawing (route lines, empty colonist spaces, labels, province names), built once per board."""
    key = (id(layout), gm.id, gm.variant, ascii_mode)
    hit = _BASES.get(key)
    if hit is not None and hit[0] is layout:
        return hit[1]
    if len(_BASES) > 32:
        _BASES.clear()
    drawn = _base_layer(layout, gm, ascii_mode)
    _BASES[key] = (layout, drawn)
    return drawn


def _base_layer(layout: Layout, gm: GameMap, ascii_mode: bool) -> tuple[tuple[Styled, ...], ...]:
    grid: list[list[Styled]] = [[(" ", "")] * layout.width for _ in range(layout.height)]
    used: dict[Cell, int] = {}
    for rid in gm.routes:
        for c in layout.routes[rid].cells:
            used[c] = used.get(c, 0) + 1
    for rid, route in gm.routes.items():
        path = layout.routes[rid]
        style = STYLE_SEA if route.kind == model.SEA else STYLE_LAND
        if not route.stop:
            style += " dim"
        for (x, y), d in zip(path.cells, line_glyphs(path, route_ends(layout, route, path)), strict=True):
            if used[(x, y)] > 1:
                grid[y][x] = ("+" if ascii_mode else LINE_UNICODE["+"], STYLE_LAND)
            else:
                grid[y][x] = (_glyph(route.kind, d, ascii_mode), style)
        x, y = path.colonist_cell
        grid[y][x] = (empty_space(route.kind, ascii_mode), style)
    for pid in (*gm.cities, *gm.capitals):
        place = layout.places[pid]
        lab = place.label
        style = STYLE_CAPITAL if pid in gm.capitals else STYLE_LABEL
        for i, ch in enumerate(lab.text):
            grid[lab.y][lab.x + i] = (ch, style)
        for x, y in place.block():
            grid[y][x] = (" ", "")
    for pid in gm.provinces:
        mark = layout.provinces[pid]
        style = "italic " + PROVINCE_COLOURS[pid] if pid in PROVINCE_COLOURS else STYLE_PROVINCE
        for i, ch in enumerate(mark.label.text):
            grid[mark.label.y][mark.label.x + i] = (ch, style)
    area, tints = areas(layout, gm)  # each province's area on its own background (issue 31)
    for (x, y), prov in area.items():
        ch, style = grid[y][x]
        grid[y][x] = (ch, tinted(style, tints[prov]))
    return tuple(tuple(row) for row in grid)


def tinted(style: str, tint: str) -> str:
    """``style`` on the background ``tint`` (a province's area)."""
    return f"{style} on {tint}".strip()


def untinted(style: str) -> str:
    """``style`` without a province's background (tints are the only ``on #...`` backgrounds)."""
    at = style.find(" on #")
    if at < 0:
        return "" if style.startswith("on #") else style
    return style[:at]


@dataclass
class Marks:
    """What the decision marks on the board: legal targets, the list's highlight, the look cursor."""

    targets: frozenset[str] = frozenset()
    """Keys (route, city/capital or province ids) a legal action acts on."""
    lit: frozenset[str] = frozenset()
    """Keys of the decision list's highlighted row."""
    cursor: Cell | None = None
    extra: dict[Cell, Styled] = field(default_factory=dict)
    steps: dict[str, int] = field(default_factory=dict)
    """Routes from here (``r``): route id -> steps from the place under the cursor."""
    cities_of: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Province id -> its cities: a lit province lights them too (which cities a Prefect's choice concerns)."""


STEP_STYLES = ("bold black on green3", "bold black on yellow3", "bold black on dark_orange", "bold black on orchid")
"""Routes 1, 2, 3 and 4+ steps from here (the look line says the number on each route)."""


def feature_cells(layout: Layout, key: str) -> list[Cell]:
    """Every cell drawn for a route, place or province ``key`` (empty when the layout has none)."""
    if key in layout.routes:
        return list(layout.routes[key].cells)
    if key in layout.places:
        p = layout.places[key]
        return [*p.block(), *p.label.cells()]
    if key in layout.provinces:
        return layout.provinces[key].cells()
    return []


def render(layout: Layout, s: GameState, marks: Marks | None = None) -> list[list[Styled]]:
    """The board of ``s`` drawn on ``layout``: one list of styled cells per row."""
    gm = s.map
    ascii_mode = glyphs.ascii_mode()
    grid = [list(row) for row in base_layer(layout, gm, ascii_mode)]
    area, tints = areas(layout, gm)

    def put(c: Cell, cell: Styled) -> None:
        prov = area.get(c)
        grid[c[1]][c[0]] = (cell[0], tinted(cell[1], tints[prov])) if prov is not None else cell

    # places: the good (or the capital's star) and the owners in the seat slots
    houses: dict[str, list[int]] = {}
    standing: dict[str, list[int]] = {}
    for q, pl in enumerate(s.players):
        for c in pl.houses:
            houses.setdefault(c, []).append(q)
        for _kind, loc in pl.colonists:
            if loc not in gm.routes:
                standing.setdefault(loc, []).append(q)
    for pid in (*gm.cities, *gm.capitals):
        place = layout.places[pid]
        if pid in gm.capitals:
            put((place.x, place.y), (glyphs.glyph("capital"), "bold yellow"))
        else:
            good = s.tiles.get(pid, "")
            put((place.x, place.y), (good_symbol(good), good_style(good)) if good else ("?", "grey50"))
        owners = sorted(set(houses.get(pid, [])) | set(standing.get(pid, [])))
        slot_style = province_style(gm.cities[pid].province, "") or "grey42" if pid in gm.cities else "grey42"
        for i in range(place.slots):
            put((place.x + 1 + i, place.y), (glyphs.glyph("empty_slot_map"), slot_style.strip()))
        shown = owners if len(owners) <= place.slots else owners[: place.slots - 1]
        for i, q in enumerate(shown):
            style = f"bold {glyphs.player_colour(q)}"
            if q in standing.get(pid, []):
                style += " reverse"
            put((place.x + 1 + i, place.y), (owner_symbol(q), style))
        if len(shown) < len(owners):
            put((place.x + place.slots, place.y), ("+", "bold white"))  # more owners than slots: the look says who

    # colonists on routes
    for q, pl in enumerate(s.players):
        for _kind, loc in pl.colonists:
            if loc in gm.routes:
                put(layout.routes[loc].colonist_cell, (owner_symbol(q), f"bold {glyphs.player_colour(q)}"))

    # bonus markers: goods side (the province may produce) or coin side
    for pid in gm.provinces:
        mark = layout.provinces[pid]
        good = s.bonus.get(pid, "")
        x, y = mark.marker
        if pid in s.active_markers:
            put((x, y), (glyphs.glyph("marker_goods"), good_style(good)))
            put((x + 1, y), (good_symbol(good), good_style(good)))
        else:
            put((x, y), (glyphs.glyph("coin"), "yellow"))
            put((x + 1, y), (str(marker_coins(s, pid))[-1], "yellow"))

    if marks is not None:
        _mark(grid, layout, marks)
    return grid


def _restyle(grid: list[list[Styled]], cells: Iterable[Cell], style: str) -> None:
    for x, y in cells:
        ch, old = grid[y][x]
        keep = " ".join(w for w in old.split() if w in ("reverse",))
        grid[y][x] = (ch, f"{style} {keep}".strip())


def _mark(grid: list[list[Styled]], layout: Layout, marks: Marks) -> None:
    for key, n in marks.steps.items():
        if key in layout.routes and n > 0:
            _restyle(grid, layout.routes[key].cells, STEP_STYLES[min(n, len(STEP_STYLES)) - 1])
    for key in marks.targets:
        _restyle(grid, _target_cells(layout, key), STYLE_TARGET)
    for key in marks.lit:
        _restyle(grid, _target_cells(layout, key), STYLE_LIT)
        for city in marks.cities_of.get(key, ()):  # a province's row: its cities light too (Prefect, Saturnus)
            if city in layout.places:
                _restyle(grid, layout.places[city].block(), STYLE_LIT)
    for (x, y), cell in marks.extra.items():
        grid[y][x] = cell
    if marks.cursor is not None:
        x, y = marks.cursor
        if 0 <= y < len(grid) and 0 <= x < len(grid[y]):
            ch, style = grid[y][x]
            grid[y][x] = (ch if ch != " " else "+" if glyphs.ascii_mode() else "┼", f"{style} {STYLE_CURSOR}".strip())


def _target_cells(layout: Layout, key: str) -> list[Cell]:
    """The cells a mark colours: a route's colonist space and line ends, a place's block, a province's marker."""
    if key in layout.routes:
        return list(layout.routes[key].cells)
    if key in layout.places:
        return layout.places[key].block()
    if key in layout.provinces:
        m = layout.provinces[key]
        return [m.marker, (m.marker[0] + 1, m.marker[1])]
    return []


def plain(rows: list[list[Styled]]) -> list[str]:
    """The rows as text (for tests, snapshots and the validator)."""
    return ["".join(ch for ch, _ in row) for row in rows]


def render_empty(layout: Layout, gm: GameMap) -> list[list[Styled]]:
    """The board without a game: lines, labels, province names, empty blocks (for the validator and tools)."""
    grid = [list(row) for row in base_layer(layout, gm, glyphs.ascii_mode())]
    for pid in (*gm.cities, *gm.capitals):
        place = layout.places[pid]
        grid[place.y][place.x] = (glyphs.glyph("capital"), "bold yellow") if pid in gm.capitals else ("?", "grey50")
        for i in range(place.slots):
            grid[place.y][place.x + 1 + i] = (glyphs.glyph("empty_slot_map"), "grey42")
    for pid in gm.provinces:
        x, y = layout.provinces[pid].marker
        grid[y][x] = ("$", "yellow")
        grid[y][x + 1] = ("?", "yellow")
    return grid
