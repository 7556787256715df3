"""ASCII mode's last step: every line the app draws passes ``AsciiFilter`` before it reaches the terminal.

Words are made ASCII where they are chosen (``t()`` and the glyph layer, ``tui.glyphs.ascii_text``: ``ä`` as
``ae``), and the app's CSS selects ASCII borders in ASCII mode; this filter catches whatever still is not
ASCII (a widget's built-in symbol, a border a game's dialog draws, a name with an accent) and draws it as
ASCII of the same width, so that a terminal without Unicode never gets a byte above 127.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from tui.glyphs import ascii_cell


class AsciiFilter(LineFilter):
    """Replaces every non-ASCII character of a drawn line by ASCII of the same width (``enabled`` in ASCII mode)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        out: list[Segment] = []
        for segment in segments:
            text = segment.text
            if text.isascii() or segment.control:
                out.append(segment)
            else:
                out.append(Segment("".join(ascii_cell(ch) for ch in text), segment.style, segment.control))
        return out
