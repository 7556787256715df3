"""German words where engine text or English number forms leaked (issue 31): the full-storehouse dialog's reason
and the hint's decimal comma."""

from __future__ import annotations

from engine.concordia import GameConfig, new_game
from tui.concordia.hint import vp
from tui.concordia.widgets.dialogs import overflow_dialog
from tui.i18n import language, set_language


def test_the_hint_writes_a_decimal_comma_in_german() -> None:
    before = language()
    try:
        set_language("de")
        assert vp(0.62) == "0,6 SP"
        assert vp(2.0) == "2 SP"
        set_language("en")
        assert vp(0.62) == "0.6 VP"
    finally:
        set_language(before)


def test_r_storehouse_the_overflow_dialog_says_its_reason_in_german() -> None:
    s = new_game(GameConfig(map="imperium", players=4), 1)
    s.frames.append({"k": "overflow", "p": s.active, "offer": [1, 1, 0, 0, 0], "why": "Italia produces"})
    before = language()
    try:
        set_language("de")
        title = overflow_dialog(s, [], ["1 Anna", "2 Bo", "3 Cy", "4 Di"]).title_text
    finally:
        set_language(before)
    assert "produces" not in title and "Italia" in title and "Nimm" in title


def test_every_screen_names_the_same_turn() -> None:
    """Issue 31: the game screen said turn 98 where ``saves`` and ``replay`` said 97. The turn read is the one
    in progress (from 1); once the game is over, the last one played."""
    from saves.replay import turn_number

    assert turn_number(0, over=False) == 1
    assert turn_number(96, over=False) == 97
    assert turn_number(97, over=True) == 97
