"""Snapshots of every app screen in English and German at 80x24 (fixed seeds, fixed save times, no clocks)."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

from saves import SaveStore
from tests.tui.app_support import finished_save, make_app, reset_globals, running_save
from tui import seating
from tui.screens import load as load_screen
from tui.settings import Settings

pytestmark = pytest.mark.usefixtures("concordia_only")
"""These tests play Concordia's own flows with Concordia as the only game (see tests/conftest.py)."""


SIZE = (80, 24)


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest) -> Any:
    """A folder whose name is the same on every run (the load screen shows it), emptied before the test."""
    path = Path(tempfile.gettempdir()) / "concordia-snapshots" / re.sub(r"\W+", "-", request.node.name)
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(autouse=True)
def fixed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("CONCORDIA_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", "/home/player/.config/concordia")  # shown, never written
    monkeypatch.setattr(seating, "random_seed", lambda: 4711)
    monkeypatch.setattr(load_screen, "when", lambda stamp: "2026-01-02 10:00")
    reset_globals()
    yield
    reset_globals()


def app_for(lang: str, tmp_path: Path, saves: bool = False) -> Any:
    store = SaveStore(tmp_path / "saves")
    if saves:
        finished_save(store, title="Last week")
        running_save(store, decisions=6, title="Sunday game")
    return make_app(Settings(language=lang, pace="instant"), store=store)


LANGS = ["en", "de"]


@pytest.mark.parametrize("lang", LANGS)
def test_title(snap_compare: Any, tmp_path: Path, lang: str) -> None:
    assert snap_compare(app_for(lang, tmp_path, saves=True), terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_new_game(snap_compare: Any, tmp_path: Path, lang: str) -> None:
    assert snap_compare(app_for(lang, tmp_path), press=["n"], terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_new_game_with_a_bad_combination(snap_compare: Any, tmp_path: Path, lang: str) -> None:
    async def team_with_a_bad_seed(pilot: Any) -> None:
        await pilot.press("n")
        await pilot.pause()
        form = pilot.app.screen
        form.query_one("#variant").value = "venus-team"
        form.query_one("#players").value = 3  # the team game offers 4 or 6 only: the form makes it 4
        form.query_one("#seed").value = "x1"
        await pilot.pause()

    assert snap_compare(app_for(lang, tmp_path), run_before=team_with_a_bad_seed, terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_load(snap_compare: Any, tmp_path: Path, lang: str) -> None:
    assert snap_compare(app_for(lang, tmp_path, saves=True), press=["l"], terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_delete_confirmation(snap_compare: Any, tmp_path: Path, lang: str) -> None:
    assert snap_compare(app_for(lang, tmp_path, saves=True), press=["l", "d"], terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_finished_game(snap_compare: Any, tmp_path: Path, lang: str) -> None:
    assert snap_compare(app_for(lang, tmp_path, saves=True), press=["l", "down", "enter"], terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_rules(snap_compare: Any, tmp_path: Path, lang: str) -> None:
    assert snap_compare(app_for(lang, tmp_path), press=["r", "right", "right"], terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_card_reference(snap_compare: Any, tmp_path: Path, lang: str) -> None:
    assert snap_compare(app_for(lang, tmp_path), press=["r", "c", "down"], terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_settings(snap_compare: Any, tmp_path: Path, lang: str) -> None:
    assert snap_compare(app_for(lang, tmp_path), press=["s"], terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_terminal_too_small(snap_compare: Any, tmp_path: Path, lang: str) -> None:
    assert snap_compare(app_for(lang, tmp_path), terminal_size=(56, 16))


def test_title_in_ascii_high_contrast(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(Settings(theme="high-contrast", ascii=True), store=SaveStore(tmp_path / "saves"))
    assert snap_compare(app, terminal_size=SIZE)
