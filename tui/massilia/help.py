"""What the shell's help overlay (``tui.help_screen``) shows for Massilia: the rules chapter "Playing in the
app" (keys and symbols)."""

from __future__ import annotations

from typing import Any

from textual.widgets import Markdown

from tui import glyphs
from tui.i18n import language


def help_text() -> str:
    """The "Playing in the app" chapter in the current language."""
    from .rules import pages

    chapter = next(p for p in pages(language()) if p.key == "app")
    return f"# {chapter.title}\n\n{getattr(chapter, 'text', '')}"


def help_parts() -> list[Any]:
    """``GameUI.help``: the "Playing in the app" chapter, as the shell's help overlay shows it."""
    return [Markdown(glyphs.shown(help_text()), id="help-text")]
