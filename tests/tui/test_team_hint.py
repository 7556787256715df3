"""The team game's hint at 120x36 (issue 31): the decision panel leaves the hint one row, and it showed only
"The normal bot suggests:"; the best choice now stands on that row, after the header."""

from __future__ import annotations

from tests.tui.game_harness import GameApp, settle
from tests.tui.team_support import shown_text, team_session


async def test_the_team_games_hint_shows_the_suggestion_at_120x36() -> None:
    session = team_session()
    app = GameApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.screen
        s = session.state
        _action, text = screen.suggest(s.view(s.current_player), s.legal_actions(), 7)
        first = text.split("\n")[0]
        assert first.startswith("The normal bot suggests: 1. ")
        screen.show_hint(text)
        for _ in range(3):
            await pilot.pause()
        shown = shown_text(app, "#hint-box")
        assert shown.startswith("The normal bot suggests: 1. "), shown
        assert shown.split("1. ", 1)[1].split(":")[0] in first
