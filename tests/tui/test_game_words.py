"""The game screen's words (issue 21, "Words"): bots are named, never "you"; the hint ranks its choices in VP;
the card plays follow the hand; the final table of a base game has no Venus row."""

from __future__ import annotations

import random
import re

from rich.console import Console

from engine.concordia import GameConfig, new_game
from engine.concordia.actions import Play, Produce
from tui.concordia.game_over import score_table
from tui.concordia.hint import hint_lines, vp
from tui.concordia.text import action_text, decision_text
from tui.concordia.widgets.hand import hand_cards
from tui.concordia.widgets.prompt import group_choices

YOU = re.compile(r"\byou(r)?\b", re.IGNORECASE)
NAMES = ["1 You", "2 Bot 2 (normal)", "3 Bot 3 (normal)", "4 Bot 4 (normal)"]


def test_bots_are_named_never_you_in_any_prompt_or_result() -> None:
    """Every decision and every choice of seeded Venus games, said of the bot seats: no "you" anywhere;
    said to the person deciding: "you" where the engine's words have it."""
    seen_produce = seen_play = False
    for seed in (1, 2, 3):
        s = new_game(GameConfig(map="imperium", players=4, variant="venus"), seed)
        rng = random.Random(seed)
        for _ in range(400):
            if s.is_over:
                break
            legal = s.legal_actions()
            if s.current_player != 0:
                said = decision_text(s, NAMES, you=False)
                assert not YOU.search(said.split(" — ", 1)[1]), said
                seen_play |= s.decision == "play"
                for a in legal:
                    text = action_text(s, a, NAMES)
                    assert not YOU.search(text.replace("1 You", "")), text
                    if isinstance(a, Produce):
                        seen_produce = True
                        assert f"{NAMES[s.current_player]} gets " in text and "you get" not in text
            s.apply(rng.choice(legal))
    assert seen_produce and seen_play


def test_the_person_deciding_is_you() -> None:
    s = new_game(GameConfig(map="imperium", players=4, variant="base"), 1)
    who = NAMES[s.current_player]
    assert s.decision == "play"
    assert decision_text(s, NAMES, you=True) == f"{who} — play a card from your hand"
    assert decision_text(s, NAMES, you=False) == f"{who} — play a card from their hand"
    rng = random.Random(4)
    while not any(isinstance(a, Produce) for a in s.legal_actions()):
        s.apply(rng.choice(s.legal_actions()))
    produce = next(a for a in s.legal_actions() if isinstance(a, Produce))
    assert "(you get " in action_text(s, produce, NAMES, you=True)
    named = action_text(s, produce, NAMES)
    assert ("(you get " in named) == (s.current_player == 0)  # the seat called "You" stays "you"


def test_the_hint_ranks_by_the_distance_to_the_best_in_vp() -> None:
    s = new_game(GameConfig(map="imperium", players=4, variant="base"), 1)
    plays = [a for a in s.legal_actions() if isinstance(a, Play)]
    ranked = [(plays[0], -29.0, "position +1.5"), (plays[1], -31.25, "position -0.8"), (plays[2], -29.0, "")]
    lines = hint_lines(s, ranked)
    assert lines[0] == f"1. {action_text(s, plays[0], None)}: best, 2.2 VP ahead of the next (position +1.5)"
    assert lines[1] == f"2. {action_text(s, plays[1], None)}: 2.2 VP behind the best (position -0.8)"
    assert lines[2] == f"3. {action_text(s, plays[2], None)}: as good as the best"
    assert not any("-29" in line for line in lines)
    assert hint_lines(s, ranked[:1]) == [f"1. {action_text(s, plays[0], None)}: best (position +1.5)"]
    tied = hint_lines(s, [(plays[0], 4.0, ""), (plays[1], 4.0, "")])
    assert tied[0].endswith(": best, as good as the next") and tied[1].endswith(": as good as the best")
    assert vp(3.0) == "3 VP" and vp(0.25) == "0.2 VP"


def test_the_card_plays_follow_the_hand_whatever_order_the_state_keeps() -> None:
    s = new_game(GameConfig(map="imperium", players=4, variant="venus"), 1)
    for seed in range(5):
        random.Random(seed).shuffle(s.players[0].hand)  # as after a reload: the hand list in another order
        choices = group_choices(s, s.legal_actions(), NAMES)
        played = [c.actions[0].card for c in choices if isinstance(c.actions[0], Play)]
        order = [s.card(cid).play_name for cid in hand_cards(s, 0)]
        assert played == [name for name in order if name in played]
        assert sorted(a for c in choices for a in map(str, c.actions)) == sorted(map(str, s.legal_actions()))


def test_the_final_table_of_a_base_game_has_no_venus_row() -> None:
    for variant, venus in (("base", False), ("venus", True)):
        s = new_game(GameConfig(map="imperium", players=2, variant=variant), 1)
        console = Console(width=100, record=True, color_system=None)
        console.print(score_table(s.final_scores(), NAMES[:2], s.config.is_venus))
        assert ("Venus" in console.export_text()) is venus
