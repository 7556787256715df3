"""The map panel's view of a layout: which scale fits, the look cursor, panning, the overview and the legend.

Pure state, no Textual: the widget asks ``rows()`` for exactly the panel's cells. The whole board is shown
when a stored scale fits the panel (the largest that fits); otherwise the smallest scale is shown through a
window that follows the cursor (panning), and ``o`` swaps in an overview of the whole board with the window
marked. ``z`` steps through the scales by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.concordia import GameState
from engine.concordia.model import GameMap
from tui import glyphs
from tui.concordia.board.areas import areas
from tui.concordia.board.layout import Cell, Layout
from tui.concordia.board.look import anchor, key_at
from tui.concordia.board.render import (
    STYLE_CAPITAL,
    STYLE_LABEL,
    STYLE_PROVINCE,
    Marks,
    Styled,
    render,
    untinted,
)
from tui.i18n import t

STYLE_WINDOW = "on grey23"
STYLE_LEGEND = "white"


@dataclass
class BoardView:
    """Scale, window, look cursor and modes of one map panel."""

    layouts: dict[str, Layout]
    """Scale -> layout, largest first."""
    width: int = 0
    height: int = 0
    zoom: str | None = None
    """A scale chosen with ``z`` (None: the largest that fits)."""
    cursor: Cell = (0, 0)
    origin: Cell = (0, 0)
    """Top-left layout cell shown at the panel's top-left (negative: the board is centred in a larger panel)."""
    overview: bool = False
    legend: bool = False
    legend_page: int = 0
    _scale: str = field(default="", repr=False)

    # ------------------------------------------------------------------------------------ scale and window
    @property
    def layout(self) -> Layout:
        return self.layouts[self.scale]

    @property
    def scale(self) -> str:
        return self._scale or self._fitting()

    def _fitting(self) -> str:
        if self.zoom in self.layouts:
            return self.zoom
        for name, lay in self.layouts.items():
            if lay.width <= self.width and lay.height <= self.height:
                return name
        return list(self.layouts)[-1]

    def fits(self) -> bool:
        """True when the whole board is on the panel (no panning needed)."""
        lay = self.layout
        return lay.width <= self.width and lay.height <= self.height

    def resize(self, width: int, height: int) -> None:
        old = self._scale
        self.width, self.height = width, height
        self._scale = self._fitting()
        if old and old != self._scale:
            self._rescale(self.layouts[old])
        self.follow()

    def cycle_zoom(self) -> str:
        """The next scale (largest -> smallest -> largest); returns its name."""
        names = list(self.layouts)
        old = self.layout
        self.zoom = names[(names.index(self.scale) + 1) % len(names)]
        self._scale = self.zoom
        self._rescale(old)
        self.follow()
        return self.zoom

    def _rescale(self, old: Layout) -> None:
        """Keep the cursor on the same thing when the scale changes."""
        found = _find_key(old, self.cursor)
        spot = anchor(self.layout, found) if found else None
        if spot is None:
            fx, fy = self.layout.width / old.width, self.layout.height / old.height
            spot = (int(self.cursor[0] * fx), int(self.cursor[1] * fy))
        self.cursor = spot

    def follow(self) -> None:
        """Move the window so that the cursor is on it (a margin of a few cells when possible)."""
        lay = self.layout
        ox, oy = self.origin
        if lay.width <= self.width:
            ox = -((self.width - lay.width) // 2)
        else:
            margin = min(6, self.width // 4)
            cx = self.cursor[0]
            if cx < ox + margin:
                ox = cx - margin
            elif cx >= ox + self.width - margin:
                ox = cx - self.width + margin + 1
            ox = max(0, min(ox, lay.width - self.width))
        if lay.height <= self.height:
            oy = -((self.height - lay.height) // 2)
        else:
            margin = min(3, self.height // 4)
            cy = self.cursor[1]
            if cy < oy + margin:
                oy = cy - margin
            elif cy >= oy + self.height - margin:
                oy = cy - self.height + margin + 1
            oy = max(0, min(oy, lay.height - self.height))
        self.origin = (ox, oy)

    def pan(self, dx: int, dy: int) -> None:
        """Move the window (and the cursor with it) by (dx, dy) cells."""
        lay = self.layout
        x, y = self.cursor[0] + dx, self.cursor[1] + dy
        self.cursor = (max(0, min(lay.width - 1, x)), max(0, min(lay.height - 1, y)))
        ox = max(0, min(self.origin[0] + dx, lay.width - self.width)) if lay.width > self.width else self.origin[0]
        oy = max(0, min(self.origin[1] + dy, lay.height - self.height)) if lay.height > self.height else self.origin[1]
        self.origin = (ox, oy)
        self.follow()

    # ------------------------------------------------------------------------------------ cursor
    def move(self, dx: int, dy: int) -> None:
        lay = self.layout
        x = max(0, min(lay.width - 1, self.cursor[0] + dx))
        y = max(0, min(lay.height - 1, self.cursor[1] + dy))
        self.cursor = (x, y)
        self.follow()

    def go(self, key: str) -> bool:
        """Put the cursor on ``key``'s anchor (the window centred on it when it was out of view); False when
        the layout has no such place."""
        spot = anchor(self.layout, key)
        if spot is None:
            return False
        self.cursor = spot
        ox, oy = self.origin
        if not (ox <= spot[0] < ox + self.width and oy <= spot[1] < oy + self.height):
            self.origin = (spot[0] - self.width // 2, spot[1] - self.height // 2)
        self.follow()
        return True

    def centre(self) -> None:
        """Centre the window on the cursor (as far as the board's edges allow)."""
        self.origin = (self.cursor[0] - self.width // 2, self.cursor[1] - self.height // 2)
        self.follow()

    def at_panel(self, x: int, y: int) -> Cell:
        """The layout cell shown at panel cell (x, y)."""
        if self.overview:
            fx, fy = self._overview_factors()
            return int(x * fx), int(y * fy)
        return x + self.origin[0], y + self.origin[1]

    def key_under_cursor(self, s: GameState) -> str | None:
        return key_at(self.layout, s, self.cursor)

    # ------------------------------------------------------------------------------------ drawing
    def rows(self, s: GameState, marks: Marks, cursor: bool = True) -> list[list[Styled]]:
        """Exactly ``height`` rows of ``width`` cells: the window, the overview or the legend."""
        if self.legend:
            return self._legend_rows(s.map)
        marks.cursor = self.cursor if cursor else None
        full = render(self.layout, s, marks)
        if self.overview:
            return self._overview_rows(full)
        blank: Styled = (" ", "")
        ox, oy = self.origin
        lay = self.layout
        out: list[list[Styled]] = []
        for py in range(self.height):
            y = py + oy
            if not 0 <= y < lay.height:
                out.append([blank] * self.width)
                continue
            src = full[y]
            if ox >= 0 and ox + self.width <= lay.width:
                out.append(src[ox: ox + self.width])
                continue
            out.append([src[x] if 0 <= (x := px + ox) < lay.width else blank for px in range(self.width)])
        return out

    def _overview_factors(self) -> tuple[float, float]:
        lay = self.layout
        return max(1.0, lay.width / max(1, self.width)), max(1.0, lay.height / max(1, self.height))

    def _overview_rows(self, full: list[list[Styled]]) -> list[list[Styled]]:
        """The whole board shrunk to the panel: each cell shows the most telling thing of the cells it covers."""
        lay = self.layout
        fx, fy = self._overview_factors()
        ox, oy = self.origin
        blank: Styled = (" ", "")
        out: list[list[Styled]] = []
        for py in range(self.height):
            row: list[Styled] = []
            y0, y1 = int(py * fy), max(int(py * fy) + 1, int((py + 1) * fy))
            for px in range(self.width):
                x0, x1 = int(px * fx), max(int(px * fx) + 1, int((px + 1) * fx))
                best: tuple[int, Styled] = (0, blank)
                for y in range(y0, min(y1, lay.height)):
                    for x in range(x0, min(x1, lay.width)):
                        cell = full[y][x]
                        rank = _rank(cell)
                        if rank > best[0]:
                            best = (rank, cell)
                ch, style = best[1]
                inside = ox <= x0 < ox + self.width and oy <= y0 < oy + self.height
                if inside and "on " not in untinted(style):
                    style = f"{untinted(style)} {STYLE_WINDOW}".strip()
                row.append((ch, style))
            out.append(row)
        return out

    def _legend_rows(self, gm: GameMap) -> list[list[Styled]]:
        """The provinces, each on its tint with its name on the map and in full (issue 31: a province's area
        reads at a glance, its name here) and its cities as the map writes them, so that a province is told
        without colour too (ASCII mode, a monochrome terminal); then the abbreviated city names."""
        lay = self.layout
        _area, tints = areas(lay, gm)
        entries: list[tuple[str, str]] = []  # (text, the tint of its first two cells or "")
        room = max(20, self.width - 1)
        for pid in sorted(gm.provinces, key=lambda p: gm.provinces[p].name):
            short = lay.provinces[pid].label.text
            name = gm.provinces[pid].name
            head = f"   {short}" + (f" = {name}" if short != name else "")
            its = sorted(lay.places[c].label.text for c, city in gm.cities.items()
                         if city.province == pid and c in lay.places)
            for n, line in enumerate(_wrap_list(head + ":", its, room)):
                entries.append((line, f"on {tints[pid]}" if n == 0 else ""))
        provinces = {lay.provinces[p].label.text for p in gm.provinces}
        cities = [(f"{short} = {full}", "") for short, full in sorted(lay.legend.items(), key=lambda kv: kv[1])
                  if short not in provinces]
        entries += cities or [(t("(every name is written out in full at this scale)"), "")]
        head = t("Legend (n closes)")
        col = max(len(x) for x in [*(e[0] for e in entries), head]) + 2
        cols = max(1, self.width // col)
        heads = [head]
        per = max(1, self.height - 1)
        pages = max(1, -(-len(entries) // (per * cols)))
        if pages > 1:
            turn = t("page {n}/{m}, arrows turn").format(n=pages, m=pages)
            if len(head) + 1 + len(turn) > self.width:  # a narrow panel (80x24): the page line under the head
                heads.append(turn)
                per = max(1, self.height - 2)
                pages = max(1, -(-len(entries) // (per * cols)))
        page = self.legend_page % pages
        entries = entries[page * per * cols:]
        if pages > 1:
            turn = t("page {n}/{m}, arrows turn").format(n=page + 1, m=pages)
            heads = [heads[0], turn] if len(heads) > 1 else [f"{head} {turn}"]
        grid = [[(" ", "")] * self.width for _ in range(self.height)]
        for y, line in enumerate(heads):
            for i, ch in enumerate(line[: self.width]):
                grid[y][i] = (ch, "bold")
        top = len(heads)
        for n, (text, swatch) in enumerate(entries):
            c, r = divmod(n, per)
            if c >= cols or top + r >= self.height:
                break
            for i, ch in enumerate(text[: col - 1]):
                x = c * col + i
                if x < self.width:
                    grid[top + r][x] = (ch, swatch if swatch and i < 2 else STYLE_LEGEND)
        return grid


def _wrap_list(head: str, items: list[str], width: int, indent: int = 6) -> list[str]:
    """``head item, item, ...`` broken between items onto lines of at most ``width`` characters (the lines
    after the first indented by ``indent``)."""
    lines: list[str] = []
    line = head
    for i, item in enumerate(items):
        word = item + ("," if i < len(items) - 1 else "")
        if len(line) + 1 + len(word) > width and line.strip():
            lines.append(line)
            line = " " * indent + word
        else:
            line += " " + word
    lines.append(line)
    return lines


def _rank(cell: Styled) -> int:
    """How telling a cell is in the overview: pieces and marks first, then colonist spaces, then lines;
    names are left out (they cannot be shrunk)."""
    ch, style = cell[0], untinted(cell[1])
    if ch == " " or style in (STYLE_LABEL, STYLE_CAPITAL, STYLE_PROVINCE) or style.startswith("italic"):
        return 0
    if "on " in style or "reverse" in style:
        return 6
    if ch.isdigit():
        return 5
    if (ch.isupper() and "bold" in style) or ch in (glyphs.UNICODE["capital"], glyphs.ASCII["capital"]):
        return 4
    if ch in "oO○◎":
        return 3
    return 1 if "italic" in style or ch.isalpha() else 2


def _find_key(layout: Layout, cell: Cell) -> str | None:
    from tui.concordia.board.look import features

    found = features(layout).get(cell)
    return found[1] if found else None
