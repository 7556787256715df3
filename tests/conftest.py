"""Shared pytest options for the whole test suite."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

# The tests start many Python processes (the app in a pseudo-terminal, bots' worker processes, SSH
# connections, the commands): with Python's bytecode cache each loads the project's modules instead of
# compiling them again (about 0.15 s a process that loads the game screens). Some machines switch the cache
# off with PYTHONDONTWRITEBYTECODE (the shared development machine does); the tests, the xdist workers and
# every process they start use it (the __pycache__ folders are ignored by git).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

if TYPE_CHECKING:
    from engine.bots.thinker import Thinker


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--playout-seeds",
        default="5",
        help="seeds per configuration in tests/engine/test_playouts.py (48 configurations; default 5 = 240 games)",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` run first, the rest in their usual order.

    ``make test`` runs on two xdist workers, which take the tests in collection order; the long Pilot games
    and sweeps sat in tests/tui, at the end, where one of them could keep a worker busy for a minute after
    the other had run out of tests. Started first, they share the two workers while short tests fill in."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts in an English locale, whatever the runner's: the app takes its language from
    ``LC_ALL``/``LC_MESSAGES``/``LANG``/``LANGUAGE`` when the settings name none (``tui.settings``), and the
    tests that want German say so (``--lang de``, a settings file, or their own environment)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    from tui import i18n

    i18n.set_language("en")  # a test that switched the app to German (and ended without switching back)


@pytest.fixture
def concordia_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app as it was with one game: the title, New game and Rules go straight to Concordia.

    For the tests of Concordia's own flows and screens, written before the app offered several games; the
    choice of game itself is tested in ``tests/tui/test_app_games.py`` and ``tests/tui/test_title_games.py``.
    """
    from tui import games

    monkeypatch.setattr(games, "ids", lambda: ["concordia"])


@pytest.fixture(scope="module")
def thinker() -> Iterator[Thinker]:
    """One bots' worker process for a test module (``engine.bots.thinker``), ended after it."""
    from engine.bots.thinker import Thinker

    found = Thinker()
    found.start()
    yield found
    found.close()
