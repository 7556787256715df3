"""Massilia (Alain Epron, Quined Games 2014): a pure rules engine.

    >>> from engine.massilia import GameConfig, new_game
    >>> state = new_game(GameConfig(players=3), seed=1)
    >>> state.apply(state.legal_actions()[0])

Seven days of rolling, keeping and using dice to buy goods, sell them to the customers walking around the
market, buy reputation and sacrifice to the gods, while the consul taxes and closes stalls. The rules spec is
``shared/rules/massilia.md``; rule ids (R-…) are cited in the modules that carry them out.
``state.legal_actions()`` is the single source of truth; ``state.apply`` rejects anything else with
``IllegalAction``. Dice are rolled during play from the state's own generator (``state.rng``), so a save
replays exactly. Component values that are ours, not the printed game's, are listed in ``STAND_INS``.
"""

from __future__ import annotations

from typing import Any

from engine.core import actiontext, games
from engine.core.errors import GameDataError, IllegalAction, StateFormatError

from . import actions, rules
from .actions import Action
from .components import STAND_INS, components
from .config import GameConfig, saved_config_from_dict
from .hidden import twin as _twin
from .setup import new_game
from .state import FinalScores, GameState, PlayerScore


def parse_action(state: GameState, text: str) -> Action:
    """Read an action's text (``str(action)``) back, checking that it is legal in ``state``.

    Raises ``IllegalAction`` with a readable message for text that is malformed or not legal now.
    """
    return actiontext.read_legal(state, text, actions.parse, lambda s, a, _legal: rules.why_illegal(s, a))


def fingerprint(state: GameState) -> list[Any]:
    """The parts of a position that any decision (or roll) changes; a projection of ``GameState``, kept stable.

    Day, phase, whose decision and what it is, the dice generator, prices, markers, harbour, stones, the market
    (owners, stock, figures), the temple, the god cards and every player's belongings.
    """
    parts: list[Any] = [
        state.round, state.phase, state.current_player, state.decision, state.rng, state.prices, state.markers,
        state.harbour, state.supply, state.owner, [x for st in state.stock for x in st], state.figures,
        state.temple, state.display, len(state.deck), len(state.discard), state.order, state.over,
        [[[k, v] for k, v in sorted(f.items())] for f in state.frames],
    ]
    for p in state.players:
        parts += [p.money, p.rep, p.stones, p.hand, p.kept, p.screen, p.tile, p.passed]
    return parts


GAME = games.entry(
    __name__, id="massilia", title="Massilia", players=(2, 4), twin=_twin,
    saved_config_from_dict=saved_config_from_dict,
    extras={"stand_ins": tuple(STAND_INS), "bots": "engine.massilia.bots",
            # what a seat (or a spectator, -1) may read of a decision's events, as ``view`` filters them
            "events_for": rules.events_for},
)
"""Massilia as the game registry (``engine.core.games``) sees it."""


__all__ = [  # what the package offers
    "GAME", "STAND_INS", "Action", "FinalScores", "GameConfig", "GameDataError", "GameState", "IllegalAction",
    "PlayerScore", "StateFormatError", "actions", "components", "fingerprint", "new_game", "parse_action"
]
