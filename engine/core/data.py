"""A game's data files: the JSON files in its package's ``data/`` folder, read once and checked by the game.

Every component value of a game lives in its data files (``components.json`` ...); values no source gives are
stand-ins, named in the file itself, so the UI can say that they are not the printed game's. A file that is
missing or not JSON is a broken installation, told as ``GameDataError`` naming the file (never a traceback).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from .errors import GameDataError


def read_json(package: str, name: str) -> Any:
    """The plain data of ``<package>/data/<name>`` (``name`` may hold a sub-folder: ``maps/imperium.json``)."""
    try:
        text = resources.files(package).joinpath("data").joinpath(name).read_text(encoding="utf-8")
    except OSError as exc:
        raise GameDataError(f"cannot read game data {name}: {exc}") from exc
    try:
        return json.loads(text)
    except ValueError as exc:
        raise GameDataError(f"{name}: not valid JSON ({exc})") from exc
