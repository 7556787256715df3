"""Words a screen translates from data at run time (menu labels, option values, colours, a game's goods ...),
which Babel cannot find in a ``t("...")`` call.

Each domain lists them in a plain ``words.txt`` beside its code (``tui/words.txt`` for the shell,
``tui/<game>/words.txt`` for a game): one msgid a line, in the English the code passes to ``t``; lines that
start with ``#`` are comments. ``make po`` (``tui.catalogs``) reads them with ``declared`` and puts them into
the domain's catalog; nothing reads them while the app runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

FILE_NAME = "words.txt"


def declared(path: Path) -> Iterator[tuple[int, str]]:
    """(line number, msgid) of every word that the words file ``path`` declares."""
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        word = line.strip()
        if word and not word.startswith("#"):
            yield lineno, word


def files(tui_root: Path) -> Iterator[Path]:
    """Every words file of the shell and of the game packages below ``tui_root``."""
    shell = tui_root / FILE_NAME
    if shell.is_file():
        yield shell
    yield from sorted(tui_root.glob(f"*/{FILE_NAME}"))
