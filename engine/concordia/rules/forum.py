"""R-SALSA-FORUM-* and R-FORUM-*: the forum of Concordia Salsa.

Setup: every player is dealt 2 patricians and keeps 1 (``keep``, in turn order from the start player); the
others and the 11 citizens make the face-up forum deck, whose top 4 cards lie on the tableau (positions 1-4).
A Tribune carried out by its owner (played, or the partner's half) lets them take 1 tableau card (``forum
take k``, position k needs k-th threshold 4/6/8/10 cards taken back, or ``forum pass``); the cards right of
it move left and the tableau refills from the deck (team game, SEED-S rule 08: both partners share their
counts, and the tableau closes only after both).

Patricians apply by themselves when their action is carried out (prices, limits, more options; Titus
Valerius, Claudius and Sextus Pompeius add a decision). Citizens are used once (``forum use <card> ...``)
and go to the forum discard pile: "any time" citizens at the decisions of the owner's own turn, the
Architect citizens (Mamercus, Mamilius, Marcus) before the first build of an Architect action. Rule 04: a
card used after the first build ends the building of that action (``locked``).

Where "any time" citizens are offered: at the play decision and at every decision of the action the owner
carries out in their own turn (Tribune take and colonist, Architect, Prefect, Mercator, Colonist, Diplomat,
Magister, purchases, their own storehouse overflow), never in another player's action or at a team
partner's card choice. Ruling: the returned patricians (and, when the deck runs out, the forum discard
pile) are shuffled with a generator seeded by the game seed, so nothing is drawn at random after setup
that a saved game could not replay.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

from engine.concordia import model
from engine.concordia.actions import (
    Action,
    AsDiplomat,
    BonusSale,
    Build,
    CopyDisplay,
    ForumTake,
    ForumUse,
    Keep,
    PlaceColonist,
    Titus,
)
from engine.concordia.model import GOODS, KINDS, SALT, components
from engine.concordia.state import Frame, GameState

from . import storehouse

ARCHITECT_CITIZENS = ("mamercus", "mamilius", "marcus")
VOUCHERS = ("mamercus", "marcus")
PUBLIUS_PRICE = 5


def owns(s: GameState, p: int, card: str) -> bool:
    return card in s.players[p].forum


def card_name(card: str) -> str:
    return model.forum().cards[card].name


# ------------------------------------------------------------------------------------------------ setup
def setup(s: GameState, rng: random.Random) -> None:
    """R-SALSA-FORUM-SETUP: deal 2 patricians to each player; the keep decisions come first, start player first."""
    fm = model.forum()
    patricians = list(fm.patricians)
    rng.shuffle(patricians)
    order = [(s.start_player + i) % s.n for i in range(s.n)]
    offers = {p: sorted(patricians[i * fm.dealt:(i + 1) * fm.dealt]) for i, p in enumerate(order)}
    rest = patricians[s.n * fm.dealt:] + list(fm.citizens)
    rng.shuffle(rest)
    s.forum_deck = rest
    for p in reversed(order):
        s.frames.append({"k": "keep", "p": p, "offer": offers[p]})


def legal_keep(s: GameState, f: Frame) -> list[Action]:
    return [Keep(c) for c in f["offer"]]


def apply_keep(s: GameState, f: Frame, a: Action) -> None:
    assert isinstance(a, Keep)
    p = f["p"]
    s.frames.pop()
    back = [c for c in f["offer"] if c != a.card]
    s.events.append(("forum_keeps", {"player": p, "card": a.card}))
    acquire(s, p, a.card)
    s.forum_deck.extend(back)
    if not any(x["k"] == "keep" for x in s.frames):  # the last keep: shuffle the returned cards in, lay out 4
        random.Random(s.seed * 7919 + 24).shuffle(s.forum_deck)
        refill(s)


def acquire(s: GameState, p: int, card: str) -> None:
    """A forum card goes face up to ``p``; R-FORUM-CLAUDIA-AGRIPPINA's 4 slots and brick come at once."""
    s.players[p].forum.append(card)
    if card == "claudia-agrippina":
        gains = [0] * len(storehouse.TYPES if s.config.salt else GOODS)
        gains[0] = 1
        storehouse.receive(s, p, gains, "Claudia Agrippina")


