"""The whole keyboard game of ``tests/tui/test_game_play.py`` in the Venus and Venus team variants (about 30 s
and 80 s of a core, so they run with ``make bench``; ``make test`` plays the base game, and the team's
decisions have their own Pilot tests in ``tests/tui/test_team_decisions.py``)."""

from __future__ import annotations

import pytest

from tests.tui.test_game_play import test_play_a_whole_game_with_the_keyboard as whole_game


@pytest.mark.parametrize(("variant", "seed"), [("venus", 37), ("venus-team", 2)])
async def test_a_whole_venus_game_with_the_keyboard(variant: str, seed: int) -> None:
    await whole_game(variant, seed, (80, 24))
