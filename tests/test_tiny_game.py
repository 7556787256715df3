"""The tiny game of ``docs/adding-a-game.md`` (``tests/tinygame``): a game with nothing but its own engine and
UI packages is registered, played by ``concordia simulate``, saved and resumed, and shown by the app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import games as core_games
from saves import SaveStore, Seat
from tests.tinygame import register
from tests.tui.app_support import isolated_fixture, make_app, screen_text, wait_until  # noqa: F401
from tui import cli, games
from tui.play_screen import PlayScreen
from tui.screens.title import TitleScreen
from tui.session import GameSession


@pytest.fixture(autouse=True)
def ten(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


def test_ten_is_registered_beside_the_three_games() -> None:
    assert core_games.ids() == ["concordia", "colosseum", "massilia", "ten"]
    assert games.ids()[-1] == "ten" and games.get("ten").title == "Ten"
    info = core_games.get("ten")
    state = info.new_game(info.config_from_dict({"players": 2, "target": 5}), 1)
    assert [str(a) for a in state.legal_actions()] == ["add 1", "add 2"]
    state.apply("add 2")
    state.apply(info.parse_action(state, "add 2"))
    assert (state.count, state.current_player, state.last) == (4, 0, 1)
    assert [str(a) for a in state.legal_actions()] == ["add 1"]  # R: the count may not pass the target
    with pytest.raises(core_games.GameError, match="would pass 5"):
        info.parse_action(state, "add 2")
    with pytest.raises(core_games.GameError, match=r"the step must lie within 1..2, not 3"):
        state.apply("add 3")
    with pytest.raises(core_games.GameError, match="is no action of Ten"):
        state.apply("take 1")
    state.apply("add 1")
    assert state.is_over and state.final_scores().winner == 0 and state.final_scores().total(0) == 1


def test_simulate_plays_ten(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--game", "ten", "--games", "4", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["game"], out["games"], out["truncated_games"]) == ("ten", 4, 0)
    assert sum(out["wins_by_seat"].values()) == 4 and out["mean_winning_score"] == 1.0


def test_a_game_of_ten_is_saved_and_resumed_exactly(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    info = core_games.get("ten")
    session = GameSession(info.config_from_dict({"players": 3, "target": 10}), 7, [Seat("A"), Seat("B"), Seat("C")],
                          store=store, game="ten")
    for text in ("add 1", "add 2", "add 2"):
        session.apply(text)
    (header,) = store.list()
    assert (header.game, header.decisions) == ("ten", 3)
    again = GameSession.from_saved(store.load(store.path_of(session.game_id)), store)
    assert again.actions == ["add 1", "add 2", "add 2"] and again.state.to_dict() == session.state.to_dict()
    assert again.state.count == 5 and again.state.current_player == 0


async def test_the_app_shows_ten_and_plays_it_from_continue(isolated: Path) -> None:
    store = SaveStore(isolated / "saves")
    info = core_games.get("ten")
    session = GameSession(info.config_from_dict({"players": 2, "target": 5}), 2, [Seat("Ann"), Seat("Bot", "random")],
                          store=store, game="ten")
    session.apply("add 2")
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "Continue: Ten" in screen_text(app)
        await pilot.press("c")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TenScreen")
        resumed = app.screen.session
        assert isinstance(app.screen, PlayScreen) and resumed.game == "ten"
        await wait_until(pilot, lambda: resumed.state.current_player == 0)  # the bot moves on opening
        assert f"Count: {resumed.state.count} of 5" in screen_text(app)
        await pilot.press("enter")  # Ann takes the first line the screen offers
        await wait_until(pilot, lambda: resumed.state.is_over or resumed.state.current_player == 0)
        assert len(resumed.actions) >= 3
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
    (header,) = store.list()
    assert header.game == "ten" and header.decisions == len(resumed.actions)


def test_the_guide_names_every_file_of_the_tiny_game_with_its_lines() -> None:
    """``docs/adding-a-game.md`` counts the tiny game's packages as they are (a change there updates the doc)."""
    root = Path(__file__).resolve().parent
    doc = (root.parent / "docs" / "adding-a-game.md").read_text(encoding="utf-8")

    def lines(path: Path) -> int:
        return len(path.read_text(encoding="utf-8").splitlines())

    engine = root / "tinygame" / "engine"
    ui = root / "tinygame" / "tui"
    assert sorted(p.name for p in engine.glob("*.py")) == ["__init__.py"]
    assert f"| {lines(engine / '__init__.py')} |" in doc
    ui_files = {p.name: lines(p) for p in ui.glob("*.py")}
    assert set(ui_files) == {"__init__.py", "screen.py", "text.py", "rules.py"}
    assert (f"`__init__.py` (form, `GAME_UI`) {ui_files['__init__.py']}, `screen.py` {ui_files['screen.py']}, "
            f"`text.py` {ui_files['text.py']}, `rules.py` {ui_files['rules.py']} | {sum(ui_files.values())} |") in doc
    assert f"| {lines(root / 'tinygame' / '__init__.py')} |" in doc


def test_a_game_with_only_the_generic_random_bot_is_offered_only_that() -> None:
    """Seats of Ten may get the bots it has: the new-game form's choices, its default and the quick game's."""
    from tui import seating

    assert seating.bot_choices("ten") == ["random"]
    assert seating.default_bot("ten") == "random"
    assert seating.default_bot("concordia") == "normal"
    assert seating.bot_choices("concordia")[:3] == ["easy", "normal", "hard"]


async def test_the_quick_game_of_ten_starts_with_its_random_bot(isolated: Path) -> None:
    app = make_app(store=SaveStore(isolated / "saves"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.quick_game("ten")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TenScreen")
        session = app.screen.session
        assert [seat.bot for seat in session.seats] == [None, "random"]
