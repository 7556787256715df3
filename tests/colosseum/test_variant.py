"""R-VAR: the modes of field D (an option, off by default)."""

from __future__ import annotations

import random

import pytest

from engine.colosseum import D_MODES, GameConfig, new_game

from .helpers import decide_on_field, fresh, hand, rows, set_hand, texts, tiles


def test_r_var_default_is_the_base_rule() -> None:
    """R-VAR: off by default: field D is R-ACT-D (``score_any``)."""
    s = new_game(GameConfig(players=2), 1)
    assert s.d_mode == "score_any" and GameConfig().field_d == "score_any"


def test_r_var_score_any_is_r_act_d() -> None:
    s = decide_on_field(fresh(2, field_d="score_any"), 0, 0)
    assert s.decision == "choice" and len(texts(s)) == 5


def test_r_var_fame_one_fame_no_decision() -> None:
    """R-VAR ``fame``: the active seat gains 1 fame; nothing is asked."""
    s = decide_on_field(fresh(3, field_d="fame"), 0, 1)
    assert s.players[1].fame == 2 and ("d_fame", {"player": 1}) in s.events
    assert s.active == 2 and s.decision == "move"


def test_r_var_own_reset_only_the_own_marker() -> None:
    """R-VAR ``own_reset``: ``yes`` resets the active seat's marker alone; ``no`` gives no fame."""
    s = fresh(2, field_d="own_reset")
    s.players[0].marker = 2
    s.players[1].marker = 2
    decide_on_field(s, 0, 0)
    assert texts(s) == ["yes", "no"]
    s.apply("yes")
    assert (s.players[0].marker, s.players[1].marker) == (0, 2)
    s = fresh(2, field_d="own_reset")
    s.players[0].marker = 1
    decide_on_field(s, 0, 0)
    s.apply("no")
    assert (s.players[0].marker, s.players[0].fame) == (1, 0)  # R-SCORE-FAME applies only to score_any


def test_r_var_own_reset_with_nothing_to_reset_asks_nothing() -> None:
    s = decide_on_field(fresh(2, field_d="own_reset"), 0, 0)
    assert ("forced", {"player": 0, "action": "no"}) in s.events and s.active == 1


def test_r_var_card_take_one_card_then_the_limit() -> None:
    """R-VAR ``card``: 1 card of a chosen type; over the limit -> discard (R-HAND-LIMIT)."""
    s = fresh(2, field_d="card")
    set_hand(s, 0, "W4")
    s.supply[3] = 0
    decide_on_field(s, 0, 0)
    assert texts(s) == ["card water", "card grain", "card wood", "no"]
    s.apply("card grain")
    assert s.decision == "discard" and texts(s) == ["discard water", "discard grain"]
    s.apply("discard water")
    assert s.players[0].hand == hand("W3 G1") and s.active == 1


def test_r_var_exchange_two_for_one_repeatable() -> None:
    """R-VAR ``exchange``: any 2 cards (matching or not) for 1 of a chosen type, until ``stop``."""
    s = fresh(2, field_d="exchange")
    set_hand(s, 0, "W2 G1")
    decide_on_field(s, 0, 0)
    options = texts(s)
    assert "exchange water water stone" in options and "exchange water grain wood" in options
    assert "exchange grain grain water" not in options and options[-1] == "stop"
    assert len(options) == 2 * 4 + 1
    s.apply("exchange grain water stone")  # any order of the two given
    assert s.players[0].hand == hand("W1 S1") and s.decision == "var"
    assert s.supply == [17, 18, 18, 17]
    s.apply("exchange water stone stone")
    assert s.players[0].hand == hand("S1")
    assert ("forced", {"player": 0, "action": "stop"}) in s.events  # one card left: only stop
    assert s.active == 1


def test_r_var_tile_top_of_stack_ii_no_scoring() -> None:
    """R-VAR ``tile``: the top tile of stack II joins the display (a stable adds wheels); nothing is scored."""
    s = fresh(2, field_d="tile")
    s.stack2 = tiles("river", "stable2")
    rows(s, 1, stable=1)
    decide_on_field(s, 0, 0)
    assert texts(s) == ["yes", "no"]
    s.apply("yes")
    assert (s.players[0].rows[0], s.players[0].wheels) == (2, 5)
    assert s.stack2 == tiles("river")
    assert not any(e[0] == "scoring" for e in s.events) and s.active == 1


def test_r_var_tile_from_iii_when_ii_is_empty_and_nothing_when_both_are() -> None:
    s = fresh(2, field_d="tile")
    s.stack2, s.stack3 = [], tiles("mountain")
    rows(s, 0, mountain=0)
    decide_on_field(s, 0, 0)
    s.apply("yes")
    assert s.players[0].rows[5] == 1 and s.stack3 == []
    s = fresh(2, field_d="tile")
    s.stack2, s.stack3 = [], []
    decide_on_field(s, 0, 0)
    assert ("forced", {"player": 0, "action": "no"}) in s.events


def test_r_var_random_mode_drawn_from_the_seed() -> None:
    """R-VAR: ``random`` draws one mode at setup from the seed (the same seed, the same mode)."""
    modes = {new_game(GameConfig(players=2, field_d="random"), seed).d_mode for seed in range(40)}
    assert modes <= set(D_MODES) and len(modes) >= 4
    assert new_game(GameConfig(field_d="random"), 5).d_mode == new_game(GameConfig(field_d="random"), 5).d_mode


@pytest.mark.parametrize("mode", D_MODES)
def test_r_var_every_mode_plays_to_the_end(mode: str) -> None:
    """Random play in every mode ends: by the 17th part, or (R-END-GUARD) after 600 turns: in the modes
    without a scoring on field D the cards dry up once the landscape tiles are gone."""
    s = new_game(GameConfig(players=3, field_d=mode, max_turns=600), 3)
    rng = random.Random(3)
    for _ in range(5000):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    assert s.is_over and (len(s.built) == 17 or s.truncated)
