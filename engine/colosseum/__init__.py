"""Die Baumeister des Colosseum (Klaus-Jürgen Wrede, Schmidt Spiele 2016): a pure rules engine.

    >>> from engine.colosseum import GameConfig, new_game
    >>> state = new_game(GameConfig(players=3), seed=1)
    >>> state.apply("card grain")

The rules are ``shared/rules/colosseum.md`` (rule ids ``R-…``, cited in the modules and tests), after the
German rulebook. ``state.legal_actions()`` is the single source of truth for what may be decided;
``state.apply`` rejects anything else with ``IllegalAction``. Component values that no source gives are
ours (``STAND_INS`` says which, in words); they all live in ``data/components.json``. The engine never
imports a UI or the save code.

Spec and German original (``seeds/colosseum-rules.de.txt``), compared rule by rule: no rule contradicts R.
Where R is looser than the spec, the spec's ruling is kept because nothing is lost by it, and the module
says so: fame, which R lets a player keep secret, is public in the state (``GameState.view``, Ruling #18).
Where they differed, R is followed: a move may go any number of fields ("beliebig viele", R-MOVE-TOTAL, the
spec once capped it at 7; ``rules.consul``). Ours alone:
R-END-STALL (``rules.turn``), for variant games that can no longer end, and carrying out at once every
decision with a single option (the spec allows it; ``forced`` events name them).
"""

from __future__ import annotations

from typing import Any

from engine.core import games
from engine.core.errors import GameDataError, IllegalAction, StateFormatError

from . import actions
from .actions import Action
from .components import STAND_INS, components
from .config import D_CHOICES, D_MODES, GameConfig
from .hidden import twin as _twin
from .setup import new_game
from .state import FinalScores, GameState, PlayerScore, parse_action


def fingerprint(state: GameState) -> list[Any]:
    """Every part of a position a decision can change, as plain values (keep it stable for saves).

    A projection of ``GameState`` (not of ``to_dict``), so a new state field does not change old saves.
    """
    parts: list[Any] = [
        state.turn, state.active, state.phase, state.decider, state.after, state.score_kind,
        list(state.score_queue), state.over, state.consul, list(state.supply), state.storage,
        [list(r) for r in state.land_rows], len(state.stack2), len(state.stack3),
        [x or "" for x in state.slots], len(state.parts), [list(b) for b in state.built], state.idle,
    ]
    for pl in state.players:
        parts += [pl.fame, list(pl.hand), list(pl.rows), pl.wheels, pl.marker]
    return parts


def public_decision(text: str) -> bool:
    """Every decision is made openly (hands and fame are public; only the stacks' order is hidden, and no
    decision's text names a face-down tile), so every seat of a shared table may read it."""
    return True


GAME = games.entry(
    __name__, id="colosseum", title="Die Baumeister des Colosseum",
    players=(components().min_players, components().max_players), twin=_twin,
    extras={"stand_ins": STAND_INS, "public_decision": public_decision, "bots": "engine.colosseum.bots",
            "field_d_modes": D_CHOICES},
)
"""Die Baumeister des Colosseum as the game registry (``engine.core.games``) sees it."""


__all__ = [  # what the package offers
    "D_CHOICES", "D_MODES", "GAME", "STAND_INS", "Action", "FinalScores", "GameConfig", "GameDataError",
    "GameState", "IllegalAction", "PlayerScore", "StateFormatError", "actions", "components", "fingerprint",
    "new_game", "parse_action"
]
