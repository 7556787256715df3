"""The look cursor's words and the Architect's grouped rows: exact prices, steps and short target rows."""

from __future__ import annotations

from engine.concordia import GameConfig, new_game
from engine.concordia.actions import Move, Play
from tests.tui.map_support import architect_ready, midgame
from tui.concordia.board.links import action_keys, colonist_label, move_options, primary_key, target_label
from tui.concordia.board.look import describe
from tui.concordia.text import move_cost
from tui.concordia.widgets.prompt import group_choices


def test_r_architect_build_the_look_names_the_seed_example_price() -> None:
    """R-ARCHITECT-BUILD seed example: a wine city with 2 other houses costs 1 brick, 1 wine, 3 x 4 = 12."""
    s = new_game(GameConfig(map="imperium", players=4), 1)
    city = next(c for c, good in s.tiles.items() if good == "wine")
    s.players[1].houses.add(city)
    s.players[2].houses.add(city)
    names = ["1 Anna", "2 Bo", "3 Cy", "4 Di"]
    text = describe(s, city, names, reader=s.current_player)
    assert "a house costs 1 brick + 1 wine + 12 sestertii" in text
    assert "houses: 2 Bo, 3 Cy" in text


def test_r_architect_build_the_look_prices_a_house_for_the_reader_not_the_player_on_turn() -> None:
    """R-ARCHITECT-BUILD: during another seat's turn the look line prices a house for the reader (seat 1): none
    where the reader already has a house, the reader's price elsewhere, and no price on a screen of no one."""
    s = new_game(GameConfig(map="imperium", players=4), 1)
    names = ["1 Anna", "2 Bo", "3 Cy", "4 Di"]
    wine = [c for c, good in s.tiles.items() if good == "wine"]
    mine, other = wine[0], wine[1]
    s.players[0].houses.add(mine)
    s.active = 1
    assert s.current_player == 1
    assert "house" not in describe(s, mine, names, reader=0).replace("houses:", "")
    assert "houses: 1 Anna" in describe(s, mine, names, reader=0)
    s.players[1].houses.add(other)
    s.players[2].houses.add(other)
    text = describe(s, other, names, reader=0)
    assert "a house costs 1 brick + 1 wine + 12 sestertii" in text  # 2 other houses: 3 x 4
    assert "a house costs" not in describe(s, other, names, reader=1)  # seat 2 has a house there
    assert "a house costs" not in describe(s, other, names, reader=None)


def test_the_look_line_leaves_out_its_least_telling_parts_when_narrow() -> None:
    """A narrow look line keeps the city's name, good and province (a Prefect's and Saturnus' count) and
    drops what comes last, never cutting a word."""
    from tui.concordia.board.look import describe_parts, fit

    s = new_game(GameConfig(map="imperium", players=4), 1)
    city = next(c for c, good in s.tiles.items() if good == "wine")
    parts = describe_parts(s, city, ["1 Anna"], reader=0, short=True)
    # the short form: the good's letter as the map draws it, the province without its zone (issue 31: at
    # 80x24 the province was left out of Thessalonica's line)
    province = s.map.provinces[s.map.cities[city].province].name
    line = fit(parts, len(parts[0]) + len(parts[1]) + len(province) + 6)
    assert line == f"{parts[0]} · W · {province}"
    zone = f"{province} ({s.map.cities[city].zone})"
    assert describe_parts(s, city, ["1 Anna"], reader=0)[1:3] == ["wine", zone]


def test_the_look_on_a_route_names_its_ends_steps_and_occupant() -> None:
    """R-ARCHITECT-MOVE: the steps shown are the engine's shortest distance for the move."""
    s = midgame("imperium", 5, until=architect_ready).state
    s.apply(Play("architect"))
    move = next(a for a in s.legal_actions() if isinstance(a, Move))
    r = s.map.routes[move.route]
    text = describe(s, move.route, [], [move])
    assert text.startswith(f"{s.map.place_name(r.a)}–{s.map.place_name(r.b)} ({r.kind})")
    steps = move_cost(s, move)
    assert "free" in text and (f"{steps} step from here" if steps == 1 else f"{steps} steps from here") in text
    taken = next(rid for rid in s.routes)
    owner = s.routes[taken]
    assert f"colonist of {owner + 1} P{owner + 1}" in describe(s, taken, [])


