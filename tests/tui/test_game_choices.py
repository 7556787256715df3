"""Every legal action of long random games can be reached through the game screen's prompt, map and hand."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.concordia import GameConfig, GameState, new_game
from engine.concordia.actions import Action, Play
from tests.tui.game_harness import GameApp, make_session, settle
from tui.concordia.text import action_text, decision_text
from tui.concordia.widgets.dialogs import ChoiceDialog
from tui.concordia.widgets.hand import HAND_KEYS, hand_cards, plays_for
from tui.concordia.widgets.prompt import PromptPanel, group_choices
from tui.concordia.widgets.targets import board_targets


def states_along(config: GameConfig, seed: int, every: int = 1):  # type: ignore[no-untyped-def]
    """The states of a seeded random game (every ``every``-th decision)."""
    s = new_game(config, seed)
    rng = random.Random(seed)
    i = 0
    while not s.is_over:
        legal = s.legal_actions()
        if i % every == 0:
            yield s, legal
        s.apply(legal[rng.randrange(len(legal))])
        i += 1


def check_state(s: GameState, legal: list[Action]) -> None:
    names = [f"P{q + 1}" for q in range(s.n)]
    choices = group_choices(s, legal, names)
    # 1:1 — every legal action in exactly one prompt line, nothing else
    assert Counter(str(a) for c in choices for a in c.actions) == Counter(str(a) for a in legal)
    for c in choices:
        assert c.label
        assert (len(c.actions) == 1) == (c.dialog == "")
    # the map's targets offer only legal actions, each once
    on_map = [a for target in board_targets(s, legal) for a in target.actions]
    assert len(on_map) == len(set(on_map)) and set(on_map) <= set(legal)
    # the hand's number keys reach every legal play (as far as there are keys)
    plays = {a for a in legal if isinstance(a, Play)}
    if plays:
        cards = hand_cards(s, s.current_player)
        by_key = {a for c in cards[: len(HAND_KEYS)] for a in plays_for(s, c, legal)}
        by_hand = {a for c in cards for a in plays_for(s, c, legal)}
        assert by_hand == plays
        assert by_key <= plays
    for a in legal:
        assert action_text(s, a, names)
    assert decision_text(s, names)


@pytest.mark.parametrize(
    ("variant", "seed"), [("base", 1), ("base", 2), ("venus", 1), ("venus", 4), ("venus-team", 1), ("venus-team", 2)]
)
def test_r_every_legal_action_is_one_prompt_choice(variant: str, seed: int) -> None:
    n = 0
    for s, legal in states_along(GameConfig(map="imperium", players=4, variant=variant), seed):
        check_state(s, legal)
        n += 1
    assert n > 200


async def test_dialogs_list_exactly_their_group_of_actions() -> None:
    """In the running UI: for each composite choice the dialog that opens lists exactly its actions."""
    session = make_session("venus", 8)
    app = GameApp(session)
    seen: set[str] = set()
    rng = random.Random(4)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        for _ in range(25):
            if session.state.is_over:
                break
            prompt = screen.query_one("#prompt", PromptPanel)
            multi = [c for c in prompt.choices if len(c.actions) > 1]
            for choice in multi[:2]:
                screen.choose_among(choice)
                await pilot.pause()
                dialog = app.screen
                assert isinstance(dialog, ChoiceDialog)
                assert [a for _l, a in dialog.options] == list(choice.actions)
                seen.add(choice.dialog)
                await pilot.press("escape")
                await pilot.pause()
                assert app.screen is screen
            legal = session.state.legal_actions()
            screen.choose(legal[rng.randrange(len(legal))])
            await settle(pilot)
    assert "quantity" in seen
