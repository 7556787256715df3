"""ASCII mode keeps the separator and the dash apart (issue 31: ``1 — · 2 —`` read ``1 - - 2 -``)."""

from __future__ import annotations

from tui import glyphs


def test_the_separator_and_the_dash_stay_distinct_in_ascii_words_and_cells() -> None:
    assert glyphs.ascii_text("1 — · 2 — · 3 — · 4 Architect") == "1 - / 2 - / 3 - / 4 Architect"
    assert glyphs.ascii_cell("·") != glyphs.ascii_cell("—")
    assert glyphs.ascii_cell("·") == "."
