"""The look line on the game screen prices a house for the reader: the map is told whose screen it is (seat 1,
the person), so during any seat's turn it prices for them (issue 31: it priced for the seat on turn)."""

from __future__ import annotations

from tests.tui.game_harness import GameApp, settle
from tests.tui.map_support import midgame
from tui.concordia.board.look import anchor
from tui.concordia.widgets.map import MapView


async def test_r_architect_build_the_screens_look_line_prices_for_the_reader() -> None:
    session = midgame("imperium", 4)
    app = GameApp(session)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        m = app.screen.query_one(MapView)
        assert m.reader == 0 and m.view is not None
        s = session.state
        mine = next(iter(s.players[0].houses))
        theirs = next(c for c in s.players[1].houses if c not in s.players[0].houses)
        m.view.cursor = anchor(m.view.layout, mine)
        assert "a house costs" not in m.describe_cursor()
        m.view.cursor = anchor(m.view.layout, theirs)
        assert "a house costs" in m.describe_cursor()
        m.reader = 1  # seat 2's screen: a house there already, no price
        assert "a house costs" not in m.describe_cursor()
