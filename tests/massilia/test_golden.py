"""The engine replays the golden trace exactly (issue 19: a speed-up must change no rule, action or output).

``tests/massilia/data/golden_trace.json`` was recorded before the speed-up; see ``tests.massilia.golden``.
Every decision of 30 seeded random games (2, 3 and 4 players) must give the same legal-action texts in the
same order, the same chosen action, fingerprint and events, and each game the same final ``to_dict`` and
scores.
"""

from __future__ import annotations

import json

import pytest

from .golden import GAMES, PATH, trace

RECORDED = {(g["players"], g["seed"]): g for g in json.loads(PATH.read_text())}


def test_trace_covers_every_game() -> None:
    assert sorted(RECORDED) == sorted(GAMES)
    assert len(GAMES) == 30


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_game_replays_the_golden_trace(players: int, seed: int) -> None:
    want = RECORDED[(players, seed)]
    got = trace(players, seed)
    if got["decisions"] != want["decisions"]:
        first = next(
            i // 8 for i in range(0, max(len(got["decisions"]), len(want["decisions"])), 8)
            if got["decisions"][i : i + 8] != want["decisions"][i : i + 8]
        )
        pytest.fail(f"{players} players, seed {seed}: decision {first} differs from the golden trace")
    assert got["final"] == want["final"]
    assert got["scores"] == want["scores"]
