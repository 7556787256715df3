"""Settings: the file (defaults, damaged files, bad values) and the screen (each change applies and is kept)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from saves import SaveStore
from tests.tui.app_support import isolated_fixture, make_app, screen_text, store_fixture, wait_until  # noqa: F401
from tui import glyphs, i18n
from tui import settings as settings_mod
from tui.concordia.screen import GameScreen
from tui.screens.fields import Tick
from tui.screens.settings import SettingsScreen
from tui.screens.title import TitleScreen
from tui.settings import Settings

pytestmark = pytest.mark.usefixtures("isolated")


def test_missing_file_gives_the_defaults(isolated: Path) -> None:
    assert settings_mod.load() == Settings()
    assert settings_mod.settings_path() == isolated / "config" / "settings.toml"


def test_save_and_load_round_trip() -> None:
    s = Settings(language="de", theme="high-contrast", ascii=True, pace="slow", confirm_end_turn=True)
    path = settings_mod.save(s)
    assert path.read_text().count("\n") == 8  # a comment line and 7 settings
    assert settings_mod.load() == s


def test_a_damaged_file_gives_the_defaults_and_a_warning() -> None:
    path = settings_mod.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("language = [unclosed")
    s = settings_mod.load()
    assert s == Settings()
    assert len(s.warnings) == 1 and "could not be read" in s.warnings[0]


def test_a_bad_value_is_replaced_by_its_default_only() -> None:
    path = settings_mod.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('language = "fr"\ntheme = "light"\nascii = "yes"\nunknown = 1\n')
    s = settings_mod.load()
    assert (s.language, s.theme, s.ascii) == ("en", "light", False)
    assert len(s.warnings) == 3
    assert "language must be one of en, de, not 'fr'" in s.warnings[0]
    assert "unknown setting(s) 'unknown' ignored" in s.warnings[2]


def test_with_checks_values() -> None:
    with pytest.raises(ValueError, match="pace must be one of"):
        Settings().with_(pace="warp")


async def test_language_change_applies_at_once_and_is_kept() -> None:
    app = make_app(save_settings=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#language", Select).value = "de"
        await pilot.pause()
        assert i18n.language() == "de"
        await wait_until(pilot, lambda: "Einstellungen" in screen_text(app))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen) and "Schnelles Spiel" in screen_text(app))
    assert settings_mod.load().language == "de"


async def test_theme_ascii_pace_and_confirm_reach_the_app_and_the_game(store: SaveStore) -> None:
    app = make_app(store=store, save_settings=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#theme", Select).value = "high-contrast"
        screen.query_one("#pace", Select).value = "fast"
        await pilot.pause()
        screen.query_one("#ascii", Tick).focus()
        await pilot.press("enter")  # the keyboard toggles a tick box
        await pilot.pause()
        app.screen.query_one("#confirm_end_turn", Tick).value = True
        await pilot.pause()
        assert app.theme == "concordia-high-contrast"
        assert glyphs.ascii_mode() and app.has_class("-ascii")
        assert "[X] ASCII mode" in screen_text(app)
        await pilot.press("escape", "g")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        assert (game.pace, game.confirm_end_turn) == ("fast", True)
    saved = settings_mod.load()
    assert (saved.theme, saved.ascii, saved.pace, saved.confirm_end_turn) == ("high-contrast", True, "fast", True)


async def test_defaults_restore_everything() -> None:
    app = make_app(Settings(language="de", theme="light", ascii=True, pace="slow"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "ctrl+d")
        await pilot.pause()
        assert app.settings == Settings()
        assert i18n.language() == "en" and not glyphs.ascii_mode()
        assert app.theme == "textual-dark"


async def test_a_settings_file_that_cannot_be_written_is_reported(isolated: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = isolated / "blocker"
    blocker.write_text("a file where the config folder should be")
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(blocker / "sub"))
    app = make_app(save_settings=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#pace", Select).value = "slow"
        await pilot.pause()
        assert app.settings.pace == "slow"
        assert any("Settings could not be saved" in n.message for n in app._notifications)


async def test_warnings_from_the_settings_file_are_shown() -> None:
    path = settings_mod.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('theme = "neon"\n')
    app = make_app(settings_mod.load())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any("theme must be one of" in n.message for n in app._notifications)
