"""Explicit migrations from older save-format versions to the current one.

``MIGRATIONS[v]`` turns the decoded header and body of version ``v`` into those of version ``v + 1``;
``migrate`` applies them in order. The body is None when only the header is read (``SaveStore.list``), so
a migration must handle a header on its own. Input is untrusted: a migration checks every type it uses
and raises ``SaveError`` on anything unexpected. When the format changes, bump ``FORMAT_VERSION`` in
``saves.codec``, add the step here, and add a fixture of the old version to ``tests/saves``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .model import SaveError

Plain = dict[str, Any]
Migration = Callable[[Plain, Plain | None], tuple[Plain, Plain | None]]


def _v0_to_v1(header: Plain, body: Plain | None) -> tuple[Plain, Plain | None]:
    """Version 0 (the prototype): seats as two lists ``names`` and ``bots``, the log under ``log``, no
    ``game`` field and no per-decision fingerprints. Version 1 has ``seats`` as [name, bot] pairs,
    ``actions``, ``checks`` and ``game``.
    """
    names, bots = header.get("names"), header.get("bots")
    if not isinstance(names, list) or not isinstance(bots, list) or len(names) != len(bots):
        raise SaveError("damaged version-0 header: names and bots must be lists of the same length")
    new_header = {k: v for k, v in header.items() if k not in ("names", "bots")}
    new_header["seats"] = [[n, b] for n, b in zip(names, bots, strict=True)]
    new_header["game"] = "concordia"
    new_header["version"] = 1
    if body is None:
        return new_header, None
    if "log" not in body:
        raise SaveError("damaged version-0 body: it has no action log")
    new_body = {k: v for k, v in body.items() if k != "log"}
    new_body["actions"] = body["log"]
    new_body["checks"] = None
    return new_header, new_body


def _v1_to_v2(header: Plain, body: Plain | None) -> tuple[Plain, Plain | None]:
    """Version 1 held Concordia only and described its game by ``map``, ``variant`` and ``players``. Version 2
    holds any game of the app: the header gains ``options`` (the game's config as plain data, so that a list
    can describe a save of any game). With the body at hand the options are its ``config``; a header read on
    its own (``SaveStore.list``) gets the three values it has (the game's defaults fill the rest for the list).
    The body, the fingerprints (Concordia's projection is unchanged) and the snapshot stay as they were.
    """
    if header.get("game") != "concordia":
        raise SaveError("damaged version-1 header: version 1 holds Concordia games only")
    options: Plain = {}
    for key, typ in (("map", str), ("variant", str), ("players", int)):
        value = header.get(key)
        if not isinstance(value, typ) or isinstance(value, bool):
            raise SaveError(f"damaged version-1 header: {key!r} has the wrong type ({type(value).__name__})")
        options[key] = value
    if body is not None:
        config = body.get("config")
        if not isinstance(config, dict):
            raise SaveError("damaged version-1 body: the game config is not a map")
        options = config
    return {**header, "options": options, "version": 2}, body


MIGRATIONS: dict[int, Migration] = {0: _v0_to_v1, 1: _v1_to_v2}
"""Version -> the step to the next version."""


def migrate(version: int, target: int, header: Plain, body: Plain | None) -> tuple[Plain, Plain | None]:
    """Header and body of ``version`` brought up to ``target`` through every step in between."""
    while version < target:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"save format version {version} is too old to be read by this program")
        header, body = step(header, body)
        version += 1
    return header, body
