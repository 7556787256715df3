"""Hostile settings files (issue 15, item 7): whatever ``settings.toml`` is, the app starts with the defaults
and one warning. Deep nesting was a RecursionError on every start, a 5 000-digit integer a ValueError, a FIFO
hung before the first screen and a link to /dev/zero was read without end; a BOM made the whole file ignored
and unknown keys were ignored without a word.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.tui.app_support import isolated_fixture, make_app  # noqa: F401
from tui import settings as settings_mod
from tui.settings import Settings

pytestmark = pytest.mark.usefixtures("isolated")


def settings_file() -> Path:
    path = settings_mod.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def load_quickly() -> Settings:
    """``settings.load()`` in a thread that must finish within 10 s (a FIFO used to block it for ever)."""
    result: list[Settings] = []
    worker = threading.Thread(target=lambda: result.append(settings_mod.load()), daemon=True)
    start = time.monotonic()
    worker.start()
    worker.join(10)
    assert result, "settings.load() did not return"
    assert time.monotonic() - start < 10
    return result[0]


def nested(path: Path) -> None:
    path.write_text("language = " + "[" * 900 + "]" * 900 + "\n")


def huge_integer(path: Path) -> None:
    path.write_text("pace = " + "9" * 5000 + "\n")


def fifo(path: Path) -> None:
    os.mkfifo(path)


def link_to_dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def folder(path: Path) -> None:
    path.mkdir()


def too_large(path: Path) -> None:
    path.write_text("# " + "x" * (settings_mod.MAX_FILE + 10) + "\n")


def not_utf8(path: Path) -> None:
    path.write_bytes(b'language = "\xff\xfe"\n')


@pytest.mark.parametrize("make", [nested, huge_integer, fifo, link_to_dev_zero, folder, too_large, not_utf8])
def test_a_hostile_settings_file_gives_the_defaults_and_one_warning(make: Callable[[Path], None]) -> None:
    make(settings_file())
    s = load_quickly()
    assert s == Settings()
    assert len(s.warnings) == 1 and "could not be read" in s.warnings[0] and "using the defaults" in s.warnings[0]
    assert "\n" not in s.warnings[0] and len(s.warnings[0]) < 400


def test_a_huge_or_nested_value_of_a_known_key_is_named_by_its_type() -> None:
    settings_file().write_text("ascii = [[[[1]]]]\nconfirm_end_turn = 123456789012345678901234567890\n")
    s = load_quickly()
    assert s == Settings()
    assert "ascii must be true or false, not a list" in s.warnings[0]
    assert "confirm_end_turn must be true or false, not a int" in s.warnings[1]


def test_a_byte_order_mark_is_skipped_and_the_file_used() -> None:
    settings_file().write_bytes(b'\xef\xbb\xbflanguage = "de"\ntheme = "light"\n')
    s = load_quickly()
    assert (s.language, s.theme) == ("de", "light")
    assert s.warnings == ()


def test_unknown_keys_are_named_in_a_warning() -> None:
    settings_file().write_text('langauge = "de"\npace = "fast"\n')
    s = load_quickly()
    assert s.pace == "fast" and s.language == "en"
    assert len(s.warnings) == 1 and "unknown setting(s) 'langauge' ignored" in s.warnings[0]


async def test_the_app_starts_and_shows_the_warning_with_a_nested_settings_file() -> None:
    nested(settings_file())
    app = make_app(settings=settings_mod.load())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        assert app.is_running
        assert any("could not be read" in n.message for n in app._notifications)
