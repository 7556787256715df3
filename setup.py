"""The package build compiles the German gettext catalogs: every ``locale/<lang>/LC_MESSAGES/<domain>.po`` of the
packages becomes the ``.mo`` that ``gettext`` reads, in the wheel (and next to the ``.po`` for an editable
install). The compiler is ``tui/pocompile.py`` (standard library only), loaded by path so the build needs no
dependency of the app.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _pocompile() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_pocompile", HERE / "tui" / "pocompile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildWithCatalogs(build_py):
    """``build_py`` that also writes each catalog's ``.mo`` (into the build, or in place when editable)."""

    def run(self) -> None:
        super().run()
        compiler = _pocompile()
        for po in sorted(HERE.glob("tui/**/locale/*/LC_MESSAGES/*.po")):
            rel = po.relative_to(HERE).with_suffix(".mo")
            target = HERE / rel if self.editable_mode else Path(self.build_lib) / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            compiler.compile_file(po, target)


setup(cmdclass={"build_py": BuildWithCatalogs})
