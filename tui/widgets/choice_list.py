"""The prompt's list of choices: a line per choice, a highlighted cursor, Enter or a click to choose.

A lighter cousin of Textual's ``OptionList`` (which measures every option on each change): the rows are
worked out once per decision and width, so a new decision costs one repaint of this widget only. A choice may
come with shorter forms of its words (``set_choices(labels, shorts)``): a line too long for the list's width
shows the first shorter form that fits, so a price is never split while a shorter wording of it would fit;
when none fits, the (shortest) words wrap between words onto indented rows instead of being cut (issue 31:
``(you get 1 cl…`` at 80x24).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui import glyphs

_CURSOR = Style(reverse=True, bold=True)
_PLAIN = Style()


class ChoiceList(ScrollView, can_focus=True):
    """Choices as lines; ``highlighted`` is the cursor; Enter (or a click) posts ``Selected``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("pageup", "move(-10)", "Page up", show=False),
        Binding("pagedown", "move(10)", "Page down", show=False),
        Binding("enter", "select", "Choose", show=False),
    ]

    DEFAULT_CSS = """
    ChoiceList { height: 1fr; }
    """

    class Selected(Message):
        """The choice at ``index`` was chosen."""

        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    class Highlighted(Message):
        """The cursor moved to the choice at ``index`` (the map lights what it acts on)."""

        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.labels: list[str] = []
        self.shorts: list[tuple[str, ...]] = []
        """Per choice, shorter forms of its label, longest first (may be empty)."""
        self._highlighted = 0
        self._rows: list[tuple[int, str]] = []
        """Per row of the list: the choice it belongs to and its words (a long choice has several rows)."""
        self._first: list[int] = []
        """Per choice, its first row."""
        self._rows_width = -1
        self.footer: Callable[[int, int], Sequence[Text]] | None = None
        """Lines drawn in the rows the choices leave free, below a blank row: ``footer(width, rows)`` gives at
        most ``rows`` lines of at most ``width`` cells (a game's recap of the others' turns). Drawing them
        changes no size, so it needs no new screen layout."""
        self._footer_lines: tuple[object, list[Strip]] = (None, [])

    def _layout(self) -> None:
        """The rows for the current labels and width (a choice's words wrapped between words, indented)."""
        width = self.scrollable_content_region.width
        self._rows_width = width
        self._rows, self._first = [], []
        for index in range(len(self.labels)):
            self._first.append(len(self._rows))
            label = self.fitting_label(index, width - 2)
            for line in _wrap(label, width - 2, width - 4):
                self._rows.append((index, line))
        height = max(len(self._rows), self.scrollable_content_region.height)
        if self.virtual_size != Size(0, height):
            self.virtual_size = Size(0, height)

    def _ensure_rows(self) -> None:
        if self._rows_width != self.scrollable_content_region.width:
            self._layout()

    def _span(self, index: int) -> tuple[int, int]:
        """The first and last row of choice ``index``."""
        self._ensure_rows()
        first = self._first[index]
        end = self._first[index + 1] if index + 1 < len(self._first) else len(self._rows)
        return first, end - 1

    @property
    def option_count(self) -> int:
        return len(self.labels)

    @property
    def highlighted(self) -> int:
        return self._highlighted

    @highlighted.setter
    def highlighted(self, index: int) -> None:
        if not self.labels:
            self._highlighted = 0
            return
        index = max(0, min(index, len(self.labels) - 1))
        if index != self._highlighted:
            self._highlighted = index
            self.refresh()
            self.post_message(self.Highlighted(index))
        first, last = self._span(index)
        top, height = self.scroll_offset.y, self.scrollable_content_region.height
        if first < top:
            top = first
        elif last >= top + height:
            top = max(first if last - first >= height else last - height + 1, 0)
        self.scroll_to(y=top, animate=False, immediate=True)

    def set_choices(self, labels: Sequence[str], shorts: Sequence[Sequence[str]] = ()) -> None:
        self.labels = list(labels)
        self.shorts = [tuple(x) for x in shorts]
        self._highlighted = 0
        # A list that fits keeps the virtual height of the visible region: then a new decision changes no size
        # and needs no new screen layout.
        self._layout()
        self.scroll_to(0, 0, animate=False, immediate=True)
        self.refresh()
        if self.labels:
            self.post_message(self.Highlighted(0))

    def set_footer(self, footer: Callable[[int, int], Sequence[Text]] | None) -> None:
        """Draw ``footer`` in the free rows (None: nothing); called again when its lines change."""
        self.footer = footer
        self._footer_lines = (None, [])
        self.refresh()

    @property
    def footer_rows(self) -> int:
        """How many rows the choices leave free for the footer (below the blank row after them)."""
        self._ensure_rows()
        gap = 1 if self._rows else 0
        return max(0, self.scrollable_content_region.height - len(self._rows) - gap)

    def _footer_strip(self, index: int, width: int) -> Strip:
        rows = self.footer_rows
        key = (width, rows, self.footer)
        if self._footer_lines[0] != key:
            lines = list(self.footer(width, rows)) if self.footer is not None and rows > 0 else []
            strips = []
            for line in lines[:rows]:
                line = line.copy()
                line.truncate(width, overflow="crop", pad=True)
                strips.append(Strip(list(line.render(self.app.console)), width))
            self._footer_lines = (key, strips)
        strips = self._footer_lines[1]
        return strips[index] if 0 <= index < len(strips) else Strip.blank(width)

    def render_line(self, y: int) -> Strip:
        self._ensure_rows()
        row = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        if row >= len(self._rows):
            if self.footer is not None and self.scroll_offset.y == 0:
                return self._footer_strip(row - len(self._rows) - (1 if self._rows else 0), width)
            return Strip.blank(width)
        index, words = self._rows[row]
        selected = index == self._highlighted
        head = self._first[index] == row
        marker = glyphs.glyph("cursor")[0] if selected and self.has_focus and head else " "
        text = Text(f"{marker} {words}" if head else f"    {words}", no_wrap=True)
        if glyphs.ascii_mode() and text.cell_len > width:  # rich's ellipsis is "…", which ASCII mode must not show
            text.truncate(max(0, width - 3), overflow="crop")
            text.append("..."[:width])
        text.truncate(width, overflow="crop" if glyphs.ascii_mode() else "ellipsis", pad=True)
        style = _CURSOR if selected else _PLAIN
        return Strip([Segment(text.plain, style)], width)

    def fitting_label(self, index: int, width: int) -> str:
        """The label of choice ``index``, or its first shorter form within ``width`` cells (else the shortest)."""
        label = self.labels[index]
        shorter = self.shorts[index] if index < len(self.shorts) else ()
        if Text(label).cell_len <= width or not shorter:
            return label
        return next((x for x in shorter if Text(x).cell_len <= width), shorter[-1])

    def action_move(self, delta: int) -> None:
        self.highlighted = self._highlighted + delta

    def action_jump(self, index: int) -> None:
        self.highlighted = index if index >= 0 else len(self.labels) - 1

    def action_select(self) -> None:
        if self.labels:
            self.post_message(self.Selected(self._highlighted))

    def on_click(self, event: Click) -> None:
        self._ensure_rows()
        row = self.scroll_offset.y + event.y
        if 0 <= row < len(self._rows):
            self.highlighted = self._rows[row][0]
            self.action_select()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_resize(self) -> None:
        """A list that shrinks (a hint opens under it) scrolls so that its cursor row stays in view."""
        if self.labels:
            self._ensure_rows()
            self.highlighted = self._highlighted


def _wrap(words: str, first: int, rest: int) -> list[str]:
    """``words`` in lines of at most ``first`` cells, then ``rest`` cells, broken between words (a word longer
    than a line is left for the line's end to cut)."""
    lines: list[str] = []
    line = ""
    for word in words.split(" "):
        room = first if not lines else rest
        if line and Text(line + " " + word).cell_len > room:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines
