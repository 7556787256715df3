"""The map panel: a schematic of the board drawn from the map data's positions, stretched to the panel.

Cities show a short name, their good's letter (in the good's colour) and the seat letters of the houses
built there; the capital has its own symbol; land and sea routes have different glyphs, and a colonist on
a route shows its owner's letter. Each province's bonus marker shows its good (goods side) or its coins
(coin side). During a decision the legal targets are highlighted (a reachable route shows its cost) and
can be chosen with the arrows or Tab and Enter, or with the mouse.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from engine.concordia import GameState, model
from engine.concordia.actions import Move
from engine.concordia.model import GOODS
from tui import glyphs
from tui.concordia.text import build_cost_text, move_cost, route_name
from tui.concordia.widgets.targets import Target
from tui.i18n import t

Cell = tuple[str, str]
"""A character and its style text."""


@lru_cache(maxsize=256)
def _style(text: str) -> Style:
    return Style.parse(text) if text else Style()


@dataclass
class _Placed:
    """A target's screen position (for the cursor, arrow keys and mouse clicks)."""

    target: Target
    x: int
    y: int


def board_key(s: GameState) -> tuple[object, ...]:
    """Everything the map draws: the drawing is rebuilt only when this changes."""
    return (
        tuple(sorted(s.routes.items())),
        tuple(tuple(sorted(p.houses)) for p in s.players),
        tuple(tuple(sorted(p.colonists)) for p in s.players),
        tuple(sorted(s.active_markers)),
        s.current_player,
    )


def row_strip(row: Sequence[Cell], width: int) -> Strip:
    """One row of the map as a Strip: runs of equally styled cells become one segment."""
    segments: list[Segment] = []
    run, run_style = "", ""
    for ch, st in row:
        if st != run_style and run:
            segments.append(Segment(run, _style(run_style)))
            run = ""
        run_style = st
        run += ch
    if run:
        segments.append(Segment(run, _style(run_style)))
    return Strip(segments, width)


