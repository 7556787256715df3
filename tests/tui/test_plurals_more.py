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


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", ", tax at own stall: 1 cube, 1 sesterce each kept", ", tax at own stall: 2 cubes, 1 sesterce each kept"),
    ("de", ", Steuer an eigenem Stand: 1 Ware, 1 Sesterz je behaltene Ware",
     ", Steuer an eigenem Stand: 2 Waren, 1 Sesterz je behaltene Ware"),
])
def test_massilia_consul_tax_names_one_cube_or_cubes(lang: str, one: str, two: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """R-CONSUL tax: "1 cube", never "1 cubes" (the stop as the engine's preview gives it)."""
    from engine.massilia import GameConfig, new_game, preview
    from engine.massilia import actions as A
    from tui.massilia.text import move_effect

    s = new_game(GameConfig(players=2), 1)
    i18n.set_language(lang)
    try:
        for n, said in ((1, one), (2, two)):
            stop = SimpleNamespace(kind="tax", owner=s.current_player, cubes=n, pluto=False, can_build=False)
            monkeypatch.setattr(preview, "sale_gain", lambda state, a: None)
            monkeypatch.setattr(preview, "consul_stop", lambda state, a, stop=stop: stop)
            move = A.Move(figure=0, dest=1, mercurius=0)
            assert move_effect(s, move, ["1 You", "2 B"]) == said
    finally:
        i18n.set_language("en")
