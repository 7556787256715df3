"""Sacrifices and god cards (R-GREY, R-GOD).

R-GREY-1: the grey action returns exactly V cubes from the own stalls to the harbour (D-GREY: chosen stall by
stall, in space order), then takes a face-up card (its slot is refilled at once) or the top card of the deck,
unseen; an empty deck is replaced by the shuffled discard pile. Jupiter takes a second card after the refill.
R-GOD-1: at most one card per god in a turn; played cards go to the discard pile.
R-GOD-2: a card taken is dead until its holder's next turn begins (his phase II step or a phase III turn).
R-GOD-4: Venus returns 1 or 2 own stones, at the start of a turn (offered with the turn's first decision) or
at its end (a ``venus`` decision after the USE).
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from ..actions import Action, Done, God, Offer, Venus, make
from ..dice import below
from . import rounds

if TYPE_CHECKING:
    from ..state import GameState


def play_card(s: GameState, p: int, god: str, in_turn: bool = True) -> None:
    """Move one live ``god`` card of ``p`` to the discard pile (a publicly known copy first)."""
    pl = s.players[p]
    live = [i for i, (c, f) in enumerate(zip(pl.hand, pl.fresh, strict=True)) if c == god and not f]
    i = max(live, key=lambda j: (pl.known[j], -j))
    del pl.hand[i], pl.known[i], pl.fresh[i]
    s.discard.append(god)
    if in_turn:
        s.played.append(god)
    s.events.append(("god_played", {"player": p, "god": god}))


def reshuffle(s: GameState) -> None:
    """The discard pile, shuffled with the state's generator, becomes the deck."""
    deck = s.discard
    s.discard = []
    for i in range(len(deck) - 1, 0, -1):
        j, s.rng = below(s.rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    s.deck = deck
    s.events.append(("reshuffle", {"cards": len(deck)}))


def draw_top(s: GameState) -> str | None:
    if not s.deck and s.discard:
        reshuffle(s)
    return s.deck.pop() if s.deck else None


def cards_available(s: GameState) -> int:
    return len(s.display) - s.display.count(None) + len(s.deck) + len(s.discard)


def take_card(s: GameState, p: int, source: int) -> None:
    """``p`` takes the card of display slot ``source`` (1, 2; refilled at once) or (0) the top deck card, unseen."""
    pl = s.players[p]
    if source:
        card = s.display[source - 1]
        assert card is not None
        s.display[source - 1] = draw_top(s)
        s.events.append(("god_taken", {"player": p, "slot": source, "card": card}))
        s.events.append(("refill", {"slot": source, "card": s.display[source - 1]}))
    else:
        drawn = draw_top(s)
        assert drawn is not None
        card = drawn
        s.events.append(("god_taken", {"player": p, "slot": 0}))
        s.events.append(("draw", {"player": p, "card": card}))
    pl.hand.append(card)
    pl.known.append(source != 0)
    pl.fresh.append(True)


def could_hold(s: GameState, p: int, god: str) -> bool:
    """Whether, for all the other seats know, ``p`` may play a live ``god`` card now: a live copy (``s.live``),
    or any live card taken face down (R-GOD-2: a card is dead until its holder's next turn; R-GOD-1: one card
    per god in a turn). A seat asked about a reaction is asked whenever this holds, whether it has the card
    or not, so being asked gives nothing away (``GameConfig.legacy_reactions``)."""
    if p == s.active and god in s.played:
        return False
    return s.live(p, god) > 0 or hides_live_card(s, p)


def hides_live_card(s: GameState, p: int) -> bool:
    """Whether ``p`` holds a card taken face down that it may play now (what it is, only ``p`` knows)."""
    pl = s.players[p]
    return any(not known and not fresh for known, fresh in zip(pl.known, pl.fresh, strict=True))


# ------------------------------------------------------------------------------------------------ Venus
VENUS_1, VENUS_2 = make(Venus, 1), make(Venus, 2)
def venus_options(s: GameState, p: int) -> list[Action]:
    """R-GOD-4: return 1 or 2 own stones (at most those held) with a live Venus not yet played this turn."""
    pl = s.players[p]
    stones = pl.stones
    if stones < 1 or "venus" not in pl.hand or "venus" in s.played or not s.live(p, "venus"):
        return []
    return [VENUS_1, VENUS_2] if stones >= 2 else [VENUS_1]


def play_venus(s: GameState, p: int, count: int) -> None:
    play_card(s, p, "venus")
    s.players[p].stones -= count
    s.supply += count
    s.events.append(("venus", {"player": p, "stones": count}))


def after_use(s: GameState) -> None:
    """A USE is complete when no decision of it is pending: offer Venus at the turn's end, else the next turn."""
    if s.frames:
        return
    p = s.active
    pl = s.players[p]
    if not s.config.legacy_reactions:
        asked = could_hold(s, p, "venus")  # stones and hand are behind the screen: ask as the others see it
    else:
        asked = pl.stones > 0 and "venus" in pl.hand and bool(venus_options(s, p))  # no stone or card: no call
    if asked:
        s.frames.append({"k": "venus", "p": p})
    else:
        rounds.next_turn(s)


def venus_end_actions(s: GameState) -> list[Action]:
    return [*venus_options(s, s.frames[-1]["p"]), make(Done)]


def apply_venus_end(s: GameState, a: Action) -> None:
    p = s.frames.pop()["p"]
    if isinstance(a, Venus):
        play_venus(s, p, a.count)
    rounds.next_turn(s)


# ---------------------------------------------------------------------------------------- sacrifices
_SUBSETS: dict[tuple[int, int, int, int, int], tuple[tuple[int, int, int, int], ...]] = {}
"""``subsets`` by the goods and the bound (at most 7^4 goods on a stall of 6, so the cache stays small)."""


def subsets(goods: list[int], most: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every choice of cubes out of ``goods`` (counts per colour) of at most ``most`` cubes (made once per
    goods and bound: taxes, sacrifices and cube moves ask for the same stalls again and again)."""
    w, x, y, z = goods
    key = (w, x, y, z, min(most, w + x + y + z))
    found = _SUBSETS.get(key)
    if found is None:
        bound = key[4]
        found = tuple(
            (a, b, c, d) for a, b, c, d in product(range(w + 1), range(x + 1), range(y + 1), range(z + 1))
            if a + b + c + d <= bound
        )
        if len(_SUBSETS) < 100_000:
            _SUBSETS[key] = found
    return found


def offer_actions(s: GameState) -> list[Action]:
    f = s.frames[-1]
    stalls = [x for x in s.stalls_of(f["p"]) if x >= f["s"] and any(s.stock[x])]
    x = stalls[0]
    later = sum(sum(s.stock[y]) for y in stalls[1:])
    r = f["r"]
    stock = s.stock[x]
    key = (x, stock[0], stock[1], stock[2], stock[3], r, later if later < r else r)  # more room later: no limit
    found = _OFFERS.get(key)
    if found is None:
        found = [make(Offer, x, g) for g in subsets(stock, r) if r - sum(g) <= later]
        if len(_OFFERS) < 100_000:
            _OFFERS[key] = found
    return found  # shared: a legal-action list is never changed in place


_OFFERS: dict[tuple[int, ...], list[Action]] = {}
"""``offer_actions`` by the stall, its goods, the cubes still to return and (up to those) the cubes on later stalls."""


def apply_offer(s: GameState, a: Action) -> None:
    assert isinstance(a, Offer)
    f = s.frames[-1]
    for i, k in enumerate(a.goods):
        s.stock[a.space][i] -= k
        s.harbour[i] += k
    s.cubes[f["p"]] -= sum(a.goods)
    if any(a.goods):
        s.events.append(("sacrifice", {"player": f["p"], "space": a.space, "goods": list(a.goods)}))
    f["r"] -= sum(a.goods)
    f["s"] = a.space + 1
    if f["r"] == 0:
        s.frames.pop()
        s.frames.append({"k": "god", "p": f["p"], "second": 0})


GODS: tuple[list[God], list[God]] = ([God(src) for src in range(3)], [God(src, True) for src in range(3)])
"""The ``god`` options by source, without and with Jupiter (built once)."""


def god_actions(s: GameState) -> list[Action]:
    f = s.frames[-1]
    p = f["p"]
    sources = [i + 1 for i, c in enumerate(s.display) if c is not None]
    if s.deck or s.discard:
        sources.append(0)
    out: list[Action] = [GODS[0][src] for src in sources]
    if not f["second"] and "jupiter" not in s.played and s.live(p, "jupiter") and cards_available(s) >= 2:
        out += [GODS[1][src] for src in sources]
    return out


def apply_god(s: GameState, a: Action) -> None:
    assert isinstance(a, God)
    p = s.frames.pop()["p"]
    if a.jupiter:
        play_card(s, p, "jupiter")
    take_card(s, p, a.source)
    if a.jupiter:
        s.frames.append({"k": "god", "p": p, "second": 1})
    else:
        after_use(s)
