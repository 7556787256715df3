"""Issue 28, reproduction 2: at one keyboard a card drawn face down is no one else's business.

2 people, seed 4242 (the issue's game): a seat sacrifices and draws the top god card; at the hand-over the other
person reads the log. The log says "takes a god card", never which card. With one person against bots the
person's own draws are told to them, the bots' are not; a game of bots alone tells everything.
"""

from __future__ import annotations

import random

from engine.massilia import GameConfig
from saves import Seat
from tui.massilia import text
from tui.session import GameSession


def play(seats: list[Seat], seed: int, decisions: int) -> tuple[GameSession, list[tuple[int, str]]]:
    """Random decisions for every seat; returns the session and each face-down draw as (seat, card)."""
    session = GameSession(GameConfig(players=len(seats)), seed, seats, store=None, game="massilia")
    rng = random.Random(seed)
    draws: list[tuple[int, str]] = []
    for _ in range(decisions):
        s = session.state
        if s.is_over:
            break
        session.apply(rng.choice(session.legal_actions()), autosave=False)
        draws += [(p["player"], p["card"]) for kind, p in session.state.events if kind == "draw"]
    return session, draws


def drawn_line(session: GameSession, seat: int, card: str) -> str:
    return text.event_text(("draw", {"player": seat, "card": card}), session.names())


def log_lines(session: GameSession) -> list[str]:
    return [line for entry in session.log for line in entry.events]


def test_hot_seat_log_never_names_a_card_drawn_face_down() -> None:
    for seed in range(4242, 4262):  # the first game from the seed on that draws a card face down
        session, draws = play([Seat("Player 1", None), Seat("Player 2", None)], seed, 400)
        if draws:
            break
    assert draws
    lines = log_lines(session)
    for seat, card in draws:
        assert drawn_line(session, seat, card) not in lines


def test_one_person_reads_their_own_draws_only() -> None:
    for seed in range(4242, 4282):  # the first game from the seed on where both seats draw face down
        session, draws = play([Seat("Anna", None), Seat("Bot", "random")], seed, 400)
        if {seat for seat, _ in draws} == {0, 1}:
            break
    assert {seat for seat, _ in draws} == {0, 1}
    lines = log_lines(session)
    for seat, card in draws:
        assert (drawn_line(session, seat, card) in lines) == (seat == 0)
