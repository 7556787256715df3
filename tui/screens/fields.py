"""Small form widgets of the app's own screens that also work in ASCII mode and without colour."""

from __future__ import annotations

from textual.widgets import Checkbox

from tui import glyphs


class Tick(Checkbox):
    """A checkbox whose state is a mark, not only a colour: ``[X]`` / ``[ ]`` in ASCII mode, ``▐X▌`` / ``▐ ▌``."""

    @property  # type: ignore[override]
    def BUTTON_LEFT(self) -> str:
        return "[" if glyphs.ascii_mode() else "▐"

    @property  # type: ignore[override]
    def BUTTON_RIGHT(self) -> str:
        return "]" if glyphs.ascii_mode() else "▌"

    @property  # type: ignore[override]
    def BUTTON_INNER(self) -> str:
        return "X" if self.value else " "
