"""R-TEAM: the Venus team game (4 or 6 players, partners opposite, teams of two).

The active player plays a card and carries out its role; then the partner carries out the same card as
their own decisions (R-TEAM-PLAY). The frames are a stack, so the partner's part is pushed *below* the
active player's role frames (``schedule_partner``) and surfaces when the active player is done:

- ``follow`` (partner, role, card): the partner carries out ``role``; never a visible decision (it turns into
  the partner's role frames at once). A double-role card gives the partner the other role (R-TEAM-DOUBLE).
  A ``follow`` with an empty role waits for the Diplomat's choice: the copied role fills it in
  (R-TEAM-DIPLOMAT: the partner carries out the copied action too); copying nothing leaves it empty.
- Praetor (R-PRAETOR): the active player buys 1 card (card + slot cost), then the partner buys 1 card; a
  ``refill`` marker below both refills the display only after both purchases.
- Prokonsul (R-PROKONSUL): the active player buys 1 card paying its card cost only (not a Prokonsul), then
  the partner may play a card from their own hand for themself only (a ``partnerplay`` decision, not a
  Legatus, or ``done``: Venus rulebook „Nun darf Weiß eine Karte spielen“); the display refills after both.
- Legatus (R-LEGATUS): the active player sees the partner's hand and recommends a card (``recommend``),
  privately: the opponents' views and the log show that a card was recommended, not which; the
  partner plays a card (``partnerplay``, not a Legatus: ruling), which counts for both: the partner carries
  it out first, then the Legatus player follows. The turn order does not change.

Rulings where the rulebook is silent (documented in the tests):
- A card played under a Prokonsul counts for that player only: a Prokonsul played that way only buys, a
  Praetor only buys one card, a double-role card may be played as either role.
- A Legatus is carried out only by the active player at the top of their turn (played, or copied with the
  Diplomat): never under a Legatus or a Prokonsul, so "a Legatus under a Legatus" cannot happen.
- A team copies a given top card only once while it stays on top (R-TEAM-DIPLOMAT): the record of copied
  cards of a seat is dropped as soon as that seat lays a new card on its pile.
- A Diplomat copying a double-role card: the copier chooses the role, the partner carries out the other.

R-TEAM-START (before the first turn): the second partner of each team, in turn order, puts both starting
colonists into a city not directly connected to the capital (two land colonists in a city with land
routes only, two sea colonists in one with sea routes only, else one of each); until then they wait in the
storehouse.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.concordia.actions import Action, Copy, Done, Play, Purchase, Recommend, StartCity
from engine.concordia.model import KINDS, LAND, SEA, components, deck, role_names
from engine.concordia.state import Frame, GameState

from . import market, turn

LEGATUS_FORBIDDEN = ("legatus",)
"""Roles the partner may not play under a Legatus (ruling) or a Prokonsul (R-PROKONSUL)."""


def _role_name(role: str) -> str:
    return role_names()[role][0]


# ------------------------------------------------------------------------------------------- setup
def second_partners(s: GameState) -> list[int]:
    """The second player of each team, in turn order (R-TEAM-HAND, R-TEAM-START)."""
    half = s.n // 2
    return [(s.start_player + half + i) % s.n for i in range(half)]


def setup(s: GameState) -> None:
    """R-TEAM-HAND and R-TEAM-START: return the Diplomat / Architect; second partners choose a start city."""
    dk = deck(s.config.variant)
    seconds = second_partners(s)
    for p, pl in enumerate(s.players):
        pl.hand.remove(dk.second_partner_returns if p in seconds else dk.first_partner_returns)
    for p in seconds:
        pl = s.players[p]
        pl.colonists = []
        pl.store = [components().colonists_per_type] * len(KINDS)
    for p in reversed(seconds):  # a stack: the first second partner in turn order decides first
        s.frames.append({"k": "startcity", "p": p})


def start_cities(s: GameState) -> list[str]:
    """Cities not directly connected to the capital by any route (R-TEAM-START)."""
    gm = s.map
    near = {r.other(cap) for cap in gm.capitals for r in gm.routes.values() if cap in (r.a, r.b)}
    return sorted(c for c in gm.cities if c not in near)


def start_colonists(s: GameState, city: str) -> tuple[str, str]:
    """The kinds of the two starting colonists in ``city``: both land (sea) if it has only land (sea) routes."""
    land = bool(s.map.routes_at.get((city, LAND)))
    sea = bool(s.map.routes_at.get((city, SEA)))
    if land and not sea:
        return (LAND, LAND)
    if sea and not land:
        return (SEA, SEA)
    return (LAND, SEA)


def legal_startcity(s: GameState, f: Frame) -> list[Action]:
    return [StartCity(c) for c in start_cities(s)]


def apply_startcity(s: GameState, f: Frame, a: Action) -> None:
    assert isinstance(a, StartCity)
    p = f["p"]
    pl = s.players[p]
    kinds = start_colonists(s, a.city)
    pl.colonists = [(k, a.city) for k in kinds]
    per_type = components().colonists_per_type
    pl.store = [per_type - kinds.count(k) for k in KINDS]
    s.frames.pop()
    s.events.append(("start", {"player": p, "kinds": list(kinds), "city": s.map.cities[a.city].name}))


# ------------------------------------------------------------------------------------ playing a card
def legal_play(s: GameState) -> list[Action]:
    return turn.playable(s, s.active)


def _lay_card(s: GameState, p: int, name: str) -> tuple[str, int]:
    """Play ``name`` from ``p``'s hand onto their pile; the team records of copying ``p``'s old top card end."""
    cid = turn.take_card(s, p, name)
    s.team_copied = [x for x in s.team_copied if x[1] != p]
    return cid, len(s.players[p].discard) - 1


def apply_play(s: GameState, a: Action) -> None:
    """The active player plays a card for the team (the ``end`` frame is already pushed)."""
    assert isinstance(a, Play)
    p = s.active
    cid, index = _lay_card(s, p, a.card)
    role = a.role or s.card(cid).roles[0]
    turn.resolve_for(s, p, role, cid, owner=p, index=index, copied=False)


def other_role(s: GameState, card: str, role: str) -> str:
    """R-TEAM-DOUBLE: the role the partner carries out (the other one of a double-role card)."""
    roles = s.card(card).roles
    return next((r for r in roles if r != role), role) if len(roles) > 1 else role


def schedule_partner(s: GameState, p: int, role: str, card: str, owner: int, index: int, copied: bool) -> None:
    """Push the partner's part of ``p`` carrying out ``role`` for the team, below ``p``'s own role frames.

    Called by ``turn.resolve_for`` for every card a player carries out for the team, and for the role a
    Diplomat copies (``copied``): that copy is for the team only if the partner's ``follow`` is waiting for
    it on top of the stack (the Diplomat was played for the team), else it is for ``p`` alone.
    """
    q = s.partner(p)
    if copied:
        top = s.frames[-1] if s.frames else None
        if top is None or top["k"] != "follow" or top["p"] != q or top["role"]:
            return
        s.frames.pop()
    if role == "diplomat":
        s.frames.append({"k": "follow", "p": q, "role": "", "card": card, "owner": owner, "index": index})
    elif role == "praetor":
        s.frames.append({"k": "refill", "p": p})
        s.frames.append({"k": "follow", "p": q, "role": role, "card": card, "owner": owner, "index": index})
    elif role == "prokonsul":
        s.frames.append({"k": "refill", "p": p})
        s.frames.append({"k": "partnerplay", "p": q, "mode": "prokonsul", "by": p, "rec": ""})
    elif role != "legatus":  # the Legatus pushes the partner's play after the recommendation
        follow = other_role(s, card, role)
        s.frames.append({"k": "follow", "p": q, "role": follow, "card": card, "owner": owner, "index": index})


def resolve_role(s: GameState, p: int, role: str, card: str, owner: int, index: int) -> None:
    """Start the team-only roles: Praetor and Prokonsul buy (refill later), the Legatus recommends."""
    if role in ("praetor", "prokonsul"):
        market.resolve(s, p, role, refill=False)
    elif role == "legatus":
        s.frames.append({"k": "recommend", "p": p, "partner": s.partner(p)})
    else:  # pragma: no cover - the card data knows no other role
        raise AssertionError(f"unknown role {role}")


# -------------------------------------------------------------------------------- the partner's part
def legal_follow(s: GameState, f: Frame) -> list[Action]:
    return [Done()]


def apply_follow(s: GameState, f: Frame, a: Action) -> None:
    """The partner carries out the same card (R-TEAM-PLAY); ``settle`` does this at once, it is no choice."""
    s.frames.pop()
    role = f["role"]
    if not role:
        return
    p = f["p"]
    s.events.append(("team_role", {"player": p, "role": role}))
    start = len(s.frames)
    turn.resolve_role(s, p, role, f["card"], f["owner"], f["index"])
    mark_frames(s, start, s.partner(p), f["card"], "team")
    if role == "praetor":
        s.frames[-1]["second"] = True  # the partner's purchase after the player's (R-PRAETOR)


def legatus_allowed(s: GameState, p: int) -> bool:
    """May ``p``'s Diplomat (the top frame) copy a Legatus? Only at the top of the active player's turn."""
    if s.active != p or len(s.frames) < 2:
        return False
    below = s.frames[-2]
    return below["k"] == "follow" and below["p"] == s.partner(p) and not below["role"]


def legal_partnerplay(s: GameState, f: Frame) -> list[Action]:
    """Under a Legatus the partner must play a card; under a Prokonsul they may (R-PROKONSUL): ``done`` too."""
    out = turn.playable(s, f["p"], exclude=LEGATUS_FORBIDDEN)
    if f["mode"] == "prokonsul" or not out:
        out.append(Done())
    return out


def apply_partnerplay(s: GameState, f: Frame, a: Action) -> None:
    """Under a Legatus the card counts for both (partner first); under a Prokonsul for the partner only."""
    s.frames.pop()
    q = f["p"]
    if not isinstance(a, Play):  # R-PROKONSUL: the partner may play no card
        s.events.append(("prokonsul_none", {"player": q, "by": f["by"]}))
        return
    cid, index = _lay_card(s, q, a.card)
    role = a.role or s.card(cid).roles[0]
    start = len(s.frames)
    if f["mode"] == "legatus":
        s.events.append(("legatus_plays", {"player": q, "role": role, "by": f["by"]}))
        turn.resolve_for(s, q, role, cid, owner=q, index=index, copied=False)
    else:
        s.events.append(("prokonsul_plays", {"player": q, "role": role, "by": f["by"]}))
        turn.resolve_role(s, q, role, cid, q, index)
    mark_frames(s, start, f["by"], cid, f["mode"])


def mark_frames(s: GameState, start: int, by: int, card: str, why: str) -> None:
    """Mark the decisions pushed from ``start`` on as made for ``by``'s ``card`` (``engine.concordia.context``).

    ``why`` is "team" (the partner carries out ``by``'s card, R-TEAM-PLAY), "legatus" or "prokonsul" (a card
    played under ``by``'s Legatus / Prokonsul). The partner's ``follow`` below is not marked: it is no
    decision, and the frames it turns into get their own mark.
    """
    for fr in s.frames[start:]:
        if fr["k"] not in ("follow", "refill", "end") and fr["p"] != by:
            fr["for"] = [by, card, why]


def recommendable(s: GameState, partner: int) -> list[str]:
    """Names of the cards in ``partner``'s hand they may play under a Legatus."""
    names: list[str] = []
    for cid in s.players[partner].hand:
        card = s.card(cid)
        if card.play_name not in names and not any(r in LEGATUS_FORBIDDEN for r in card.roles):
            names.append(card.play_name)
    return names


def legal_recommend(s: GameState, f: Frame) -> list[Action]:
    out: list[Action] = [Recommend(name) for name in recommendable(s, f["partner"])]
    return out or [Done()]


def apply_recommend(s: GameState, f: Frame, a: Action) -> None:
    s.frames.pop()
    p, q = f["p"], f["partner"]
    rec = a.card if isinstance(a, Recommend) else ""
    if rec:  # R-LEGATUS: private between the partners; the log says only that a card was recommended
        s.events.append(("recommends", {"player": p, "partner": q}))
    s.frames.append({"k": "partnerplay", "p": q, "mode": "legatus", "by": p, "rec": rec})


# ------------------------------------------------------------------------------------ illegal actions
def why_illegal(s: GameState, a: Action) -> str | None:
    """Name the team rule an illegal action breaks, or None if no team rule explains it."""
    f = s.frames[-1] if s.frames else None
    if f is None:
        return None
    p = s.current_player
    kind = f["k"]
    if kind == "startcity" and not isinstance(a, StartCity):
        return (f"{a} is not possible yet: P{p + 1} first chooses a starting city for both colonists "
                "(R-TEAM-START: start <city>)")
    if kind == "startcity" and isinstance(a, StartCity):
        if a.city in s.map.cities:
            return f"{s.map.cities[a.city].name} is directly connected to the capital (R-TEAM-START)"
        return f"there is no city {a.city!r} on this map"
    if kind == "diplomat" and isinstance(a, Copy):
        return _why_not_copy(s, p, a)
    if kind == "partnerplay" and isinstance(a, Play) and a.card == "legatus":
        if f["mode"] == "legatus":
            return "a Legatus cannot be played under a Legatus: the partner plays another card (R-LEGATUS, ruling)"
        return "under a Prokonsul the partner may play any card but a Legatus (R-PROKONSUL)"
    if kind == "buy" and isinstance(a, Purchase):
        if f["mode"] in ("praetor", "prokonsul") and f["left"] <= 0:
            rule = "R-PRAETOR" if f["mode"] == "praetor" else "R-PROKONSUL"
            return f"P{p + 1} has already bought their 1 card with the {_role_name(f['mode'])} ({rule})"
        if f.get("second"):
            return (f"with the Praetor each partner buys 1 card (R-PRAETOR): this is P{p + 1}'s purchase, "
                    f"and P{p + 1} cannot buy the card in slot {a.slot} with {', '.join(a.pay) or 'no ?'}")
        if f["mode"] == "prokonsul" and 1 <= a.slot <= len(s.display):
            cid = s.display[a.slot - 1]
            if cid is not None and "prokonsul" in s.card(cid).roles:
                return "the Prokonsul cannot buy a Prokonsul (R-PROKONSUL)"
    if kind == "recommend" and isinstance(a, Recommend):
        names = ", ".join(recommendable(s, f["partner"]))
        return f"P{f['partner'] + 1} has no {a.card} to play under the Legatus; recommend one of: {names}"
    return None


def _why_not_copy(s: GameState, p: int, a: Copy) -> str | None:
    q = a.seat - 1
    if not 0 <= q < s.n:
        return None
    if q == p:
        return "the Diplomat copies an opponent's card, not your own (R-DIPLOMAT)"
    if q == s.partner(p):
        return f"P{q + 1} is your partner, not an opponent: the partner's card cannot be copied (R-TEAM-DIPLOMAT)"
    pile = s.players[q].discard
    if not pile:
        return None
    if [s.team_of(p), q, len(pile)] in s.team_copied:
        return (f"your team has already copied this card of P{q + 1}; a team copies a card only once while it "
                "stays on top (R-TEAM-DIPLOMAT)")
    if "legatus" in s.card(pile[-1]).roles and not legatus_allowed(s, p):
        return "a Legatus cannot be carried out under a Legatus or a Prokonsul (R-LEGATUS, ruling)"
    return None


LEGAL: dict[str, Callable[[GameState, Frame], list[Action]]] = {
    "startcity": legal_startcity,
    "follow": legal_follow,
    "partnerplay": legal_partnerplay,
    "recommend": legal_recommend,
}
APPLY: dict[str, Callable[[GameState, Frame, Action], None]] = {
    "startcity": apply_startcity,
    "follow": apply_follow,
    "partnerplay": apply_partnerplay,
    "recommend": apply_recommend,
}
DESCRIBE: dict[str, str] = {
    "startcity": "choose the starting city of your two colonists (a city not directly connected to the capital)",
    "follow": "carry out your partner's card",
    "partnerplay": (
        "play a card from your hand (not a Legatus): under your partner's Legatus it counts for both of you, "
        "you first; under their Prokonsul for you alone"
    ),
    "recommend": "Legatus: look at your partner's hand and recommend a card for them to play",
}
