"""A scrollable stack of one-line ``Text``s, each turned into a Strip only when first shown.

The base of the log and the compact map list: much cheaper than a ``Static`` holding one long Text (which
is converted and wrapped as a whole on every repaint), and lines can be appended or cut off at the end.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip


class TextLines(ScrollView, can_focus=True):
    """Lines of text; ``set_text`` replaces them, ``append``/``truncate`` change the end."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[Text] = []
        self.starts: list[int] = []
        """Index of the first line of each appended block."""
        self._strips: dict[int, Strip] = {}
        self._widest = 0

    def set_text(self, text: Text) -> None:
        """Show ``text`` (split at newlines) instead of everything before."""
        self.lines, self.starts, self._strips, self._widest = [], [], {}, 0
        self.append(text)
        self.changed()

    def append(self, text: Text) -> None:
        """Add a block of lines at the end (call ``changed`` after a batch)."""
        self.starts.append(len(self.lines))
        for line in text.split("\n"):
            self.lines.append(line)
            self._widest = max(self._widest, line.cell_len)

    def truncate(self, blocks: int) -> None:
        """Keep the first ``blocks`` blocks (call ``changed`` afterwards)."""
        if blocks >= len(self.starts):
            return
        cut = self.starts[blocks]
        del self.lines[cut:]
        del self.starts[blocks:]
        self._strips = {i: strip for i, strip in self._strips.items() if i < cut}

    CHUNK = 64
    """The virtual height grows and shrinks in steps of this many lines: a new line then rarely changes the
    widget's size, which would cost a layout of the whole screen on every decision. (The width stays exact:
    a wider virtual size than the panel would show a horizontal scrollbar.)"""

    def changed(self, scroll_end: bool = False) -> None:
        rows = max(1, -(-len(self.lines) // self.CHUNK)) * self.CHUNK
        if self.virtual_size != Size(self._widest, rows):
            self.virtual_size = Size(self._widest, rows)
        if scroll_end:
            height = self.scrollable_content_region.height
            self.scroll_to(y=max(0, len(self.lines) - height), animate=False, immediate=True)
        self.refresh()

    @property
    def max_scroll_y(self) -> int:
        """Scrolling stops at the last line, not at the end of the rounded-up virtual height."""
        return max(0, len(self.lines) - (self.container_size.height - self.scrollbar_size_horizontal))

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.scrollable_content_region.width
        if index >= len(self.lines):
            return Strip.blank(width)
        strip = self._strips.get(index)
        if strip is None:
            line = self.lines[index]
            strip = Strip(list(line.render(self.app.console)), line.cell_len)
            self._strips[index] = strip
        return strip.crop(scroll_x, scroll_x + width).extend_cell_length(width)
