"""A whole Concordia Salsa game (salt and the forum on Hispania) through the game screen: the person's seat
chooses with the keyboard through the prompt (and its dialogs), bots play the other seats; the forum panel
is opened with ``f`` on the way (R-SALSA-*, R-FORUM-*)."""

from __future__ import annotations

import random

import pytest

from engine.concordia import GameConfig
from engine.concordia.actions import Keep
from saves import Seat
from tests.tui.game_harness import GameApp, choose_by_keys, settle
from tui.concordia.widgets.forum import ForumPanel
from tui.game_over import GameOverScreen
from tui.session import GameSession


def _citizens() -> set[str]:
    from engine.concordia.model import forum

    return set(forum().citizens)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "size"), [(5, (80, 24))])
async def test_a_whole_salsa_game_with_the_keyboard(seed: int, size: tuple[int, int]) -> None:
    config = GameConfig(map="hispania", players=3, salt=True, forum=True)
    session = GameSession(config, seed, [Seat("Human 1", None), Seat("Bot 2", "random"), Seat("Bot 3", "random")])
    app = GameApp(session)
    rng = random.Random(seed)
    kinds: set[str] = set()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        assert session.state.decision == "keep", "the game starts with keeping a patrician"
        await pilot.press("f")
        await pilot.pause()
        panel = screen.query_one("#forum-c" if screen.compact else "#forum", ForumPanel)
        assert panel.display and "Tableau" in panel.render().plain
        decisions = 0
        while not session.state.is_over:
            assert screen.human_to_decide(), "the screen must wait for the person"
            before = len(session.actions)
            legal = session.state.legal_actions()
            meant = await choose_by_keys(pilot, screen, rng)
            assert meant in legal
            kinds.add(type(meant).__name__)
            assert session.actions[before] == str(meant), "the key presses applied the chosen action"
            decisions += 1
            await settle(pilot)
        assert decisions > 20
        assert {Keep.__name__} <= kinds
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.quits == [session]
    state = session.state
    assert state.is_over and state.config.salt and state.config.forum
    taken = [a for a in session.actions if a.startswith("forum take")]
    used = [a for a in session.actions if a.startswith("forum use")]
    assert taken, "forum cards were taken with the Tribune"
    assert all(a.split()[2] in used_names for a in used for used_names in [_citizens()])


@pytest.mark.parametrize(("size", "beside"), [((160, 49), False), ((200, 60), True)])
async def test_the_forum_panel_in_the_wide_layout(size: tuple[int, int], beside: bool) -> None:
    """Below 50 rows ``f`` puts the forum in the map's place (and it shows itself while the person keeps a
    patrician); from 50 rows it is always under the market. The market stays in both."""
    config = GameConfig(map="byzantium", players=3, forum=True)
    session = GameSession(config, 4, [Seat("Human 1", None), Seat("Bot 2", "random"), Seat("Bot 3", "random")])
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None and not screen.compact
        forum, market = screen.query_one("#forum", ForumPanel), screen.query_one("#market")
        left = screen.query_one("#forum-c", ForumPanel)
        assert session.state.decision == "keep"
        assert forum.has_class("off") is not beside and screen.has_class("forum-left") is not beside
        assert market.display and not market.has_class("off")
        await pilot.press("enter")  # keep the first patrician
        await settle(pilot)
        assert session.state.decision == "play"
        assert forum.has_class("off") is not beside and not screen.has_class("forum-left")
        assert screen.query_one("#map-panel").display
        await pilot.press("f")
        await pilot.pause()
        assert screen.has_class("forum-left") is not beside
        shown = forum if beside else left
        assert "1  4→" in shown.render().plain
        if beside:
            assert "Tableau" in shown.render().plain and "Human 1: ●" in shown.render().plain
        else:  # in the map's place the deck's line and the legend are in the border (a row each for the cards)
            view = screen.query_one("#forum-view")
            assert view.display and not screen.query_one("#map-panel").display
            assert str(view.border_title).startswith("Forum: deck ") and "patrician" in str(view.border_subtitle)
            seats = [line for line in shown.render().plain.splitlines() if line.startswith(("1: ", "3: "))]
            assert seats and "   2: ●" in seats[0]  # the seats by their digit, several to a line


async def test_the_forum_view_of_the_compact_layout_and_a_game_without_forum() -> None:
    session = GameSession(GameConfig(map="hispania", players=2, forum=True), 6,
                          [Seat("Human 1", None), Seat("Bot 2", "random")])
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None and screen.compact
        await pilot.press("f")
        await pilot.pause()
        assert screen.view == "forum"
        assert "Tableau" in screen.query_one("#forum-c", ForumPanel).render().plain
        assert screen.query_one("#forum-view").has_class("shown")
    plain = GameSession(GameConfig(map="italia", players=2), 6, [Seat("Human 1", None), Seat("Bot 2", "random")])
    app = GameApp(plain)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        await pilot.press("f")
        await pilot.pause()
        assert screen.query_one("#forum").has_class("off") and not screen.has_class("forum-left")
