"""Issue 31, routes from here: ``r`` on the map colours every route by the steps an Architect's move takes from
the city under the cursor (the engine's distances, land and sea each), and the look line says a route's steps."""

from __future__ import annotations

from engine.concordia import model
from engine.concordia.rules import architect
from tests.tui.game_harness import GameApp, settle
from tests.tui.test_game_layout import named_session
from tui.concordia.board.look import anchor
from tui.concordia.board.render import STEP_STYLES, Marks, render, untinted
from tui.concordia.widgets.map import MapView


async def test_r_counts_the_routes_from_the_city_under_the_cursor() -> None:
    session = named_session(variant="base")
    app = GameApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        board = screen.query_one("#map", MapView)
        board.focus()
        await pilot.pause()
        s = session.state
        assert board.view is not None and board.view.go(s.map.capital)
        await pilot.press("r")
        await pilot.pause()
        steps = board.steps()
        expected = {**architect.distances(s, model.LAND, s.map.capital, 6),
                    **architect.distances(s, model.SEA, s.map.capital, 6)}
        assert steps == expected and min(steps.values()) == 1
        assert "routes from here" in board.describe_cursor()
        # walk onto a route two steps away: the origin stays Roma, the look line gives the steps
        far = next(r for r, n in sorted(steps.items()) if n == 2)
        spot = anchor(board.view.layout, far)
        assert spot is not None
        board.view.cursor = spot
        board.redraw()
        assert "2 steps from Roma" in board.describe_cursor()
        await pilot.press("r")
        await pilot.pause()
        assert board.steps() == {}


def test_each_route_is_drawn_in_the_style_of_its_steps() -> None:
    session = named_session(variant="base")
    s = session.state
    from tui.concordia.board.store import layouts_for

    lay = layouts_for(s.map)["small"]
    routes = sorted(s.map.routes)[:5]
    grid = render(lay, s, Marks(steps={r: i + 1 for i, r in enumerate(routes)}))
    for i, r in enumerate(routes):
        x, y = lay.routes[r].cells[0]
        assert untinted(grid[y][x][1]) == STEP_STYLES[min(i, 3)]