def refill(s: GameState) -> None:
    """Fill the tableau up to 4 from the deck (the forum discard pile is shuffled in when the deck is empty)."""
    while len(s.forum_table) < model.forum().tableau:
        if not s.forum_deck and s.forum_discard:
            s.forum_deck = sorted(s.forum_discard)
            s.forum_discard = []
            random.Random(s.seed * 7919 + s.turn).shuffle(s.forum_deck)
        if not s.forum_deck:
            return
        s.forum_table.append(s.forum_deck.pop())


# ------------------------------------------------------------------------------- the Tribune's take
def resolve_tribune(s: GameState, p: int, n: int) -> None:
    """R-SALSA-FORUM-TAKE: after the pick-up, take a forum card (or pass); then the colonist (``tribune``)."""
    s.frames.append({"k": "tribune", "p": p})
    shared = _partner_follows_tribune(s, p)
    if s.forum_gap:  # the partner chose first (rule 08): their unused count is added
        budget = n + s.forum_gap[0]
    elif shared >= 0:
        budget = n + len(s.players[shared].discard)
    else:
        budget = n
    s.frames.append({"k": "forumtake", "p": p, "n": n, "budget": budget, "shared": shared >= 0})


def _partner_follows_tribune(s: GameState, p: int) -> int:
    """The partner who carries out this Tribune after ``p`` (team game, rule 08), or -1."""
    q = s.partner(p)
    if q < 0:
        return -1
    for f in reversed(s.frames):
        if f["k"] == "follow" and f["p"] == q and f["role"] == "tribune":
            return q
    return -1


def legal_take(s: GameState, f: Frame) -> list[Action]:
    thresholds = model.forum().thresholds
    out: list[Action] = [
        ForumTake(k) for k, card in enumerate(s.forum_table, 1) if card and thresholds[k - 1] <= f["budget"]
    ]
    out.append(ForumTake(0))
    if len(out) > 1:  # a citizen may be used during the take (R-SALSA-FORUM-TAKE), if there is a take at all
        out.extend(any_time_uses(s, f))
    return out


def apply_take(s: GameState, f: Frame, a: Action) -> None:
    if isinstance(a, ForumUse):
        apply_use(s, f, a)
        return
    assert isinstance(a, ForumTake)
    p = f["p"]
    s.frames.pop()
    used = model.forum().thresholds[a.position - 1] if a.position else 0
    if a.position:
        card = s.forum_table[a.position - 1]
        s.events.append(("forum_takes", {"player": p, "card": card, "position": a.position}))
    else:
        card = ""
        s.events.append(("forum_none", {"player": p}))
    if a.position:
        s.forum_table[a.position - 1] = ""  # a gap, closed after the take (after both partners' in rule 08)
    if f["shared"]:  # rule 08: the partner chooses next from the same tableau with what is left
        s.forum_gap = [f["n"] - used]
    else:
        s.forum_gap = []
        s.forum_table = [c for c in s.forum_table if c]
        refill(s)
    if card:
        acquire(s, p, card)


def close_gap(s: GameState) -> None:
    """End of a turn: a team take whose partner did not take after all closes its gap now."""
    if s.forum_gap or "" in s.forum_table:
        s.forum_gap = []
        s.forum_table = [c for c in s.forum_table if c]
        refill(s)


# ----------------------------------------------------------------------------------- using citizens
def own_turn(s: GameState, p: int) -> bool:
    """``p`` decides in their own turn: the active player, or the partner carrying out their half."""
    return p == s.active or (s.config.is_team and p == s.partner(s.active))


def any_time_uses(s: GameState, f: Frame | None, p: int | None = None) -> list[Action]:
    """``forum use`` actions of the "any time" citizens ``p`` (the frame's decider) may use now."""
    if p is None:
        assert f is not None
        p = int(f["p"])
    if not own_turn(s, p):
        return []
    out: list[Action] = []
    for card in s.players[p].forum:
        if model.forum().cards[card].trigger == "any":
            out.extend(_uses(s, p, card))
    return out


