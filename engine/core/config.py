"""A game's config from plain data (a save's header, the command line, the new-game form), checked the same
way for every game whose config is a flat dataclass of whole numbers, yes/no options and words."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from .errors import GameDataError

C = TypeVar("C")

KINDS: dict[str, tuple[tuple[type, ...], str]] = {
    "int": ((int,), "must be a whole number"),
    "bool": ((bool,), "must be true or false"),
    "str": ((str,), "must be text"),
}
"""A field's annotation -> the types its plain value may have and the complaint when it has another."""


class PlainConfig:
    """A config dataclass read from and written to plain data field by field (``from_plain``): ``to_dict``
    gives every field, ``from_dict`` checks and reads one back."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls: type[C], d: Any) -> C:
        """A validated config from plain data (missing keys take their defaults); ``GameDataError`` if wrong."""
        return from_plain(cls, d)


def from_plain(cls: type[C], d: Any) -> C:
    """``cls`` (a dataclass with ``validate()``) from plain data: missing keys take their defaults; anything
    that is not a mapping, a key ``cls`` has no field for, or a value of the wrong kind (a bool is no whole
    number) is ``GameDataError``, before ``validate`` checks the values themselves."""
    if not isinstance(d, Mapping):
        raise GameDataError("bad game config: not a mapping")
    d = dict(d)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(str(k) for k in d if k not in fields)
    if unknown:
        raise GameDataError(f"bad game config: unknown option {unknown[0][:40]!r}")
    for name, f in fields.items():
        kind = KINDS.get(f.type if isinstance(f.type, str) else getattr(f.type, "__name__", ""))
        if name in d and kind is not None:
            types, complaint = kind
            value = d[name]
            if not isinstance(value, types) or (bool not in types and isinstance(value, bool)):
                raise GameDataError(f"bad game config: {name} {complaint}")
    config = cls(**{k: d[k] for k in fields if k in d})
    config.validate()  # type: ignore[attr-defined]
    return config
