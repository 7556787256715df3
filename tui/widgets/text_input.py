"""A text box that, in ASCII mode, shows what is typed the way every other text of the app is spelled there.

ASCII mode writes ``ä ö ü ß`` as ``ae oe ue ss`` (``tui.glyphs.ascii_text``); the screen's last safety net
(``tui.ascii_output.AsciiFilter``) only keeps a cell's width, so a plain ``Input`` showed a typed "Jörg" as
"Jorg". ``TextInput`` draws its value through ``ascii_text`` instead, with the cursor, the selection and mouse
clicks mapped between the typed characters and the shown ones ("ö" is two cells, "oe"). The value keeps exactly
what was typed: a save named "Jörg" shows "Jörg" in a terminal with Unicode. Outside ASCII mode it is an
``Input``.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.expand_tabs import expand_tabs_inline
from textual.geometry import clamp
from textual.strip import Strip
from textual.widgets import Input

from tui import glyphs


def shown(text: str) -> str:
    """``text`` as the box draws it: in ASCII mode spelled in ASCII (``ö`` as ``oe``)."""
    return glyphs.ascii_text(text) if glyphs.ascii_mode() else text


class TextInput(Input):
    """``Input`` whose drawn text follows ASCII mode's spelling; ``value`` stays what the person typed."""

    def _spelled(self) -> bool:
        return glyphs.ascii_mode() and not self.password and not self.value.isascii()

    def shown_index(self, position: int) -> int:
        """Where the typed character ``position`` starts in the shown text."""
        return len(shown(self.value[:position])) if self._spelled() else position

    def _position_to_cell(self, position: int) -> int:
        if not self._spelled():
            return super()._position_to_cell(position)
        return cell_len(expand_tabs_inline(shown(self.value[:position]), 4))

    def _cell_offset_to_index(self, offset: int) -> int:
        if not self._spelled():
            return super()._cell_offset_to_index(offset)
        scroll_x, _ = self.scroll_offset
        offset += scroll_x
        cells = 0
        for index, char in enumerate(self.value):
            width = cell_len(shown(char))
            if cells <= offset < cells + width:
                return index
            cells += width
        return clamp(offset, 0, len(self.value))

    @property
    def _value(self) -> Text:
        if not self._spelled():
            return super()._value
        text = Text(shown(self.value), no_wrap=True, overflow="ignore", end="")
        if self.highlighter is not None:
            text = self.highlighter(text)
        return text

    def render_line(self, y: int) -> Strip:
        """``Input.render_line`` for a value with letters spelled out: the cursor and the selection cover the
        shown letters of the typed ones (the cursor on "ö" lights "oe")."""
        if y != 0 or not self.value or not self._spelled():
            return super().render_line(y)
        console = self.app.console
        max_content_width = self.scrollable_content_region.width
        result = self._value
        value_length = len(self.value)
        suggestion = self._suggestion
        show_suggestion = len(suggestion) > value_length and self.has_focus
        if show_suggestion:
            result += Text(shown(suggestion[value_length:]), self.get_component_rich_style("input--suggestion"),
                           end="")
        if self.has_focus:
            if not self.selection.is_empty:
                start, end = sorted(self.selection)
                result.stylize_before(self.get_component_rich_style("input--selection"),
                                      self.shown_index(start), self.shown_index(end))
            if self._cursor_visible:
                cursor = self.cursor_position
                if not show_suggestion and self.cursor_at_end:
                    result.pad_right(1)
                first = self.shown_index(cursor)
                last = self.shown_index(cursor + 1) if cursor < value_length else first + 1
                result.stylize(self.get_component_rich_style("input--cursor"), first, last)
        segments = list(console.render(result, self.app.console_options.update_width(self.content_width)))
        strip = Strip(segments)
        scroll_x, _ = self.scroll_offset
        strip = strip.crop(scroll_x, scroll_x + max_content_width + 1)
        strip = strip.extend_cell_length(max_content_width + 1)
        return strip.apply_style(self.rich_style)
