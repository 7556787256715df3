"""The Massilia game screen with Pilot: a full seeded game by keyboard, leaving and continuing, hotseat, hint,
undo, the ASCII mode and the German labels.

Bots play at the "instant" pace; the person's decisions are made through the decision panel with the keys, so
every kind of decision the game asks of a player goes through the screen.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from saves import SaveStore
from tests.tui.app_support import isolated_fixture, make_app, screen_text, wait_until  # noqa: F401
from tests.tui.massilia.harness import (
    GameApp,
    assert_choices_match,
    choose_by_keys,
    make_session,
    settle,
)
from tui import glyphs
from tui.game_over import GameOverScreen
from tui.i18n import set_language
from tui.massilia.screen import GameScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.hotseat import HotseatScreen
from tui.session import GameSession
from tui.settings import Settings

DECISIONS = {"start", "keep", "turn", "use"}
"""The decisions every game asks of every player (the others depend on the dice and the market)."""



@pytest.fixture
def plain() -> Any:
    yield
    glyphs.use_ascii(False)
    set_language("en")


async def play_to_end(pilot: Any, app: GameApp, seed: int, limit: int = 3000) -> set[str]:
    """The person chooses a random line of the decision panel by keyboard until the game is over."""
    rng = random.Random(seed)
    kinds: set[str] = set()
    screen = app.game_screen
    assert screen is not None
    for _ in range(limit):
        await settle(pilot)
        if app.session.state.is_over:
            return kinds
        kinds.add(app.session.state.decision)
        before = len(app.session.actions)
        action = await choose_by_keys(pilot, screen, rng.randrange(len(screen.choices)))
        assert app.session.actions[before] == str(action)
    raise AssertionError("the game did not end")


@pytest.mark.slow
async def test_full_game_against_bots_by_keyboard() -> None:
    """A seeded 2-player game from the start stall to the score table; every decision through the panel's keys."""
    app = GameApp(make_session(seed=11, players=2))
    async with app.run_test(size=(120, 40)) as pilot:
        kinds = await play_to_end(pilot, app, 11)
        assert kinds >= DECISIONS
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        scores = app.session.state.final_scores()
        table = str(app.screen.query_one("#result").render())
        assert app.session.names()[scores.winner] in table or len(scores.winners) > 1
        await pilot.press("enter")
        await pilot.pause()
        assert app.quits == [app.session]


async def test_every_choice_is_a_legal_action_and_one_line() -> None:
    """The decision panel lists each legal action exactly once at every decision of a seeded game's first day."""
    app = GameApp(make_session(seed=4, players=3))
    async with app.run_test(size=(80, 24)) as pilot:
        rng = random.Random(4)
        screen = app.game_screen
        assert screen is not None
        while app.session.state.round == 1 and not app.session.state.is_over:
            await settle(pilot)
            assert_choices_match(screen)
            await choose_by_keys(pilot, screen, rng.randrange(len(screen.choices)))


