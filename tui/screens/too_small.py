"""The screen shown while the terminal is smaller than the screen below it needs (it says how big it must be)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.i18n import t


class TooSmallScreen(ModalScreen[None]):
    """"Terminal too small: needs at least W×H"; it goes away by itself when the terminal grows."""

    MIN_SIZE = (1, 1)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "app.quit", "Quit", priority=True)]

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.need = (width, height)

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="too-small")

    def _text(self) -> str:
        w, h = self.need
        size = self.app.size
        return (
            f"{t('Terminal too small')}: {size.width}x{size.height}\n"
            f"{t('This screen needs at least')} {w}x{h}.\n"
            f"{t('Enlarge the window (or press Ctrl+Q to quit).')}"
        )

    def update(self, width: int, height: int) -> None:
        """Show what the screen now needs (a size check can come before the text is composed: it then shows
        ``need`` when it is)."""
        self.need = (width, height)
        for text in self.query("#too-small").results(Static):
            text.update(self._text())

    def on_resize(self) -> None:
        for text in self.query("#too-small").results(Static):
            text.update(self._text())
