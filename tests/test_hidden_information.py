"""Nothing private leaks: hidden information as a tested property of every game (issue 28, DESIGN "Hidden
information").

For random seeded games of Concordia (base, the Venus team game, Salsa with the forum), Die Baumeister des
Colosseum and Massilia, at every checked decision and for every seat S, the game's own twin-maker
(``GameInfo.twin``) deals again what S may not know (other seats' face-down cards, deck and stack order). Then:

- ``view(S)`` is the same for the state and its twin (as plain data), and so are who decides now and the kind
  of decision; where S decides, S's own options are the same;
- the decision the game really took next is carried out on both (where the twin allows it: another seat's
  choice may use a card it holds only in the real state), and again who decides and about what must be the
  same: whether a seat is asked, and what about, must never depend on what S cannot know.

The hint follows from the view alone (a bot is given ``view(S)`` and the legal options), so equal views and
options give equal hints; the bytes a shared table sends a seat are built from its view and the events the
game lets it read (``tests/serve``).

Mutation check: Massilia as it was before this test (``GameConfig(legacy_reactions=True)``: Pluto asked only
of a stall owner who holds a live Pluto, the Venus at a turn's end only of a seat with Venus and stones, a keep
settled at once without sesterces or Mars) fails it: ``test_the_check_finds_the_old_reaction_leak`` runs the
same check on that configuration and expects the leak to be found.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import games

Case = tuple[str, dict[str, Any], int, int]

CASES: list[Case] = [
    # (game, config, seed, decisions played)
    ("massilia", {"players": 2}, 4242, 260),
    ("massilia", {"players": 3}, 209, 260),
    ("massilia", {"players": 4}, 7, 260),
    ("colosseum", {"players": 3}, 5, 150),
    ("colosseum", {"players": 4}, 6, 150),
    ("concordia", {"players": 3, "map": "imperium"}, 3, 120),
    ("concordia", {"players": 4, "map": "imperium", "variant": "venus-team"}, 4, 120),
    ("concordia", {"players": 3, "map": "hispania", "salt": True, "forum": True}, 8, 120),
]


class Leak(AssertionError):
    """What a seat receives differs between a state and its twin."""


def public_now(state: Any) -> tuple[Any, ...]:
    """Who decides and about what: told to every seat."""
    return (state.is_over, state.current_player, state.decision)


def texts(actions: list[Any]) -> list[str]:
    return [str(a) for a in actions]


def check_decision(info: Any, state: Any, action: Any, seat: int, rng: random.Random) -> None:
    """The twin check of one decision for one seat (see the module docstring); raises ``Leak``."""
    twin = info.twin(state, seat, rng)
    if state.view(seat).to_dict() != twin.view(seat).to_dict():
        raise Leak(f"seat {seat}: the view differs")
    if public_now(state) != public_now(twin):
        raise Leak(f"seat {seat}: who decides differs: {public_now(state)} / {public_now(twin)}")
    if state.current_player == seat and texts(state.legal_actions()) != texts(twin.legal_actions()):
        raise Leak(f"seat {seat}: its own options differ")
    if str(action) not in texts(twin.legal_actions()):
        return  # another seat's choice that its twin hand does not allow: the twin cannot follow
    real = state.clone()
    info.apply_known(real, action)
    info.apply_known(twin, info.parse_action(twin, str(action)))
    if public_now(real) != public_now(twin):
        raise Leak(f"seat {seat}: after {action}: who decides differs: {public_now(real)} / {public_now(twin)}")


def play_and_check(game: str, options: dict[str, Any], seed: int, decisions: int) -> tuple[int, int]:
    """Play ``decisions`` random decisions (fewer if the game ends), checking each for every seat: (decisions
    played, checks made)."""
    info = games.get(game)
    config = info.config_from_dict(options)
    state = info.new_game(config, seed)
    choose = random.Random(seed)
    deal = random.Random(seed + 1)
    checks = played = 0
    for _ in range(decisions):
        if state.is_over:
            break
        action = choose.choice(state.legal_actions())
        for seat in range(config.players):
            check_decision(info, state, action, seat, deal)
            checks += 1
        info.apply_known(state, action)
        played += 1
    return played, checks


@pytest.mark.parametrize(("game", "options", "seed", "decisions"), CASES)
def test_no_seat_receives_what_it_may_not_know(game: str, options: dict[str, Any], seed: int,
                                               decisions: int) -> None:
    played, checks = play_and_check(game, options, seed, decisions)
    assert played >= 80 and checks == played * games.get(game).config_from_dict(options).players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_check_finds_the_old_reaction_leak(players: int) -> None:
    """The mutation check: Massilia with ``legacy_reactions`` tells the others who holds Pluto, Venus or Mars."""
    with pytest.raises(Leak):
        for seed in range(20):
            play_and_check("massilia", {"players": players, "legacy_reactions": True}, seed, 400)


def test_every_game_says_what_is_hidden() -> None:
    for game in games.ids():
        assert games.get(game).twin is not None, f"{game} has no twin-maker (GameInfo.twin)"
