"""A throwaway distribution of hostile plugin bots with real entry points (``concordia.bots``).

``install(tmp_path)`` writes a package and its ``*.dist-info`` (``METADATA`` and ``entry_points.txt``) into
a folder and returns it; put that folder on ``sys.path`` (in-process) or ``PYTHONPATH`` (a subprocess) and
``importlib.metadata`` finds the bots exactly as it finds an installed package's. Each bot misbehaves in one
way that issue 15 found (items 9-11); every budget is small so that whole games stay quick.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = '''
"""Bots that misbehave on purpose: each one must cost only fallback moves, never the game."""

import os
import time


class Raising:
    name = "raising"
    seconds = 0.5

    def choose(self, view, legal_actions, rng):
        raise RuntimeError("plugin bug")


class Hanging:
    name = "hanging"
    seconds = 0.1

    def choose(self, view, legal_actions, rng):
        time.sleep(3600)


class Busy:
    name = "busy"
    seconds = 0.1

    def choose(self, view, legal_actions, rng):
        while True:
            pass


class Hog:
    """Keeps 400 MB more after every decision."""

    name = "hog"
    seconds = 2.0

    def __init__(self):
        self.hoard = []

    def choose(self, view, legal_actions, rng):
        self.hoard.append(bytearray(400 * 2**20))
        return legal_actions[0]


class Mutating:
    """Writes into every mutable part of its view it can reach, then answers legally."""

    name = "mutating"
    seconds = 0.5

    def choose(self, view, legal_actions, rng):
        for k in list(view.tiles):
            view.tiles[k] = "gold"
        for k in list(view.bonus):
            view.bonus[k] = "gold"
        view.map.cities.clear()
        view.map.routes.clear()
        view.routes.clear()
        view.display.clear()
        view.deck.clear()
        view.frames.clear()
        view.active_markers.clear()
        for p in view.players:
            p.money = 999
            p.goods[:] = [9] * len(p.goods)
            p.hand.clear()
            p.houses.add("roma")
        view.turn = 999
        return legal_actions[-1]


class Everything:
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0

    def __str__(self):
        return "build atlantis"


class LiarEqual:
    """Answers an object equal to every action (it passed the old ``in legal`` check)."""

    name = "liar-equal"
    seconds = 0.5

    def choose(self, view, legal_actions, rng):
        return Everything()


class Boom:
    def __eq__(self, other):
        raise RuntimeError("eq")

    def __hash__(self):
        raise RuntimeError("hash")

    def __str__(self):
        raise RuntimeError("str")

    def __repr__(self):
        raise RuntimeError("repr")


class LiarRaising:
    """Answers an object whose ``__eq__``, ``__hash__``, ``__str__`` and ``__repr__`` raise."""

    name = "liar-raising"
    seconds = 0.5

    def choose(self, view, legal_actions, rng):
        return Boom()


class Exiting:
    name = "exiting"
    seconds = 0.5

    def choose(self, view, legal_actions, rng):
        os._exit(3)


class Interrupting:
    name = "interrupting"
    seconds = 0.5

    def choose(self, view, legal_actions, rng):
        raise KeyboardInterrupt


class NanSeconds:
    """Declares a budget of nan and then plays the first legal action."""

    name = "nan-seconds"
    seconds = float("nan")

    def choose(self, view, legal_actions, rng):
        return legal_actions[0]


class InfSeconds(NanSeconds):
    name = "inf-seconds"
    seconds = float("inf")


class BadInit:
    def __init__(self):
        raise ValueError("cannot make this bot")


class Limits:
    """The first legal action if this process's address space is capped at ``expected`` bytes, else text."""

    name = "limits"

    def __init__(self, expected):
        import resource

        self.ok = resource.getrlimit(resource.RLIMIT_AS) == (expected, expected)

    def choose(self, view, legal_actions, rng):
        return legal_actions[0] if self.ok else "not limited"


class First:
    """A well-behaved plugin: the first legal action, by its text."""

    name = "first"

    def choose(self, view, legal_actions, rng):
        return str(legal_actions[0])
'''

BOTS = {
    "raising": "Raising",
    "hanging": "Hanging",
    "busy": "Busy",
    "hog": "Hog",
    "mutating": "Mutating",
    "liar-equal": "LiarEqual",
    "liar-raising": "LiarRaising",
    "exiting": "Exiting",
    "interrupting": "Interrupting",
    "nan-seconds": "NanSeconds",
    "inf-seconds": "InfSeconds",
    "bad-init": "BadInit",
    "first": "First",
    "limits": "Limits",
}

BROKEN_IMPORT = "missing-module"
"""An entry point whose module does not exist."""


def install(folder: Path) -> Path:
    """Write the ``hostile_bots`` package and its dist-info into ``folder``; returns ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "hostile_bots.py").write_text(PACKAGE, encoding="utf-8")
    info = folder / "hostile_bots-0.1.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: hostile-bots\nVersion: 0.1\n", encoding="utf-8")
    lines = [f"{name} = hostile_bots:{cls}" for name, cls in BOTS.items()]
    lines.append(f"{BROKEN_IMPORT} = hostile_bots_not_there:Bot")
    (info / "entry_points.txt").write_text("[concordia.bots]\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return folder
