"""The rules: legal actions and their effects, one module per card (R-CARD) plus the turn and storehouse.

``legal_actions(state)`` and ``apply(state, action)`` dispatch on the pending decision (the top frame).
After every action ``settle`` removes decisions that have no choice left (only ``done``) and ends the turn
when the card has been carried out completely, so every decision a player sees is a real one.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.concordia.actions import Action, Done, ForumTake, ForumUse
from engine.concordia.state import Frame, GameState

from . import architect, colonist, diplomat, forum, market, mercator, prefect, storehouse, tribune, turn

Legal = Callable[[GameState, Frame], list[Action]]
Apply = Callable[[GameState, Frame, Action], None]

LEGAL: dict[str, Legal] = {
    "tribune": tribune.legal,
    "architect": architect.legal,
    "prefect": prefect.legal,
    "mercator": mercator.legal,
    "diplomat": diplomat.legal,
    "magister": diplomat.legal_magister,
    "colonist": colonist.legal,
    "buy": market.legal,
    "overflow": storehouse.legal_overflow,
    "keep": forum.legal_keep,
    "forumtake": forum.legal_take,
    "bonussale": forum.legal_bonussale,
}
APPLY: dict[str, Apply] = {
    "tribune": tribune.apply,
    "architect": architect.apply,
    "prefect": prefect.apply,
    "mercator": mercator.apply,
    "diplomat": diplomat.apply,
    "magister": diplomat.apply_magister,
    "colonist": colonist.apply,
    "buy": market.apply,
    "overflow": storehouse.apply_overflow,
    "keep": forum.apply_keep,
    "forumtake": forum.apply_take,
    "bonussale": forum.apply_bonussale,
}
DESCRIBE: dict[str, str] = {
    "play": "play a card from your hand",
    "tribune": "Tribune: place a colonist in the capital for 1 food + 1 tool, or done",
    "architect": "Architect: move colonists, then build houses, or done",
    "prefect": "Prefect: let a province produce, take the cash bonus, or done",
    "mercator": "Mercator: sell or buy up to 2 types of goods, or done",
    "diplomat": "Diplomat: copy the top card of an opponent's discard pile, or done",
    "magister": "Magister: choose the role to repeat",
    "colonist": "Colonist: place colonists for 1 food + 1 tool each, or take the cash",
    "buy": "buy a card from the display, or done",
    "overflow": "storehouse full: choose which goods to take (every free slot must be filled)",
    "keep": "forum: keep one of your two patricians",
    "forumtake": "Tribune: take a forum card (position k needs 4/6/8/10 cards taken back) or pass",
    "bonussale": "Claudius Pompeius: sell one bonus good at its price, or keep all",
}
MARKERS = ("end", "refill")
"""Frames without a decision: reaching them ends the turn / refills the display."""


def _register_team() -> None:
    from . import team

    LEGAL.update(team.LEGAL)
    APPLY.update(team.APPLY)
    DESCRIBE.update(team.DESCRIBE)


def legal_actions(s: GameState) -> list[Action]:
    if s.over:
        return []
    if not s.frames:
        return turn.legal_play(s)
    f = s.frames[-1]
    if f["k"] in MARKERS:  # pragma: no cover - settle never leaves a marker on top
        return []
    return LEGAL[f["k"]](s, f)


def apply(s: GameState, a: Action) -> None:
    if not s.frames and isinstance(a, ForumUse):  # a citizen used before the card is played
        forum.apply_use(s, None, a)
    elif not s.frames:
        turn.apply_play(s, a)
    else:
        f = s.frames[-1]
        APPLY[f["k"]](s, f, a)
    settle(s)


def settle(s: GameState) -> None:
    """Drop decisions with nothing left to choose; end the turn when its card is fully carried out."""
    while s.frames and not s.over:
        f = s.frames[-1]
        k = f["k"]
        if k == "end":
            s.frames.pop()
            turn.end_turn(s)
            continue
        if k == "refill":
            s.frames.pop()
            market.refill(s)
            continue
        legal = LEGAL[k](s, f)
        if not legal or (len(legal) == 1 and isinstance(legal[0], Done)):
            APPLY[k](s, f, Done())
            continue
        if len(legal) == 1 and legal[0] == ForumTake(0):  # no forum card can be taken: no decision
            APPLY[k](s, f, legal[0])
            continue
        return


def describe(s: GameState) -> str:
    """The pending decision in words."""
    return DESCRIBE.get(s.decision, s.decision)


def why_illegal(s: GameState, a: Action, legal: list[Action]) -> str:
    if s.over:
        return f"{a} is not possible: the game is over"
    if s.config.is_team:
        from . import team

        reason = team.why_illegal(s, a)
        if reason:
            return f"{a} is not legal: {reason}"
    sample = ", ".join(str(x) for x in legal[:6]) + (", ..." if len(legal) > 6 else "")
    return f"{a} is not legal now (P{s.current_player + 1} to decide: {describe(s)}); legal: {sample}"


_register_team()
