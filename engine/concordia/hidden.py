"""What a seat of Concordia may not know, as a twin state (``tests/test_hidden_information.py``).

Hands are public through the open history (``GameState.view``); hidden are the order of the cards inside each
deck stack and, with Salsa's forum, the order of the forum deck below its face-up top card (all of it with
``forum_hide_next``). The twin deals those again, but for the top ``NEXT`` cards of the deck and of the forum
deck: one decision may turn them up (a display refilled), and a state and its twin are played one decision on
side by side. Not varied: the partner's hand in the team game and the
patricians dealt to another seat at the forum's setup (their view is tested by ``view`` itself).
"""

from __future__ import annotations

import random

from engine.core.hidden import deal_again

from . import model
from .state import GameState

NEXT = 2
"""Cards on top of the deck and the forum deck that the twin leaves in place."""


def twin(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of the full ``state`` whose deck stacks (and forum deck below its top) are in another order."""
    t = state.clone()
    cards = model.cards()
    deal_again(t.deck, rng, keep_top=NEXT, group=lambda c: cards[c].stack)
    if not any(fr["k"] == "keep" for fr in t.frames):
        deal_again(t.forum_deck, rng, keep_top=NEXT)
    return t
