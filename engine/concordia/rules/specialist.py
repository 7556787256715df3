"""R-SPECIALIST: every own house in a city of the specialist's good produces 1 such good (Minerva cards)."""

from __future__ import annotations

from engine.concordia.model import GOODS
from engine.concordia.state import GameState

from . import storehouse


def resolve(s: GameState, p: int, good: str) -> None:
    n = sum(1 for c in s.players[p].houses if s.tiles[c] == good)
    gains = [0] * len(GOODS)
    gains[GOODS.index(good)] = n
    if n:
        storehouse.receive(s, p, gains, f"{n} {good} cities")
