"""The player's settings (language, theme, ASCII mode, bot pace, confirm-before-end-turn, your-turn bell and
title), kept in a TOML file.

The file is ``settings.toml`` in the user config dir (``platformdirs``), or in ``$CONCORDIA_CONFIG_DIR`` when
that is set (tests and portable installs). A missing file gives the defaults; a damaged file or a bad value
gives the defaults for what could not be read plus a readable warning, never a crash: settings are a
convenience and must not keep anyone from playing.
"""

from __future__ import annotations

import os
import stat
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("en", "de")
THEMES: tuple[str, ...] = ("dark", "light", "high-contrast")
"""Our theme names; ``tui.app`` maps each to a Textual theme."""
PACES: tuple[str, ...] = ("slow", "normal", "fast", "instant")
"""How long the game screen lets a bot's move stay visible before the next one."""

CONFIG_ENV = "CONCORDIA_CONFIG_DIR"
FILE_NAME = "settings.toml"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the settings screen can change."""

    language: str = "en"
    """"en" or "de" (German uses the rulebook's card names): the file's, else the environment's locale."""
    theme: str = "dark"
    """"dark", "light" or "high-contrast"."""
    ascii: bool = False
    """Draw with ASCII only (no Unicode box drawing or symbols), for old terminals."""
    pace: str = "normal"
    """Bot pace: "slow", "normal", "fast" or "instant"."""
    confirm_end_turn: bool = False
    """Ask before a decision that ends the player's turn."""
    turn_bell: bool = True
    """Ring the terminal bell when a decision comes to the player (after bots or other people played)."""
    turn_title: bool = True
    """Set the terminal's title to ``1 Anna — your turn`` while a decision waits for the player."""
    warnings: tuple[str, ...] = field(default=(), compare=False)
    """Problems met while reading the file (not saved)."""
    language_from_locale: bool = field(default=False, compare=False)
    """True when the settings file names no language and ``language`` is the environment's locale's: then the
    file is written without one, so that the app goes on following the locale until the player chooses a
    language in the settings screen."""

    def with_(self, **changes: object) -> Settings:
        """A copy with ``changes``, each value checked like a value read from the file."""
        new = replace(self, **changes)  # type: ignore[arg-type]
        problems = _problems(new)
        if problems:
            raise ValueError(problems[0])
        return new


_NOT_IN_FILE: tuple[str, ...] = ("warnings", "language_from_locale")
_CHOICES: dict[str, tuple[str, ...]] = {"language": LANGUAGES, "theme": THEMES, "pace": PACES}
_BOOLS: tuple[str, ...] = ("ascii", "confirm_end_turn", "turn_bell", "turn_title")


def _problems(s: Settings) -> list[str]:
    out = []
    for name, choices in _CHOICES.items():
        if getattr(s, name) not in choices:
            out.append(f"{name} must be one of {', '.join(choices)}, not {getattr(s, name)!r}")
    for name in _BOOLS:
        if not isinstance(getattr(s, name), bool):
            out.append(f"{name} must be true or false, not {getattr(s, name)!r}")
    return out


def _language_of_locale(value: str) -> str:
    """"de" for ``de_DE.UTF-8``, ``de_AT``, ``de``, ``de@euro``...: the part before ``_``, ``.`` or ``@``."""
    return value.split("_")[0].split(".")[0].split("@")[0].lower()


def environment_language(env: Mapping[str, str] | None = None) -> str:
    """The app's language for a process environment, chosen as GNU gettext chooses a message catalog.

    The locale for messages is the first non-empty of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``. When it is
    unset, ``C`` or ``POSIX``, messages are untranslated: English (gettext then ignores ``LANGUAGE`` too).
    Otherwise ``LANGUAGE``, a colon-separated list of preferences (``fr:de``), is tried first, then the
    locale itself; the first language the app has wins, else English.
    """
    env = os.environ if env is None else env
    locale = next((env.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(name, "")), "")
    if not locale or locale == "POSIX" or _language_of_locale(locale) == "c":
        return "en"
    for wanted in [*env.get("LANGUAGE", "").split(":"), locale]:
        lang = _language_of_locale(wanted)
        if lang in LANGUAGES:
            return lang
    return "en"


def config_dir() -> Path:
    """Where the settings file lives: ``$CONCORDIA_CONFIG_DIR`` or the user config dir."""
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env)
    from platformdirs import user_config_dir

    return Path(user_config_dir("concordia", appauthor=False))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


