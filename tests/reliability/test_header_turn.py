"""Issue 33, item 8: a save's header turn is checked against the replay (a turn-36 game whose header said
turn 0 used to load, and the Load screen showed turn 1)."""

from __future__ import annotations

import pytest

from saves import SaveError, decode

from ..saves.test_fuzz import parts, seal
from .test_save_texts import valid_save


@pytest.mark.parametrize("game", ["concordia", "colosseum"])
@pytest.mark.parametrize("said", [0, 1, 999])
def test_a_header_turn_other_than_the_replayed_one_is_a_save_error(game: str, said: int) -> None:
    h, b = parts(valid_save(game))
    real = decode(valid_save(game)).state.turn
    assert real > 1 and h["turn"] == real
    h["turn"] = said
    with pytest.raises(SaveError, match=f"the header says turn {said}, the game has {real}"):
        decode(seal(h, b))


def test_massilia_s_header_turn_is_checked_too_and_an_old_zero_still_loads() -> None:
    h, b = parts(valid_save("massilia"))
    real = decode(valid_save("massilia")).state.turn
    assert h["turn"] == real > 1
    h["turn"] = real + 1
    with pytest.raises(SaveError, match="the header says turn"):
        decode(seal(h, b))
    h["turn"] = 0  # written before Massilia's state counted turns (its snapshot has no turn to check it by)
    assert decode(seal(h, b)).state.turn == real
