"""Concordia (Mac Gerdts, PD-Verlag) with the Venus expansion: a pure rules engine.

    >>> from engine.concordia import GameConfig, new_game
    >>> state = new_game(GameConfig(map="imperium", players=4, variant="base"), seed=1)
    >>> action = state.legal_actions()[0]
    >>> state.apply(action)

``state.legal_actions()`` is the single source of truth for what may be done; ``state.apply`` rejects
anything else with ``IllegalAction``. The engine never imports a UI or the save code.
"""

from __future__ import annotations

from engine.core.errors import GameDataError, IllegalAction, StateFormatError

from . import actions, model
from .actions import Action
from .config import DISPLAY_SIDES, VARIANTS, GameConfig
from .rules import describe
from .setup import new_game
from .state import FinalScores, GameState, PlayerScore


def parse_action(state: GameState, text: str) -> Action:
    """Read an action's text (``str(action)``) back, checking that it is legal in ``state``.

    Raises ``IllegalAction`` with a readable message for text that is malformed or not legal now.
    """
    from .rules import why_illegal

    action = actions.parse(text)
    legal = state.legal_actions()
    if action not in legal:
        raise IllegalAction(why_illegal(state, action, legal))
    return action


__all__ = [
    "DISPLAY_SIDES",
    "VARIANTS",
    "Action",
    "FinalScores",
    "GameConfig",
    "GameDataError",
    "GameState",
    "IllegalAction",
    "PlayerScore",
    "StateFormatError",
    "actions",
    "describe",
    "model",
    "new_game",
    "parse_action",
]
