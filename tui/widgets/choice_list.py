"""The prompt's list of choices: one line per choice, a highlighted cursor, Enter or a click to choose.

A lighter cousin of Textual's ``OptionList`` (which measures and wraps every option on each change): every
choice is one line, cut with an ellipsis, so a new decision costs one repaint of this widget only. A choice may
come with shorter forms of its words (``set_choices(labels, shorts)``): a line too long for the list's width
shows the first shorter form that fits (the last one, cut, when none does), so a price is never cut in its
middle while a shorter wording of it would fit.
"""

from __future__ import annotations

from collections.abc import Sequence
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
            self.refresh_line(self._highlighted - self.scroll_offset.y)
            self._highlighted = index
            self.refresh_line(index - self.scroll_offset.y)
            self.post_message(self.Highlighted(index))
        self.scroll_to(y=max(0, min(self.scroll_offset.y, index)) if index < self.scroll_offset.y else
                       max(self.scroll_offset.y, index - self.scrollable_content_region.height + 1),
                       animate=False, immediate=True)

    def set_choices(self, labels: Sequence[str], shorts: Sequence[Sequence[str]] = ()) -> None:
        self.labels = list(labels)
        self.shorts = [tuple(x) for x in shorts]
        self._highlighted = 0
        # Lines are cut with an ellipsis (no horizontal scrolling), and a list that fits keeps the virtual
        # height of the visible region: then a new decision changes no size and needs no new screen layout.
        height = max(len(self.labels), self.scrollable_content_region.height)
        if self.virtual_size != Size(0, height):
            self.virtual_size = Size(0, height)
        self.scroll_to(0, 0, animate=False, immediate=True)
        self.refresh()
        if self.labels:
            self.post_message(self.Highlighted(0))

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        if index >= len(self.labels):
            return Strip.blank(width)
        selected = index == self._highlighted
        marker = glyphs.glyph("cursor")[0] if selected and self.has_focus else " "
        text = Text(f"{marker} {self.fitting_label(index, width - 2)}", no_wrap=True)
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
        index = self.scroll_offset.y + event.y
        if 0 <= index < len(self.labels):
            self.highlighted = index
            self.action_select()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_resize(self) -> None:
        """A list that shrinks (a hint opens under it) scrolls so that its cursor row stays in view."""
        if self.labels:
            self.highlighted = self._highlighted
