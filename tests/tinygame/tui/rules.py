"""Ten's rules pages, in reading order."""

from __future__ import annotations

from tui.games import Chapter


def pages(_lang: str) -> list[Chapter]:
    return [Chapter("01-goal", "The goal", "# The goal\n\nAdd 1 or 2 in turn; who brings the count to ten wins.")]
