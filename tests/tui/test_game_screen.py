"""The game screen's keys and flows: undo, hotseat, hint, the map's targets, confirmation, game over."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine.concordia import GameConfig
from engine.concordia.actions import Done, Move, Play
from saves import SaveStore, Seat
from tests.tui.game_harness import GameApp, make_session, settle
from tui import glyphs
from tui.concordia.board.look import anchor
from tui.concordia.board.render import render
from tui.concordia.board.store import layouts_for
from tui.concordia.game_over import score_table
from tui.concordia.widgets.dialogs import ChoiceDialog
from tui.concordia.widgets.gods import GodsScreen
from tui.concordia.widgets.hand import HandPanel, hand_cards
from tui.concordia.widgets.map import MapView
from tui.concordia.widgets.prompt import PromptPanel
from tui.game_over import GameOverScreen
from tui.help_screen import HelpScreen
from tui.screens.hotseat import HotseatScreen
from tui.session import BotRequest, GameSession, bot_plan


def key_of(session: GameSession, role: str) -> str:
    s = session.state
    cards = hand_cards(s, s.current_player)
    index = next(i for i, c in enumerate(cards) if s.card(c).roles == (role,))
    return str(index + 1)


async def test_undo_takes_back_the_own_decision_and_the_bots_after_it() -> None:
    session = make_session("base", 7)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = session.state.to_dict()
        count = len(session.actions)
        await pilot.press(key_of(session, "mercator"))  # Mercator: takes 3 sestertii, then trading
        await settle(pilot)
        await pilot.press("d")  # end trading: the turn ends, the bots play
        await settle(pilot)
        assert len(session.actions) > count + 2
        await pilot.press("u")
        await settle(pilot)
        assert session.state.decision == "mercator"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert session.state.to_dict() == before
        assert len(session.actions) == count and len(session.log) == count
        await pilot.press("u")  # nothing of the person's own before that (only the bots' first turns)
        await settle(pilot)
        assert session.state.to_dict() == before


async def test_hotseat_hides_the_hand_until_the_next_person_confirms() -> None:
    session = make_session("base", 7, humans=2)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = session.state.current_player
        if isinstance(app.screen, HotseatScreen):
            await pilot.press("enter")
            await settle(pilot)
        screen = app.game_screen
        assert screen is not None and screen.human_to_decide()
        await pilot.press(key_of(session, "mercator"))
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, HotseatScreen)
        assert "hidden" in str(screen.query_one("#hand-c", HandPanel).render())
        second = session.state.current_player
        assert second != first and session.is_human(second)
        assert not session.can_undo(), "the next person cannot take back the other's turn"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.viewer() == second
        assert "Tribune" in str(screen.query_one("#hand-c", HandPanel).render())


async def test_hint_names_a_legal_choice_and_highlights_it() -> None:
    session = make_session("base", 7)
    app = GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        hint = str(app.screen.query_one("#hint").render())
        assert "bot" in hint and "Play" in hint


async def test_map_targets_by_keyboard_and_mouse() -> None:
    session = make_session("venus", 7)
    app = GameApp(session)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await pilot.press(key_of(session, "architect"))
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        m = screen.query_one(MapView)
        moves = {a for a in session.state.legal_actions() if isinstance(a, Move)}
        assert {a for target in m.targets for a in target.actions} == moves
        m.focus()
        await pilot.press("tab")
        target = m.current_target()
        assert target is not None and target.kind == "route"
        count = len(session.actions)
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, ChoiceDialog):
            await pilot.press("1")
        await settle(pilot)
        assert session.actions[count] in {str(a) for a in target.actions}
        # the mouse: a click on a highlighted target chooses it
        if m.targets and m.view is not None:
            target = m.targets[0]
            spot = anchor(m.view.layout, target.key)
            assert spot is not None
            m.view.go(target.key)
            x, y = spot[0] - m.view.origin[0], spot[1] - m.view.origin[1]
            count = len(session.actions)
            await pilot.click(MapView, offset=(x, y))
            await pilot.pause()
            if isinstance(app.screen, ChoiceDialog):
                await pilot.press("1")
            await settle(pilot)
            assert session.actions[count] in {str(a) for a in target.actions}


async def test_confirm_before_ending_the_turn() -> None:
    session = make_session("base", 7)
    app = GameApp(session, confirm_end_turn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key_of(session, "mercator"))
        await settle(pilot)
        turn = session.state.turn
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert session.state.turn == turn and session.state.decision == "mercator"
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("1")
        await settle(pilot)
        assert session.actions.count("done") >= 1 and session.state.turn > turn


async def test_help_overlay_and_views_of_the_compact_layout() -> None:
    session = make_session("base", 7)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None and screen.compact
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        for key, view in (("k", "market"), ("p", "players"), ("l", "log"), ("w", "warehouse"), ("m", "map")):
            await pilot.press(key)
            await pilot.pause()
            assert screen.view == view
            shown = [n.id for n in screen.query("#left > .view") if n.display]
            assert len(shown) == 1
        await pilot.press("g")  # the gods table opens over the screen (tests/tui/test_game_layout.py)
        await pilot.pause()
        assert isinstance(app.screen, GodsScreen)
        await pilot.press("g")
        await pilot.pause()
        assert app.screen is screen


async def test_leaving_posts_quit_and_dismisses() -> None:
    session = make_session("base", 7)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert app.quits == [session]
        assert app.game_screen is not app.screen


def test_game_over_table_has_every_god_for_every_player() -> None:
    from engine.bots import make_bot
    from engine.concordia.runner import play_game

    config = GameConfig(map="imperium", players=3, variant="venus")
    record = play_game(config, 2, [make_bot("random") for _ in range(3)])
    session = GameSession(config, 2, [Seat(f"P{i}", "random") for i in range(3)], list(record.actions))
    assert session.state.is_over
    scores = session.state.final_scores()
    table = score_table(scores, session.names())
    assert table.row_count == 7 + 2
    assert len(table.columns) == 1 + 3
    assert GameOverScreen(session).session is session


def test_session_replays_saves_and_autosaves_after_each_turn(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = make_session("base", 5)
    session.store = store
    rng = random.Random(1)
    while session.state.turn < 6:
        legal = session.state.legal_actions()
        session.apply(legal[rng.randrange(len(legal))])
    saved = store.list()
    assert len(saved) == 1
    again = GameSession.from_saved(session.to_saved())
    assert again.actions == session.actions
    assert again.state.to_dict() == session.state.to_dict()
    assert [e.text for e in again.log] == [e.text for e in session.log]


class _Broken:
    name = "broken"

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        raise RuntimeError("out of cheese")


def test_a_failing_bot_takes_the_first_legal_choice_and_says_so() -> None:
    session = make_session("base", 5, humans=0)
    s = session.state
    request = BotRequest(s.current_player, {q: _Broken() for q in range(4)}, s.clone(), 5, 0, 3, 0)
    plan = bot_plan(request)
    assert len(plan) == 3
    assert plan[0][0] == s.legal_actions()[0] and "out of cheese" in plan[0][1]


def test_ascii_mode_draws_the_map_with_ascii_only() -> None:
    session = make_session("base", 5)
    layout = layouts_for(session.state.map)["medium"]
    glyphs.use_ascii(True)
    try:
        grid = render(layout, session.state)
    finally:
        glyphs.use_ascii(False)
    assert all(ord(ch) < 128 for row in grid for ch, _style in row)
    text = "".join(ch for row in grid for ch, _style in row)
    assert "Roma" in text and "~" in text


async def test_hand_number_key_plays_that_card() -> None:
    session = make_session("base", 7)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        count = len(session.actions)
        await pilot.press(key_of(session, "prefect"))
        await pilot.pause()
        assert session.actions[count] == str(Play("prefect"))
        prompt = app.screen.query_one("#prompt", PromptPanel)
        assert any(Done() in c.actions for c in prompt.choices)
