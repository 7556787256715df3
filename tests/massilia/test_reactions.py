"""Issue 28, reproduction 1: whether a seat is asked about a reaction must not tell the others what it holds.

R-GOD-5 (Pluto before a tax or a closing) and the spec: "the consul mover must decide without knowing whether
Pluto comes". A stall owner who may hold a live Pluto for all the others know (a live card taken face down)
is asked whether it plays Pluto whether it holds one or not; without one its only option is not to.
"""

from __future__ import annotations

import random

from engine.massilia import GameConfig, new_game
from engine.massilia.actions import Move
from engine.massilia.components import CONSUL
from engine.massilia.rules import gods


def find_consul_stop(ask: bool, pluto: bool) -> tuple[object, Move]:
    """A state (seeded random play, 3 players from the issue's seed 209 on) where the mover may move the
    consul onto another seat's stall with cubes, whose owner holds a live card taken face down, which is
    (``pluto``) or is not a Pluto."""
    for seed in range(209, 409):
        s = new_game(GameConfig(players=3, legacy_reactions=not ask), seed)
        rng = random.Random(seed)
        for _ in range(600):
            if s.is_over:
                break
            legal = s.legal_actions()
            for a in legal:
                if not isinstance(a, Move) or a.figure != CONSUL or a.mercurius:
                    continue
                owner = s.owner[a.dest]
                if owner < 0 or owner == s.current_player or not any(s.stock[a.dest]):
                    continue
                pl = s.players[owner]
                hidden = [c for c, k, f in zip(pl.hand, pl.known, pl.fresh, strict=True) if not k and not f]
                live_pluto = s.live(owner, "pluto") > 0
                if hidden and live_pluto == pluto and ("pluto" in hidden) == pluto:
                    return s, a
            s.apply(rng.choice(legal))
    raise AssertionError("no such position in 200 games")


def test_r_god_5_an_owner_without_pluto_is_asked_like_one_with_it() -> None:
    for pluto in (True, False):
        s, move = find_consul_stop(True, pluto)
        owner = s.owner[move.dest]
        s.apply(move)
        assert (s.current_player, s.decision) == (owner, "pluto")
        assert [str(a) for a in s.legal_actions()] == (["pluto", "no pluto"] if pluto else ["no pluto"])
        s.apply(s.legal_actions()[-1])  # not played: the tax follows
        assert (s.current_player, s.decision) == (owner, "tax")


def test_r_god_5_games_saved_before_ask_only_a_pluto_holder() -> None:
    s, move = find_consul_stop(False, False)
    owner = s.owner[move.dest]
    s.apply(move)
    assert (s.current_player, s.decision) == (owner, "tax")  # the old rule, as those saves were played
    assert gods.could_hold(s, owner, "pluto")
