"""The key footer of every screen: the keys that fit the terminal's width, each whole.

Textual's ``Footer`` lays its keys out in one row and cuts the row at the screen's edge, so at 80 columns a
German game footer ended in "f2 Speich". Here the keys are shown in their order as long as they fit and the
rest are left out whole, from the right (a screen lists its most used keys first). A key left out still works,
and the help overlay (``?``) names every key of a game screen.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def key_width(key: FooterKey, compact: bool) -> int:
    """The cells ``key`` takes in the row: its key and description with their padding (Textual's footer
    style: `` k Desc `` or, compact, ``k Desc``)."""
    width = cell_len(key.key_display)
    if key.description:
        width += cell_len(key.description) + 1
    return width if compact else width + 2


def fitting(widgets: Iterable[Widget], room: int, compact: bool) -> list[Widget]:
    """The leading ``widgets`` that fit in ``room`` cells (anything but a key is kept and counted as 0)."""
    kept: list[Widget] = []
    used = 0
    for widget in widgets:
        if isinstance(widget, FooterKey):
            need = key_width(widget, compact)
            if used + need > room:
                break
            used += need
        kept.append(widget)
    return kept


class FittingFooter(Footer):
    """A ``Footer`` that leaves out the keys that do not fit instead of cutting the last one."""

    def __init__(self, *, id: str | None = None, compact: bool = False) -> None:
        super().__init__(id=id, compact=compact)
        self._laid_out_for = -1
        self.left_out: list[tuple[str, str]] = []
        """The keys (shown key, description) left out at the last layout: the help overlay names them."""

    def compose(self) -> ComposeResult:
        room = self.app.size.width
        self._laid_out_for = room
        every = list(super().compose())
        widgets = fitting(every, room, self.compact)
        self.left_out = [(w.key_display, w.description) for w in every[len(widgets):] if isinstance(w, FooterKey)]
        keys = sum(isinstance(w, FooterKey) for w in widgets)
        if keys:
            self.styles.grid_size_columns = keys
        yield from widgets

    def watch_compact(self, compact: bool) -> None:
        """Compact keys take fewer cells: keys left out may fit now (and the other way round)."""
        if self._bindings_ready and self.is_attached:
            self.call_after_refresh(self.recompose)

    def on_resize(self, event: events.Resize) -> None:
        if self.app.size.width != self._laid_out_for and self._bindings_ready:
            self.call_after_refresh(self.recompose)