class MapView(Widget, can_focus=True):
    """The board schematic with highlighted, selectable legal targets."""

    DEFAULT_CSS = """
    MapView { height: 1fr; min-height: 8; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "next_target", "Next target", show=False),
        Binding("shift+tab", "previous_target", "Previous target", show=False),
        Binding("left", "move(-1,0)", "←", show=False),
        Binding("right", "move(1,0)", "→", show=False),
        Binding("up", "move(0,-1)", "↑", show=False),
        Binding("down", "move(0,1)", "↓", show=False),
        Binding("enter", "choose", "Choose target", show=False),
    ]

    class TargetChosen(Message):
        """The player chose a target on the map."""

        def __init__(self, target: Target) -> None:
            self.target = target
            super().__init__()

    class CursorMoved(Message):
        """The highlighted target changed (the panel's status line describes it)."""

        def __init__(self, text: str) -> None:
            self.text = text
            super().__init__()

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.state: GameState | None = None
        self.targets: list[Target] = []
        self.cursor = 0
        self._signature: object = None
        self._grid: list[list[Cell]] = []
        self._grid_key: object = None
        self._placed: list[_Placed] = []
        self._status = ""

    # ------------------------------------------------------------------------------------ data
    def show(self, state: GameState, targets: Sequence[Target], version: int) -> None:
        """Draw ``state`` with ``targets``; redraws only when something on the board changed (not on every decision)."""
        signature = (board_key(state), tuple((x.key, x.actions) for x in targets), glyphs.ascii_mode())
        self.state = state
        if signature == self._signature:
            return
        old = self.targets[self.cursor].key if self.targets and self.cursor < len(self.targets) else None
        self._signature = signature
        self.targets = list(targets)
        keys = [x.key for x in self.targets]
        self.cursor = keys.index(old) if old in keys else 0
        self._grid_key = None
        self.refresh()
        self._moved_text()

    def _moved_text(self) -> None:
        text = self.describe_cursor()
        if text != self._status:
            self._status = text
            self.post_message(self.CursorMoved(text))

    def current_target(self) -> Target | None:
        return self.targets[self.cursor] if self.targets else None

    def describe_cursor(self) -> str:
        """The highlighted target in words (with its cost)."""
        s = self.state
        target = self.current_target()
        if s is None or target is None:
            return ""
        p = s.current_player
        if target.kind == "route":
            costs = sorted({c for a in target.actions if isinstance(a, Move) for c in [move_cost(s, a)] if c})
            cost = "/".join(str(c) for c in costs)
            return t("{route}: {cost} movement points").format(route=route_name(s, target.key), cost=cost)
        if target.kind == "province":
            prov = s.map.provinces[target.key]
            return t("{province}: produce {good}").format(province=prov.name, good=t(s.bonus[target.key]))
        name = s.map.place_name(target.key)
        if target.key in s.map.cities and any(type(a).__name__ == "Build" for a in target.actions):
            return t("{city}: build for {cost}").format(city=name, cost=build_cost_text(s, p, target.key))
        return name

    # ------------------------------------------------------------------------------------ keys
    def _moved(self) -> None:
        self._grid_key = None
        self.refresh()
        self._moved_text()

    def action_next_target(self) -> None:
        if not self.targets or self.cursor == len(self.targets) - 1:
            self.screen.focus_next()
            return
        self.cursor += 1
        self._moved()

    def action_previous_target(self) -> None:
        if not self.targets or self.cursor == 0:
            self.screen.focus_previous()
            return
        self.cursor -= 1
        self._moved()

    def action_move(self, dx: int, dy: int) -> None:
        """Move the cursor to the nearest target in direction (dx, dy)."""
        placed = {id(p.target): p for p in self._placed}
        here = placed.get(id(self.current_target())) if self.targets else None
        if here is None:
            return
        best: tuple[float, int] | None = None
        for i, target in enumerate(self.targets):
            p = placed.get(id(target))
            if p is None or i == self.cursor:
                continue
            ddx, ddy = p.x - here.x, (p.y - here.y) * 2  # a cell is about twice as tall as wide
            along = ddx * dx + ddy * dy
            if along <= 0:
                continue
            across = abs(ddx * dy) + abs(ddy * dx)
            score = along + 2 * across
            if best is None or score < best[0]:
                best = (score, i)
        if best is not None:
            self.cursor = best[1]
            self._moved()

    def action_choose(self) -> None:
        target = self.current_target()
        if target is not None:
            self.post_message(self.TargetChosen(target))

    def on_click(self, event: Click) -> None:
        """A click chooses the nearest target (within a few cells)."""
        best: tuple[int, int] | None = None
        for i, target in enumerate(self.targets):
            for p in self._placed:
                if p.target is target:
                    d = abs(p.x - event.x) + 2 * abs(p.y - event.y)
                    if best is None or d < best[0]:
                        best = (d, i)
        if best is not None and best[0] <= 6:
            self.cursor = best[1]
            self._moved()
            self.action_choose()

    # ------------------------------------------------------------------------------------ drawing
    def render_line(self, y: int) -> Strip:
        width, height = self.size
        key = (self._signature, width, height, self.cursor)
        if self._grid_key != key:
            self._grid = self.build_grid(width, height)
            self._grid_key = key
        if y >= len(self._grid):
            return Strip.blank(width)
        return row_strip(self._grid[y], width)

    def build_grid(self, width: int, height: int) -> list[list[Cell]]:
        """Lay out the whole board in a ``width`` x ``height`` character grid."""
        grid: list[list[Cell]] = [[(" ", "")] * width for _ in range(height)]
        taken = [[False] * width for _ in range(height)]
        self._placed = []
        s = self.state
        if s is None or width < 10 or height < 4:
            return grid
        gm = s.map
        points = [c.pos for c in gm.cities.values()] + [r.pos for r in gm.routes.values()] + [gm.capital_pos]
        minx, maxx = min(p[0] for p in points), max(p[0] for p in points)
        miny, maxy = min(p[1] for p in points), max(p[1] for p in points)
        name_len = 8 if width >= 140 else 6 if width >= 90 else 4 if width >= 70 else 3
        right_margin = name_len + 4

        def at(pos: tuple[float, float]) -> tuple[int, int]:
            x = round((pos[0] - minx) / ((maxx - minx) or 1) * (width - right_margin - 1))
            y = round((pos[1] - miny) / ((maxy - miny) or 1) * (height - 1))
            return x, y

        by_key = {x.key: x for x in self.targets}
        selected = self.current_target()

        def put(x: int, y: int, cells: list[Cell], claim: bool) -> None:
            for i, cell in enumerate(cells):
                if 0 <= x + i < width and 0 <= y < height:
                    grid[y][x + i] = cell
                    if claim:
                        taken[y][x + i] = True

        def free(x: int, y: int, n: int) -> bool:
            if y < 0 or y >= height or x < 0 or x + n > width:
                return False
            return not any(taken[y][x + i] for i in range(n))

        def spot(x: int, y: int, n: int) -> tuple[int, int]:
            for dy, dx in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, 2), (-1, 2), (2, 0), (-2, 0), (0, 3)):
                if free(x + dx, y + dy, n):
                    return x + dx, y + dy
            return x, y

        def target_style(key: str, base: str) -> str:
            target = by_key.get(key)
            if target is None:
                return base
            if target is selected:
                return "bold reverse"
            return f"{base} bold underline on grey23".strip()

        # routes first: cities and markers may cover a route glyph where the board is crowded
        for rid, route in gm.routes.items():
            x, y = at(route.pos)
            owner = s.routes.get(rid)
            if owner is not None:
                cell = (glyphs.player_letter(owner), f"bold {glyphs.player_colour(owner)}")
            elif route.kind == "land":
                cell = (glyphs.glyph("land_route"), "bright_black" if route.stop else "grey30")
            else:
                cell = (glyphs.glyph("sea_route"), "blue")
            target = by_key.get(rid)
            if target is not None:
                costs = [c for a in target.actions if isinstance(a, Move) for c in [move_cost(s, a)] if c]
                digit = str(min(costs)) if costs else "?"
                cell = (digit[-1], target_style(rid, "bold yellow"))
                self._placed.append(_Placed(target, x, y))
            put(x, y, [cell], claim=False)

        # the capital
        colonists_at: dict[str, list[int]] = {}
        for q, pl in enumerate(s.players):
            for _kind, loc in pl.colonists:
                if loc not in gm.routes:
                    colonists_at.setdefault(loc, []).append(q)
        capital_cells = self._label(gm.capital, gm.capital_name, name_len, "", [], colonists_at, target_style)
        cx, cy = spot(*at(gm.capital_pos), len(capital_cells))
        put(cx, cy, capital_cells, claim=True)
        if gm.capital in by_key:
            self._placed.append(_Placed(by_key[gm.capital], cx, cy))

        # cities
        owners: dict[str, list[int]] = {}
        for q, pl in enumerate(s.players):
            for c in pl.houses:
                owners.setdefault(c, []).append(q)
        for cid, city in gm.cities.items():
            cells = self._label(cid, city.name, name_len, s.tiles.get(cid, ""), owners.get(cid, []), colonists_at,
                                target_style)
            x, y = spot(*at(city.pos), len(cells))
            put(x, y, cells, claim=True)
            if cid in by_key:
                self._placed.append(_Placed(by_key[cid], x, y))

        # province bonus markers, near the middle of their cities
        coins = model.components().bonus_coins
        for pid, prov in gm.provinces.items():
            xs = [at(gm.cities[c].pos) for c in prov.cities]
            mx, my = sum(p[0] for p in xs) // len(xs), sum(p[1] for p in xs) // len(xs)
            good = s.bonus.get(pid, GOODS[0])
            if pid in s.active_markers:
                text = glyphs.glyph("marker_goods") + glyphs.good_letter(good)
                style = f"bold {glyphs.good_colour(good)}"
            else:
                text = glyphs.glyph("marker_coins") + str(coins[good])
                style = "yellow"
            style = target_style(pid, style)
            x, y = spot(mx, my + 1, len(text))
            put(x, y, [(ch, style) for ch in text], claim=True)
            if pid in by_key:
                self._placed.append(_Placed(by_key[pid], x, y))
        return grid

    def _label(
        self,
        key: str,
        name: str,
        name_len: int,
        good: str,
        houses: list[int],
        colonists_at: dict[str, list[int]],
        target_style: Callable[[str, str], str],
    ) -> list[Cell]:
        """A city's cells: name, good letter, house owners, colonists standing in it."""
        style_for = target_style
        short = name[:name_len].capitalize() if name_len < len(name) else name.capitalize()
        cells: list[Cell] = []
        selected = self.current_target()
        if selected is not None and selected.key == key:
            cells.append((glyphs.glyph("cursor")[0], "bold yellow"))
        if not good:
            cells.append((glyphs.glyph("capital"), "bold yellow"))
            cells.append((" ", ""))
        name_style = style_for(key, "bold white" if not good else "white")
        cells.extend((ch, name_style) for ch in short)
        if good:
            cells.append((" ", ""))
            cells.append((glyphs.good_letter(good), f"bold {glyphs.good_colour(good)}"))
        if houses:
            cells.append((glyphs.glyph("house"), "white"))
        for q in sorted(houses):
            cells.append((glyphs.player_letter(q), f"bold {glyphs.player_colour(q)}"))
        people = sorted(colonists_at.get(key, []))
        if people:
            cells.append((glyphs.glyph("colonist"), "white"))
            cells.extend((glyphs.player_letter(q).lower(), glyphs.player_colour(q)) for q in people)
        return cells
