"""The log panel: every decision of every player in words with what it caused, scrollable.

The last bot turn stands out in a highlighted box above the scrolling log, so a player who looked away sees
at once what the bots did; the box is left out while those lines stand in the log's view below anyway.
Long lines wrap at the panel's width (continuation lines indented), so a narrow log never cuts a decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from tui import glyphs
from tui.i18n import t
from tui.session import LogEntry
from tui.widgets.text_lines import TextLines


def entry_text(entry: LogEntry, names: Sequence[str], continued: bool = False) -> Text:
    """An entry as the log shows it: the seat's name and the decision, then what it caused. ``continued``: a
    later decision of the same seat in the same turn, indented under the first without the name again."""
    out = Text()
    if continued:
        out.append("  " + entry.text)
    else:
        style = f"bold {glyphs.player_colour(entry.seat)}"
        out.append(names[entry.seat] if entry.seat < len(names) else "?", style=style)
        out.append(": " + entry.text)
    for event in entry.events:
        out.append("\n")
        out.append(f"   {glyphs.glyph('arrow')} {event}", style="dim")
    return out


def continues(before: LogEntry | None, entry: LogEntry) -> bool:
    """Whether ``entry`` is a later decision of the seat of ``before`` in the same turn (it needs no name)."""
    return (before is not None and before.seat == entry.seat and before.turn == entry.turn
            and before.holder == entry.holder and entry.holder >= 0 and not entry.opens)


def last_bot_turn(log: Sequence[LogEntry]) -> list[LogEntry]:
    """The decisions of the most recent turn that a bot played (its own decisions only).

    A turn is what the game says it is (``GameUI.seat_turn``, kept on each entry): the run of entries with the
    latest bot entry's ``turn`` and turn holder, back to the entry that opened it. Entries without a holder (a
    shared table's) fall back to the run of the same ``turn`` and seat.
    """
    for i in range(len(log) - 1, -1, -1):
        if log[i].bot:
            last = log[i]
            out: list[LogEntry] = []
            for j in range(i, -1, -1):
                e = log[j]
                if e.turn != last.turn or e.holder != last.holder or (last.holder < 0 and e.seat != last.seat):
                    break
                if e.seat == last.seat:
                    out.append(e)
                if e.opens:
                    break
            out.reverse()
            return out
    return []


def wrap_line(line: Text, width: int, indent: int) -> list[Text]:
    """``line`` broken between words into lines of at most ``width`` cells; continuation lines are indented."""
    if width <= indent + 8 or line.cell_len <= width:
        return [line]
    plain = line.plain
    out: list[Text] = []
    start, room = 0, width
    while cell_len(plain[start:]) > room:
        seg = plain[start : start + room]
        cut = seg.rfind(" ")
        end = start + (cut if cut > 0 else room)
        part = line[start:end]
        part.rstrip()
        out.append(part if not out else Text(" " * indent).append_text(part))
        start = end
        while start < len(plain) and plain[start] == " ":
            start += 1
        room = width - indent
    if start < len(plain):
        rest = line[start:]
        out.append(rest if not out else Text(" " * indent).append_text(rest))
    return out


def wrap_block(text: Text, width: int) -> Text:
    """Every line of a log entry wrapped at ``width``: a decision's continuation indented 2, an event's 5."""
    lines: list[Text] = []
    for line in text.split("\n"):
        indent = 5 if line.plain.startswith("   ") else 2
        lines.extend(wrap_line(line, width, indent))
    return Text("\n").join(lines)


class LogLines(TextLines):
    """The log's lines: entries are appended or (after an undo) cut off at the end, never all redrawn but
    after a change of width (they are wrapped at it)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.blocks: list[Text] = []
        """Every entry as written, unwrapped (to wrap again at a new width)."""
        self._wrap_width = 0

    def width_now(self) -> int:
        return self.scrollable_content_region.width or self.size.width

    def add_block(self, text: Text) -> None:
        self.blocks.append(text)
        self.append(wrap_block(text, self._wrap_width) if self._wrap_width else text)

    def cut_blocks(self, blocks: int) -> None:
        del self.blocks[blocks:]
        self.truncate(blocks)

    def rewrap(self) -> None:
        """Wrap every entry again at the current width (after a resize)."""
        width = self.width_now()
        if width == self._wrap_width or width <= 0:
            return
        self._wrap_width = width
        self.lines, self.starts, self._strips, self._widest = [], [], {}, 0
        for block in self.blocks:
            self.append(wrap_block(block, width))
        self.changed(scroll_end=True)

    def on_resize(self) -> None:
        self.rewrap()
        self.changed(scroll_end=True)  # the newest line stays in view (also when the pinned box took rows)
        parent = self.parent
        if isinstance(parent, LogPanel):
            parent.update_pinned()

    def page(self, pages: int) -> None:
        """Scroll by ``pages`` views (negative: back to older entries), keeping a line of the view before."""
        step = max(1, self.size.height - 1)
        self.scroll_to(y=max(0, min(self.max_scroll_y, self.scroll_y + pages * step)), animate=False)

    def tail_rows(self, blocks: int) -> int:
        """How many lines the last ``blocks`` entries take."""
        if blocks <= 0 or not self.starts:
            return 0
        first = self.starts[max(0, len(self.starts) - blocks)]
        return len(self.lines) - first


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
        self._log: Sequence[LogEntry] = ()
        self._names: Sequence[str] = ()

    def compose(self) -> ComposeResult:
        yield Static("", id="last-bot")
        yield LogLines(id="log-lines")

    def show(self, log: Sequence[LogEntry], names: Sequence[str]) -> None:
        lines = self.query_one("#log-lines", LogLines)
        self._log, self._names = log, names
        lines.rewrap()
        if len(log) < self._written:  # undo took entries back
            lines.cut_blocks(len(log))
            self._written = len(log)
            lines.changed(scroll_end=True)
        if len(log) > self._written:
            for i in range(self._written, len(log)):
                lines.add_block(entry_text(log[i], names, continues(log[i - 1] if i else None, log[i])))
            self._written = len(log)
            lines.changed(scroll_end=True)
        self.update_pinned()

    def update_pinned(self) -> None:
        """The entries of the last bot turn that the log's view below does not show (none when it shows all).

        An entry stands in the box only while every one of its lines is scrolled out above the view, so no
        line stands twice on screen; the box's own height is taken from the view (a few rounds settle it).
        """
        log, names = self._log, self._names
        lines = self.query_one("#log-lines", LogLines)
        box = self.query_one("#last-bot", Static)
        last = last_bot_turn(log)
        ids = {id(e) for e in last}
        positions = [i for i, e in enumerate(log) if id(e) in ids and i < len(lines.starts)]
        total = lines.size.height + (box.outer_size.height if box.display else 0)
        pinned: list[int] = []
        if positions and total <= 0:
            pinned = positions
        elif positions:
            at_end = lines.scroll_y >= lines.max_scroll_y
            box_rows = 0
            for _ in range(4):
                room = max(1, total - box_rows)
                first_shown = len(lines.lines) - room if at_end else lines.scroll_y
                pinned = [i for i in positions if self._block_end(lines, i) <= first_shown]
                rows = sum(self._block_end(lines, i) - lines.starts[i] for i in pinned)
                wanted = min(8, 1 + rows) if pinned else 0
                if wanted == box_rows:
                    break
                box_rows = wanted
        key = tuple(log[i].index for i in pinned)
        if key != self._last_key:
            self._last_key = key
            if pinned:
                text = Text(t("Last bot turn") + "\n", style="bold")
                width = max(1, lines.width_now() - 1)  # the box's thick left border takes a column
                for k, i in enumerate(pinned):
                    later = k > 0 and continues(log[pinned[k - 1]], log[i])
                    text.append_text(wrap_block(entry_text(log[i], names, later), width))
                    text.append("\n")
                text.rstrip()
                box.update(text)
                box.display = True
            else:
                box.display = False

    @staticmethod
    def _block_end(lines: LogLines, block: int) -> int:
        return lines.starts[block + 1] if block + 1 < len(lines.starts) else len(lines.lines)
