"""Your turn rings the bell and sets the terminal title (``1 Anna — your turn``), once per turn, each per a
setting; the title rests when the turn goes to someone else. A title never carries a control character."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tui.game_harness import GameApp, make_session, settle
from tui import turn_signal
from tui.settings import Settings


def spy(app: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[list[None], list[str]]:
    """The bells rung and titles set by ``app`` (a headless test app has no terminal to write them to)."""
    bells: list[None] = []
    titles: list[str] = []
    app.bell = lambda: bells.append(None)
    monkeypatch.setattr(turn_signal, "set_title", lambda _app, text: titles.append(text))
    return bells, titles


async def test_each_turn_of_the_person_rings_once_and_names_them_in_the_title(monkeypatch: pytest.MonkeyPatch) -> None:
    session = make_session("base", seed=5, humans=1, players=3)
    app = GameApp(session)
    bells, titles = spy(app, monkeypatch)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None and screen.human_to_decide()
        assert len(bells) == 1
        assert titles == ["1 Human 1 — your turn"]
        # the person's decisions within a turn ring nothing more; when the bots have played, the next turn rings
        turns_before = session.turn()
        while session.turn() == turns_before or not screen.human_to_decide():
            session.apply(session.state.legal_actions()[0])
            screen.advance()
            await settle(pilot)
        assert len(bells) == 2
        assert titles == ["1 Human 1 — your turn", turn_signal.RESTING_TITLE, "1 Human 1 — your turn"]


async def test_the_settings_turn_bell_and_title_off(monkeypatch: pytest.MonkeyPatch) -> None:
    app = GameApp(make_session("base", seed=5, humans=1, players=3))
    app.settings = Settings(turn_bell=False, turn_title=False)  # type: ignore[attr-defined]
    bells, titles = spy(app, monkeypatch)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert app.game_screen is not None and app.game_screen.human_to_decide()
    assert bells == [] and titles == []


def test_a_title_carries_no_control_character() -> None:
    sequence = turn_signal.title_sequence("1 \x07Evil\x1b]2;owned\x07 — your turn")
    assert sequence == "\x1b]2;1 Evil]2;owned — your turn\x07"
    assert sequence.count("\x07") == 1 and sequence.count("\x1b") == 1
    assert Settings().turn_bell and Settings().turn_title
