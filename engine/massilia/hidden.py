"""What a seat of Massilia may not know, as a twin state: the property "nothing private leaks" is tested by
playing a state and its twin side by side (``tests/test_hidden_information.py``).

Hidden from a seat (``GameState.view``): the god cards the other seats drew face down, the order of the deck,
the dice generator (every future roll), the other seats' money and stones behind their screens, the faces they
have just rolled. The twin changes the cards and, where asked, the generator: every card no one but its
holder has seen and every deck card are dealt again at random into the same places, but for the top
``NEXT`` deck cards: those one decision may turn up (a face-up refill, a draw, Jupiter's second card) stay, so
that a state and its twin can be played one decision on side by side.
"""

from __future__ import annotations

import random

from .state import GameState

NEXT = 3
"""Deck cards on top that the twin leaves in place (what one decision may reveal)."""


def twin(state: GameState, seat: int, rng: random.Random, *, dice: bool = False) -> GameState:
    """A copy of the full ``state`` that differs only in what ``seat`` may not know: the deck and the other
    seats' face-down hand cards dealt again; with ``dice`` also another dice generator."""
    t = state.clone()
    places: list[tuple[int, int]] = [(-1, i) for i in range(len(t.deck) - NEXT)]
    for q, pl in enumerate(t.players):
        if q != seat:
            places += [(q, i) for i, known in enumerate(pl.known) if not known]
    cards = [t.deck[i] if q < 0 else t.players[q].hand[i] for q, i in places]
    rng.shuffle(cards)
    for (q, i), card in zip(places, cards, strict=True):
        if q < 0:
            t.deck[i] = card
        else:
            t.players[q].hand[i] = card
    if dice:
        t.rng = rng.getrandbits(64)
    t.touch()
    return t
