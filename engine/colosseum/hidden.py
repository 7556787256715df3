"""What a seat of Die Baumeister des Colosseum may not know, as a twin state (``tests/test_hidden_information.py``).

Everything is public (R-HAND-SUPPLY, Ruling #18) but the order of the face-down landscape stacks II and III and
of the parts stack (``GameState.view``). The twin deals those again: each stack shuffled in place, each part
only among the places of parts of its own letter (the stack is sorted by letter, R-SETUP). The top tile of
each stack and the top ``NEXT`` parts stay: one decision may turn them up (a landscape taken, a part built
and replaced), and a state and its twin are played one decision on side by side.
"""

from __future__ import annotations

import random

from .state import GameState

NEXT = 2
"""Parts on top of the stack that the twin leaves in place."""


def twin(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of the full ``state`` whose face-down stacks are in another random order."""
    t = state.clone()
    for stack in (t.stack2, t.stack3):
        below = stack[:-1]
        rng.shuffle(below)
        stack[:-1] = below
    hidden = range(len(t.parts) - NEXT)
    for letter in sorted({pid[0] for pid in t.parts}):
        places = [i for i in hidden if t.parts[i][0] == letter]
        ids = [t.parts[i] for i in places]
        rng.shuffle(ids)
        for i, pid in zip(places, ids, strict=True):
            t.parts[i] = pid
    t._legal = None
    return t
