"""The map panel in the running game screen (Pilot): choosing on the map by keyboard, the decision list and the
map linked both ways, Esc back to the list, Tab wrapping, panning at 80x24, repainting only what changed, and
every board of the engine (the Salsa boards with their default salt) playing a few rounds without an error."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from engine.concordia import GameConfig, model
from engine.concordia.actions import Build, Move
from engine.concordia.config import default_salt
from saves import Seat
from tests.tui.game_harness import GameApp, game_screen, settle
from tests.tui.map_support import architect_played, architect_ready, can_build_after_architect, midgame
from tui.concordia.board.links import action_keys, primary_key
from tui.concordia.board.look import describe
from tui.concordia.screen import GameScreen
from tui.concordia.widgets.dialogs import ChoiceDialog
from tui.concordia.widgets.map import MapView
from tui.concordia.widgets.prompt import PromptPanel
from tui.session import GameSession
from tui.widgets.choice_list import ChoiceList


async def _to_map(pilot: Pilot[None], screen: GameScreen) -> MapView:
    """Tab from the decision list until the map has the focus (as a player would)."""
    m = screen.query_one(MapView)
    for _ in range(8):
        if m.has_focus:
            return m
        await pilot.press("tab")
    raise AssertionError("Tab never reached the map")


async def test_an_architect_move_chosen_on_the_map_by_keyboard() -> None:
    session = midgame("imperium", 5, until=architect_ready)
    app = GameApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await architect_played(pilot)
        m = await _to_map(pilot, screen)
        await pilot.press("tab")
        target = m.current_target()
        assert target is not None and target.kind == "route"
        assert m.describe_cursor().startswith("Enter → ") and "steps from here" in m.describe_cursor()
        count = len(session.actions)
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, ChoiceDialog):
            await pilot.press("1")
        await settle(pilot)
        moved = session.actions[count]
        assert moved in {str(a) for a in target.actions} and moved.startswith("move")


async def test_a_build_chosen_on_the_map_by_keyboard() -> None:
    session = midgame("imperium", 5, until=can_build_after_architect)
    app = GameApp(session)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await architect_played(pilot)
        builds = {a for a in session.state.legal_actions() if isinstance(a, Build)}
        assert builds
        m = await _to_map(pilot, screen)
        for _ in range(len(m.targets) + 1):
            await pilot.press("tab")
            if (target := m.current_target()) is not None and target.kind == "city":
                break
        target = m.current_target()
        assert target is not None and target.kind == "city"
        assert "a house costs" in m.describe_cursor()
        count = len(session.actions)
        money = session.state.players[0].money
        await pilot.press("enter")
        await settle(pilot)
        assert session.actions[count] == str(Build(target.key))
        assert target.key in session.state.players[0].houses and session.state.players[0].money < money
        # chosen on the map: announced with the undo key, and undone by it
        await pilot.press("u")
        await settle(pilot)
        assert target.key not in session.state.players[0].houses


async def test_the_list_cursor_lights_the_map_and_the_map_cursor_selects_the_row() -> None:
    session = midgame("imperium", 5, until=architect_ready)
    app = GameApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await architect_played(pilot)
        prompt = screen.query_one("#prompt", PromptPanel)
        choices = screen.query_one("#choices", ChoiceList)
        m = screen.query_one(MapView)
        assert choices.has_focus
        moving = [i for i, c in enumerate(prompt.choices) if any(isinstance(a, Move) for a in c.actions)]
        assert moving, "the Architect's list offers colonists to move"
        for i in moving[:2]:
            choices.highlighted = i
            await pilot.pause()
            keys = action_keys(prompt.choices[i].actions)
            assert m.lit == frozenset(keys)
            assert m.key_under_cursor() in keys, "the map brings the row's places into view"
        # and back: the map's cursor on a target selects the row acting on it
        m.focus()
        await pilot.pause()
        await pilot.press("tab")
        key = m.key_under_cursor()
        assert key is not None
        row = prompt.choices[choices.highlighted]
        assert any(primary_key(a) == key for a in row.actions)


async def test_colonist_moves_are_grouped_which_colonist_then_where() -> None:
    session = midgame("imperium", 5, until=architect_ready)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await architect_played(pilot)
        prompt = screen.query_one("#prompt", PromptPanel)
        moves = [a for a in session.state.legal_actions() if isinstance(a, Move)]
        rows = [c for c in prompt.choices if any(isinstance(a, Move) for a in c.actions)]
        assert len(rows) == len({a.source for a in moves}), "one row per colonist that can move"
        group = next(c for c in rows if len(c.actions) > 1)
        choices = screen.query_one("#choices", ChoiceList)
        choices.highlighted = prompt.choices.index(group)
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        labels = [label for label, _a in dialog.options]
        assert all(label.startswith("→ ") and len(label) <= 36 for label in labels), labels
        assert len(set(labels)) == len(labels)
        await pilot.press("escape")


async def test_escape_on_the_map_returns_to_the_list_and_tab_wraps() -> None:
    session = midgame("imperium", 5, until=architect_ready)
    app = GameApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await architect_played(pilot)
        m = await _to_map(pilot, screen)
        keys = m.tab_order()
        assert set(keys) == {x.key for x in m.targets}
        await pilot.press("tab")
        first = m.key_under_cursor()
        assert first == keys[0]
        await pilot.press(*(["tab"] * len(keys)))
        assert m.key_under_cursor() == first, "Tab goes round the targets"
        await pilot.press("shift+tab")
        assert m.key_under_cursor() == keys[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert screen.query_one("#choices", ChoiceList).has_focus
        assert app.screen is screen and app.quits == []


async def test_at_80x24_the_map_pans_after_the_cursor_and_has_an_overview() -> None:
    session = midgame("imperium", 5)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        m = screen.query_one(MapView)
        assert m.display and m.view is not None and not m.view.fits()
        m.focus()
        await pilot.pause()
        origin = m.view.origin
        await pilot.press(*(["shift+right"] * 8))
        assert m.view.origin != origin, "the window follows the cursor"
        cx, cy = m.view.cursor
        ox, oy = m.view.origin
        assert 0 <= cx - ox < m.size.width and 0 <= cy - oy < m.size.height
        await pilot.press("o")
        assert m.view.overview
        text = "\n".join("".join(ch for ch, _s in row) for row in m._rows)
        assert "★" in text
        await pilot.press("escape")
        assert not m.view.overview and m.has_focus
        await pilot.press("n")
        pages = []
        for _ in range(4):
            pages.append("\n".join("".join(ch for ch, _s in row) for row in m._rows))
            await pilot.press("down")
        assert "Nova = Novaria" in "\n".join(pages), "the legend pages with the arrows"


async def test_a_cursor_step_repaints_only_the_rows_that_changed() -> None:
    session = midgame("imperium", 5)
    app = GameApp(session)
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await game_screen(pilot)
        m = screen.query_one(MapView)
        assert m.view is not None and m.view.fits() and m.view.scale == "large"
        m.focus()
        await pilot.pause()
        await pilot.press("right")
        assert 0 < len(m.repainted) <= 1
        await pilot.press("down")
        assert 0 < len(m.repainted) <= 2


@pytest.mark.parametrize("map_id", model.MAP_IDS)
async def test_every_map_of_the_engine_opens_and_plays_a_few_bot_decisions(map_id: str) -> None:
    """The game screen on each board: the map draws (Britannia with Portus Itius, the salt boards with salt),
    bots and the person decide a few times, and the look cursor describes every place of the board."""
    config = GameConfig(map=map_id, players=3, salt=default_salt(map_id))
    seats = [Seat("Anna", None), Seat("Bot 2", "greedy"), Seat("Bot 3", "greedy")]
    session = GameSession(config, 3, seats)
    app = GameApp(session)
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await game_screen(pilot)
        for _ in range(3):
            screen.choose(session.state.legal_actions()[0])
            await settle(pilot)
        assert len(session.actions) > 6, "bots decided between the person's decisions"
        m = screen.query_one(MapView)
        assert m.display and m.view is not None
        text = "\n".join("".join(ch for ch, _s in row) for row in m._rows)
        assert text.count("★") == len(session.state.map.capitals)
        for place in (*session.state.map.cities, *session.state.map.capitals):
            assert describe(session.state, place, []).startswith(session.state.map.place_name(place))
