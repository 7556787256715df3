"""R-TURN-1 and R-END-TRIGGER: playing a card, carrying out its role, ending a turn, ending the game.

A turn pushes an ``end`` frame, then the frames of the card's role on top of it; when everything above
``end`` is decided the turn ends. The team game (R-TEAM-PLAY) adds the partner's frames between the two.
"""

from __future__ import annotations

from engine.concordia import model
from engine.concordia.actions import Action, Play
from engine.concordia.state import GameState

SPECIALISTS = ("mason", "farmer", "smith", "vintner", "weaver")


def playable(s: GameState, p: int, exclude: tuple[str, ...] = ()) -> list[Action]:
    """``play`` actions for the distinct cards in ``p``'s hand (one per role of a double-role card).

    R-MAGISTER (German original: "Der Magister darf allerdings nicht auf den Senator gespielt werden"): the
    Magister may not be played onto a Senator, so it is not offered while the own top card is a Senator.
    """
    out: list[Action] = []
    seen: set[str] = set()
    top = s.top_card(p)
    on_senator = top is not None and "senator" in s.card(top).roles
    names = model.play_names()
    for cid in s.players[p].hand:
        name = names[cid]
        if name in seen:
            continue
        card = s.card(cid)
        if any(r in exclude for r in card.roles):
            continue
        if on_senator and "magister" in card.roles:
            continue
        seen.add(name)
        if len(card.roles) > 1:
            out.extend(Play(name, r) for r in card.roles)
        else:
            out.append(Play(name))
    return out


def legal_play(s: GameState) -> list[Action]:
    if s.config.is_team:
        from . import team

        out = team.legal_play(s)
    else:
        out = playable(s, s.active)
    if s.config.forum:
        from . import forum

        out.extend(forum.any_time_uses(s, None, s.active))
    return out


def take_card(s: GameState, p: int, name: str) -> str:
    """Move the first card of ``p``'s hand played as ``name`` onto ``p``'s discard pile."""
    pl = s.players[p]
    names = model.play_names()
    for i, cid in enumerate(pl.hand):
        if names[cid] == name:
            del pl.hand[i]
            pl.discard.append(cid)
            return cid
    raise AssertionError(f"no {name} in hand")  # pragma: no cover - legal_actions guarantees it


def apply_play(s: GameState, a: Action) -> None:
    assert isinstance(a, Play)
    p = s.active
    s.frames.append({"k": "end", "p": p})
    if s.config.is_team:
        from . import team

        team.apply_play(s, a)
        return
    cid = take_card(s, p, a.card)
    role = a.role or s.card(cid).roles[0]
    resolve_for(s, p, role, cid, owner=p, index=len(s.players[p].discard) - 1, copied=False)


def resolve_for(s: GameState, p: int, role: str, card: str, owner: int, index: int, copied: bool) -> None:
    """Carry out ``role`` for ``p``; in the team game the partner carries out the same card afterwards."""
    if s.config.is_team:
        from . import team

        team.schedule_partner(s, p, role, card, owner, index, copied)
    resolve_role(s, p, role, card, owner, index)


def resolve_role(s: GameState, p: int, role: str, card: str, owner: int, index: int) -> None:
    """Start carrying out one role of ``card`` (lying at ``index`` of ``owner``'s pile) for player ``p``."""
    from . import architect, colonist, diplomat, market, mercator, prefect, specialist, tribune

    if role == "tribune":
        tribune.resolve(s, p)
    elif role == "architect":
        architect.resolve(s, p)
    elif role == "prefect":
        prefect.resolve(s, p)
    elif role == "mercator":
        mercator.resolve(s, p, s.card(card).mercator_money)
    elif role == "diplomat":
        diplomat.resolve(s, p)
    elif role == "magister":
        diplomat.resolve_magister(s, p, owner, index)
    elif role == "colonist":
        colonist.resolve(s, p)
    elif role in SPECIALISTS:
        specialist.resolve(s, p, s.card(card).specialist_good)
    elif role in ("senator", "consul"):
        market.resolve(s, p, role)
    else:
        from . import team

        team.resolve_role(s, p, role, card, owner, index)


def trigger_end(s: GameState, p: int, why: str) -> None:
    """R-END-TRIGGER: ``p`` takes the Concordia card; every other player (team) has one more turn.

    ``why`` is ``display`` (bought the last card of the display) or ``houses`` (built the 15th house)."""
    if s.concordia >= 0:
        return
    s.concordia = p
    s.final_turns = (s.n // 2 - 1) if s.config.is_team else s.n - 1
    s.trigger_pending = True
    s.events.append(("concordia_card", {"player": p, "why": why}))


def end_turn(s: GameState) -> None:
    s.copied.clear()
    if s.config.forum:
        from . import forum

        forum.close_gap(s)
    s.turn += 1
    if s.trigger_pending:
        s.trigger_pending = False
    elif s.final_turns > 0:
        s.final_turns -= 1
    if s.concordia >= 0 and s.final_turns == 0:
        s.over = True
        s.events.append(("game_over", {}))
        return
    s.active = (s.active + 1) % s.n
