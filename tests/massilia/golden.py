"""The golden trace: 30 seeded random games (2, 3 and 4 players) reduced to one CRC per decision.

Recorded before the engine was made faster (issue 19), so that a speed-up provably changes nothing a player or
a save can see. Per decision the CRC covers the legal actions' texts in order, the chosen action's text, the
``fingerprint`` before the decision and the events of the ``apply``; per game the final ``to_dict`` and the
final scores are covered too. Regenerate (only for a deliberate rule change, never for a speed-up) with
``python -m tests.massilia.golden``.
"""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path
from typing import Any

from engine.massilia import GameConfig, fingerprint, new_game

PATH = Path(__file__).parent / "data" / "golden_trace.json"
GAMES: list[tuple[int, int]] = [(players, seed) for players in (2, 3, 4) for seed in range(10)]
"""(players, seed) of each recorded game; the chooser's ``random.Random`` is seeded with ``1000 * players + seed``."""


def crc(obj: Any) -> int:
    return zlib.crc32(json.dumps(obj, sort_keys=True, separators=(",", ":")).encode())


def trace(players: int, seed: int) -> dict[str, Any]:
    """One game: ``decisions`` (8 hex digits per decision, concatenated), ``final`` and ``scores`` CRCs.

    Played as games were when the trace was recorded (``legacy_reactions=True``: a reaction asked only of a seat
    holding the card); the final ``to_dict`` leaves out that option, which the recorded form did not have.
    """
    s = new_game(GameConfig(players=players, legacy_reactions=True), seed)
    rng = random.Random(1000 * players + seed)
    crcs: list[str] = []
    while not s.is_over:
        legal = [str(a) for a in s.legal_actions()]
        pick = rng.randrange(len(legal))
        before = fingerprint(s)
        s.apply(legal[pick] if pick % 2 else s.legal_actions()[pick])  # by text and by object, alternately
        crcs.append(f"{crc([legal, legal[pick], before, s.events]):08x}")
    scores = s.final_scores()
    return {
        "players": players,
        "seed": seed,
        "decisions": "".join(crcs),
        "final": f"{crc(_recorded_form(s.to_dict())):08x}",
        "scores": f"{crc([[p.breakdown, p.total] for p in scores.players] + [scores.winner, scores.ranking]):08x}",
    }


def _recorded_form(d: dict[str, Any]) -> dict[str, Any]:
    config = {k: v for k, v in d["config"].items() if k != "legacy_reactions"}
    return {**d, "config": config}


def record() -> list[dict[str, Any]]:
    return [trace(players, seed) for players, seed in GAMES]


if __name__ == "__main__":
    PATH.write_text(json.dumps(record(), indent=0) + "\n")
    print(f"wrote {PATH}")
