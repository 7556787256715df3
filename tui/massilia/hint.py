"""The hint: what the game's greedy bot would do now, from the deciding seat's view only.

The bot registry's greedy bot for Massilia (``engine.bots.greedy`` with the game's own evaluation and
``determinize``) samples the hidden information, tries each legal action and keeps the best; the screen words
its choice as the decision panel's own line.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


def greedy_choice(view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """The greedy bot's choice among ``legal`` in ``view``."""
    from tui.bots import make_bot

    return make_bot("greedy", "massilia").choose(view, list(legal), rng)