def _uses(s: GameState, p: int, card: str) -> list[Action]:
    pl = s.players[p]
    held = [g for g in GOODS if pl.goods[GOODS.index(g)]]
    if card in ("laurentius", "numerius", "commodus", "julius") or (card == "spurius" and s.config.salt):
        if card == "julius" and not pl.colonists:
            return []
        return [ForumUse(card)]
    if card == "spurius":
        return [ForumUse(card, (g,)) for g in GOODS]
    if card == "tiberius":
        out: list[Action] = []
        for prov in s.map.provinces:
            if prov in s.active_markers:
                if s.bonus[prov] == model.ANY:
                    out.extend(ForumUse(card, (prov, g)) for g in GOODS)
                else:
                    out.append(ForumUse(card, (prov,)))
        return out
    if card == "augustus":
        if s.config.salt:  # up to 2 goods (not salt) for 1 salt each
            pairs = [c for c in combinations_with_replacement(held, 2) if _has(pl.goods, c)]
            singles: list[Action] = [ForumUse(card, (g,)) for g in held]
            return singles + [ForumUse(card, c) for c in pairs]
        swaps = [(g, t) for g in held for t in GOODS if t != g]
        out = [ForumUse(card, x) for x in swaps]
        for x, y in combinations(swaps, 2):
            if _has(pl.goods, (x[0], y[0])):
                out.append(ForumUse(card, (*x, *y)))
        return out
    if card == "publius":
        if s.spendable(p) < PUBLIUS_PRICE:
            return []
        out = []
        for i, kind in enumerate(KINDS):
            if pl.store[i]:
                places = [s.map.capital_for(kind), *sorted(pl.houses)]
                out.extend(ForumUse(card, (kind, c)) for c in places if s.map.routes_at.get((c, kind)))
        return out
    return []


def _has(goods: list[int], need: tuple[str, ...]) -> bool:
    c = Counter(need)
    return all(goods[GOODS.index(g)] >= n for g, n in c.items())


def apply_use(s: GameState, f: Frame | None, a: Action) -> None:
    """Use a citizen (legal_actions has checked it): its effect, then it goes to the forum discard pile."""
    assert isinstance(a, ForumUse)
    p = s.current_player
    pl = s.players[p]
    pl.forum.remove(a.card)
    s.forum_discard.append(a.card)
    s.events.append(("forum_uses", {"player": p, "card": a.card, "args": list(a.args)}))
    if f is not None and f["k"] == "architect":
        if f["built"]:
            f["locked"] = True  # rule 04: build - card - build is not allowed
        if a.card in VOUCHERS:
            f["vouchers"] = [*f.get("vouchers", []), a.card]
            return
        if a.card == "mamilius":
            f["mamilius"] = True
            return
    types = storehouse.TYPES if s.config.salt else GOODS
    gains = [0] * len(types)
    card = a.card
    if card == "laurentius":
        gains[GOODS.index("brick")] += 1
        gains[GOODS.index("food")] += 1
    elif card == "spurius":
        gains[types.index(a.args[0] if a.args else SALT)] += 1
    elif card == "tiberius":
        good = a.args[1] if len(a.args) > 1 else s.bonus[a.args[0]]
        gains[GOODS.index(good)] += 1
    elif card == "commodus":
        provinces = {s.map.cities[c].province for c in pl.houses}
        gains[GOODS.index("tool")] += len(provinces) // 3
    elif card == "numerius":
        provinces = {s.map.cities[c].province for c in pl.houses}
        pl.money += 2 * len(provinces)
    elif card == "augustus":
        if s.config.salt:
            for g in a.args:
                pl.goods[GOODS.index(g)] -= 1
                pl.salt += 1
        else:
            for g, t in zip(a.args[::2], a.args[1::2], strict=True):
                pl.goods[GOODS.index(g)] -= 1
                pl.goods[GOODS.index(t)] += 1
    elif card == "publius":
        storehouse.pay_money(s, p, PUBLIUS_PRICE)
        kind, place = a.args
        pl.store[KINDS.index(kind)] -= 1
        pl.colonists.append((kind, place))
    elif card == "julius":
        pts = len(pl.colonists) + (1 if owns(s, p, "appius-arcadius") else 0)
        s.frames.append({"k": "architect", "p": p, "pts": pts, "built": False, "julius": True})
    if any(gains):
        storehouse.receive(s, p, gains, card_name(card))


