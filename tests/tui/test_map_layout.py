"""The map layouts: every board the engine offers (and the five boards being added) has a layout at every
scale that, drawn, shows each route as a connected line between its cities with its colonist space on it,
without overlapping or repeated labels and with nothing drawn over a colonist space."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.concordia import model
from engine.concordia.model import GameMap
from tests.tui.map_support import midgame
from tui import glyphs
from tui.concordia.board.generate import generate, unique_labels
from tui.concordia.board.layout import SCALES, Label, Layout, PlaceCells, RoutePath, dump, stored
from tui.concordia.board.render import plain, render, render_empty
from tui.concordia.board.store import covers, layouts_for, make
from tui.concordia.board.validate import validate

REFERENCE = Path("/work/shared/reference/concordia/maps")
NEW_BOARDS = ("hispania", "byzantium", "crete", "britannia", "corsica")
BOARDS = [(m, "") for m in model.MAP_IDS] + [("ionium", "small")]


@pytest.fixture(autouse=True)
def _unicode() -> Any:
    glyphs.use_ascii(False)
    yield
    glyphs.use_ascii(False)


@pytest.mark.parametrize(("map_id", "variant"), BOARDS)
@pytest.mark.parametrize("ascii_mode", [False, True])
def test_every_board_has_a_sound_layout_at_every_scale(map_id: str, variant: str, ascii_mode: bool) -> None:
    gm = model.game_map(map_id, variant)
    layouts = layouts_for(gm)
    assert list(layouts) == list(SCALES)
    glyphs.use_ascii(ascii_mode)
    for layout in layouts.values():
        assert validate(layout, gm, plain(render_empty(layout, gm))) == []


@pytest.mark.parametrize("map_id", model.MAP_IDS)
def test_every_map_is_stored_and_its_file_matches_the_map_data(map_id: str) -> None:
    saved = stored(map_id)
    assert set(saved) == set(SCALES)
    assert all(covers(layout, model.game_map(map_id)) for layout in saved.values())


@pytest.mark.parametrize("map_id", ["imperium", "italia", "ionium", "hellas", "cyprus"])
def test_a_mid_game_drawing_reads_back_with_every_piece_in_place(map_id: str) -> None:
    """Houses of four players, colonists on routes and a flipped marker cover no line, label or space."""
    session = midgame(map_id)
    s = session.state
    for layout in layouts_for(s.map).values():
        rows = plain(render(layout, s))
        assert validate(layout, s.map, rows) == []
        for q, p in enumerate(s.players):
            for _kind, loc in p.colonists:
                if loc in s.map.routes:
                    x, y = layout.routes[loc].colonist_cell
                    assert rows[y][x] == str(q + 1), "a colonist shows its owner's digit on its space"
            for city in p.houses:
                place = layout.places[city]
                block = rows[place.y][place.x: place.x + place.slots + 1]
                assert block[0] == glyphs.GOOD_LETTERS[s.tiles[city]], "the good stays readable under a house"
                assert str(q + 1) in block[1:]


def test_the_drawing_never_moves_when_a_house_is_built() -> None:
    """The playtest saw a city jump a row after a house was built: labels and lines stay on their cells."""
    session = midgame("hellas")
    s = session.state
    layout = layouts_for(s.map)["medium"]
    before = plain(render(layout, s))
    trial = s.clone()
    city = next(c for c in s.map.cities if c not in trial.players[1].houses)
    trial.players[1].houses.add(city)
    after = plain(render(layout, trial))
    changed = [(x, y) for y, (a, b) in enumerate(zip(before, after, strict=True))
               for x, (ca, cb) in enumerate(zip(a, b, strict=True)) if ca != cb]
    assert changed and all(c in layout.places[city].block() for c in changed)


def test_owner_symbols_are_never_goods_letters() -> None:
    owners = {glyphs.player_letter(q) for q in range(6)}
    assert owners == set("123456")
    assert not owners & (set(glyphs.GOOD_LETTERS.values()) | {"S"})


# ------------------------------------------------------------------------------------ the validator


def _small_layout() -> tuple[Layout, GameMap]:
    gm = model.game_map("hellas")
    return layouts_for(gm)["small"], gm


def test_validator_finds_a_broken_route_line() -> None:
    layout, gm = _small_layout()
    rid = max(gm.routes, key=lambda r: len(layout.routes[r].cells))
    path = layout.routes[rid]
    cut = RoutePath(rid, path.cells[:1] + path.cells[2:], 0)
    broken = Layout(layout.map_id, layout.scale, layout.width, layout.height, layout.places,
                    {**layout.routes, rid: cut}, layout.provinces, layout.legend)
    problems = validate(broken, gm)
    assert any("is broken between" in p for p in problems)


def test_validator_finds_overlapping_and_repeated_labels() -> None:
    layout, gm = _small_layout()
    a, b = list(gm.cities)[:2]
    pb = layout.places[b]
    moved = PlaceCells(b, pb.x, pb.y, pb.slots, Label(layout.places[a].label.text, layout.places[a].label.x,
                                                      layout.places[a].label.y))
    bad = Layout(layout.map_id, layout.scale, layout.width, layout.height, {**layout.places, b: moved},
                 layout.routes, layout.provinces, layout.legend)
    problems = validate(bad, gm)
    assert any("overlaps the label of" in p for p in problems)
    assert any("names both" in p for p in problems)


def test_validator_finds_a_covered_colonist_space_and_a_missing_route() -> None:
    layout, gm = _small_layout()
    rows = plain(render_empty(layout, gm))
    rid = next(iter(gm.routes))
    x, y = layout.routes[rid].colonist_cell
    rows[y] = rows[y][:x] + "X" + rows[y][x + 1:]
    assert any("colonist space of" in p and "'X'" in p for p in validate(layout, gm, rows))
    fewer = Layout(layout.map_id, layout.scale, layout.width, layout.height, layout.places,
                   {k: v for k, v in layout.routes.items() if k != rid}, layout.provinces, layout.legend)
    assert validate(fewer, gm) == [f"route {gm.route_name(rid)} has no line"]


def test_stored_json_round_trips() -> None:
    layout, _gm = _small_layout()
    again = json.loads(dump({"small": layout}))["scales"]["small"]
    assert Layout.from_dict(again) == layout


def test_unique_labels_keep_full_names_that_fit_and_abbreviate_the_rest() -> None:
    """Hellas showed 'The B' twice; Ionium 'Pat F' twice: labels are unique and explained by the legend."""
    names = {"a": "Thebae", "b": "Thermos", "c": "Thera", "d": "Roma", "e": "Patrae", "f": "Patara"}
    short = unique_labels(names, 4)
    assert short["d"] == "Roma"
    assert len({v.lower() for v in short.values()}) == len(names)
    assert all(len(v) <= 4 for v in short.values())
    assert unique_labels(names, 14) == names


# ------------------------------------------------------------------------------------ boards being added


def _engine_format(name: str) -> dict[str, Any]:
    """A reference board file in the engine's map format (routes to nodes that are not cities are left out)."""
    d = json.loads((REFERENCE / f"{name}.json").read_text(encoding="utf-8"))
    places = set(d["cities"]) | {d["capital"]}
    no_stop = {(r["a"], r["b"]) for r in d.get("special_routes", []) if r.get("can_stop") is False}
    routes = [
        {"a": a, "b": b, "kind": kind, "pos": pos, "stop": (a, b) not in no_stop}
        for (a, b, kind), pos in zip(d["routes"], d["route_pos"], strict=True)
        if a in places and b in places
    ]
    return {
        "id": name,
        "name": d["name"],
        "title": d.get("board_title", d["name"].upper()),
        "capital": d["capital"],
        "capital_pos": d["capital_pos"],
        "players": {"min": 2, "max": 5},
        "provinces": [{"id": model.slug(p), "name": p, "cities": cs} for p, cs in d["provinces"].items()],
        "cities": [
            {"id": model.slug(c), "name": c, "province": v["province"], "zone": v["zone"],
             "label": v.get("board_label", c.upper()), "pos": v["pos"]}
            for c, v in d["cities"].items()
        ],
        "routes": routes,
    }


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="the reference board files are not on this machine")
@pytest.mark.parametrize("name", NEW_BOARDS)
def test_boards_being_added_get_sound_layouts(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The five boards another change adds: read through ``engine.concordia.model`` from the engine format."""
    engine_file = Path(model.__file__).parent / "data" / "maps" / f"{name}.json"
    if engine_file.exists() and name in model.MAP_IDS:
        gm = model.game_map(name)
    else:
        folder = tmp_path / "maps"
        folder.mkdir()
        (folder / f"{name}.json").write_text(json.dumps(_engine_format(name)), encoding="utf-8")
        real_read = model._read
        monkeypatch.setattr(model, "_read", lambda n: json.loads((tmp_path / n).read_text(encoding="utf-8"))
                            if n.startswith("maps/") else real_read(n))
        monkeypatch.setattr(model, "MAP_IDS", (*model.MAP_IDS, name))
        monkeypatch.setattr(model, "_validate_map", lambda gm: None)  # salt boards have their own tile counts
        gm = model.game_map.__wrapped__(name)
    layouts, problems = make(gm)
    assert problems == []
    assert set(layouts) == set(SCALES)
    for layout in layouts.values():
        assert validate(layout, gm, plain(render_empty(layout, gm))) == []
    assert generate(gm, "small") == layouts["small"], "the generator is deterministic"


def test_six_houses_in_one_city_fit_its_block_with_a_plus() -> None:
    """A 6-player team game: the block has 5 slots, so the sixth owner turns the last slot into '+'."""
    from engine.concordia import GameConfig, new_game

    s = new_game(GameConfig(map="imperium", players=6, variant="venus-team"), 1)
    city = next(iter(s.map.cities))
    for p in s.players:
        p.houses.add(city)
    layout = layouts_for(s.map)["small"]
    place = layout.places[city]
    rows = plain(render(layout, s))
    assert rows[place.y][place.x + 1: place.x + place.slots + 1] == "1234+"
    assert validate(layout, s.map, rows) == []


def test_validator_finds_a_line_passing_next_to_a_city_it_does_not_join() -> None:
    layout, gm = _small_layout()
    rid = next(iter(gm.routes))
    route = gm.routes[rid]
    third = next(c for c in gm.cities if c not in (route.a, route.b))
    p = layout.places[third]
    path = layout.routes[rid]
    detour = RoutePath(rid, (*path.cells, (p.x, p.y - 1)), path.colonist)
    bad = Layout(layout.map_id, layout.scale, layout.width, layout.height, layout.places,
                 {**layout.routes, rid: detour}, layout.provinces, layout.legend)
    assert any(f"passes next to {gm.place_name(third)}" in x for x in validate(bad, gm))
