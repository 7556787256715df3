"""R-DIPLOMAT and R-MAGISTER: carry out a card again.

Diplomat: the top card of an opponent's discard pile, as if the player had played it (a bought Mercator
gives 5); not a Diplomat, not an empty pile. Magister: the card directly beneath the Magister on its pile
(not a Senator; nothing if there is none). Ruling (loop guard): in one turn each of Diplomat and Magister
can be resolved at most once through copying. Ruling: a Magister copied with the Diplomat repeats the card
beneath that Magister on the opponent's pile. Team game (R-TEAM-DIPLOMAT): never the partner's card, and a
team copies a given top card only once while it stays on top.
"""

from __future__ import annotations

from engine.concordia.actions import Action, Copy, CopyDisplay, Done, ForumUse, Repeat
from engine.concordia.state import Frame, GameState

from . import team as team_game
from . import turn

COPY_GUARDED = ("diplomat", "magister")


def resolve(s: GameState, p: int) -> None:
    s.frames.append({"k": "diplomat", "p": p})


def copy_targets(s: GameState, p: int) -> list[tuple[int, str]]:
    """(seat, role) pairs the Diplomat of ``p`` may carry out now."""
    out: list[tuple[int, str]] = []
    team = s.team_of(p)
    for q in range(s.n):
        if q == p or q == s.partner(p):
            continue
        top = s.top_card(q)
        if top is None:
            continue
        card = s.card(top)
        if "diplomat" in card.roles:
            continue
        if s.config.is_team and [team, q, len(s.players[q].discard)] in s.team_copied:
            continue
        for role in card.roles:
            if role in COPY_GUARDED and role in s.copied:
                continue
            if role == "legatus" and not team_game.legatus_allowed(s, p):  # ruling: no Legatus under a Legatus
                continue
            out.append((q, role))
    return out


def legal(s: GameState, f: Frame) -> list[Action]:
    p = f["p"]
    out: list[Action] = []
    for q, role in copy_targets(s, p):
        double = len(s.card(s.players[q].discard[-1]).roles) > 1
        out.append(Copy(q + 1, role if double else ""))
    if s.config.forum:
        from . import forum

        out.extend(forum.display_copies(s, p))
        out.extend(forum.any_time_uses(s, f))
    out.append(Done())
    return out


def apply(s: GameState, f: Frame, a: Action) -> None:
    p = f["p"]
    if isinstance(a, CopyDisplay | ForumUse):
        from . import forum

        if isinstance(a, CopyDisplay):
            forum.apply_copy_display(s, f, a)
        else:
            forum.apply_use(s, f, a)
        return
    s.frames.pop()
    if not isinstance(a, Copy):
        return
    q = a.seat - 1
    pile = s.players[q].discard
    card = pile[-1]
    role = a.role or s.card(card).roles[0]
    if s.config.is_team:
        s.team_copied.append([s.team_of(p), q, len(pile)])
    s.events.append(("copies", {"player": p, "role": role, "target": q}))
    if role in COPY_GUARDED:
        s.copied.append(role)
    after_copy(s, p, q, role, card)


def after_copy(s: GameState, p: int, q: int, role: str, card: str) -> None:
    """Carry out ``role`` of ``card`` (on top of seat ``q``'s pile) for ``p``; team partners follow."""
    turn.resolve_for(s, p, role, card, owner=q, index=len(s.players[q].discard) - 1, copied=True)


def resolve_magister(s: GameState, p: int, owner: int, index: int) -> None:
    """The Magister at ``index`` of ``owner``'s pile repeats the card beneath it."""
    pile = s.players[owner].discard
    if index < 1:
        s.events.append(("magister_empty", {}))
        return
    card = s.card(pile[index - 1])
    if "senator" in card.roles:
        s.events.append(("magister_no_senator", {}))
        return
    roles = [r for r in card.roles if not (r in COPY_GUARDED and r in s.copied)]
    if not roles:
        s.events.append(("magister_twice", {"role": card.roles[0]}))
        return
    if len(card.roles) > 1:
        s.frames.append({"k": "magister", "p": p, "owner": owner, "index": index - 1})
        return
    _repeat(s, p, owner, index - 1, roles[0])


def _repeat(s: GameState, p: int, owner: int, index: int, role: str) -> None:
    if role in COPY_GUARDED:
        s.copied.append(role)
    card = s.players[owner].discard[index]
    s.events.append(("repeats", {"player": p, "role": role}))
    turn.resolve_role(s, p, role, card, owner, index)


def legal_magister(s: GameState, f: Frame) -> list[Action]:
    card = s.card(s.players[f["owner"]].discard[f["index"]])
    out: list[Action] = [Repeat(r) for r in card.roles]
    if s.config.forum:
        from . import forum

        out.extend(forum.any_time_uses(s, f))
    out.append(Done())
    return out


def apply_magister(s: GameState, f: Frame, a: Action) -> None:
    if isinstance(a, ForumUse):
        from . import forum

        forum.apply_use(s, f, a)
        return
    s.frames.pop()
    if isinstance(a, Repeat):
        _repeat(s, f["p"], f["owner"], f["index"], a.role)