# ---------------------------------------------------------------------------------------- Architect
def movement_bonus(s: GameState, p: int) -> int:
    """R-FORUM-APPIUS-ARCADIUS: +1 movement point."""
    return 1 if s.config.forum and owns(s, p, "appius-arcadius") else 0


def architect_uses(s: GameState, f: Frame, p: int) -> list[Action]:
    """Citizens usable in an Architect action: before the first build all, after it the any-time ones but
    Julius (rule 04: using one ends the building); none in Julius's own movement."""
    if f.get("julius"):
        return []
    out: list[Action] = []
    if not f["built"]:
        out.extend(ForumUse(c) for c in s.players[p].forum if c in ARCHITECT_CITIZENS)
    out.extend(u for u in any_time_uses(s, f) if not (f["built"] and isinstance(u, ForumUse) and u.card == "julius"))
    return out


def build_variants(
    s: GameState, f: Frame, p: int, city: str, goods: tuple[str, ...], price: int
) -> list[tuple[str, tuple[str, ...], int]]:
    """Prices of a house with the forum: Aulus (-1 each), Mamilius (no brick), vouchers Mamercus (no
    sestertii) and Marcus (a salt city, without salt any city, for 1 tool)."""
    if f.get("julius"):
        return []
    if owns(s, p, "aulus-arcadius"):
        price = max(0, price - 1)
    if f.get("mamilius"):
        goods = tuple(g for g in goods if g != "brick")
    out = [("", goods, price)]
    vouchers = f.get("vouchers", [])
    if "mamercus" in vouchers:
        out.append(("mamercus", goods, 0))
    if "marcus" in vouchers and (s.tiles[city] == SALT or not s.config.salt):
        out.append(("marcus", ("tool",), 0))
    return out


def after_build(s: GameState, f: Frame, a: Build) -> None:
    """Spend the named voucher; an Annaeus build (beyond the usual reach) uses up Annaeus for this action."""
    from .architect import build_sites

    if a.using:
        vouchers = list(f.get("vouchers", []))
        vouchers.remove(a.using)
        f["vouchers"] = vouchers
    if a.city not in build_sites(s, f["p"]):
        f["annaeus"] = True


# --------------------------------------------------------------------------------- Tribune (Titus)
def tribune_uses(s: GameState, f: Frame) -> list[Action]:
    p = f["p"]
    out: list[Action] = []
    if owns(s, p, "titus-valerius") and not f.get("titus"):
        held = [g for g in GOODS if s.players[p].goods[GOODS.index(g)]]
        if s.config.salt:
            out.extend(Titus(g) for g in held)
        else:
            out.extend(Titus(g, t) for g in held for t in GOODS if t != g)
    out.extend(any_time_uses(s, f))
    return out


def apply_tribune(s: GameState, f: Frame, a: Action) -> None:
    if isinstance(a, Titus):
        pl = s.players[f["p"]]
        pl.goods[GOODS.index(a.good)] -= 1
        if a.to:
            pl.goods[GOODS.index(a.to)] += 1
        else:
            pl.salt += 1
        f["titus"] = True
        s.events.append(("titus", {"player": f["p"], "give": a.good, "get": a.to or SALT}))
    else:
        apply_use(s, f, a)


# ------------------------------------------------------------------------------------------ Prefect
def prefect_options(s: GameState, f: Frame) -> list[Action]:
    p = f["p"]
    out: list[Action] = []
    if owns(s, p, "sextus-pompeius") and "diplomat" not in s.copied:
        out.append(AsDiplomat())
    out.extend(any_time_uses(s, f))
    return out


def after_produce(s: GameState, p: int, province: str, gains: list[list[int]]) -> bool:
    """Donatus adds the marker's coins; Claudius asks whether to sell a bonus good (True: goods wait)."""
    from .prefect import marker_good

    good = marker_good(s, province)
    if owns(s, p, "donatus-pompeius"):
        coins = components().bonus_coins[good]
        s.players[p].money += coins
        s.events.append(("donatus", {"player": p, "amount": coins}))
    if owns(s, p, "claudius-pompeius"):
        flat = [x for row in gains for x in row]
        s.frames.append({"k": "bonussale", "p": p, "good": good, "gains": flat, "province": province})
        return True
    return False


