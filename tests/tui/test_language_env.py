"""The app's language follows the environment's locale as gettext does, unless the settings or --lang say.

Order: ``--lang`` for one run, else the language saved in the settings file, else the locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``, with ``LANGUAGE`` as gettext reads it), else English.
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

import pytest

from tui import settings as settings_mod
from tui.commands.play import settings_from
from tui.settings import environment_language


@pytest.mark.parametrize(("env", "lang"), [
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT"}, "de"),
    ({"LANG": "de_CH.utf8@euro"}, "de"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),  # a language the app does not have: English
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LC_ALL": "de_DE.UTF-8", "LANG": "en_US.UTF-8"}, "de"),  # LC_ALL before LC_MESSAGES before LANG
    ({"LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_MESSAGES": "de_DE.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
    ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"}, "de"),  # empty means unset
    ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "fr:de:en"}, "de"),  # LANGUAGE: the first one the app has
    ({"LANG": "de_DE.UTF-8", "LANGUAGE": "en"}, "en"),  # LANGUAGE comes before the locale
    ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr"}, "de"),  # ... when it names a language the app has
    ({"LANG": "C.UTF-8", "LANGUAGE": "de"}, "en"),  # gettext ignores LANGUAGE in the C locale
    ({"LANGUAGE": "de"}, "en"),  # ... and without any locale
])
def test_environment_language_as_gettext_chooses(env: dict[str, str], lang: str) -> None:
    assert environment_language(env) == lang


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_without_a_settings_file_the_locale_decides(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    assert settings_mod.load(path, env={"LANG": "de_DE.UTF-8"}).language == "de"
    assert settings_mod.load(path, env={"LANG": "en_US.UTF-8"}).language == "en"
    assert settings_mod.load(path, env={}).language == "en"


def test_a_file_without_a_language_follows_the_locale(tmp_path: Path) -> None:
    path = write(tmp_path / "settings.toml", 'theme = "light"\n')
    s = settings_mod.load(path, env={"LANG": "de_DE.UTF-8"})
    assert (s.language, s.theme, s.language_from_locale) == ("de", "light", True)


def test_a_saved_language_wins_over_the_locale(tmp_path: Path) -> None:
    path = write(tmp_path / "settings.toml", 'language = "en"\n')
    s = settings_mod.load(path, env={"LANG": "de_DE.UTF-8"})
    assert (s.language, s.language_from_locale) == ("en", False)


def test_a_damaged_file_still_follows_the_locale(tmp_path: Path) -> None:
    path = write(tmp_path / "settings.toml", "language = [[[\n")
    s = settings_mod.load(path, env={"LANG": "de_DE.UTF-8"})
    assert s.language == "de" and s.warnings


def test_saving_other_settings_does_not_fix_the_locale_language(tmp_path: Path) -> None:
    """A theme chosen under LANG=de must not tie the player to German when the locale changes."""
    path = tmp_path / "settings.toml"
    s = settings_mod.load(path, env={"LANG": "de_DE.UTF-8"}).with_(theme="light")
    settings_mod.save(s, path)
    assert "language" not in path.read_text()
    again = settings_mod.load(path, env={"LANG": "en_US.UTF-8"})
    assert (again.language, again.theme) == ("en", "light")


def test_a_language_chosen_in_settings_is_saved(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    chosen = dataclasses.replace(settings_mod.load(path, env={"LANG": "en_US.UTF-8"}), language="de",
                                 language_from_locale=False)  # as the app marks a choice in the settings screen
    settings_mod.save(chosen, path)
    assert 'language = "de"' in path.read_text()
    assert settings_mod.load(path, env={"LANG": "en_US.UTF-8"}).language == "de"


@pytest.mark.parametrize(("saved", "env_lang", "flag", "lang"), [
    (None, "de_DE.UTF-8", None, "de"),  # only the locale
    (None, "de_DE.UTF-8", "en", "en"),  # --lang wins over the locale
    ("en", "de_DE.UTF-8", None, "en"),  # the saved setting wins over the locale
    ("en", "de_DE.UTF-8", "de", "de"),  # --lang wins over the saved setting
    ("de", "C.UTF-8", None, "de"),
])
def test_the_commands_choose_lang_then_settings_then_locale(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, saved: str | None, env_lang: str, flag: str | None,
        lang: str) -> None:
    """``settings_from`` is what ``play``, ``new`` and ``load`` start the app (and name the seats) with."""
    config = tmp_path / "config"
    if saved:
        write(config / "settings.toml", f'language = "{saved}"\n')
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(config))
    monkeypatch.setenv("LANG", env_lang)
    s = settings_from(argparse.Namespace(lang=flag))
    assert s.language == lang
    assert s.language_from_locale == (saved is None)  # a theme saved later keeps following the locale


def test_new_names_the_seats_in_the_locale_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``concordia new`` output in the environment's language: the default seat names it makes."""
    from tui import i18n
    from tui.commands import new

    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    launched: dict[str, object] = {}
    monkeypatch.setattr(new, "launch", lambda args, **start: launched.update(start) or 0)
    from tui.cli import build_parser

    args = build_parser("new").parse_args(["new", "--players", "2", "--bots", "random", "--seed", "1"])
    try:
        assert new.run(args) == 0
        _config, _seed, seats, _game = launched["new_game"]  # type: ignore[misc]
        names = [seat.name for seat in seats]
    finally:
        i18n.set_language("en")
    assert names[0] == "Du", names
