"""Issue 21, the team game: the players panel shows who plays with whom, each team's money and score so far
(R-TEAM-SEATS, R-TEAM-MONEY, R-TEAM-END), always, in the wide and the compact layout."""

from __future__ import annotations

import pytest

from tests.tui.app_support import reset_globals
from tests.tui.game_harness import GameApp, make_session
from tests.tui.team_support import SIZES, panel_text, team_session
from tui import glyphs
from tui.concordia.widgets.players import render_players


@pytest.fixture(autouse=True)
def _globals() -> None:
    reset_globals()


@pytest.mark.parametrize("size", SIZES)
async def test_players_panel_lists_partners_together_with_team_rows(size: tuple[int, int]) -> None:
    session = team_session()
    s = session.state
    s.players[0].money, s.players[2].money, s.players[1].money, s.players[3].money = 4, 7, 9, 1
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        assert screen is not None
        await pilot.pause()
        if screen.compact:
            await pilot.press("p")
            await pilot.pause()
        text = panel_text(screen, "#players-c" if screen.compact else "#players")
    rows = [line.split() for line in text.split("\n")[1:]]
    firsts = [r[0].lstrip(glyphs.glyph("cursor")) for r in rows]
    assert firsts == ["1", "3", "Team", "2", "4", "Team"], "partners side by side, each pair with its team row"
    totals = s.final_scores().team_totals
    team_13, team_24 = rows[2], rows[5]
    assert team_13[:3] == ["Team", "1+3", "11"], "the team's money: 4 + 7"
    assert team_24[:3] == ["Team", "2+4", "10"], "9 + 1"
    assert (int(team_13[-1]), int(team_24[-1])) == (totals[0], totals[1])
    assert int(team_13[-1]) == s.final_scores().total(0) + s.final_scores().total(2)


def test_team_rows_follow_the_game_and_individual_games_have_none() -> None:
    session = team_session()
    s = session.state
    text = render_players(s, session.names(), [False, True, True, True], compact=False).plain
    assert "Team 1+3" in text and "Team 2+4" in text, "with the per-god columns too"
    solo = make_session("base", seed=3, players=4)
    text = render_players(solo.state, solo.names(), [False, True, True, True], compact=True).plain
    assert "Team" not in text
    assert [line.split()[0].lstrip(glyphs.glyph("cursor")) for line in text.split("\n")[1:]] == ["1", "2", "3", "4"]


def test_six_player_team_game_has_three_team_rows() -> None:
    from engine.concordia import GameConfig
    from saves import Seat
    from tui.session import GameSession

    seats = [Seat(f"P{i + 1}", "random") for i in range(6)]
    session = GameSession(GameConfig(map="imperium", players=6, variant="venus-team"), 2, seats)
    text = render_players(session.state, session.names(), [True] * 6, compact=True).plain
    teams = [line.split()[1] for line in text.split("\n")[1:] if line.split()[0] == "Team"]
    assert teams == ["1+4", "2+5", "3+6"]


@pytest.mark.parametrize("size", SIZES)
async def test_team_scores_under_the_prompt_in_every_layout(size: tuple[int, int]) -> None:
    """At 80x24 the players panel is one view among five: the prompt's bottom line always names the teams."""
    from tests.tui.app_support import screen_text

    session = team_session()
    totals = session.state.final_scores().team_totals
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert f"Teams 1+3: {totals[0]} · 2+4: {totals[1]} VP" in screen_text(app)


def test_six_player_team_summary_fits_the_compact_prompt() -> None:
    from engine.concordia import GameConfig
    from saves import Seat
    from tui.concordia.widgets.teams import team_summary
    from tui.session import GameSession

    seats = [Seat(f"P{i + 1}", "random") for i in range(6)]
    s = GameSession(GameConfig(map="imperium", players=6, variant="venus-team"), 2, seats).state
    text = team_summary(s)
    assert text.startswith("Teams 1+4: ") and " · 2+5: " in text and " · 3+6: " in text and text.endswith(" VP")
    assert len(text) <= 37, "the compact prompt is 41 columns wide, its corners and a space included"
    assert team_summary(GameSession(GameConfig(players=2), 1, seats[:2]).state) == ""
