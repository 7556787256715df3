"""Save -> load at every decision of the Venus team game (``tests/saves/test_roundtrip.py`` checks it at every
third decision in ``make test``): about 40 s of a core, since each load replays the whole log."""

from __future__ import annotations

from tests.saves.helpers import log_of
from tests.saves.test_roundtrip import TEAM_GAME, _roundtrip_each


def test_roundtrip_team_game_at_every_decision() -> None:
    config, seed = TEAM_GAME
    checked = _roundtrip_each(config, seed, every=1, game_id=f"{seed:032x}")
    assert checked == len(log_of(config, seed)) + 1
