"""The log panel: every decision of every player in words with what it caused, scrollable.

The last bot turn stands out in a highlighted box above the scrolling log, so a player who looked away sees
at once what the bots did.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from tui import glyphs
from tui.i18n import t
from tui.session import LogEntry
from tui.widgets.text_lines import TextLines


def entry_text(entry: LogEntry, names: Sequence[str]) -> Text:
    out = Text()
    style = f"bold {glyphs.player_colour(entry.seat)}"
    out.append(names[entry.seat] if entry.seat < len(names) else "?", style=style)
    out.append(": " + entry.text)
    for event in entry.events:
        out.append("\n")
        out.append(f"   {glyphs.glyph('arrow')} {event}", style="dim")
    return out


def last_bot_turn(log: Sequence[LogEntry]) -> list[LogEntry]:
    """The decisions of the most recent turn that a bot played (its own decisions only)."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].bot:
            turn, seat = log[i].turn, log[i].seat
            return [e for e in log[: i + 1] if e.turn == turn and e.seat == seat]
    return []


class LogLines(TextLines):
    """The log's lines: entries are appended or (after an undo) cut off at the end, never all redrawn."""


class LogPanel(Vertical):
    """The last bot turn, then the whole log."""

    DEFAULT_CSS = """
    LogPanel { height: 1fr; }
    LogPanel #last-bot { height: auto; max-height: 8; background: $boost; border-left: thick $warning; }
    LogPanel LogLines { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._written = 0
        self._last_key: object = None

    def compose(self) -> ComposeResult:
        yield Static("", id="last-bot")
        yield LogLines(id="log-lines")

    def show(self, log: Sequence[LogEntry], names: Sequence[str]) -> None:
        lines = self.query_one("#log-lines", LogLines)
        if len(log) < self._written:  # undo took entries back
            lines.truncate(len(log))
            self._written = len(log)
            lines.changed(scroll_end=True)
        if len(log) > self._written:
            for entry in log[self._written :]:
                lines.append(entry_text(entry, names))
            self._written = len(log)
            lines.changed(scroll_end=True)
        last = last_bot_turn(log)
        key = tuple(e.index for e in last)
        if key != self._last_key:
            self._last_key = key
            box = self.query_one("#last-bot", Static)
            if last:
                text = Text(t("Last bot turn") + "\n", style="bold")
                for entry in last:
                    text.append_text(entry_text(entry, names))
                    text.append("\n")
                text.rstrip()
                box.update(text)
                box.display = True
            else:
                box.display = False
