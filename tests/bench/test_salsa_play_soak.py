"""The whole Salsa game of ``tests/tui/test_salsa_play.py`` once more at 120x36 with another seed (about two
minutes, so it runs with ``make bench``; ``make test`` plays the 80x24 game)."""

from __future__ import annotations

from tests.tui.test_salsa_play import test_a_whole_salsa_game_with_the_keyboard as whole_game


async def test_a_whole_salsa_game_at_120x36() -> None:
    await whole_game(8, (120, 36))
