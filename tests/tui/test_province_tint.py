"""Issue 31: every board at every scale tints each province's area, so a city's province (what a Prefect
produces, what Saturnus counts) reads at a glance where names are cut to four letters; the legend (``n``)
names each province on its tint."""

from __future__ import annotations

import pytest

from engine.concordia import GameConfig, model, new_game
from tui.concordia.board.areas import COLOUR_TINTS, areas
from tui.concordia.board.render import Marks, render, untinted
from tui.concordia.board.store import layouts_for
from tui.concordia.board.view import BoardView


@pytest.mark.parametrize("map_id", list(model.MAP_IDS))
def test_each_city_stands_on_its_provinces_tint_and_neighbours_differ(map_id: str) -> None:
    s = new_game(GameConfig(map=map_id, players=4), 1)
    gm = s.map
    for scale, lay in layouts_for(gm).items():
        area, tints = areas(lay, gm)
        assert set(tints) == set(gm.provinces)
        grid = render(lay, s, Marks())
        for pid, city in gm.cities.items():
            place = lay.places[pid]
            for c in (*place.block(), *place.label.cells()):  # the city's mark, slots and name
                assert area.get(c) == city.province, (map_id, scale, city.name, c)
                assert grid[c[1]][c[0]][1].endswith(f"on {tints[city.province]}"), (map_id, scale, city.name)
        for pid in gm.capitals:  # the capital is in no province
            assert all(c not in area for c in lay.places[pid].block())
        for prov in gm.provinces:
            assert all(area.get(c) == prov for c in lay.provinces[prov].cells())
            if prov in COLOUR_TINTS:  # Cyprus, Creta, Corsica: the colour the board names the province after
                assert tints[prov] == COLOUR_TINTS[prov]
        for (x, y), prov in area.items():  # two provinces that touch never share a tint
            for c in ((x + 1, y), (x, y + 1)):
                other = area.get(c)
                if other is not None and other != prov and prov not in COLOUR_TINTS and other not in COLOUR_TINTS:
                    assert tints[other] != tints[prov], (map_id, scale, prov, other)


def test_untinted_gives_the_style_without_the_area() -> None:
    assert untinted("bold red on #3a2414") == "bold red"
    assert untinted("on #3a2414") == ""
    assert untinted("bold black on yellow") == "bold black on yellow"


@pytest.mark.parametrize("map_id", ["imperium", "cyprus"])
def test_the_legend_names_every_province_on_its_tint(map_id: str) -> None:
    s = new_game(GameConfig(map=map_id, players=4), 1)
    view = BoardView(layouts_for(s.map))
    view.resize(76, 26)
    view.legend = True
    rows = view.rows(s, Marks())
    text = ["".join(ch for ch, _ in row) for row in rows]
    _area, tints = areas(view.layout, s.map)
    for pid, prov in s.map.provinces.items():
        short = view.layout.provinces[pid].label.text
        entry = f"{short} = {prov.name}" if short != prov.name else short
        y, line = next((i, line) for i, line in enumerate(text) if f"   {entry}" in line)
        x = line.index(f"   {entry}")
        assert rows[y][x][1] == f"on {tints[pid]}" and rows[y][x + 1][1] == f"on {tints[pid]}"


@pytest.mark.parametrize("map_id", list(model.MAP_IDS))
@pytest.mark.parametrize("size", [(37, 20), (76, 26)])  # the map panel at 80x24 and at 120x36
def test_the_legend_tells_each_province_by_its_cities_without_colour(map_id: str, size: tuple[int, int]) -> None:
    """ASCII mode and monochrome terminals show no tint: the legend lists each province's cities as the map
    writes them, every page fits the panel, and every city is listed under its own province."""
    s = new_game(GameConfig(map=map_id, players=4), 1)
    view = BoardView(layouts_for(s.map))
    view.resize(*size)
    view.legend = True
    pages: list[list[str]] = []
    for page in range(8):
        view.legend_page = page
        text = ["".join(ch for ch, _ in row).rstrip() for row in view.rows(s, Marks())]
        assert all(len(line) <= size[0] for line in text)
        pages.append(text)
        head = " ".join(text[:2])
        if "/" not in head or page + 1 >= int(head.split("/")[1].split(",")[0]):
            break

    def said(entry: str) -> set[str]:
        """The cities on the entry's line and its continuation lines (indented under it, in its column)."""
        for text in pages:
            for y, line in enumerate(text):
                x = line.find(entry)
                if x < 0:
                    continue
                words = [line[x + len(entry):].split("  ")[0]]
                for more in text[y + 1:]:
                    if more[x:x + 6] != "      " or not more[x + 6:x + 7].strip():
                        break
                    words.append(more[x + 6:].split("  ")[0])
                return {w.strip(",") for w in " ".join(words).split()}
        raise AssertionError(f"{entry!r} not in the legend")

    for pid, prov in s.map.provinces.items():
        short = view.layout.provinces[pid].label.text
        entry = f"   {short} = {prov.name}:" if short != prov.name else f"   {short}:"
        mine = {view.layout.places[c].label.text for c, city in s.map.cities.items() if city.province == pid}
        assert said(entry) == mine, (map_id, prov.name)
