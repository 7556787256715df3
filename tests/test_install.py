"""The game as a user installs it: build the wheel, install it (not editable) and play from it.

An editable install reads data files from the source tree, so a package-data pattern that leaves a file
out (as ``data/*.json`` once left out ``data/maps/``) passes every other test and still ships a game that
cannot start. This test installs the wheel into a fresh virtual environment whose only other entries are
the already-installed dependencies, and runs the installed ``concordia`` command from outside the tree.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

APP_SCRIPT = """
import asyncio
from tui.app import ConcordiaApp

async def main() -> None:
    app = ConcordiaApp(install_signals=False, save_settings=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")  # Rules asks which game: 1 is Concordia
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        print(type(app.screen).__name__)

asyncio.run(main())
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtual environment with the wheel installed; returns its bin folder."""
    tmp = tmp_path_factory.mktemp("install")
    # Build from a copy of the sources alone: setuptools reuses an in-tree build/ folder, which would hide a
    # data file that the package-data patterns no longer select.
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    for name in ("engine", "tui", "saves"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    wheels = tmp / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), str(src)],
        check=True, cwd=tmp, capture_output=True, text=True,
    )
    (wheel,) = wheels.glob("concordia_tui-*.whl")
    env_dir = tmp / "venv"
    venv.create(env_dir, with_pip=False)
    bin_dir = env_dir / "bin"
    # The dependencies (textual, rich, msgpack, platformdirs) come from the test environment's site-packages,
    # added as plain path entries: the project's own editable-install hook there is not run.
    env_site = next((env_dir / "lib").glob("python3*/site-packages"))
    (env_site / "deps.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "--quiet", "--no-deps",
         str(wheel)],
        check=True, cwd=tmp, capture_output=True, text=True,
    )
    return bin_dir


def run(bin_dir: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CONCORDIA_SAVE_DIR")}
    env["HOME"] = str(cwd)
    return subprocess.run(list(args), cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_the_wheel_is_installed_not_linked(installed: Path, tmp_path: Path) -> None:
    out = run(installed, str(installed / "python"), "-c", "import engine, tui; print(engine.__file__)", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert str(ROOT) not in out.stdout
    assert "site-packages" in out.stdout


def test_the_installed_command_plays_a_game_on_every_map(installed: Path, tmp_path: Path) -> None:
    out = run(installed, str(installed / "python"), "-c",
              "from engine.concordia import model; print(' '.join(model.MAP_IDS))", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    maps = out.stdout.split()
    assert "imperium" in maps
    for map_id in maps:
        done = run(installed, str(installed / "concordia"), "simulate", "--map", map_id, "--players", "3",
                   "--games", "1", "--seed", "1", "--json", cwd=tmp_path)
        assert done.returncode == 0, f"{map_id}: {done.stderr}"
        assert '"games": 1' in done.stdout


def test_the_installed_app_opens_its_rules_screen(installed: Path, tmp_path: Path) -> None:
    out = run(installed, str(installed / "python"), "-c", APP_SCRIPT, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("RulesScreen")


GERMAN_SCRIPT = """
from pathlib import Path
import tui
from tui import i18n
from tui.concordia import text

mos = sorted(str(p.relative_to(Path(tui.__file__).parent)) for p in Path(tui.__file__).parent.glob("**/*.mo"))
print(" ".join(mos))
i18n.set_language("de")
print(text.done_text.__module__, i18n.t("Quick game"))
"""


def test_the_wheel_carries_the_compiled_german_catalogs(installed: Path, tmp_path: Path) -> None:
    out = run(installed, str(installed / "python"), "-c", GERMAN_SCRIPT, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    mos, words = out.stdout.strip().splitlines()
    assert mos.split() == [
        "colosseum/locale/de/LC_MESSAGES/colosseum.mo", "concordia/locale/de/LC_MESSAGES/concordia.mo",
        "locale/de/LC_MESSAGES/shell.mo", "massilia/locale/de/LC_MESSAGES/massilia.mo",
    ]
    assert words == "tui.concordia.text Schnelles Spiel"