MAX_FILE = 64 * 1024
"""Largest settings file read (a real one is about 200 bytes)."""


def _read(path: Path) -> str:
    """The text of the settings file: a regular file only (a FIFO would block, a link to /dev/zero never
    ends), at most ``MAX_FILE`` bytes, UTF-8 with or without a byte-order mark. ``ValueError`` says why not."""
    kind = path.stat().st_mode  # FileNotFoundError: no file, the defaults
    if not stat.S_ISREG(kind):
        raise ValueError("it is not a regular file")
    with path.open("rb") as f:
        data = f.read(MAX_FILE + 1)
    if len(data) > MAX_FILE:
        raise ValueError(f"it is larger than {MAX_FILE // 1024} KB")
    return data.decode("utf-8-sig")  # a BOM (some editors write one) is not part of the settings


def _shown(value: object) -> str:
    """A value from the file in a warning: short text, or its type (a 5 000-digit number or a list nested
    900 deep cannot even be written out)."""
    if isinstance(value, str):
        return repr(value[:30])
    if isinstance(value, bool) or (isinstance(value, int) and abs(value) < 10**12):
        return repr(value)
    return f"a {type(value).__name__}"


def load(path: Path | None = None, env: Mapping[str, str] | None = None) -> Settings:
    """The saved settings; defaults for anything missing or bad (each bad thing named in ``warnings``).

    Whatever the file holds, this returns: a file that cannot be read or parsed gives the defaults and one
    warning, a bad value its default and a warning, unknown keys a warning. Without a language in the file
    the language is the environment's (``environment_language(env)``; ``env`` defaults to ``os.environ``).
    """
    path = path or settings_path()
    where = "".join(ch if ch.isprintable() else "?" for ch in str(path))
    from_env = Settings(language=environment_language(env), language_from_locale=True)
    try:
        data = tomllib.loads(_read(path))
    except FileNotFoundError:
        return from_env
    except (OSError, ValueError, RecursionError, MemoryError) as exc:  # TOMLDecodeError is a ValueError
        reason = "".join(ch if ch.isprintable() else "?" for ch in str(exc).split("\n")[0])[:120]
        if isinstance(exc, RecursionError):
            reason = "it is nested too deeply"
        return replace(from_env, warnings=(f"settings file {where} could not be read ({reason}); using the defaults",))
    defaults = from_env
    values: dict[str, object] = {}
    warnings: list[str] = []
    known = [f.name for f in fields(Settings) if f.name not in _NOT_IN_FILE]
    for name in known:
        if name not in data:
            continue
        value = data[name]
        if name in _CHOICES:
            ok, wanted = isinstance(value, str) and value in _CHOICES[name], f"one of {', '.join(_CHOICES[name])}"
        else:
            ok, wanted = isinstance(value, bool), "true or false"
        if ok:
            values[name] = value
        else:
            warnings.append(f"settings file {where}: {name} must be {wanted}, not {_shown(value)}; "
                            f"using {getattr(defaults, name)!r}")
    unknown = sorted(k for k in data if k not in known)
    if unknown:  # a typing mistake ("langauge") would otherwise be ignored without a word
        names = ", ".join(_shown(k) for k in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
        warnings.append(f"settings file {where}: unknown setting(s) {names} ignored; known: {', '.join(known)}")
    return replace(defaults, warnings=tuple(warnings), language_from_locale="language" not in values,
                   **values)  # type: ignore[arg-type]


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


def save(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` (atomically: a temporary file renamed over the old one). Raises ``OSError``."""
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["# Concordia settings (the settings screen writes this file; hand edits are fine)"]
    for f in fields(Settings):
        if f.name not in _NOT_IN_FILE and not (f.name == "language" and settings.language_from_locale):
            lines.append(f"{f.name} = {_toml_value(getattr(settings, f.name))}")
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path
