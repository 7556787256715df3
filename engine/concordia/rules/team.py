"""R-TEAM: the Venus team game (4 or 6 players, partners opposite). Being built: see issue 5."""

from __future__ import annotations

from collections.abc import Callable

from engine.concordia.actions import Action
from engine.concordia.state import Frame, GameState

LEGAL: dict[str, Callable[[GameState, Frame], list[Action]]] = {}
APPLY: dict[str, Callable[[GameState, Frame, Action], None]] = {}
DESCRIBE: dict[str, str] = {}


def legal_play(s: GameState) -> list[Action]:
    raise AssertionError("the team game is not available yet")


def apply_play(s: GameState, a: Action) -> None:
    raise AssertionError("the team game is not available yet")


def schedule_partner(s: GameState, p: int, role: str, card: str, owner: int, index: int, copied: bool) -> None:
    raise AssertionError("the team game is not available yet")


def setup(s: GameState) -> None:
    raise AssertionError("the team game is not available yet")


def resolve_role(s: GameState, p: int, role: str, card: str, owner: int, index: int) -> None:
    raise AssertionError(f"unknown role {role}")

