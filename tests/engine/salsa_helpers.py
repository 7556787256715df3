"""Hand-built Salsa positions: a game with salt and the forum after the patrician keeps, forum cards handed out
exactly, the tableau laid by hand, salt set beside the goods."""

from __future__ import annotations

from engine.concordia import GameState
from engine.concordia.actions import Build
from tests.engine.helpers import game, play, set_colonists, set_goods


def salsa(map: str = "imperium", players: int = 4, variant: str = "base", salt: bool = True,
          forum: bool = True, seed: int = 1) -> GameState:
    """A Salsa game after the patrician keeps (each keeps the first offered), every forum card then taken
    back from the players so that a test hands out exactly the cards it names."""
    s = game(map, players, variant, seed, salt=salt, forum=forum)
    while s.decision == "keep":
        s.apply(s.legal_actions()[0])
    while s.decision == "startcity":
        s.apply(s.legal_actions()[0])
    for pl in s.players:  # Claudia Agrippina's brick goes back with her: everyone has the starting goods
        s.forum_deck.extend(pl.forum)
        pl.forum = []
        pl.goods = [1, 1, 1, 1, 1] if salt else [1, 2, 1, 1, 1]
    return s


def give_forum(s: GameState, p: int, *cards: str) -> None:
    for c in cards:
        _remove_forum(s, c)
        s.players[p].forum.append(c)


def _remove_forum(s: GameState, c: str) -> None:
    """Take forum card ``c`` from wherever it is; a tableau gap is refilled from the deck."""
    if c in s.forum_table:
        i = s.forum_table.index(c)
        s.forum_table[i] = s.forum_deck.pop()
        return
    for pile in (s.forum_deck, s.forum_discard, *(pl.forum for pl in s.players)):
        if c in pile:
            pile.remove(c)
            return
    raise AssertionError(c)


def set_tableau(s: GameState, *cards: str, top: str = "") -> None:
    """Lay ``cards`` on positions 1.. and ``top`` on top of the forum deck (the rest go to the deck)."""
    for c in cards:
        _remove_forum(s, c)
    s.forum_deck.extend(s.forum_table)
    s.forum_table = list(cards)
    if top:
        _remove_forum(s, top)
        s.forum_deck.append(top)


def set_salt(s: GameState, p: int, salt: int, **goods: int) -> None:
    s.players[p].salt = 0
    set_goods(s, p, **goods)
    s.players[p].salt = salt
    assert s.players[p].free_slots >= 0


def architect_at_salt_city(s: GameState, city: str, route: str) -> Build:
    """The active player's colonist on ``route`` beside the salt city ``city``, 1 salt, 1 tool and 20 sestertii,
    the Architect played: the build at ``city`` paying wine with salt (``Build(city, ("wine",))``) is legal."""
    p = s.active
    set_colonists(s, p, ("land", route))
    set_salt(s, p, 1, tool=1)
    s.players[p].money = 20
    play(s, "play architect")
    build = Build(city, ("wine",))
    assert build in s.legal_actions()
    return build
