"""The UI shell imports no particular game: only a game's own UI package (``tui/<id>/``) may.

Checked with ``ast`` on every module of ``tui/`` outside the game packages: no ``import``/``from`` of
``engine.concordia|colosseum|massilia`` or ``tui.concordia|colosseum|massilia`` (relative imports resolved),
and no ``importlib.import_module``/``__import__`` of them by a literal name. The shell reaches a game by id
through ``engine.core.games`` and ``tui.games``. ``tui/cli.py`` and ``tui/commands/`` (the command line) are
not checked here: the command line's own boundary test covers them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_boundaries import parse

ROOT = Path(__file__).resolve().parents[2]
TUI = ROOT / "tui"
GAMES = ("concordia", "colosseum", "massilia")
FORBIDDEN = tuple(f"{top}.{game}" for top in ("engine", "tui") for game in GAMES)
GAME_PACKAGES = tuple(TUI / game for game in GAMES)
COMMAND_LINE = (TUI / "cli.py", TUI / "commands")


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(source: str, module: str, is_package: bool = False) -> list[str]:
    """Every module ``source`` imports (``from a import b`` gives ``a`` and ``a.b``), relative ones resolved."""
    package = module if is_package else module.rpartition(".")[0]
    out: list[str] = []
    for node in ast.walk(parse(source)):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            out.append(base)
            out += [f"{base}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in ("import_module", "__import__") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    out.append(first.value)
    return out


def offences(names: list[str]) -> list[str]:
    return [n for n in names if any(n == f or n.startswith(f + ".") for f in FORBIDDEN)]


def shell_files() -> list[Path]:
    out = []
    for path in sorted(TUI.rglob("*.py")):
        if any(path.is_relative_to(p) for p in (*GAME_PACKAGES, *COMMAND_LINE)):
            continue
        out.append(path)
    return out


def test_the_shell_has_the_modules_it_should() -> None:
    names = {module_of(p) for p in shell_files()}
    assert {"tui.app", "tui.session", "tui.games", "tui.screens.title", "tui.screens.new_game",
            "tui.screens.load", "tui.screens.rules", "tui.i18n", "tui.seating"} <= names
    assert not any(n.startswith(("tui.concordia", "tui.commands")) for n in names)


@pytest.mark.parametrize("path", shell_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_shell_module_imports_a_particular_game(path: Path) -> None:
    names = imported_names(path.read_text(encoding="utf-8"), module_of(path), path.name == "__init__.py")
    assert offences(names) == [], f"{path.relative_to(ROOT)} imports a game's own package"


def test_the_check_finds_every_kind_of_import() -> None:
    source = (
        "import engine.concordia\n"
        "from engine.colosseum.actions import Build\n"
        "from tui import massilia\n"
        "from .concordia import screen\n"
        "import importlib\n"
        "importlib.import_module('tui.colosseum')\n"
        "from engine.core import games\n"
        "from tui import games as ui_games\n"
    )
    found = offences(imported_names(source, "tui.example"))
    assert found == ["engine.concordia", "engine.colosseum.actions", "engine.colosseum.actions.Build",
                     "tui.massilia", "tui.concordia", "tui.concordia.screen", "tui.colosseum"]


def test_relative_imports_resolve_from_a_package() -> None:
    assert imported_names("from .concordia import form", "tui", is_package=True) == [
        "tui.concordia", "tui.concordia.form"]
    assert imported_names("from ..concordia import x", "tui.screens.load") == ["tui.concordia", "tui.concordia.x"]
