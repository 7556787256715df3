"""The key help overlay of the Massilia screen: the rules chapter "Playing in the app" (keys and symbols)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from tui import glyphs
from tui.i18n import language


def help_text() -> str:
    """The "Playing in the app" chapter in the current language."""
    from .rules import pages

    chapter = next(p for p in pages(language()) if p.key == "app")
    return f"# {chapter.title}\n\n{getattr(chapter, 'text', '')}"


class HelpScreen(ModalScreen[None]):
    """Keys and symbols; any of Escape, q, ? or F1 closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 96%; max-width: 100; height: auto; max-height: 96%;
        border: round $accent; background: $surface; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "close", "Close"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(glyphs.shown(help_text()), id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)
