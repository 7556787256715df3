"""Colosseum's and Massilia's counted words take the form that fits the number (``tn``), in English and German
(issue 21: no ``(s)`` plurals)."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from engine.colosseum import actions as colosseum_actions
from engine.massilia import actions as massilia_actions
from tui import i18n
from tui.colosseum import text as colosseum_text
from tui.massilia import text as massilia_text


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "play Venus: return 1 stone", "play Venus: return 2 stones"),
    ("de", "Venus spielen: 1 Stein zurückgeben", "Venus spielen: 2 Steine zurückgeben"),
])
def test_massilia_venus_returns_one_stone_or_two_stones(lang: str, one: str, two: str) -> None:
    i18n.set_language(lang)
    assert massilia_text.action_text(None, massilia_actions.Venus(1), None) == one
    assert massilia_text.action_text(None, massilia_actions.Venus(2), None) == two


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Anna returns 1 stone", "Anna returns 2 stones"),
    ("de", "Anna gibt 1 Stein zurück", "Anna gibt 2 Steine zurück"),
])
def test_massilia_log_returns_one_stone_or_two_stones(lang: str, one: str, two: str) -> None:
    i18n.set_language(lang)
    names = ["Anna", "Bruno"]
    assert massilia_text.event_text(("venus", {"player": 0, "stones": 1}), names).endswith(one)
    assert massilia_text.event_text(("venus", {"player": 0, "stones": 2}), names).endswith(two)


@pytest.mark.parametrize(("lang", "one", "three"), [
    ("en", "Reset the marker (1 pt back)", "Reset the marker (3 pts back)"),
    ("de", "Marker zurück (1 Punkt zurück)", "Marker zurück (3 Punkte zurück)"),
])
def test_colosseum_reset_names_one_point_or_points(lang: str, one: str, three: str) -> None:
    i18n.set_language(lang)

    def state(marker: int) -> SimpleNamespace:
        return SimpleNamespace(current_player=0, players=[SimpleNamespace(marker=marker)])

    assert colosseum_text.choice_text(state(1), colosseum_actions.Reset()) == one
    assert colosseum_text.choice_text(state(3), colosseum_actions.Reset()) == three
