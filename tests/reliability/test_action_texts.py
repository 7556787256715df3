"""Issue 33, item 4: every game's ``parse_action`` reads back only the text its ``str(action)`` writes.

Whatever text arrives (superscript or Arabic-Indic digits, other case, extra spaces, garbage), the answer is
``IllegalAction`` or a legal action whose ``str()`` is that very text, never ``ValueError`` or another
exception. Positions come from seeded random playouts of each game, so later decisions (builds, payments,
goods) are fuzzed as well as the first.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import games
from engine.core.errors import IllegalAction

GAMES = ["concordia", "colosseum", "massilia"]
ODD_DIGITS = "²³¹٣٤۵०১௧๓໒၃០᠑⁰₂①⑴Ⅻ"


def positions(game: str, count: int = 12, seed: int = 5) -> list[Any]:
    """``count`` states of one seeded random game of ``game`` (spread over its first ~400 decisions)."""
    info = games.get(game)
    state = info.new_game(info.config_from_dict({"players": 3}), seed)
    rng = random.Random(seed)
    out = [state.clone()]
    for i in range(400):
        legal = state.legal_actions()
        if not legal:
            break
        info.apply_known(state, rng.choice(legal))
        if i % 35 == 0:
            out.append(state.clone())
    return out[:count]


_POSITIONS: dict[str, list[Any]] = {}


def position(game: str, index: int) -> Any:
    found = _POSITIONS.get(game)
    if found is None:
        found = _POSITIONS[game] = positions(game)
    return found[index % len(found)]


def mutations(text: str) -> list[str]:
    """Non-canonical spellings of an action's text."""
    out = [text.upper(), text.title(), " " + text, text + " ", text + "\n", "\t" + text, text.replace(" ", "  "),
           text[:1].upper() + text[1:], text[:-1] + text[-1].upper()]
    for i, c in enumerate(text):
        if c.isdigit():
            out += [text[:i] + d + text[i + 1:] for d in ODD_DIGITS[:6]]
    return [m for m in out if m != text]


def check_text(game: str, state: Any, text: Any) -> None:
    info = games.get(game)
    try:
        action = info.parse_action(state, text)
    except IllegalAction as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert str(action) == text
    assert action in state.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_superscript_and_other_non_ascii_digits_are_illegal_actions(game: str) -> None:
    info = games.get(game)
    state = position(game, 0)
    for text in ["move ²", "move ٣", "take ²", "build G²", "stall ²", "venus ²", "sell wine ³", "place ² violet¹",
                 "keep beige²", "buy violet ²", "card ² grain", "storage ٣", "pay violet٣", "take beige²"]:
        with pytest.raises(IllegalAction):
            info.parse_action(state, text)


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_written_any_other_way_is_refused(game: str) -> None:
    info = games.get(game)
    for index in range(6):
        state = position(game, index)
        for action in state.legal_actions()[:40]:
            text = str(action)
            assert info.parse_action(state, text) == action
            for other in mutations(text):
                with pytest.raises(IllegalAction):
                    info.parse_action(state, other)


@pytest.mark.parametrize("bad", [None, 2, b"pass", ["pass"], 2.5])
@pytest.mark.parametrize("game", GAMES)
def test_an_action_that_is_not_text_is_an_illegal_action(game: str, bad: Any) -> None:
    with pytest.raises(IllegalAction):
        games.get(game).parse_action(position(game, 0), bad)


def _near_texts(game: str) -> st.SearchStrategy[str]:
    """Texts made of the game's own words (legal texts cut, joined and changed) and of arbitrary characters."""
    states = _POSITIONS.get(game) or positions(game)
    words = sorted({w for s in states for a in s.legal_actions() for w in str(a).split()})
    word = st.one_of(st.sampled_from(words), st.text(alphabet="0123456789" + ODD_DIGITS, min_size=1, max_size=4),
                     st.text(max_size=6))
    joined = st.lists(word, min_size=1, max_size=5).map(" ".join)
    return st.one_of(joined, st.text(max_size=30))


@pytest.mark.parametrize("game", GAMES)
def test_fuzzed_texts_are_a_legal_action_written_canonically_or_an_illegal_action(game: str) -> None:
    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(index=st.integers(0, 11), text=_near_texts(game))
    def run(index: int, text: str) -> None:
        check_text(game, position(game, index), text)

    run()