def test_moves_are_grouped_per_colonist_with_short_distinct_targets() -> None:
    """One row per colonist that can move (1:1 with the legal moves), each target row at most 36 characters."""
    s = midgame("imperium", 5, until=architect_ready).state
    s.apply(Play("architect"))
    legal = s.legal_actions()
    moves = [a for a in legal if isinstance(a, Move)]
    rows = [c for c in group_choices(s, legal) if any(isinstance(a, Move) for a in c.actions)]
    assert sorted(str(a) for c in rows for a in c.actions) == sorted(str(a) for a in moves)
    for row in rows:
        sources = {a.source for a in row.actions if isinstance(a, Move)}
        assert len(sources) == 1
        assert row.label == colonist_label(s, [a for a in row.actions if isinstance(a, Move)])
        title, options = move_options(s, row.actions)
        assert title.startswith(("Land colonist ", "Sea colonist ")) and title.endswith(" → ?")
        labels = [label for label, _a in options]
        assert len(set(labels)) == len(labels) and all(len(x) <= 36 for x in labels)
        assert [a for _l, a in options] == list(row.actions)
        assert all(label == target_label(s, a) for label, a in options if isinstance(a, Move))
        keys = action_keys(row.actions)
        assert keys[-1] == next(iter(sources)) and {primary_key(a) for a in row.actions} <= set(keys)


def test_r_salsa_city_the_look_names_a_salt_citys_price() -> None:
    """R-SALSA-CITY: a house in a salt city costs 1 tool + 1 wine + 5 x (1 + other houses); with 2 other houses
    1 tool + 1 wine + 15 sestertii, and the city's good reads "salt"."""
    s = new_game(GameConfig(map="hispania", players=4, salt=True), 1)
    city = next(c for c, good in s.tiles.items() if good == "salt")
    names = ["1 Anna", "2 Bo", "3 Cy", "4 Di"]
    zone = f"{s.map.provinces[s.map.cities[city].province].name} ({s.map.cities[city].zone})"
    assert describe(s, city, names, reader=s.current_player).startswith(
        f"{s.map.cities[city].name} · salt · {zone} · a house costs 1 tool + 1 wine + 5 sestertii · houses: none")
    others = [q for q in range(4) if q != s.current_player][:2]
    for q in others:
        s.players[q].houses.add(city)
    who = ", ".join(names[q] for q in others)
    text = describe(s, city, names, reader=s.current_player)
    assert f"a house costs 1 tool + 1 wine + 15 sestertii · houses: {who}" in text


def test_r_map_britannia_the_look_names_portus_itius_and_the_colonists_there() -> None:
    """R-MAP-BRITANNIA: sea colonists start in Portus Itius, land colonists in Londinium."""
    s = new_game(GameConfig(map="britannia", players=2), 1)
    names = ["1 Anna", "2 Bo"]
    assert describe(s, "portus-itius", names) == (
        "Portus Itius · start place of sea colonists · colonists: 1 Anna, 2 Bo")
    assert describe(s, "londinium", names) == "Londinium · capital · colonists: 1 Anna, 2 Bo"


def test_r_forum_aulus_arcadius_the_look_quotes_the_engines_price() -> None:
    """Issue 18: with the forum the look cursor's price is the engine's (R-FORUM-AULUS-ARCADIUS: 1 sestertius
    less per house): a brick city without other houses costs 1 food + 0 sestertii, not 1 food + 1 sestertius; the
    cursor says exactly what the Architect's build row charges."""
    from engine.concordia.actions import Build
    from tests.engine.helpers import set_colonists
    from tests.engine.salsa_helpers import give_forum, salsa
    from tui.concordia.text import action_text

    s = salsa(salt=False)
    p = s.active
    names = ["1 Anna", "2 Bo", "3 Cy", "4 Di"]
    s.tiles = dict(s.tiles)
    s.tiles["novaria"] = "brick"
    assert "a house costs 1 food + 1 sestertius" in describe(s, "novaria", names, reader=p)
    give_forum(s, p, "aulus-arcadius")
    assert "a house costs 1 food + 0 sestertii" in describe(s, "novaria", names, reader=p)
    set_colonists(s, p, ("land", "land:novaria~roma"), ("sea", "roma"))
    s.apply(Play("architect"))
    build = next(a for a in s.legal_actions() if isinstance(a, Build) and a.city == "novaria")
    assert action_text(s, build).endswith("for 1 food + 0 sestertii")
    assert "a house costs 1 food + 0 sestertii" in describe(s, "novaria", names, reader=p)


def test_r_forum_mamilius_the_look_leaves_out_the_brick_in_that_architect_action() -> None:
    """R-FORUM-MAMILIUS: after Mamilius the houses of this Architect action need no brick; the look cursor
    says so (a wine city: 1 wine + 6 sestertii instead of 1 brick + 1 wine + 6)."""
    from tests.engine.helpers import set_colonists
    from tests.engine.salsa_helpers import give_forum, salsa

    s = salsa(salt=False)
    p = s.active
    names = ["1 Anna", "2 Bo", "3 Cy", "4 Di"]
    give_forum(s, p, "mamilius")
    s.tiles = dict(s.tiles)
    s.tiles["novaria"] = "wine"
    set_colonists(s, p, ("land", "land:novaria~roma"), ("sea", "roma"))
    s.apply(Play("architect"))
    assert "a house costs 1 brick + 1 wine + 4 sestertii" in describe(s, "novaria", names, reader=p)
    s.apply("forum use mamilius")
    assert "a house costs 1 wine + 4 sestertii" in describe(s, "novaria", names, reader=p)