def legal_bonussale(s: GameState, f: Frame) -> list[Action]:
    return [BonusSale(True), BonusSale(False)]


def apply_prefect(s: GameState, f: Frame, a: Action) -> None:
    from .diplomat import resolve as diplomat_resolve
    from .prefect import give

    p = f["p"]
    s.frames.pop()
    if isinstance(a, AsDiplomat):
        s.copied.append("diplomat")
        s.events.append(("sextus", {"player": p}))
        diplomat_resolve(s, p)
        return
    assert isinstance(a, BonusSale)
    width = len(f["gains"]) // s.n
    gains = [f["gains"][i * width:(i + 1) * width] for i in range(s.n)]
    if a.sell:
        gains[p][GOODS.index(f["good"])] -= 1
        price = components().prices[f["good"]]
        s.players[p].money += price
        s.events.append(("claudius", {"player": p, "good": f["good"], "price": price}))
    give(s, p, gains, s.map.provinces[f["province"]].name)


def apply_bonussale(s: GameState, f: Frame, a: Action) -> None:
    apply_prefect(s, f, a)


# ----------------------------------------------------------------------------------------- Diplomat
def display_copies(s: GameState, p: int) -> list[Action]:
    """R-FORUM-LUCIUS-FLAVIUS: copy a display card (not a Diplomat, nor a Tribune: SEED-S „Diplomaten oder
    Tribune können nicht kopiert werden“; ruling: nor a Magister, which would repeat a card beneath it that a
    display card does not have, nor a Legatus, which only the active player carries out at the top of a turn)."""
    if not owns(s, p, "lucius-flavius"):
        return []
    out: list[Action] = []
    for i, cid in enumerate(s.display):
        if cid is None:
            continue
        roles = s.card(cid).roles
        if any(r in ("diplomat", "tribune", "magister", "legatus") for r in roles):
            continue
        if len(roles) > 1:
            out.extend(CopyDisplay(i + 1, r) for r in roles)
        else:
            out.append(CopyDisplay(i + 1))
    return out


def apply_copy_display(s: GameState, f: Frame, a: CopyDisplay) -> None:
    from . import turn

    p = f["p"]
    s.frames.pop()
    cid = s.display[a.slot - 1]
    assert cid is not None
    role = a.role or s.card(cid).roles[0]
    s.events.append(("lucius", {"player": p, "role": role, "slot": a.slot}))
    turn.resolve_for(s, p, role, cid, owner=p, index=-1, copied=True)
    top = s.frames[-1] if s.frames else None
    if top is not None and top["k"] == "buy" and top["p"] == p:
        top["skip"] = cid  # the copied card stays in the display and cannot be bought in this action


# ---------------------------------------------------------------------------------------- invariants
def check_forum(s: GameState) -> list[str]:
    fm = model.forum()
    placed: Counter[str] = Counter(s.forum_deck + [c for c in s.forum_table if c] + s.forum_discard)
    for pl in s.players:
        placed.update(pl.forum)
    for f in s.frames:
        if f["k"] == "keep":
            placed.update(f.get("offer", []))
    problems: list[str] = []
    if placed != Counter(list(fm.cards)):
        extra = placed - Counter(list(fm.cards))
        missing = Counter(list(fm.cards)) - placed
        problems.append(f"forum cards are not each in one place (extra {dict(extra)}, missing {dict(missing)})")
    if len(s.forum_table) > fm.tableau:
        problems.append("the forum tableau has more than 4 cards")
    if (not any(f["k"] == "keep" for f in s.frames) and s.forum_deck and not s.forum_gap
            and len([c for c in s.forum_table if c]) < fm.tableau):
        problems.append("the forum tableau has a gap while the deck has cards")
    for f in s.frames:
        if f["k"] == "forumtake" and not (isinstance(f.get("budget"), int) and isinstance(f.get("n"), int)):
            problems.append(f"a forum take has bad details {f!r}")
    return problems


__all__ = ["PlaceColonist", "apply_use", "check_forum", "setup"]
