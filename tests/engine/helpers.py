"""Hand-built positions for the rule tests.

A test starts from ``new_game(...)`` and edits the state directly (money, goods, houses, colonists, cards),
always keeping the invariants of ``check_state`` (3+3 colonists, every card in one place), then drives the
game only through ``legal_actions()`` and ``apply()``.
"""

from __future__ import annotations

from engine.concordia import GameConfig, GameState, new_game
from engine.concordia.actions import Action
from engine.concordia.model import GOODS, KINDS
from engine.concordia.validate import check_state


def game(map: str = "imperium", players: int = 4, variant: str = "base", seed: int = 1, **options: object) -> GameState:
    """A new game; ``options`` are the other ``GameConfig`` fields (interim_scoring, display, small)."""
    return new_game(GameConfig(map=map, players=players, variant=variant, **options), seed)  # type: ignore[arg-type]


def set_goods(s: GameState, p: int, **goods: int) -> None:
    """Set player ``p``'s goods: the named ones to the given counts, every other good to 0."""
    unknown = set(goods) - set(GOODS)
    assert not unknown, unknown
    s.players[p].goods = [goods.get(g, 0) for g in GOODS]
    assert s.players[p].free_slots >= 0, f"P{p + 1}'s storehouse cannot hold {goods}"


def set_colonists(s: GameState, p: int, *colonists: tuple[str, str]) -> None:
    """Put exactly these (kind, place or route) colonists of ``p`` on the board; the rest go to the storehouse."""
    pl = s.players[p]
    for _kind, loc in pl.colonists:
        if s.routes.get(loc) == p:
            del s.routes[loc]
    pl.colonists = list(colonists)
    for i, kind in enumerate(KINDS):
        on_board = sum(1 for k, _ in colonists if k == kind)
        assert on_board <= 3, colonists
        pl.store[i] = 3 - on_board
    for kind, loc in colonists:
        if loc in s.map.routes:
            assert loc not in s.routes, f"route {loc} is occupied"
            assert s.map.routes[loc].kind == kind
            s.routes[loc] = p


def take_card(s: GameState, p: int, card: str, to: str = "hand") -> None:
    """Move purchasable ``card`` from the deck or display (or another player) into ``p``'s hand or discard pile.

    A card taken from the display is replaced by the top card of the deck (if any), so every card stays in one place.
    """
    if card in s.deck:
        s.deck.remove(card)
    elif card in s.display:
        i = s.display.index(card)
        s.display[i] = s.deck.pop() if s.deck else None
    else:
        for pl in s.players:
            if card in pl.hand:
                pl.hand.remove(card)
                break
            if card in pl.discard:
                pl.discard.remove(card)
                break
        else:
            raise AssertionError(f"card {card} is nowhere")
    (s.players[p].hand if to == "hand" else s.players[p].discard).append(card)


def discard(s: GameState, p: int, *cards: str) -> None:
    """Move cards (start cards from ``p``'s hand, or purchasable ones from anywhere) onto ``p``'s discard pile."""
    pl = s.players[p]
    for c in cards:
        if c in pl.hand:
            pl.hand.remove(c)
            pl.discard.append(c)
        else:
            take_card(s, p, c, to="discard")


def set_display(s: GameState, *cards: str) -> None:
    """Put these purchasable cards into display slots 1.. (the cards they replace go back into the deck)."""
    for i, c in enumerate(cards):
        if s.display[i] == c:
            continue
        old = s.display[i]
        if c in s.display:
            j = s.display.index(c)
            s.display[j], s.display[i] = s.display[i], s.display[j]
            continue
        s.deck.remove(c)
        s.display[i] = c
        if old is not None:
            s.deck.append(old)


def turn_of(s: GameState, p: int) -> None:
    """Make it ``p``'s turn (no decision pending)."""
    assert not s.frames
    s.active = p


def ok(s: GameState) -> GameState:
    """Assert the invariants hold and return the state (for positions built by hand)."""
    problems = check_state(s)
    assert problems == [], problems
    return s


def legal_texts(s: GameState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def play(s: GameState, *actions: str | Action) -> GameState:
    """Apply actions in order, each of which must be legal, checking the invariants after each."""
    for a in actions:
        s.apply(a)
        ok(s)
    return s


def houses_in(s: GameState, city: str) -> list[int]:
    return [p for p, pl in enumerate(s.players) if city in pl.houses]
