"""Complete seeded games through the game screen, driven by the keyboard (a person against random bots)."""

from __future__ import annotations

import random

import pytest

from engine.concordia import GameState
from engine.concordia.actions import Action, Play
from tests.tui.game_harness import GameApp, choose_by_keys, make_session, settle
from tui.concordia.widgets.hand import HAND_KEYS, hand_cards, plays_for
from tui.game_over import GameOverScreen


def playable_keys(s: GameState, legal: list[Action]) -> list[int]:
    cards = hand_cards(s, s.current_player)
    return [k for k, c in enumerate(cards[: len(HAND_KEYS)]) if plays_for(s, c, legal)]


async def play_through(variant: str, seed: int, size: tuple[int, int]) -> GameApp:
    session = make_session(variant, seed)
    app = GameApp(session)
    rng = random.Random(seed)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        decisions = 0
        while not session.state.is_over:
            assert screen.human_to_decide(), "the screen must wait for the person"
            before = len(session.actions)
            s = session.state
            legal = s.legal_actions()
            plays = [a for a in legal if isinstance(a, Play)]
            if plays and playable_keys(s, legal) and rng.random() < 0.5:
                # the hand's number keys: card n plays that card (a dialog picks the role of a double card)
                cards = hand_cards(s, s.current_player)
                playable = [k for k, c in enumerate(cards[:10]) if plays_for(s, c, legal)]
                k = rng.choice(playable)
                options = plays_for(s, cards[k], legal)
                await pilot.press(HAND_KEYS[k])
                if len(options) > 1:
                    await pilot.press("2")
                    meant = options[1]
                else:
                    meant = options[0]
            else:
                meant = await choose_by_keys(pilot, screen, rng)
            assert len(session.actions) > before, f"nothing applied for {meant} in {s.decision} ({app.screen})"
            assert session.actions[before] == str(meant), "the key presses applied the chosen action"
            decisions += 1
            await settle(pilot)
        assert decisions > 20
        assert isinstance(app.screen, GameOverScreen)
        table = app.screen.query_one("#score-table")
        assert table is not None
        await pilot.press("enter")
        await pilot.pause()
        assert app.quits == [session]
    return app


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "seed", "size"), [("base", 3, (80, 24))])  # Venus games: make bench
async def test_play_a_whole_game_with_the_keyboard(variant: str, seed: int, size: tuple[int, int]) -> None:
    app = await play_through(variant, seed, size)
    state = app.session.state
    assert state.is_over
    assert len(app.session.actions) == len(app.session.log)
    scores = state.final_scores()
    assert 0 <= scores.winner < state.n
