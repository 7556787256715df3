"""What keeps the start to the title screen short (``tests/bench/test_startup_bench.py`` measures it):
no game engine, save format or argument parser is loaded before the title is shown, and a catalog compiled
at run time is kept as its ``.mo``."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tui import i18n
from tui.cli import bare_args, build_parser


def test_a_bare_concordia_means_what_the_parser_makes_of_no_arguments() -> None:
    assert vars(bare_args()) == vars(build_parser("play").parse_args([]))


def test_the_title_screen_and_the_games_names_load_no_engine_and_no_saves() -> None:
    code = """
import sys
from tui.app import ConcordiaApp
from tui.screens.title import TitleScreen
from tui import games
for game_id in games.ids():
    ui = games.get(game_id)
    ui.title, ui.tagline, ui.quick_key
loaded = sorted(m for m in sys.modules if m.startswith(("engine.", "saves")) and m.count(".") <= 1)
print(" ".join(loaded))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["engine.core"], out  # the game registry only (engine.core.games, by id)


@pytest.fixture
def fresh_catalogs() -> Iterator[None]:
    saved = dict(i18n._domains)
    i18n._domains.clear()
    yield
    i18n._domains.clear()
    i18n._domains.update(saved)


def test_a_catalog_compiled_at_run_time_is_kept_as_its_mo(tmp_path: Path, fresh_catalogs: None) -> None:
    folder = tmp_path / "locale"
    po = folder / "de" / "LC_MESSAGES" / "demo.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "card"\nmsgstr "Karte"\n', encoding="utf-8")
    cat = i18n.catalog("demo", folder, "de")
    assert cat is not None and cat.gettext("card") == "Karte"
    mo = po.with_suffix(".mo")
    assert mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime
    assert sorted(p.name for p in po.parent.iterdir()) == ["demo.mo", "demo.po"]  # no temporary file left
    i18n._domains.clear()
    again = i18n.catalog("demo", folder, "de")  # read from the .mo now
    assert again is not None and again.gettext("card") == "Karte"
