"""Issue 33, item 5: ``apply`` of every game checks first and changes nothing when it refuses.

Badly typed actions (an action class with fields of the wrong type, numbers out of range, ``None``, lists),
objects of other classes, and objects whose ``__eq__`` always says True used to raise ``TypeError``,
``IndexError``, ``AttributeError`` or ``AssertionError``, or (Colosseum, 48 of 24,000) to be carried out half
way. Now each is ``IllegalAction`` with the state as it was (``to_dict`` before and after), or, where it equals
a legal action of its own class (``Move(2.0)``), that legal action is carried out.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import games
from engine.core.errors import IllegalAction

from .test_action_texts import position

GAMES = ["concordia", "colosseum", "massilia"]


class AlwaysEqual:
    """Equal to everything (the object that once left Colosseum's state half-changed)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class Exploding:
    """Raises from every comparison and every use."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("boom")

    def __hash__(self) -> int:
        return 1

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(name)


def action_classes(game: str) -> list[type]:
    module = importlib.import_module(f"engine.{game}.actions")
    return [c for _n, c in inspect.getmembers(module, inspect.isclass)
            if dataclasses.is_dataclass(c) and c.__module__ == module.__name__]


FIELD_VALUES = st.one_of(
    st.integers(-3, 70), st.integers(-(10**30), 10**30), st.none(), st.booleans(), st.floats(), st.text(max_size=6),
    st.lists(st.integers(-2, 9), max_size=5), st.tuples(st.integers(-2, 9), st.integers(-2, 9)),
    st.lists(st.integers(0, 6), min_size=4, max_size=4).map(tuple), st.just(AlwaysEqual()),
    st.sampled_from(["grain", "water", "wine", "roma", "prefect", "beige", "violet", "consul"]),
)


@st.composite
def garbage(draw: st.DrawFn, game: str) -> Any:
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return draw(st.sampled_from([AlwaysEqual(), Exploding(), None, 3, 2.5, b"pass", ("move", 2), object()]))
    cls = draw(st.sampled_from(action_classes(game)))
    values = [draw(FIELD_VALUES) for _f in dataclasses.fields(cls)]
    if kind == 1:  # a subclass with an __eq__ that accepts anything
        sub = type("Odd" + cls.__name__, (cls,), {"__eq__": lambda self, other: True, "__hash__": lambda self: 0,
                                                  "__slots__": ()})
        return sub(*values)
    return cls(*values)


@pytest.mark.parametrize("game", GAMES)
def test_garbage_applies_are_illegal_actions_that_change_nothing(game: str) -> None:
    @settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(index=st.integers(0, 11), action=garbage(game))
    def run(index: int, action: Any) -> None:
        state = position(game, index).clone()
        legal = state.legal_actions()
        before = state.to_dict()
        try:
            state.apply(action)
        except IllegalAction as exc:
            assert "\n" not in str(exc)
            assert state.to_dict() == before
            return
        assert any(type(x) is type(action) and x == action for x in legal)

    run()


@pytest.mark.parametrize("game", GAMES)
def test_an_always_equal_object_is_refused_in_every_position(game: str) -> None:
    for index in range(12):
        state = position(game, index).clone()
        before = state.to_dict()
        for odd in (AlwaysEqual(), Exploding()):
            with pytest.raises(IllegalAction):
                state.apply(odd)
            assert state.to_dict() == before


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_action_of_the_same_class_with_equal_fields_is_carried_out_as_the_legal_one(game: str) -> None:
    state = position(game, 3).clone()
    legal = state.legal_actions()
    action = random.Random(1).choice(legal)
    copy = dataclasses.replace(action)
    assert copy is not action
    twin = state.clone()
    state.apply(copy)
    games.get(game).apply_known(twin, action)
    assert state.to_dict() == twin.to_dict()
