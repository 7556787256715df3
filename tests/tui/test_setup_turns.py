"""Set-up decisions before the first turn (R-SALSA-FORUM-SETUP, R-TEAM-START) are each seat's own.

They come with ``state.turn`` still 0 and the start player active; counted as the start player's turn, a bot
start player's "Last bot turn" box began with the patrician it kept, and the turn it then played went below
the box's edge.
"""

from __future__ import annotations

from engine.concordia import GameConfig
from saves import Seat
from tui import games
from tui.session import GameSession
from tui.widgets.log import last_bot_turn


def _forum_session() -> GameSession:
    seats = [Seat("Me", None), Seat("Bot 2", "greedy"), Seat("Bot 3", "greedy")]
    config = GameConfig(map="hispania", players=3, forum=True)
    return GameSession(config, 7, seats, store=None, game="concordia")


def test_each_keep_belongs_to_the_seat_that_keeps() -> None:
    ui = games.get("concordia")
    session = _forum_session()
    keepers = []
    while session.state.decision == "keep":
        state = session.state
        assert ui.seat_turn(state) == (state.current_player, True)
        keepers.append(state.current_player)
        session.apply(session.legal_actions()[0], autosave=False)
    assert sorted(keepers) == [0, 1, 2]
    assert ui.seat_turn(session.state) == (session.state.active, False)  # the first turn: the active player's


def test_the_start_players_last_bot_turn_is_its_turn_not_its_patrician() -> None:
    session = _forum_session()
    start = session.state.active
    assert start != 0, "seed 7 has a bot start the game"
    kept = 0
    while session.state.decision == "keep":
        session.apply(session.legal_actions()[0], autosave=False)
        kept = len(session.log)
    while session.state.current_player != 0:  # the start player's first turn (and any bot after it)
        session.apply(session.legal_actions()[0], autosave=False)
    shown = last_bot_turn(session.log)
    turn = [e for e in session.log[kept:] if e.seat == session.log[-1].seat]
    assert shown == turn and shown[0].text.startswith("Play ")
    assert all(e.index >= kept for e in shown)  # no patrician kept before the first turn
