"""The map layouts: every board the engine offers (the five Salsa boards too) has a layout at every
scale that, drawn, shows each route as a connected line between its cities with its colonist space on it,
without overlapping or repeated labels and with nothing drawn over a colonist space."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.bots import make_bot
from engine.concordia import GameConfig, GameState, model
from engine.concordia.model import GameMap
from engine.concordia.setup import new_game
from tests.tui.map_support import midgame
from tui import glyphs
from tui.concordia.board.generate import generate, unique_labels
from tui.concordia.board.layout import SCALES, Label, Layout, PlaceCells, RoutePath, dump, stored
from tui.concordia.board.render import plain, render, render_empty
from tui.concordia.board.store import covers, layouts_for
from tui.concordia.board.validate import validate

SALSA_BOARDS = ("hispania", "byzantium", "creta", "britannia", "corsica")
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


# ------------------------------------------------------------------------------------ the Salsa boards


def test_the_five_salsa_boards_are_offered_and_covered_by_the_per_map_tests() -> None:
    """The per-map tests above run over ``model.MAP_IDS``: the boards the engine added are in it."""
    assert set(SALSA_BOARDS) <= set(model.MAP_IDS)
    assert {m for m, _v in BOARDS} == set(model.MAP_IDS)


def test_r_map_britannia_portus_itius_is_a_place_with_its_three_sea_routes() -> None:
    """R-MAP-BRITANNIA: the sea colonists' start place is drawn (a star, like the capital) and its sea routes
    run from next to its block at every scale."""
    gm = model.game_map("britannia")
    assert gm.capitals == ("londinium", "portus-itius")
    routes = sorted(r for r, route in gm.routes.items() if "portus-itius" in (route.a, route.b))
    assert routes == ["sea:camulodunum~portus-itius", "sea:dubris~portus-itius", "sea:noviomagus~portus-itius"]
    assert all(gm.routes[r].kind == model.SEA for r in routes)
    for layout in layouts_for(gm).values():
        place = layout.places["portus-itius"]
        rows = plain(render_empty(layout, gm))
        assert rows[place.y][place.x] == glyphs.glyph("capital")
        for rid in routes:
            path = layout.routes[rid]
            ends = (path.cells[0], path.cells[-1])
            assert any(max(abs(e[0] - b[0]), abs(e[1] - b[1])) == 1 for e in ends for b in place.block())


def test_validator_finds_portus_itius_missing() -> None:
    gm = model.game_map("britannia")
    layout = layouts_for(gm)["small"]
    broken = Layout(layout.map_id, layout.scale, layout.width, layout.height,
                    {k: v for k, v in layout.places.items() if k != "portus-itius"}, layout.routes,
                    layout.provinces, layout.legend)
    assert validate(broken, gm) == ["place Portus Itius has no cells"]
    assert not covers(broken, gm)


def test_the_generator_is_deterministic_on_britannia() -> None:
    gm = model.game_map("britannia")
    assert generate(gm, "small") == generate(gm, "small")


def _played(map_id: str, until: Callable[[GameState], bool], salt: bool = False, seed: int = 5,
            bot_name: str = "greedy", limit: int = 3000) -> GameState:
    """Bots play a 4-player game on ``map_id`` until ``until`` holds."""
    s = new_game(GameConfig(map=map_id, players=4, salt=salt), seed)
    bot = make_bot(bot_name)
    rng = random.Random(seed)
    for _ in range(limit):
        if until(s):
            return s
        assert not s.is_over
        s.apply(bot.choose(s.view(s.current_player), s.legal_actions(), rng))
    raise AssertionError(f"{map_id}: the position never came")


def _salt_houses(s: GameState) -> list[tuple[int, str]]:
    return [(q, c) for q, p in enumerate(s.players) for c in p.houses if s.tiles.get(c) == model.SALT]


def _on_portus_itius_route(s: GameState) -> list[tuple[int, str]]:
    return [(q, loc) for q, p in enumerate(s.players) for _k, loc in p.colonists
            if loc in s.map.routes and "portus-itius" in (s.map.routes[loc].a, s.map.routes[loc].b)]


@pytest.mark.parametrize("ascii_mode", [False, True])
def test_r_salsa_city_a_salt_game_on_hispania_draws_salt_cities_with_s(ascii_mode: bool) -> None:
    """R-SALSA-CITY: salt cities show their good's letter S (in ASCII too), a house in one its owner's digit,
    and the mid-game drawing reads back sound at every scale."""
    s = _played("hispania", lambda s: len(_salt_houses(s)) >= 2, salt=True)
    glyphs.use_ascii(ascii_mode)
    salt_cities = [c for c, g in s.tiles.items() if g == model.SALT]
    assert salt_cities
    for layout in layouts_for(s.map).values():
        rows = plain(render(layout, s))
        assert validate(layout, s.map, rows) == []
        for city in salt_cities:
            place = layout.places[city]
            assert rows[place.y][place.x] == "S"
        for q, city in _salt_houses(s):
            place = layout.places[city]
            assert str(q + 1) in rows[place.y][place.x + 1: place.x + place.slots + 1]


@pytest.mark.parametrize("ascii_mode", [False, True])
def test_r_map_britannia_a_colonist_on_a_portus_itius_route_is_drawn(ascii_mode: bool) -> None:
    """R-MAP-BRITANNIA: sea colonists start in Portus Itius; one that moved onto a route from there shows its
    owner's digit on that route's colonist space, and the drawing reads back sound."""
    s = _played("britannia", lambda s: bool(_on_portus_itius_route(s)), seed=4, bot_name="random")
    assert any(p.houses for p in s.players), "a game under way (95 decisions), not the opening"
    glyphs.use_ascii(ascii_mode)
    for layout in layouts_for(s.map).values():
        rows = plain(render(layout, s))
        assert validate(layout, s.map, rows) == []
        for q, rid in _on_portus_itius_route(s):
            x, y = layout.routes[rid].colonist_cell
            assert rows[y][x] == str(q + 1)


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


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_look_line_fits_where_its_scale_is_shown(lang: str) -> None:
    """Issue 31: the look line was cut mid-word at 120x36 and dropped the province at 80x24; on every board,
    for every place, route and province, the line fits the status at 80x24, 120x36, 160x50 and 200x60 and a
    city's line keeps its province (a Prefect's and Saturnus' count)."""
    from engine.concordia import GameConfig, new_game
    from tui.concordia.board.validate import look_problems
    from tui.i18n import set_language

    names = ["1 Anna Livia Plurabelle", "2 Bot 2 (normal)", "3 Bot 3 (normal)", "4 Bot 4 (normal)"]
    set_language(lang)
    try:
        for map_id in model.MAP_IDS:
            s = new_game(GameConfig(map=map_id, players=4), 1)
            for layout in layouts_for(s.map).values():
                assert look_problems(layout, s, names) == [], (map_id, layout.scale)
    finally:
        set_language("en")
