"""Which layouts a board uses: the stored ones (tuned by hand) when they cover the board, else generated ones.

``layouts_for(gm)`` serves every map the engine offers, including maps added after the stored layouts were
made: a map without a stored file (or whose file no longer matches its routes) gets its layouts from the
generator, once per run. ``python -m tui.concordia.board.store [map ...]`` (re)writes the stored files.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.concordia import model
from engine.concordia.model import GameMap
from tui.concordia.board.generate import LayoutError, generate
from tui.concordia.board.layout import SCALES, Layout, dump, stored
from tui.concordia.board.render import plain, render_empty
from tui.concordia.board.validate import validate

_GENERATED: dict[tuple[str, str], dict[str, Layout]] = {}


def covers(layout: Layout, gm: GameMap) -> bool:
    """True when ``layout`` has cells for every place, route and province of ``gm``."""
    return (
        all(p in layout.places for p in (*gm.cities, *gm.capitals))
        and all(r in layout.routes for r in gm.routes)
        and all(p in layout.provinces for p in gm.provinces)
    )


def layouts_for(gm: GameMap) -> dict[str, Layout]:
    """The board's layouts by scale, largest first (stored when they fit the board, else generated)."""
    saved = stored(gm.id)
    if saved and all(covers(lay, gm) for lay in saved.values()):
        return {s: saved[s] for s in SCALES if s in saved}
    key = (gm.id, gm.variant)
    if key not in _GENERATED:
        out: dict[str, Layout] = {}
        for scale in SCALES:
            try:
                out[scale] = generate(gm, scale)
            except LayoutError:
                continue
        _GENERATED[key] = out
    return _GENERATED[key]


def make(gm: GameMap) -> tuple[dict[str, Layout], list[str]]:
    """Generate and validate every scale of ``gm``: the layouts and the problems found."""
    layouts: dict[str, Layout] = {}
    problems: list[str] = []
    for scale in SCALES:
        try:
            lay = generate(gm, scale)
        except LayoutError as exc:
            problems.append(str(exc))
            continue
        problems += [f"{gm.id} {scale}: {p}" for p in validate(lay, gm, plain(render_empty(lay, gm)))]
        layouts[scale] = lay
    return layouts, problems


def main(argv: list[str] | None = None) -> int:
    """Write ``layouts/<map>.json`` for the maps named (all maps by default); refuse a layout that fails."""
    names = (argv if argv is not None else sys.argv[1:]) or list(model.MAP_IDS)
    folder = Path(__file__).resolve().parent / "layouts"
    status = 0
    for map_id in names:
        try:
            gm = model.game_map(map_id)
        except Exception as exc:
            print(f"{map_id}: {exc}")
            status = 1
            continue
        layouts, problems = make(gm)
        if problems:
            print("\n".join(problems))
            status = 1
            continue
        (folder / f"{map_id}.json").write_text(dump(layouts), encoding="utf-8")
        print(f"{map_id}: wrote {', '.join(layouts)}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