async def test_click_chooses_a_line() -> None:
    """The mouse reaches every line: a click on the second line of the panel chooses it."""
    app = GameApp(make_session(seed=2, players=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        meant = screen.choices[1][1]
        await pilot.click("#choices", offset=(4, 1))
        await pilot.pause()
        assert app.session.actions[0] == str(meant)


async def test_passing_asks_first_when_end_of_turn_is_confirmed() -> None:
    """With "confirm end of turn" on, Pass (out of phase III for the day) asks; No keeps the turn, Yes passes."""
    app = GameApp(make_session(seed=2, players=2))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.game_screen
        assert screen is not None
        screen.confirm_end_turn = True
        while app.session.state.decision != "turn":
            await settle(pilot)
            if app.session.state.decision != "turn":
                await choose_by_keys(pilot, screen, 0)
        await settle(pilot)
        index = next(i for i, (_line, a) in enumerate(screen.choices) if str(a) == "pass")
        count = len(app.session.actions)
        await choose_by_keys(pilot, screen, index)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert len(app.session.actions) == count
        await choose_by_keys(pilot, screen, index)
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.session.actions[count] == "pass"


async def test_undo_takes_back_the_own_decision() -> None:
    app = GameApp(make_session(seed=6, players=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        first = app.session.state.to_dict()
        await choose_by_keys(pilot, screen, 0)
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert app.session.state.to_dict() == first
        assert app.session.actions == []


async def test_hint_names_one_of_the_choices() -> None:
    app = GameApp(make_session(seed=8, players=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await choose_by_keys(pilot, app.game_screen, 0)  # type: ignore[arg-type]
        await settle(pilot)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None
        hint = str(screen.query_one("#hint").render())
        assert "greedy" in hint
        line = screen.choices[screen.query_one("#choices").highlighted][0]  # type: ignore[attr-defined]
        assert line in hint


async def test_leave_mid_game_and_continue(tmp_path: Path) -> None:
    """Leaving saves the game; the save reloads into the same position and the game goes on from there."""
    store = SaveStore(tmp_path / "saves")
    session = make_session(seed=9, players=2, store=store)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        rng = random.Random(9)
        for _ in range(12):
            await settle(pilot)
            await choose_by_keys(pilot, app.game_screen, rng.randrange(len(app.game_screen.choices)))  # type: ignore[arg-type]
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert app.quits == [session]
    session.autosave()
    assert session.autosave_error == ""
    headers = store.list()
    assert len(headers) == 1
    saved = store.load(headers[0].path)
    again = GameSession.from_saved(saved, store)
    assert again.game == "massilia"
    assert again.state.to_dict() == session.state.to_dict()
    app2 = GameApp(again)
    async with app2.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app2.game_screen is not None and app2.game_screen.human_to_decide()
        assert_choices_match(app2.game_screen)


async def test_hotseat_hides_the_screen_between_people() -> None:
    app = GameApp(make_session(seed=3, humans=2, players=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HotseatScreen)
        screen = app.game_screen
        assert screen is not None
        assert screen.viewer() is None
        assert "Human" not in str(screen.query_one("#own").render())
        await pilot.press("enter")
        await pilot.pause()
        seat = app.session.state.current_player
        assert app.screen is screen and screen.viewer() == seat
        own = str(screen.query_one("#own").render())
        assert app.session.seat_name(seat) in own and "money ?" not in own
        players = str(screen.query_one("#players").render())
        other = app.session.state.players[1 - seat]
        # the other person's money is behind his screen, but every payment is open (ruling 21): the panel shows
        # what the table counted, which is his money; the view itself keeps the total hidden
        assert "money ?" not in players and f"money {other.money}" in players
        assert app.session.state.view(seat).players[1 - seat].money == -1


async def test_ascii_mode_has_no_byte_above_127(isolated: Path) -> None:
    """In the app with ASCII switched on, the whole Massilia screen (borders, symbols, spinner) is 7-bit."""
    for size in ((80, 24), (160, 50)):
        text = await _ascii_screen(isolated, size)
        assert "Market" in text and "Decision" in text
        wide = [line for line in text.splitlines() if any(ord(ch) > 127 for ch in line)]
        assert wide == []


async def _ascii_screen(isolated: Path, size: tuple[int, int]) -> str:
    """The app's screen in ASCII mode at Monday's keep decision of a seeded game."""
    app = make_app(Settings(ascii=True, pace="instant"), store=SaveStore(isolated / "saves"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.play(make_session(seed=5, players=4))
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.human_to_decide())
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen.state.decision == "keep" and app.screen.human_to_decide())
        await pilot.pause()
        return str(screen_text(app))


async def test_german_labels(plain: Any) -> None:
    set_language("de")
    app = GameApp(make_session(seed=5, players=3))
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        assert screen.query_one("#market-view").border_title == "Markt"
        assert screen.query_one("#board-panel").border_title == "Hafen, Tempel und Götter"
        assert screen.query_one("#prompt").border_title == "Entscheidung"
        assert "Montag" in str(screen.query_one("#status").render())
        assert "Hafen" in str(screen.query_one("#board").render())
        assert screen.choices[0][0].startswith("Stand: Startstand auf Feld")


async def test_help_shows_the_keys() -> None:
    from textual.widgets import Markdown

    from tui.help_screen import HelpScreen

    app = GameApp(make_session(seed=2, players=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "undo" in app.screen.query_one(Markdown).source
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.game_screen


async def test_player_names_are_text_not_markup(isolated: Path) -> None:
    """A name that looks like Rich markup is shown as typed, in the players panel and the status line."""
    session = make_session(seed=2, players=2)
    session.seats[0] = type(session.seats[0])("[bold red]Eve[/]", None)
    app = GameApp(session)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "[bold red]Eve[/]" in text


async def test_game_over_in_ascii_is_ascii(isolated: Path) -> None:
    """The score table after Sunday, in the app's ASCII mode: no byte above 127 on the screen."""
    session = make_session(seed=3, players=2)
    rng = random.Random(3)
    while not session.state.is_over:
        session.apply(rng.choice(session.state.legal_actions()), autosave=False)
    app = make_app(Settings(ascii=True, pace="instant"), store=SaveStore(isolated / "saves"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.play(session)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "Final scoring" in text and "Penalty stones" in text
        assert [line for line in text.splitlines() if any(ord(ch) > 127 for ch in line)] == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_dice_behind_your_screen_are_never_cut_at_80x24(lang: str) -> None:
    """The own panel at 80x24 has 27 columns; "hinter dem Schirm: e e e e" flowed at indent 2 was one too many
    ("e e e…")."""
    from engine.massilia import GameConfig, new_game
    from tui.i18n import t
    from tui.massilia.board import DICE, DIE_LETTER, own_text

    set_language(lang)
    try:
        s = new_game(GameConfig(players=4), 4)
        for dice in ([4, 0, 0, 0], [2, 2, 1, 1], [3, 3, 3, 3]):
            s.players[0].screen = list(dice)
            lines = own_text(s, 0, ["1 You", "2 B", "3 C", "4 D"], 27).plain.splitlines()
            assert all(len(line) <= 27 for line in lines), lines
            start = next(i for i, line in enumerate(lines) if line.strip().startswith(t("behind screen")))
            behind = " ".join(lines[start:]).split(":", 1)[1].split()
            expected = [DIE_LETTER[DICE[c]] for c, n in enumerate(dice) for _ in range(n)]
            assert behind[:len(expected)] == expected, lines
    finally:
        set_language("en")
