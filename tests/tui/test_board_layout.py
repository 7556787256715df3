"""The board layout (issue 31): from about 118x31 until the wide layout shows a scale whole (e.g. 120x36,
140x40) the map panel shows the whole small scale of every board at once, beside the players, the hand and
the decision; below it the compact layout pans, above it the wide layout shows a larger scale whole."""

from __future__ import annotations

import pytest
from rich.text import Text

from engine.concordia import GameConfig, model, new_game
from tests.tui.game_harness import GameApp, settle
from tests.tui.test_game_layout import flat, named_session, plain
from tui.concordia.board.layout import SCALES
from tui.concordia.board.render import Marks
from tui.concordia.board.store import layouts_for
from tui.concordia.board.view import BoardView
from tui.concordia.screen import GameScreen, board_layout
from tui.concordia.widgets.hand import HandPanel
from tui.concordia.widgets.map import MapView
from tui.concordia.widgets.players import PlayersPanel


def test_the_board_layout_covers_the_terminals_between_compact_and_wide() -> None:
    small_w, small_h, _ = SCALES["small"]
    for size in [(120, 36), (118, 31), (140, 40), (160, 45)]:
        assert board_layout(*size) == (small_w + 2, small_h + 3), size
    for size in [(100, 30), (80, 24), (117, 36), (120, 30), (160, 50), (200, 60)]:
        assert board_layout(*size) is None, size


@pytest.mark.parametrize("map_id", list(model.MAP_IDS))
def test_at_120x36_the_map_panel_shows_every_board_whole(map_id: str) -> None:
    panel = board_layout(120, 36)
    assert panel is not None
    s = new_game(GameConfig(map=map_id, players=4), 1)
    view = BoardView(layouts_for(s.map))
    view.resize(panel[0] - 2, panel[1] - 3)  # border and look line
    assert view.scale == "small" and view.fits()
    view.go(s.map.capital)
    view.centre()
    rows = view.rows(s, Marks(), cursor=False)
    text = ["".join(cell[0] for cell in row) for row in rows]
    ox, oy = view.origin
    lay = view.layout
    for place in lay.places.values():  # every place's name is drawn where the layout puts it: nothing off-panel
        label = place.label
        assert text[label.y - oy][label.x - ox : label.x - ox + len(label.text)] == label.text, (map_id, place.id)

async def test_at_120x36_the_screen_shows_the_whole_board_beside_players_hand_and_decision() -> None:
    session = named_session()
    app = GameApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.pause()
        screen = app.game_screen
        assert isinstance(screen, GameScreen) and screen.board_layout
        board = screen.query_one("#map", MapView)
        small_w, small_h, _ = SCALES["small"]
        assert board.content_region.width >= small_w and board.content_region.height >= small_h
        players = screen.query_one("#players", PlayersPanel)
        assert players.display and players.region.height > len(session.seats)
        hand = screen.query_one("#hand-c", HandPanel)
        # under the map the log, or in its place the others' turns since the person's last (the decision panel's
        # choices take its rows: recap.py)
        below = "#log-view" if screen.query_one("#log-view").display else "#recap-left"
        assert hand.region.height >= 6 and screen.query_one(below).display
        for panel in (players, hand):  # whole names and whole hand lines (issue 21), each card's action written out
            width = panel.content_region.width
            for line in plain(panel).split("\n"):
                assert Text(line).cell_len <= width, (panel.id, line)
        for name in session.names():
            assert name in plain(players)
        assert "1 Tribune (Mars) take cards back, +1 per card over 3; colonist" in flat(plain(hand))
        for name in ("#map-panel", "#players", "#hand-c", "#prompt", below):
            region = screen.query_one(name).region
            assert region.right <= 120 and region.bottom <= 35, name


async def test_at_200x40_the_market_stands_beside_the_hand() -> None:
    """A right column of 122 columns (200x40 is still the board layout: no larger scale fits 40 rows) showed
    players, hand and decision and no market; now the market stands beside the hand, every card's action in
    it, and the decision keeps its rows. At 120x36 the market keeps taking the map's place on ``k``."""
    from tui.concordia.text import card_short
    from tui.concordia.widgets.market import MarketPanel

    session = named_session(variant="base")
    app = GameApp(session)
    async with app.run_test(size=(200, 40)) as pilot:
        await settle(pilot)
        await pilot.pause()
        screen = app.game_screen
        assert isinstance(screen, GameScreen) and screen.board_layout and screen.has_class("market-beside")
        market = screen.query_one("#market-b", MarketPanel)
        hand = screen.query_one("#hand-c", HandPanel)
        assert market.display and market.region.y == hand.region.y and market.region.x > hand.region.right - 1
        text = plain(market)
        for cid in session.state.display:
            assert cid is not None and card_short(cid) in flat(text)
        assert all(Text(line).cell_len <= market.content_region.width for line in text.split("\n"))
        assert screen.query_one("#prompt").region.height >= 10
        await pilot.resize_terminal(120, 36)
        await settle(pilot)
        await pilot.pause()
        assert not screen.has_class("market-beside") and not market.display
