"""The one help overlay of every game: the keys and signs a game explains (``GameUI.help``), in a frame that
scrolls; Escape, Enter, q, ? or F1 closes it.

A game gives the parts to show, in the current language: Rich renderables (a table of keys, a legend) or
widgets (a Markdown chapter of its rules); the frame, the keys and the closing are the shell's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static


class HelpScreen(ModalScreen[None]):
    """Keys and symbols in the game's words (``parts``); any of Escape, Enter, q, ? or F1 closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 96%; max-width: 112; height: auto; max-height: 96%;
        border: thick $accent; background: $surface; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("enter,q,question_mark,f1", "close", "Close", show=False),
    ]

    def __init__(self, parts: Sequence[Any]) -> None:
        super().__init__()
        self.parts = list(parts)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            for part in self.parts:
                yield part if isinstance(part, Widget) else Static(part)

    def action_close(self) -> None:
        self.dismiss(None)
