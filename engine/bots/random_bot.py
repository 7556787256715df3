"""The weakest bot: a uniformly random legal action (a baseline and a playout policy)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomBot:
    """Chooses uniformly among the legal actions, using only the injected RNG."""

    name = "random"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[rng.randrange(len(legal_actions))]
