"""What every game's state does alike: copy its pending-decision frames and copy itself by hand.

A state is copied very often (every bot look-ahead, every ``view``), so each game copies it field by field
instead of with ``copy.deepcopy``. ``copier`` writes that field-by-field function once from a list of the
fields and how each is copied, and compiles it, so it runs as fast as the hand-written one it replaces
(``tests/engine/test_core_state.py`` checks it copies every field of all three games).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

Frame = dict[str, Any]
"""A pending decision: ``{"k": kind, "p": seat, ...}`` with flat values and lists of flat values."""


def copy_frame(f: Frame) -> Frame:
    """A copy of a frame that shares no list with it (frames hold flat values and lists of flat values)."""
    return {k: v[:] if isinstance(v, list) else v for k, v in f.items()}


HOW: dict[str, str] = {
    "same": "{v}",
    "list": "{v}[:]",
    "lists": "[x[:] for x in {v}]",
    "set": "set({v})",
    "dict": "dict({v})",
    "copies": "[x.copy() for x in {v}]",
    "frames": "[copy_frame(x) for x in {v}]",
}
"""How a field is copied: ``same`` shares the value (immutable, or never changed in place), ``list``/``set``/
``dict`` copy the container, ``lists`` a list of lists, ``copies`` a list of objects with a ``copy()``, ``frames``
a list of frames (``copy_frame``)."""


def copier(cls: type[T], **fields: str) -> Callable[[T], T]:
    """A function that copies an instance of ``cls`` field by field; ``fields`` maps a way of copying (``HOW``)
    to the names of the fields copied that way, separated by spaces::

        _clone = copier(GameState, same="config seed turn", list="deck events", copies="players")

    For a class with ``__slots__`` every slot must be named (a forgotten one would be left unset)."""
    names: list[str] = []
    body = ["def copy(self: Any) -> Any:\n    c = _new(_cls)"]
    for how, spaced in fields.items():
        if how not in HOW:
            raise ValueError(f"copier: unknown way of copying {how!r}; one of {', '.join(HOW)}")
        for name in spaced.split():
            if not name.isidentifier():
                raise ValueError(f"copier: {name!r} is not a field name")
            names.append(name)
            body.append(f"    c.{name} = " + HOW[how].format(v=f"self.{name}"))
    body.append("    return c")
    if len(set(names)) != len(names):
        raise ValueError(f"copier: a field of {cls.__name__} is named twice")
    slots = vars(cls).get("__slots__")  # the class's own (a base such as FrameStack has none to fill)
    if slots is not None and set(slots) != set(names):
        raise ValueError(f"copier: {cls.__name__}'s fields differ from its slots: "
                         f"{sorted(set(slots) ^ set(names))}")
    space: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "copy_frame": copy_frame, "Any": Any}
    exec("\n".join(body), space)  # only identifiers checked above go into the source
    fn: Callable[[T], T] = space["copy"]
    fn.__qualname__ = fn.__name__ = f"copy_{cls.__name__}"
    return fn


class FrameStack:
    """A state whose pending decisions are a stack of frames (``frames``, the top is decided next; Concordia,
    Massilia): the seat to decide is the top frame's ``p`` (one who decides out of turn: a storehouse
    overflow, a team partner, a stall owner taxed by the consul), else the active player."""

    __slots__ = ()

    frames: list[Frame]
    active: int
    over: bool

    @property
    def current_player(self) -> int:
        """The seat that must decide now (not always the active player)."""
        return int(self.frames[-1]["p"]) if self.frames else self.active

    @property
    def is_over(self) -> bool:
        return self.over
