"""Issue 31: a province's row in the decision list (a Prefect's choice) lights the province and its cities,
on the map and in the province list (``v``); the list says how many of the reader's houses stand in each
province (what a Prefect there pays them, what Saturnus counts)."""

from __future__ import annotations

from engine.concordia import GameConfig, new_game
from tui.concordia.board.render import STYLE_LIT, Marks, render, untinted
from tui.concordia.board.store import layouts_for
from tui.concordia.widgets.map_list import render_list


def with_houses() -> object:
    """A 3-player Imperium game where seat 1 has houses in two cities of the first province and one in the
    second (set by hand: the list only reads them)."""
    s = new_game(GameConfig(map="imperium", players=3), 4)
    provs = list(s.map.provinces)
    first = list(s.map.provinces[provs[0]].cities)
    s.players[0].houses.update(first[:2])
    s.players[0].houses.add(next(iter(s.map.provinces[provs[1]].cities)))
    return s


def test_a_lit_province_lights_its_cities_on_the_map() -> None:
    s = new_game(GameConfig(map="imperium", players=4), 1)
    lay = layouts_for(s.map)["small"]
    prov = next(iter(s.map.provinces))
    cities = tuple(s.map.provinces[prov].cities)
    grid = render(lay, s, Marks(lit=frozenset({prov}), cities_of={prov: cities}))
    for cid in cities:
        for x, y in lay.places[cid].block():
            assert untinted(grid[y][x][1]).startswith(STYLE_LIT), cid
    other = next(c for c in s.map.cities if c not in cities)
    x, y = lay.places[other].block()[0]
    assert STYLE_LIT not in grid[y][x][1]


def test_the_province_list_lights_the_row_and_counts_the_readers_houses() -> None:
    s = with_houses()
    gm = s.map  # type: ignore[attr-defined]
    prov = next(iter(gm.provinces))
    n = 2
    text = render_list(s, [], reader=0, lit=[prov])  # type: ignore[arg-type]
    line = next(x for x in text.plain.split("\n") if x.startswith(gm.provinces[prov].name + " "))
    assert line.endswith(f"{n} house of yours" if n == 1 else f"{n} houses of yours")
    lit_words = {text.plain[span.start:span.end].strip() for span in text.spans if "bright_cyan" in str(span.style)}
    assert gm.provinces[prov].name in lit_words
    assert {gm.cities[c].name for c in gm.provinces[prov].cities} <= lit_words
    assert "houses of yours" not in render_list(s, [], reader=None).plain  # type: ignore[arg-type]
    assert "house of yours" not in render_list(s, [], reader=None).plain  # type: ignore[arg-type]
