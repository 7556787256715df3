"""Pilot tests of the Colosseum screen: a whole game by keyboard against bots, every kind of decision, undo,
hint, hotseat, leaving, ASCII mode and German labels."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from textual.pilot import Pilot

from engine.colosseum import actions as act
from tests.tui.colosseum.harness import ColosseumApp, install_bots, make_session, screen_text, settle
from tui import glyphs, i18n
from tui.colosseum.screen import ColosseumScreen
from tui.game_over import GameOverScreen
from tui.help_screen import HelpScreen
from tui.screens.hotseat import HotseatScreen
from tui.session import GameSession
from tui.widgets.choice_list import ChoiceList


@pytest.fixture(autouse=True)
def _setup(monkeypatch: pytest.MonkeyPatch) -> None:
    install_bots(monkeypatch)
    i18n.set_language("en")
    glyphs.use_ascii(False)
    yield
    i18n.set_language("en")
    glyphs.use_ascii(False)


def assert_offers_legal(screen: ColosseumScreen) -> None:
    """The decision list holds exactly the legal actions, each once, one line each."""
    legal = screen.session.state.legal_actions()
    assert Counter(str(a) for a in screen.choices) == Counter(str(a) for a in legal)
    assert len(screen.query_one("#choices", ChoiceList).labels) == len(legal)


def keys_to(i: int, n: int) -> list[str]:
    """The fewest of the list's keys that move the highlight to line ``i`` of ``n``: from Home with Page down
    (10 lines) and Down or Up, or from End with Up. Every press costs a Pilot test a redraw and two waits for
    the app to idle, so a random line deep in a long list no longer costs a dozen presses."""
    pages, rest = divmod(i, 10)
    ways = [["home"] + ["pagedown"] * pages + ["down"] * rest, ["end"] + ["up"] * (n - 1 - i)]
    if i + 10 - rest < n:
        ways.append(["home"] + ["pagedown"] * (pages + 1) + ["up"] * (10 - rest))
    return min(ways, key=len)


async def choose_by_keys(pilot: Pilot[None], screen: ColosseumScreen, rng: random.Random) -> str:
    """A random legal decision by keyboard: the arrow keys to it (``keys_to``) and Enter, or half the time its
    number key when it is one of the first nine lines; the decision applied is that line's. Returns the
    decision point."""
    assert_offers_legal(screen)
    phase = screen.session.state.phase
    i = rng.randrange(len(screen.choices))
    wanted = str(screen.choices[i])
    before = len(screen.session.actions)
    if i < 9 and rng.random() < 0.5:
        await pilot.press(str(i + 1))
    else:
        await pilot.press(*keys_to(i, len(screen.choices)), "enter")
    assert len(screen.session.actions) > before and screen.session.actions[before] == wanted
    await settle(pilot)
    return phase


@pytest.mark.slow
async def test_a_whole_game_by_keyboard_against_bots() -> None:
    """You against a greedy and a random bot, every decision by keyboard (arrow keys and Enter, or a number
    key), to the scores."""
    session = make_session(seed=5, players=3, bot="random")
    session.seats[1] = type(session.seats[1])("Greedy", "greedy")
    from tests.tui.colosseum.harness import _own_bot  # the seat list changed: make its bot again
    from tui import bots

    session.bots[1] = bots.make_bot("greedy", "colosseum") if bots.make_bot is not _own_bot else _own_bot(
        "greedy", "colosseum")
    app = ColosseumApp(session)
    rng = random.Random(1)
    phases: Counter[str] = Counter()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        for _ in range(3000):
            if session.state.is_over:
                break
            phases[await choose_by_keys(pilot, screen, rng)] += 1
        assert session.state.is_over
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "Final scoring" in text and "Total" in text
        scores = session.state.final_scores()
        assert str(scores.total(scores.winner)) in text
        await pilot.press("escape")  # look at the board
        assert app.screen is screen
        await pilot.press("s")
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("enter")
        await pilot.pause()
    assert app.quits == [session]
    assert {"card", "move", "storage", "blue", "take"} <= set(phases)


def _session_at(field_d: str, phase: str, kinds: tuple[type, ...]) -> GameSession:
    """A 2-player session (seed 2) whose person (seat 1) faces ``phase`` with an action of ``kinds``: seeded
    random decisions of every seat applied to the session, the next random seed when a game ends first."""
    for rng_seed in range(7, 27):
        session = make_session(seed=2, players=2, field_d=field_d)
        rng = random.Random(rng_seed)
        s = session.state
        while not s.is_over:
            legal = s.legal_actions()
            if session.is_human(s.current_player) and s.phase == phase and any(isinstance(a, kinds) for a in legal):
                return session
            session.apply(rng.choice(legal), autosave=False)
            s = session.state
    raise AssertionError(f"no {phase} decision came in 20 seeded games")


@pytest.mark.parametrize(("field_d", "phase", "kinds"), [
    ("score_any", "card", (act.TakeCard,)),
    ("score_any", "move", (act.Move,)),
    ("score_any", "storage", (act.Storage,)),
    ("score_any", "blue", (act.Build,)),
    ("score_any", "choice", (act.Score,)),
    ("score_any", "take", (act.Take,)),
    ("score_any", "reset", (act.Reset,)),
    ("score_any", "discard", (act.Discard,)),
    ("exchange", "var", (act.Exchange,)),
    ("own_reset", "var", (act.Yes,)),
])
async def test_each_kind_of_decision_by_keyboard(field_d: str, phase: str, kinds: tuple[type, ...]) -> None:
    """One decision of each decision point, chosen by keyboard: the list offers exactly the legal actions.

    The game up to that decision is played on the session, not through the screen (seeded random choices for
    every seat): the keyboard on every kind of list is what ``test_a_whole_game_by_keyboard_against_bots``
    drives, and the screen's redraw after each of up to a hundred earlier decisions cost this test half a
    minute a case."""
    session = _session_at(field_d, phase, kinds)
    app = ColosseumApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        assert screen.human_to_decide() and session.state.phase == phase
        assert_offers_legal(screen)
        target = next(i for i, a in enumerate(screen.choices) if isinstance(a, kinds))
        wanted = screen.choices[target]
        before = len(session.actions)
        await pilot.press("home", *["down"] * target, "enter")
        await settle(pilot)
        assert session.actions[len(session.log) - 1] if session.log else False
        assert any(e.text for e in session.log)
        assert session.actions[before] == str(wanted)


async def test_number_keys_and_clicks_choose() -> None:
    session = make_session(seed=4, players=2)
    app = ColosseumApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        assert session.state.phase == "card"
        second = screen.choices[1]
        await pilot.press("2")
        await settle(pilot)
        assert session.actions[0] == str(second)
        first = screen.choices[0]
        await pilot.click("#choices", offset=(3, 0))
        await settle(pilot)
        assert str(first) in session.actions


async def test_undo_and_hint() -> None:
    session = make_session(seed=6, players=2)
    app = ColosseumApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        hint = screen.query_one("#hint")
        assert hint.display
        assert "greedy bot suggests" in screen_text(app)
        best = screen.choices[screen.query_one("#choices", ChoiceList).highlighted]
        assert best in session.state.legal_actions()
        version = session.state.to_dict()
        await pilot.press("enter")
        await settle(pilot)
        assert session.actions
        await pilot.press("u")
        await settle(pilot)
        assert session.state.to_dict() == version
        assert session.actions == []
        await pilot.press("u")
        await pilot.pause()


async def test_hotseat_hides_the_hand_until_the_next_person_is_ready() -> None:
    session = make_session(seed=8, humans=2, players=2)
    app = ColosseumApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HotseatScreen)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None and screen.human_to_decide()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HotseatScreen)
        assert screen.viewer() is None


async def test_views_help_and_leave() -> None:
    session = make_session(seed=9, players=4)
    app = ColosseumApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        assert "Consul track" in screen_text(app)
        await pilot.press("p")
        assert "Fame" in screen_text(app) and "Bot 3" in screen_text(app)
        await pilot.press("l")
        assert "Log" in screen_text(app)
        await pilot.press("b")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.press("q")
        await pilot.pause()
    assert app.quits == [session]


async def settle_in_app(pilot: Pilot[None], screen: ColosseumScreen) -> None:
    """Bots play until the person at ``screen`` decides (the shell's app instead of the test app)."""
    for _ in range(5000):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if pilot.app.screen is not screen or screen.session.state.is_over:
            return
        if screen.human_to_decide() and screen.thinking is None:
            return
    raise AssertionError("the game did not come back to a person")


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_ascii_mode_has_no_byte_above_127(size: tuple[int, int], tmp_path: Path) -> None:
    """In the shell's app with ASCII mode on: every view, the help and the final scoring are 7-bit."""
    from saves import SaveStore
    from tests.tui.app_support import make_app
    from tui.settings import Settings

    probe = make_session(seed=10, players=2)  # the seeded game's length, to stop a few decisions before its end
    rng = random.Random(3)
    while not probe.state.is_over:
        probe.apply(rng.choice(probe.state.legal_actions()), autosave=False)
    session = make_session(seed=10, players=2)
    rng = random.Random(3)
    while len(session.actions) < len(probe.actions) - 12:  # a game near its end: parts built, long logs
        session.apply(rng.choice(session.state.legal_actions()), autosave=False)
    app = make_app(Settings(pace="instant", ascii=True), session=session, store=SaveStore(tmp_path))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ColosseumScreen)
        await settle_in_app(pilot, screen)
        for key in ("b", "p", "l", "question_mark"):
            await pilot.press(key)
            text = screen_text(app)
            assert all(ord(ch) < 128 for ch in text), (key, [ch for ch in text if ord(ch) >= 128][:5])
        await pilot.press("escape")
        while not session.state.is_over:
            await pilot.press("enter")
            await settle_in_app(pilot, screen)
            if isinstance(app.screen, GameOverScreen):
                break
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert all(ord(ch) < 128 for ch in text), [ch for ch in text if ord(ch) >= 128][:5]


async def test_german_labels() -> None:
    i18n.set_language("de")
    session = make_session(seed=11, players=3)
    app = ColosseumApp(session)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        for word in ("plan", "Auslagen", "Protokoll", "Entscheidung", "Konsulbahn", "Ruhm", "Wasser",
                     "Startkarte"):
            assert word in text, word


async def test_player_names_are_text_not_markup() -> None:
    session = make_session(seed=12, players=2)
    session.seats[0] = type(session.seats[0])("[bold red]Eve[/]", None)
    app = ColosseumApp(session)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        assert "[bold red]Eve[/]" in screen_text(app)
