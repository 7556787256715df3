"""The look cursor's words and the Architect's grouped rows: exact prices, steps and short target rows."""

from __future__ import annotations

from engine.concordia import GameConfig, new_game
from engine.concordia.actions import Move, Play
from tests.tui.map_support import architect_ready, midgame
from tui.concordia.board.links import action_keys, colonist_label, move_options, primary_key, target_label
from tui.concordia.board.look import describe
from tui.widgets.prompt import group_choices


def test_r_architect_build_the_look_names_the_seed_example_price() -> None:
    """R-ARCHITECT-BUILD seed example: a wine city with 2 other houses costs 1 brick, 1 wine, 3 x 4 = 12."""
    s = new_game(GameConfig(map="imperium", players=4), 1)
    city = next(c for c, good in s.tiles.items() if good == "wine")
    s.players[1].houses.add(city)
    s.players[2].houses.add(city)
    names = ["1 Anna", "2 Bo", "3 Cy", "4 Di"]
    text = describe(s, city, names)
    assert "a house costs 1 brick + 1 wine + 12 sestertii" in text
    assert "houses: 2 Bo, 3 Cy" in text


def test_the_look_on_a_route_names_its_ends_steps_and_occupant() -> None:
    """R-ARCHITECT-MOVE: the steps shown are the engine's shortest distance for the move."""
    s = midgame("imperium", 5, until=architect_ready).state
    s.apply(Play("architect"))
    move = next(a for a in s.legal_actions() if isinstance(a, Move))
    r = s.map.routes[move.route]
    text = describe(s, move.route, [], [move])
    assert text.startswith(f"{s.map.place_name(r.a)}–{s.map.place_name(r.b)} ({r.kind})")
    assert "free" in text and "steps from here" in text
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
