"""What a seat of Die Baumeister des Colosseum may not know, as a twin state (``tests/test_hidden_information.py``).

Everything is public (R-HAND-SUPPLY, Ruling #18) but the order of the face-down landscape stacks II and III and
of the parts stack (``GameState.view``). The twin deals those again: each stack shuffled in place, each part
only among the places of parts of its own letter (the stack is sorted by letter, R-SETUP). The top tile of
each stack and the top ``NEXT`` parts stay: one decision may turn them up (a landscape taken, a part built
and replaced), and a state and its twin are played one decision on side by side.
"""

from __future__ import annotations

import random

from engine.core.hidden import deal_again

from .state import GameState

NEXT = 2
"""Parts on top of the stack that the twin leaves in place."""


def twin(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of the full ``state`` whose face-down stacks are in another random order."""
    t = state.clone()
    deal_again(t.stack2, rng, keep_top=1)
    deal_again(t.stack3, rng, keep_top=1)
    deal_again(t.parts, rng, keep_top=NEXT, group=lambda pid: pid[0])
    t._legal = None
    return t
