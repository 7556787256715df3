"""Concordia (Mac Gerdts, PD-Verlag) with the Venus expansion: a pure rules engine.

    >>> from engine.concordia import GameConfig, new_game
    >>> state = new_game(GameConfig(map="imperium", players=4, variant="base"), seed=1)
    >>> action = state.legal_actions()[0]
    >>> state.apply(action)

``state.legal_actions()`` is the single source of truth for what may be done; ``state.apply`` rejects
anything else with ``IllegalAction``. The engine never imports a UI or the save code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import actiontext, games
from engine.core.errors import GameDataError, IllegalAction, StateFormatError

from . import actions, model
from .actions import Action
from .config import DISPLAY_SIDES, VARIANTS, GameConfig
from .hidden import twin as _twin
from .rules import describe
from .setup import new_game
from .state import FinalScores, GameState, PlayerScore


def parse_action(state: GameState, text: str) -> Action:
    """Read an action's text (``str(action)``) back, checking that it is legal in ``state``.

    Raises ``IllegalAction`` with a readable message for text that is malformed or not legal now.
    """
    from .rules import why_illegal

    return actiontext.read_legal(state, text, actions.parse, why_illegal, _same_payment)


def _same_payment(action: Action, legal: list[Action]) -> Action | None:
    """R-SALSA-DECISIONS: a payment names a multiset of goods; any order of ``salt=`` or ``pay=`` means the
    legal action that lists the same goods."""
    same = [a for a in legal if actions.payment_key(a) == actions.payment_key(action)]
    return same[0] if len(same) == 1 else None


def fingerprint(state: GameState) -> list[Any]:
    """The parts of a position that any decision can change (save format version 1; keep it stable).

    Who decides what, money, goods, colonists, houses, cards, the display and the end-game counters. It is
    a projection of ``GameState`` (not of ``to_dict``), so a new state field does not change old saves.
    """
    parts: list[Any] = [
        state.turn, state.active, state.current_player, state.decision, state.pm, state.concordia,
        state.final_turns, state.over, state.display, len(state.deck), sorted(state.routes.items()),
        sorted(state.active_markers),
    ]
    for p in state.players:
        parts += [p.money, p.goods, p.store, sorted(p.houses), p.hand, p.discard, p.colonists]
    if state.config.salt or state.config.forum:  # Salsa parts are appended, so old fingerprints stay as they were
        parts += [[p.salt for p in state.players], [p.forum for p in state.players], state.forum_table,
                  len(state.forum_deck), len(state.forum_discard), sorted(state.chosen_bonus.items())]
    elif state.chosen_bonus:
        parts.append(sorted(state.chosen_bonus.items()))
    return parts


def _config_from_dict(d: Any) -> GameConfig:
    """A checked config from plain data (a save file, the command line); unknown keys are refused, since an
    option this program does not know (from a newer version) would change the game."""
    if not isinstance(d, Mapping):
        raise GameDataError(f"a game config is a map, not {type(d).__name__}")
    unknown = sorted(str(k)[:20] for k in d if k not in GameConfig.__dataclass_fields__)
    if unknown:
        raise GameDataError(f"unknown options: {', '.join(unknown)[:80]}")
    return GameConfig.from_dict(dict(d))


def private(view: GameState, player: int) -> GameState:
    """R-LEGATUS at a shared table (``concordia serve``): the recommendation is told to the partner only.

    ``view`` keeps the recommendation in the partner's frame for every seat (one screen at a local table);
    where each seat has a screen of its own, a seat of the other team or a spectator (``player`` -1) gets
    it blanked, as if no card had been recommended.
    """
    if not view.config.is_team:
        return view
    frames = []
    for f in view.frames:
        if f.get("k") == "partnerplay" and f.get("rec") and player not in (f.get("p"), f.get("by")):
            f = {**f, "rec": ""}
        frames.append(f)
    view.frames = frames
    return view


def public_decision(text: str) -> bool:
    """Whether every seat of a shared table may read a decision's text: all but a Legatus recommendation
    (R-LEGATUS: only the partner learns which card was recommended; ``private`` blanks it in the views)."""
    return not text.startswith("recommend")


GAME = games.entry(
    __name__, id="concordia", title="Concordia", players=(2, 6), twin=_twin, config_from_dict=_config_from_dict,
    extras={"private": private, "public_decision": public_decision},
    apply_legal=GameState.apply_legal,
)
"""Concordia as the game registry (``engine.core.games``) sees it."""


__all__ = [  # what the package offers
    "DISPLAY_SIDES", "GAME", "VARIANTS", "Action", "FinalScores", "GameConfig", "GameDataError", "GameState",
    "IllegalAction", "PlayerScore", "StateFormatError", "actions", "describe", "fingerprint", "model", "new_game",
    "parse_action"
]
