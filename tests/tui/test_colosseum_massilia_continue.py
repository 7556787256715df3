"""Colosseum's and Massilia's quick games from the real title screen: a few decisions by keyboard, leave with
``q``, and Continue on the title resumes the same game at the same decision (issues 17 and 19, "leave mid-game
and continue")."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from textual.widgets import OptionList

from saves import SaveStore
from tests.tui.app_support import isolated_fixture, make_app, screen_text, store_fixture, wait_until  # noqa: F401
from tui.screens.confirm import ConfirmScreen
from tui.screens.title import TitleScreen
from tui.widgets.choice_list import ChoiceList

pytestmark = pytest.mark.usefixtures("isolated")


def _deciding(app: Any, game: str) -> bool:
    """The app shows ``game``'s screen and waits for the person (no bot thinking, no dialog on top)."""
    screen = app.screen
    session = getattr(screen, "session", None)
    return (
        session is not None and session.game == game and hasattr(screen, "human_to_decide")
        and screen.human_to_decide() and screen.thinking is None
    )


def _offered(screen: Any) -> Counter[str]:
    """The decision panel's choices, as action texts (Massilia keeps (line, action) pairs, Colosseum actions)."""
    assert len(screen.query_one("#choices", ChoiceList).labels) == len(screen.choices)
    return Counter(str(c[1] if isinstance(c, tuple) else c) for c in screen.choices)


@pytest.mark.parametrize(("key", "game", "title"), [
    ("b", "colosseum", "Die Baumeister des Colosseum"),
    ("a", "massilia", "Massilia"),
])
async def test_quick_game_leave_and_continue_at_the_same_decision(store: SaveStore, key: str, game: str,
                                                                  title: str) -> None:
    app = make_app(store=store)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press(key)
        await wait_until(pilot, lambda: _deciding(app, game), timeout=60)
        session = app.screen.session
        assert [s.bot for s in session.seats] == [None, "normal", "normal", "normal"]
        for _ in range(3):  # three decisions with the keyboard: the first choice of the panel each time
            before = len(session.actions)
            choices = app.screen.query_one("#choices", ChoiceList)
            choices.focus()
            await pilot.press("home", "enter")
            await wait_until(pilot, lambda b=before: len(session.actions) > b and _deciding(app, game), timeout=60)
        position, actions, game_id = session.state.to_dict(), list(session.actions), session.game_id
        offered = _offered(app.screen)
        assert offered == Counter(str(a) for a in session.state.legal_actions())
        await pilot.press("q")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):  # the game screen may ask before leaving
            await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        menu = app.screen.query_one("#title-menu", OptionList)
        assert not menu.get_option("continue").disabled
        assert f"Continue: {title}" in screen_text(app)
        (header,) = store.list()
        assert (header.game, header.game_id, header.decisions) == (game, game_id, len(actions))
        await pilot.press("c")
        await wait_until(pilot, lambda: _deciding(app, game), timeout=60)
        again = app.screen.session
        assert again.game_id == game_id and again.actions == actions
        assert again.state.to_dict() == position
        assert _offered(app.screen) == offered
