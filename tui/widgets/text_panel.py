"""A panel that shows one ``rich.text.Text``: the base of the hand, market, players, storehouse and list views.

Unlike ``Static.update`` (which always asks for a new layout of the whole screen), ``show_text`` repaints only
this panel when the number of lines stays the same: over SSH and on every bot decision that matters.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget


class TextPanel(Widget):
    """Shows a Text; relayouts the screen only when its height changes."""

    DEFAULT_CSS = """
    TextPanel { height: auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._text = Text()
        self._lines = 1

    def render(self) -> Text:
        return self._text

    @property
    def lines(self) -> int:
        """How many lines the shown text takes at the panel's width (as last measured by ``show_text``)."""
        return self._lines

    def show_text(self, text: Text) -> None:
        """Show ``text``; a new screen layout only when an auto-height panel gets more or fewer lines."""
        if text == self._text:
            return
        self._text = text
        width = max(1, self.content_region.width or self.size.width or 80)
        lines = sum(max(1, -(-cell_len(line) // width)) for line in text.plain.split("\n"))
        height = self.styles.height
        auto = height is None or height.is_auto
        # Only growing needs a new layout: fewer lines just leave blank rows until the next layout, which
        # saves a whole-screen layout on most decisions (the hand shrinks by a card on every play).
        room = self.content_region.height
        self.refresh(layout=auto and lines != self._lines and (lines > room or room == 0))
        self._lines = lines
