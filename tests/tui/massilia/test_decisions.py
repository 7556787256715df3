"""One decision of each kind, made by keyboard through the Massilia screen.

For each kind of decision (``state.decision``) a seeded random 2-player game is replayed to the first time
seat 0 faces it; the session reopens there with seat 0 a person and seat 1 a bot, and the person chooses the
last line of the decision panel with End and Enter. The panel must offer exactly the legal actions, and the
action chosen must be the one in the log.
"""

from __future__ import annotations

import random

import pytest

from engine.massilia import GameConfig, new_game
from saves import Seat
from tests.tui.massilia.harness import GameApp, assert_choices_match, bot_spec, settle
from tui.session import GameSession
from tui.widgets.choice_list import ChoiceList

KINDS = ("start", "keep", "turn", "use", "beige", "place", "black", "offer", "god", "brown", "venus", "pluto",
         "tax", "build", "shift")
"""Every decision the engine asks of a player (``GameState.decision``)."""



def first_time(kind: str) -> tuple[int, list[str]]:
    """(seed, actions) of a random 2-player game up to the first decision ``kind`` of seat 0."""
    for seed in range(1, 80):
        s = new_game(GameConfig(players=2), seed)
        rng = random.Random(seed)
        actions: list[str] = []
        while not s.is_over:
            if s.current_player == 0 and s.decision == kind:
                return seed, actions
            a = rng.choice(s.legal_actions())
            actions.append(str(a))
            s.apply(a)
    raise AssertionError(f"no seed reaches the decision {kind!r}")


@pytest.mark.parametrize("kind", KINDS)
async def test_one_decision_of_each_kind_by_keyboard(kind: str) -> None:
    seed, actions = first_time(kind)
    session = GameSession(GameConfig(players=2), seed, [Seat("Anna", None), Seat("Bot", bot_spec())], actions,
                          game="massilia")
    assert session.state.decision == kind and session.state.current_player == 0
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None and screen.human_to_decide()
        assert_choices_match(screen)
        choices = screen.query_one("#choices", ChoiceList)
        choices.focus()
        await pilot.press("end")
        meant = screen.choices[choices.highlighted][1]
        assert choices.highlighted == len(screen.choices) - 1
        await pilot.press("enter")
        await pilot.pause()
        assert session.actions[len(actions)] == str(meant)
