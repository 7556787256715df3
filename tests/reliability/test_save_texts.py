"""Issue 33, item 6: a save's log holds canonical action texts (docs/save-format.md), in every game.

A text written any other way (``PASS``, ``' pass'``, ``'pass\\n'``, ``movE 2``) used to load, since each game's
parser ignores case and spaces and the decision's fingerprint is that of the same action: a case-flipping bit
flip with the checksums fixed up passed as a valid file. Now loading refuses it, naming the decision.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from engine.core import games
from saves import SavedGame, SaveError, Seat, decode, encode

from ..saves.test_fuzz import parts, seal


@cache
def valid_save(game: str) -> bytes:
    """A seeded random game of ``game`` after 60 decisions, encoded."""
    info = games.get(game)
    config = info.config_from_dict({"players": 3})
    state = info.new_game(config, 9)
    rng = random.Random(9)
    actions = []
    for _ in range(60):
        action = rng.choice(state.legal_actions())
        actions.append(str(action))
        info.apply_known(state, action)
    saved = SavedGame.new(config, 9, [Seat("Anna"), Seat("Bot 2", bot="random"), Seat("Bot 3", bot="random")],
                          title="t", game=game)
    saved.actions, saved.state = actions, state
    return encode(saved)


def variants(text: str) -> list[str]:
    flipped = text[:-1] + text[-1].swapcase() if text[-1].isalpha() else text.upper()
    return [text.upper(), " " + text, text + " ", text + "\n", flipped, text.replace(" ", "  ")]


@pytest.mark.parametrize("game", ["concordia", "colosseum", "massilia"])
def test_a_valid_save_of_each_game_loads(game: str) -> None:
    assert len(decode(valid_save(game)).actions) == 60


@pytest.mark.parametrize("game", ["concordia", "colosseum", "massilia"])
def test_a_log_text_written_otherwise_with_the_checksums_fixed_is_a_save_error(game: str) -> None:
    refused = 0
    for index in (0, 17, 41, 59):
        h, b = parts(valid_save(game))
        original = b["actions"][index]
        for other in variants(original):
            if other == original:
                continue
            body: dict[str, Any] = {**b, "actions": [*b["actions"][:index], other, *b["actions"][index + 1:]]}
            with pytest.raises(SaveError) as err:
                decode(seal(h, body))
            message = str(err.value)
            assert f"decision {index + 1} " in message and "\n" not in message
            refused += 1
    assert refused >= 20
