"""View keys right after loading a save through the load screen (issue 21): title → Load → Enter, then the game
screen's view keys switch the view at once, without Tab first, in each game, at 80x24 (the compact layout,
where the keys choose the one panel shown)."""

from __future__ import annotations

from typing import Any

import pytest

from saves import SaveStore, Seat
from tests.tui.app_support import isolated_fixture, make_app, store_fixture  # noqa: F401
from tui.screens.load import LoadScreen
from tui.session import GameSession

pytestmark = pytest.mark.usefixtures("isolated")

VIEW_KEYS: dict[str, list[tuple[str, str]]] = {
    "concordia": [("k", "market"), ("l", "log"), ("p", "players"), ("w", "warehouse"), ("m", "map")],
    "colosseum": [("l", "log"), ("b", "board")],  # the displays are always on screen
    "massilia": [("l", "log"), ("p", "players"), ("b", "board"), ("m", "market")],
}


def saved_game(store: SaveStore, game: str) -> None:
    """A game of ``game`` with the person to decide, saved as the app's autosave would."""
    from tui import games

    ui = games.get(game)
    config = ui.info.config_from_dict(ui.quick_config)
    seats = [Seat("Anna", None)] + [Seat(f"Bot {i + 1}", "random") for i in range(1, config.players)]
    session = GameSession(config, 5, seats, store=store, game=game)
    while not session.is_human(session.state.current_player):
        session.apply(session.state.legal_actions()[0], autosave=False)
    store.save(session.to_saved())


@pytest.mark.parametrize("game", sorted(VIEW_KEYS))
async def test_view_keys_work_at_once_after_loading_a_save(store: SaveStore, game: str) -> None:
    saved_game(store, game)
    app: Any = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")
        for _ in range(20):
            await pilot.pause(0.05)
        screen = app.screen
        assert getattr(screen, "session", None) is not None, type(screen)
        for key, view in VIEW_KEYS[game]:
            await pilot.press(key)
            await pilot.pause()
            assert screen.view == view, (key, app.focused)


async def test_a_screen_change_refreshes_the_footer_once_not_once_per_widget(store: SaveStore,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The cause of the late keys: translating a new screen's key labels asked the footer to compose itself
    anew once per widget (a game screen has hundreds), which kept the app busy for seconds after a save was
    opened (2.5 s of CPU for Massilia, measured), while the keys pressed meanwhile waited. Now once a screen."""
    from textual.screen import Screen

    saved_game(store, "massilia")
    app: Any = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        calls: list[Screen[Any]] = []
        original = Screen.refresh_bindings

        def counted(screen: Screen[Any]) -> None:
            calls.append(screen)
            original(screen)

        monkeypatch.setattr(Screen, "refresh_bindings", counted)
        await pilot.press("enter")
        for _ in range(20):
            await pilot.pause(0.05)
        game = app.screen
        assert getattr(game, "session", None) is not None
        widgets = len(list(game.walk_children()))
        assert widgets > 30
        assert calls.count(game) < 10, (calls.count(game), widgets)
