"""The layout format: where every piece of a board sits on a character grid, at one scale.

Coordinates are cells, x right and y down from the top left of the layout's canvas. A place (city or
capital, and on Britannia Portus Itius, the sea colonists' start place) is a *block* on one row: its mark
(the city's good letter, S for salt, or the capital's star; Portus Itius has the star too) and, right of it,
one slot per seat for the owners of its houses (or, in a start place, of the colonists standing there).
A route is a path of cells leading from next to one place's block to next to the other's, one of them its
colonist space. Layouts are stored as JSON next to this module and loaded with ``stored``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

Cell = tuple[int, int]
"""A cell (x, y)."""

SCALES: dict[str, tuple[int, int, int]] = {
    "large": (132, 40, 14),
    "medium": (94, 30, 8),
    "small": (76, 26, 4),
}
"""Scale name -> (canvas width, canvas height, longest city label). Largest first."""

FORMAT = 1
"""Version of the JSON format."""


@dataclass(frozen=True, slots=True)
class Label:
    """A text at a fixed place: ``text`` starts at (x, y) and runs right."""

    text: str
    x: int
    y: int

    def cells(self) -> list[Cell]:
        return [(self.x + i, self.y) for i in range(len(self.text))]


@dataclass(frozen=True, slots=True)
class PlaceCells:
    """A city or a start place (the capital, Portus Itius): its block (mark and seat slots) and its name label."""

    id: str
    x: int
    y: int
    """The mark cell; the slots follow at x+1 .. x+slots."""
    slots: int
    label: Label

    def block(self) -> list[Cell]:
        return [(self.x + i, self.y) for i in range(self.slots + 1)]


@dataclass(frozen=True, slots=True)
class RoutePath:
    """A route's line, in order from next to place ``a`` to next to place ``b``; one cell is its colonist space."""

    id: str
    cells: tuple[Cell, ...]
    colonist: int
    """Index in ``cells`` of the colonist space."""

    @property
    def colonist_cell(self) -> Cell:
        return self.cells[self.colonist]


@dataclass(frozen=True, slots=True)
class ProvinceMark:
    """A province's name and its bonus marker (two cells: the side's symbol and its good or coins)."""

    id: str
    label: Label
    marker: Cell
    """First of the marker's two cells, right after the name and a space."""

    def cells(self) -> list[Cell]:
        return [*self.label.cells(), self.marker, (self.marker[0] + 1, self.marker[1])]


@dataclass(frozen=True)
class Layout:
    """One board at one scale."""

    map_id: str
    scale: str
    width: int
    height: int
    places: dict[str, PlaceCells]
    routes: dict[str, RoutePath]
    provinces: dict[str, ProvinceMark]
    legend: dict[str, str] = field(default_factory=dict)
    """Label -> full name, for every label that is not the full name."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "map": self.map_id,
            "scale": self.scale,
            "size": [self.width, self.height],
            "places": {
                k: {"at": [p.x, p.y], "slots": p.slots, "label": [p.label.text, p.label.x, p.label.y]}
                for k, p in self.places.items()
            },
            "routes": {
                k: {"cells": [list(c) for c in r.cells], "colonist": r.colonist} for k, r in self.routes.items()
            },
            "provinces": {
                k: {"label": [m.label.text, m.label.x, m.label.y], "marker": list(m.marker)}
                for k, m in self.provinces.items()
            },
            "legend": dict(sorted(self.legend.items())),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Layout:
        if d.get("format") != FORMAT:
            raise ValueError(f"layout format {d.get('format')!r} is not {FORMAT}")
        places = {
            k: PlaceCells(k, int(v["at"][0]), int(v["at"][1]), int(v["slots"]),
                          Label(str(v["label"][0]), int(v["label"][1]), int(v["label"][2])))
            for k, v in d["places"].items()
        }
        routes = {
            k: RoutePath(k, tuple((int(c[0]), int(c[1])) for c in v["cells"]), int(v["colonist"]))
            for k, v in d["routes"].items()
        }
        provinces = {
            k: ProvinceMark(k, Label(str(v["label"][0]), int(v["label"][1]), int(v["label"][2])),
                            (int(v["marker"][0]), int(v["marker"][1])))
            for k, v in d["provinces"].items()
        }
        return cls(str(d["map"]), str(d["scale"]), int(d["size"][0]), int(d["size"][1]), places, routes, provinces,
                   {str(k): str(v) for k, v in d.get("legend", {}).items()})

    def features(self) -> dict[Cell, tuple[str, str]]:
        """Cell -> (kind, id) of what is drawn there: "place", "label", "route", "colonist" or "province".

        A cell where two routes cross belongs to the first; colonist spaces are never shared.
        """
        out: dict[Cell, tuple[str, str]] = {}
        for r in self.routes.values():
            for c in r.cells:
                out.setdefault(c, ("route", r.id))
            out[r.colonist_cell] = ("colonist", r.id)
        for p in self.places.values():
            for c in p.block():
                out[c] = ("place", p.id)
            for c in p.label.cells():
                out[c] = ("label", p.id)
        for m in self.provinces.values():
            for c in m.cells():
                out[c] = ("province", m.id)
        return out


@cache
def stored(map_id: str) -> dict[str, Layout]:
    """The stored layouts of ``map_id`` by scale (empty when none is stored for that map)."""
    path = resources.files("tui.concordia.board").joinpath("layouts").joinpath(f"{map_id}.json")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, FileNotFoundError):
        return {}
    d = json.loads(text)
    return {scale: Layout.from_dict(v) for scale, v in d["scales"].items()}


def dump(layouts: dict[str, Layout]) -> str:
    """A map's layouts (by scale) as the stored JSON: one line per place, route and province, for small diffs."""
    lines = ["{", ' "format": 1,', ' "scales": {']
    scales = list(layouts.items())
    for n, (scale, lay) in enumerate(scales):
        d = lay.to_dict()
        lines.append(f"  {json.dumps(scale)}: {{")
        for key in ("format", "map", "scale", "size"):
            lines.append(f"   {json.dumps(key)}: {json.dumps(d[key])},")
        for section in ("places", "routes", "provinces"):
            items = list(d[section].items())
            lines.append(f"   {json.dumps(section)}: {{")
            for i, (k, v) in enumerate(items):
                comma = "," if i < len(items) - 1 else ""
                lines.append(f"    {json.dumps(k)}: {json.dumps(v, separators=(',', ':'), ensure_ascii=False)}{comma}")
            lines.append("   },")
        lines.append(f'   "legend": {json.dumps(d["legend"], ensure_ascii=False)}')
        lines.append("  }" + ("," if n < len(scales) - 1 else ""))
    lines += [" }", "}"]
    return "\n".join(lines) + "\n"
