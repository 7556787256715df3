"""The map panel: the board drawn from its fixed layout (``tui.concordia.board``), a look cursor and the targets.

Cities, route lines, colonist spaces, province names and bonus markers sit at fixed cells that never move
during a game; owners are seat digits in the seat's colour. The look cursor (arrows, the mouse) describes
what is under it in the status line; Tab and Shift+Tab go round the legal targets (wrapping), Enter or a
click chooses the target under the cursor, Esc goes back to the decision list. When the board does not fit
the panel the window follows the cursor (the mouse wheel pans, sideways too), ``o`` shows an overview,
``z`` changes the scale and ``n`` the legend of abbreviated names. Only rows whose cells changed are
repainted.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding, BindingType
from textual.events import Click, MouseScrollDown, MouseScrollLeft, MouseScrollRight, MouseScrollUp, Resize
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from engine.concordia import GameState, model
from engine.concordia.actions import Move
from engine.concordia.rules import architect
from tui import glyphs
from tui.concordia.board.look import anchor, describe_parts, fit, nearest_key
from tui.concordia.board.render import Marks, Styled
from tui.concordia.board.store import layouts_for
from tui.concordia.board.view import BoardView
from tui.concordia.widgets.targets import Target
from tui.i18n import t, tn

REACH_STEPS = 6
"""Routes from here counts this many steps at most (an Architect with six colonists on the board)."""

Cell = Styled
"""A character and its style text."""


@lru_cache(maxsize=512)
def _style(text: str) -> Style:
    return Style.parse(text) if text else Style()


def board_key(s: GameState) -> tuple[object, ...]:
    """Everything the map draws from the state: the drawing is rebuilt only when this changes."""
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
    """The board with a look cursor and selectable legal targets."""

    DEFAULT_CSS = """
    MapView { height: 1fr; min-height: 6; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "next_target(1)", "Next target", show=False),
        Binding("shift+tab", "next_target(-1)", "Previous target", show=False),
        Binding("left", "move(-1,0)", "←", show=False),
        Binding("right", "move(1,0)", "→", show=False),
        Binding("up", "move(0,-1)", "↑", show=False),
        Binding("down", "move(0,1)", "↓", show=False),
        Binding("shift+left", "move(-8,0)", show=False),
        Binding("shift+right", "move(8,0)", show=False),
        Binding("shift+up", "move(0,-4)", show=False),
        Binding("shift+down", "move(0,4)", show=False),
        Binding("enter", "choose", "Choose", show=False),
        Binding("space", "choose", "Choose", show=False),
        Binding("escape", "back", "Back to the list", show=False),
        Binding("o", "overview", "Overview", show=False),
        Binding("z", "zoom", "Zoom", show=False),
        Binding("n", "legend", "Legend", show=False),
        Binding("r", "reach", "Routes from here", show=False),
    ]

    class TargetChosen(Message):
        """The player chose a target on the map."""

        def __init__(self, target: Target) -> None:
            self.target = target
            super().__init__()

    class CursorMoved(Message):
        """The look cursor moved: ``text`` describes what is under it, ``key`` is the target there (if any)."""

        def __init__(self, text: str, key: str | None = None, by_player: bool = True) -> None:
            self.text = text
            self.key = key
            self.by_player = by_player
            super().__init__()

    class Back(Message):
        """Esc on the map: back to the decision list."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.state: GameState | None = None
        self.targets: list[Target] = []
        self.names: tuple[str, ...] = ()
        self.reader: int | None = None
        """The seat whose screen this is: the look line prices a house for them (None: for no one)."""
        self.view: BoardView | None = None
        self.lit: frozenset[str] = frozenset()
        self.reach = False
        """Routes from here (``r``): every route coloured by its steps from the place under the cursor."""
        self._reach_from: str | None = None
        self._board: tuple[str, str] | None = None
        self._signature: object = None
        self._rows: list[list[Cell]] = []
        self._strips: dict[int, Strip] = {}
        self._status = ""
        self.repainted: list[int] = []
        """Rows repainted by the last redraw (a cursor step repaints only the rows that changed)."""

    # ------------------------------------------------------------------------------------ data
    def show(self, state: GameState, targets: Sequence[Target], version: int, names: Sequence[str] = (),
             reader: int | None = None) -> None:
        """Draw ``state`` with ``targets`` for the reader in seat ``reader``; redraws only when something on the
        board changed."""
        self.state = state
        self.names = tuple(names)
        self.reader = reader
        gm = state.map
        if self._board != (gm.id, gm.variant) or self.view is None:
            self._board = (gm.id, gm.variant)
            self.view = BoardView(layouts_for(gm))
            self.view.resize(max(1, self.size.width), max(1, self.size.height))
            self.view.go(gm.capital)
            self.view.centre()
        signature = (board_key(state), tuple((x.key, x.actions) for x in targets), glyphs.ascii_mode())
        if signature == self._signature:
            return
        self._signature = signature
        self.targets = list(targets)
        self.lit = frozenset()
        self.redraw()
        self._moved_text(by_player=False)

    def current_target(self) -> Target | None:
        """The legal target under the look cursor, if any."""
        key = self.key_under_cursor()
        for target in self.targets:
            if target.key == key:
                return target
        return None

    def key_under_cursor(self) -> str | None:
        if self.view is None or self.state is None:
            return None
        return self.view.key_under_cursor(self.state)

    def describe_cursor(self, prefix: bool = True, short: bool = False, width: int | None = None) -> str:
        """What is under the look cursor, in words (with the price or steps when it is a target; ``prefix``:
        starting with "Enter →" when Enter would choose it; ``short``: the price in the goods' letters;
        ``width``: leave out the least telling parts until the line fits). On a blank cell or a crossing it
        names the nearest place or route, so the line is never empty while the cursor is on the board."""
        if self.state is None or self.view is None:
            return ""
        key = self.key_under_cursor()
        target = self.current_target()
        moves = [a for a in target.actions if isinstance(a, Move)] if target is not None else []
        parts = describe_parts(self.state, key, self.names, moves, short, self.reader)
        origin = self.reach_origin() if self.reach else None
        if origin is not None and key in self.state.map.routes and not moves:  # a move's own steps come first
            n = self.steps().get(key)
            place = self.state.map.place_name(origin)
            far = (tn("{n} step from {place}", "{n} steps from {place}", n).format(n=n, place=place) if n
                   else t("more than {n} steps from {place}").format(n=REACH_STEPS, place=place))
            parts.insert(1, far)
        elif origin is not None and key == origin:  # last: a narrow line drops it before the province
            parts.append(t("routes from here: green 1 step, yellow 2, orange 3, pink 4+"))
        if not parts:
            near = nearest_key(self.view.layout, self.state, self.view.cursor)
            near_parts = describe_parts(self.state, near, self.names, (), short, self.reader)
            if near_parts:
                parts = [t("near {place}").format(place=near_parts[0]), *near_parts[1:]]
        lead = t("Enter") + " " + glyphs.glyph("arrow") + " " if target is not None and prefix else ""
        if width is None:
            return lead + " · ".join(parts)
        return lead + fit(parts, max(1, width - len(lead)))

    def light(self, keys: Sequence[str]) -> None:
        """Light the places the decision list's row acts on and bring the first into view."""
        new = frozenset(keys)
        if new == self.lit:
            return
        self.lit = new
        view = self.view
        if view is not None and keys and self.key_under_cursor() not in new:
            view.go(keys[0])
        self.redraw()
        self._moved_text(by_player=False)

    def _moved_text(self, by_player: bool = True) -> None:
        text = self.describe_cursor()
        if text != self._status or by_player:
            self._status = text
            self.post_message(self.CursorMoved(text, self.key_under_cursor(), by_player))

    # ------------------------------------------------------------------------------------ keys and mouse
    def _cursor_changed(self) -> None:
        self.redraw()
        self._moved_text()

    def action_move(self, dx: int, dy: int) -> None:
        if self.view is None:
            return
        if self.view.legend:
            self.view.legend_page += 1 if dx + dy > 0 else -1
            self.redraw()
            return
        if self.view.overview:
            self.view.pan(dx * 4, dy * 2)
        else:
            self.view.move(dx, dy)
        self._cursor_changed()

    def action_next_target(self, step: int) -> None:
        """The next (or previous) legal target, wrapping round; without targets, the next city."""
        view = self.view
        keys = self.tab_order()
        if view is None or not keys:
            return
        here = self.key_under_cursor()
        i = keys.index(here) + step if here in keys else (0 if step > 0 else -1)
        view.overview = False
        view.go(keys[i % len(keys)])
        self._cursor_changed()

    def tab_order(self) -> list[str]:
        """The keys Tab goes through, in reading order on the map (top to bottom, left to right): the legal
        targets, or the cities when there are none."""
        view, s = self.view, self.state
        if view is None or s is None:
            return []
        lay = view.layout
        keys = [x.key for x in self.targets] or [k for k in lay.places if k in s.map.cities or k == s.map.capital]

        def where(key: str) -> tuple[int, int]:
            spot = anchor(lay, key) or (0, 0)
            return spot[1], spot[0]

        return sorted(keys, key=where)

    def action_choose(self) -> None:
        if self.view is not None and self.view.overview:
            self.view.overview = False
            self._cursor_changed()
            return
        target = self.current_target()
        if target is None:
            self.app.bell()
            return
        self.post_message(self.TargetChosen(target))

    def action_back(self) -> None:
        if self.view is not None and (self.view.overview or self.view.legend):
            self.view.overview = self.view.legend = False
            self.redraw()
            return
        self.post_message(self.Back())

    def action_overview(self) -> None:
        if self.view is not None:
            self.view.overview = not self.view.overview
            self.view.legend = False
            self.redraw()

    def action_zoom(self) -> None:
        if self.view is not None:
            self.view.cycle_zoom()
            self.view.overview = False
            self._cursor_changed()

    def action_legend(self) -> None:
        if self.view is not None:
            self.view.legend = not self.view.legend
            self.redraw()

    def on_click(self, event: Click) -> None:
        """A click puts the look cursor there and chooses the target under it, if any."""
        view = self.view
        if view is None:
            return
        cell = view.at_panel(event.x, event.y)
        lay = view.layout
        view.cursor = (max(0, min(lay.width - 1, cell[0])), max(0, min(lay.height - 1, cell[1])))
        was_overview = view.overview
        view.overview = False
        view.follow()
        self._cursor_changed()
        if not was_overview and self.current_target() is not None:
            self.action_choose()

    def on_mouse_scroll_down(self, event: MouseScrollDown) -> None:
        if self.view is not None:
            self.view.pan(0, 3)
            self._cursor_changed()

    def on_mouse_scroll_up(self, event: MouseScrollUp) -> None:
        if self.view is not None:
            self.view.pan(0, -3)
            self._cursor_changed()

    def on_mouse_scroll_left(self, event: MouseScrollLeft) -> None:
        if self.view is not None:
            self.view.pan(-6, 0)
            self._cursor_changed()

    def on_mouse_scroll_right(self, event: MouseScrollRight) -> None:
        if self.view is not None:
            self.view.pan(6, 0)
            self._cursor_changed()

    def on_focus(self) -> None:
        self.redraw()

    def on_blur(self) -> None:
        self.redraw()

    def on_resize(self, event: Resize) -> None:
        if self.view is not None:
            self.view.resize(event.size.width, event.size.height)
            self.view.centre()
        self._rows = []
        self.redraw()

    # ------------------------------------------------------------------------------------ drawing
    def marks(self) -> Marks:
        gm = self.state.map if self.state is not None else None
        cities_of = {k: tuple(gm.provinces[k].cities) for k in self.lit if k in gm.provinces} if gm else {}
        return Marks(targets=frozenset(x.key for x in self.targets), lit=self.lit, steps=self.steps(),
                     cities_of=cities_of)

    def reach_origin(self) -> str | None:
        """The place routes are counted from while ``r`` is on: the last city or capital the cursor stood on
        (when ``r`` was pressed off a place, the nearest one), so the cursor can walk the routes and read each
        one's steps from it."""
        s, view = self.state, self.view
        if s is None or view is None or not self.reach:
            return None
        gm = s.map
        key = self.key_under_cursor()
        if key in gm.cities or key in gm.capitals:
            self._reach_from = key
        elif self._reach_from is None or (self._reach_from not in gm.cities and self._reach_from not in gm.capitals):
            near = nearest_key(view.layout, s, view.cursor)
            self._reach_from = near if near in gm.cities or near in gm.capitals else None
        return self._reach_from

    def steps(self) -> dict[str, int]:
        """Route -> steps from the reach origin, for land routes and sea routes each (the engine's distances,
        as an Architect's move counts them), up to ``REACH_STEPS``; empty while ``r`` is off."""
        s = self.state
        origin = self.reach_origin() if self.reach else None
        if s is None or origin is None:
            return {}
        out: dict[str, int] = {}
        for kind in (model.LAND, model.SEA):
            out.update(architect.distances(s, kind, origin, REACH_STEPS))
        return out

    def action_reach(self) -> None:
        """``r``: routes from here on or off."""
        self.reach = not self.reach
        self._reach_from = None
        self._cursor_changed()

    def redraw(self) -> None:
        """Draw again and repaint only the rows that changed."""
        view, s = self.view, self.state
        if view is None or s is None:
            return
        width, height = self.size
        if (view.width, view.height) != (width, height):
            view.resize(width, height)
        marks = self.marks()
        rows = view.rows(s, marks, cursor=self.has_focus)
        old = self._rows
        if len(old) != len(rows) or any(len(a) != len(b) for a, b in zip(old, rows, strict=False)):
            changed = list(range(len(rows)))
        else:
            changed = [y for y, (a, b) in enumerate(zip(old, rows, strict=True)) if a != b]
        self._rows = rows
        for y in changed:
            self._strips.pop(y, None)
        self.repainted = changed
        if len(changed) == len(rows):
            self.refresh()
        else:
            for y in changed:
                self.refresh(Region(0, y, width, 1))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y >= len(self._rows):
            return Strip.blank(width)
        strip = self._strips.get(y)
        if strip is None:
            strip = row_strip(self._rows[y], width)
            self._strips[y] = strip
        return strip
