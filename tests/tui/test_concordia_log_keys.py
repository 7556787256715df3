"""Concordia's log pages with - and + like the other games' (``PlayScreen.LOG_KEYS``)."""

from __future__ import annotations

from tests.tui.game_harness import make_session


async def test_concordia_pages_its_log_with_minus_and_plus() -> None:
    """- and + page the log from anywhere (``PlayScreen.LOG_KEYS``): at 80x24 they open the log view."""
    from tests.tui.game_harness import GameApp, settle
    from tui.widgets.log import LogLines


    app = GameApp(make_session(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None and screen.view != "log"
        for _ in range(30):  # enough decisions for a log longer than its view
            legal = screen.session.legal_actions()
            if not legal or not screen.session.is_human(screen.session.state.current_player):
                break
            screen.choose(legal[0])
            await settle(pilot)
        await pilot.press("minus")
        await pilot.pause()
        assert screen.view == "log"
        lines = screen.log_panel().query_one(LogLines)
        assert lines.max_scroll_y > 0
        bottom = lines.scroll_y
        await pilot.press("minus")
        await pilot.pause()
        assert lines.scroll_y < bottom
        await pilot.press("plus")
        await pilot.pause()
        assert lines.scroll_y > bottom - lines.size.height
