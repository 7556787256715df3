"""The shell imports no particular game (issue 17): the code every game shares reaches a game only by its id,
through the registry (``engine.core.games``) and the bot hooks (``engine.bots.hooks``).

Checked statically with ``ast`` (an import inside a function counts as much as one at the top), the way
the engine-purity test keeps the engine free of the UI. ``shell-ui`` extends ``SHELL`` with the rest of the
shell (the app, its screens and widgets).
"""

from __future__ import annotations

import ast
import gc
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

GAME_PACKAGES: tuple[str, ...] = ("engine.concordia", "engine.colosseum", "engine.massilia")

SHELL: tuple[str, ...] = (
    "engine/core",
    "engine/bots",
    "engine/tournament.py",
    "saves",
    "tui/commands",
    "tui/cli.py",
)
"""Files and folders (every ``.py`` below them) that must not import a game package."""


def shell_files() -> list[Path]:
    files: list[Path] = []
    for entry in SHELL:
        path = ROOT / entry
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return files


def module_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def parse(source: str, filename: str = "<unknown>") -> ast.Module:
    """``ast.parse`` with the garbage collector held off: on Python 3.11 a finaliser that runs in the middle of a
    parse (an event loop's subprocess transport left by an earlier test in the same worker) makes the parser
    fail with "AST constructor recursion depth mismatch"."""
    gc.collect()
    gc.disable()
    try:
        return ast.parse(source, filename=filename)
    finally:
        gc.enable()


def imported(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports (relative imports resolved), with its line."""
    tree = parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module_of(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package[: len(package) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
            found.append((node.lineno, base))
    return found


def game_imports(path: Path) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line} imports {name}" for line, name in imported(path)
            if any(name == g or name.startswith(g + ".") for g in GAME_PACKAGES)]


def test_the_shell_files_exist() -> None:
    files = shell_files()
    assert len(files) >= 20
    assert all(p.is_file() for p in files)


@pytest.mark.parametrize("path", shell_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_shell_imports_no_game(path: Path) -> None:
    assert game_imports(path) == []


def test_the_check_sees_every_kind_of_import(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker itself: absolute, from-, nested and relative imports of a game are all found."""
    fake = ROOT / "engine" / "bots" / "_boundary_probe.py"
    source = (
        "import engine.concordia.state\n"
        "from engine import colosseum\n"
        "def f():\n"
        "    from engine.massilia.bots import evaluate\n"
        "from ..concordia import GameState\n"
        "from engine.core import games\n"
    )
    monkeypatch.setattr(Path, "read_text", lambda self, encoding=None: source)
    found = game_imports(fake)
    assert sorted(line.split(" imports ")[1] for line in found) == [
        "engine.colosseum", "engine.concordia", "engine.concordia.GameState", "engine.concordia.state",
        "engine.massilia.bots", "engine.massilia.bots.evaluate",
    ]