def test_a_build_row_for_one_sestertius_says_sestertius() -> None:
    """Found playing Hispania with salt and the forum: the build row and the log read "+ 1 sestertii"."""
    from engine.concordia.actions import Build
    from tests.engine.helpers import set_colonists
    from tests.engine.salsa_helpers import salsa
    from tui.concordia.text import action_text

    s = salsa(salt=False)
    p = s.active
    s.tiles = dict(s.tiles)
    s.tiles["novaria"] = "brick"
    set_colonists(s, p, ("land", "land:novaria~roma"), ("sea", "roma"))
    s.apply(Play("architect"))
    build = next(a for a in s.legal_actions() if isinstance(a, Build) and a.city == "novaria")
    assert action_text(s, build).endswith("for 1 food + 1 sestertius")


def test_a_land_and_a_sea_colonist_in_the_same_city_are_two_rows() -> None:
    """R-ARCHITECT-MOVE: at the start both colonists stand in the capital; the Architect offers one row for the
    land colonist (land routes only) and one for the sea colonist (sea routes only), not one row named after
    whichever came first (found playing Hispania: "Sea colonist in Saguntum (43 routes)" held land moves)."""
    s = new_game(GameConfig(map="imperium", players=4), 1)
    s.apply(Play("architect"))
    legal = s.legal_actions()
    rows = [c for c in group_choices(s, legal) if any(isinstance(a, Move) for a in c.actions)]
    assert [c.label.split(" (")[0] for c in rows] == ["Land colonist in Roma", "Sea colonist in Roma"]
    for row, kind in zip(rows, ("land", "sea"), strict=True):
        assert {s.map.routes[a.route].kind for a in row.actions if isinstance(a, Move)} == {kind}
    assert sum(len(c.actions) for c in rows) == sum(1 for a in legal if isinstance(a, Move))


def test_the_look_says_1_step_and_2_steps() -> None:
    """R-ARCHITECT-MOVE: a route one step away reads "1 step from here" (it read "1 steps" in play)."""
    s = midgame("imperium", 5, until=architect_ready).state
    s.apply(Play("architect"))
    moves = [a for a in s.legal_actions() if isinstance(a, Move)]
    one = next(m for m in moves if move_cost(s, m) == 1)
    assert "· 1 step from here ·" in describe(s, one.route, [], [one])
    two = next(m for m in moves if move_cost(s, m) == 2)
    assert "· 2 steps from here ·" in describe(s, two.route, [], [two])


def test_r_map_creta_gavdos_marker_reads_question_mark_and_its_coin_side_the_chosen_goods() -> None:
    """R-MAP-CRETA: Gavdos' province has no fixed marker: the map draws ``?`` (as the board prints it), the look
    says "any good"; flipped, its coin side is worth the good last chosen there (none yet: cloth, 1)."""
    from tui.concordia.board.render import plain, render
    from tui.concordia.board.store import layouts_for

    s = new_game(GameConfig(map="creta", players=3), 1)
    prov = next(p for p, good in s.bonus.items() if good == "any")
    lay = layouts_for(s.map)["small"]
    x, y = lay.provinces[prov].marker
    rows = plain(render(lay, s))
    assert rows[y][x: x + 2] in ("◆?", "+?")
    assert "· bonus marker: any good side (may produce) · Gavdos" in describe(s, prov, [])
    s.active_markers.discard(prov)
    assert plain(render(lay, s))[y][x: x + 2] == "$1"
    assert "coin side (1 sestertius)" in describe(s, prov, [])
    assert "coin side: 1 sestertius" in describe(s, prov, [], short=True)
    s.chosen_bonus[prov] = "wine"
    assert plain(render(lay, s))[y][x: x + 2] == "$2"


def test_a_narrow_look_line_keeps_a_moves_steps() -> None:
    """At 80x24 (35 columns) a route that is a move's target keeps its steps: the short form names the ends,
    then the steps and the occupant, the kind last (the line's drawing shows it)."""
    from tui.concordia.board.look import describe_parts, fit

    s = midgame("imperium", 5, until=architect_ready).state
    s.apply(Play("architect"))
    move = next(a for a in s.legal_actions() if isinstance(a, Move))
    r = s.map.routes[move.route]
    steps = move_cost(s, move)
    parts = describe_parts(s, move.route, [], [move], short=True)
    assert parts[:3] == [f"{s.map.place_name(r.a)}–{s.map.place_name(r.b)}",
                         f"{steps} step" if steps == 1 else f"{steps} steps", "free"]
    assert parts[3] == r.kind
    assert fit(parts, 35).startswith(f"{parts[0]} · {parts[1]}")
