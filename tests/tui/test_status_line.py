"""The game screen's status line during bots' turns (issue 21): it reads "<bot> is thinking" all through a
bot's turn and never flickers to "<bot> to decide" in the pause between two of its decisions."""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text

from tests.tui.game_harness import GameApp, make_session


async def test_the_status_never_flickers_between_thinking_and_to_decide() -> None:
    session = make_session(seed=4, humans=0, players=3)
    app = GameApp(session, pace="fast")
    shown: list[str] = []
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.game_screen
        assert screen is not None
        await pilot.pause()
        status = screen._widgets().status
        show = status.show_text

        def record(text: Any) -> None:
            shown.append(text.plain if isinstance(text, Text) else str(text))
            show(text)

        status.show_text = record  # type: ignore[method-assign]
        start = time.monotonic()
        while len(session.actions) < 12 and time.monotonic() - start < 30:
            await pilot.pause(0.05)
    assert len(session.actions) >= 12
    assert shown and all("is thinking" in line for line in shown if "game over" not in line), shown
    assert not [line for line in shown if "to decide" in line]
