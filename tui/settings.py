"""The player's settings (language, theme, ASCII mode, bot pace, confirm-before-end-turn), kept in a TOML file.

The file is ``settings.toml`` in the user config dir (``platformdirs``), or in ``$CONCORDIA_CONFIG_DIR`` when
that is set (tests and portable installs). A missing file gives the defaults; a damaged file or a bad value
gives the defaults for what could not be read plus a readable warning, never a crash: settings are a
convenience and must not keep anyone from playing.
"""

from __future__ import annotations

import os
import tomllib
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
    """"en" or "de" (German uses the rulebook's card names)."""
    theme: str = "dark"
    """"dark", "light" or "high-contrast"."""
    ascii: bool = False
    """Draw with ASCII only (no Unicode box drawing or symbols), for old terminals."""
    pace: str = "normal"
    """Bot pace: "slow", "normal", "fast" or "instant"."""
    confirm_end_turn: bool = False
    """Ask before a decision that ends the player's turn."""
    warnings: tuple[str, ...] = field(default=(), compare=False)
    """Problems met while reading the file (not saved)."""

    def with_(self, **changes: object) -> Settings:
        """A copy with ``changes``, each value checked like a value read from the file."""
        new = replace(self, **changes)  # type: ignore[arg-type]
        problems = _problems(new)
        if problems:
            raise ValueError(problems[0])
        return new


_CHOICES: dict[str, tuple[str, ...]] = {"language": LANGUAGES, "theme": THEMES, "pace": PACES}
_BOOLS: tuple[str, ...] = ("ascii", "confirm_end_turn")


def _problems(s: Settings) -> list[str]:
    out = []
    for name, choices in _CHOICES.items():
        if getattr(s, name) not in choices:
            out.append(f"{name} must be one of {', '.join(choices)}, not {getattr(s, name)!r}")
    for name in _BOOLS:
        if not isinstance(getattr(s, name), bool):
            out.append(f"{name} must be true or false, not {getattr(s, name)!r}")
    return out


def config_dir() -> Path:
    """Where the settings file lives: ``$CONCORDIA_CONFIG_DIR`` or the user config dir."""
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env)
    from platformdirs import user_config_dir

    return Path(user_config_dir("concordia", appauthor=False))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def load(path: Path | None = None) -> Settings:
    """The saved settings; defaults for anything missing or bad (each bad thing named in ``warnings``)."""
    path = path or settings_path()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return Settings(warnings=(f"settings file {path} could not be read ({exc}); using the defaults",))
    defaults = Settings()
    values: dict[str, object] = {}
    warnings: list[str] = []
    for f in fields(Settings):
        if f.name == "warnings" or f.name not in data:
            continue
        candidate = replace(defaults, **{f.name: data[f.name]})
        problems = _problems(candidate)
        if problems:
            warnings.append(f"settings file {path}: {problems[0]}; using {getattr(defaults, f.name)!r}")
        else:
            values[f.name] = data[f.name]
    return replace(defaults, warnings=tuple(warnings), **values)  # type: ignore[arg-type]


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
        if f.name != "warnings":
            lines.append(f"{f.name} = {_toml_value(getattr(settings, f.name))}")
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path
