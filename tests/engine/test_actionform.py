"""engine.core.actionform: the text form with typed fields that the three games' actions share. Every legal
action of seeded playouts of all three games writes and reads back to itself; the form's parts (optional
groups, flags, key=value options in any order, a rest field) read and write as the module's table says."""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass

import pytest

from engine.core import games
from engine.core.actionform import Choice, Coded, Forms, Listed, Number, form, words
from engine.core.errors import IllegalAction


@form("pick {kind} {count} [as {role}] [fast?] [pay=] [using=]", kind=Choice(("red", "blue")),
      pay=Listed(Choice(("a", "b"), index=False)))
@dataclass(frozen=True)
class Pick:
    kind: int
    count: int
    role: str = ""
    fast: bool = False
    pay: tuple[str, ...] = ()
    using: str = ""


@form("pick display {slot}", slot=Number("the slot", lo=1, hi=7))
@dataclass(frozen=True)
class PickDisplay:
    slot: int


@form("lay {cards*}", cards=Coded(" ".join, tuple))
@dataclass(frozen=True)
class Lay:
    cards: tuple[str, ...]


FORMS = Forms(Pick, PickDisplay)


def test_a_form_writes_only_what_differs_from_the_defaults() -> None:
    assert str(Pick(1, 3)) == "pick blue 3"
    assert str(Pick(0, 12, "prefect", True, ("a", "b"), "x")) == "pick red 12 as prefect fast pay=a,b using=x"
    assert str(Pick(0, 1, using="x")) == Pick.text_form.write(Pick(0, 1, using="x")) == "pick red 1 using=x"  # type: ignore[attr-defined]


def test_forms_read_back_and_key_options_come_in_any_order() -> None:
    assert FORMS.read(["pick", "blue", "3"]) == Pick(1, 3)
    assert FORMS.read(["pick", "red", "2", "as", "x", "fast", "using=u", "pay=b"]) == Pick(0, 2, "x", True, ("b",), "u")
    assert FORMS.read(["pick", "display", "4"]) == PickDisplay(4)  # the first form fails, the second fits
    assert FORMS.read(["pick", "red"]) is None and FORMS.read(["drop"]) is None
    assert Forms(Lay).read(["lay", "a", "b"]) == Lay(("a", "b")) and str(Lay(("a", "b"))) == "lay a b"


@pytest.mark.parametrize(("text", "reason"), [
    ("pick green 2", "'green' is not one of red, blue"),
    ("pick red ²", "the number must be a small number, not '²'"),
    ("pick red 2 pay=c", "'c' is not one of a, b"),
    ("pick red 2 pay=a pay=b", "cannot read 'pay=b'; write pay=... or using=..."),
    ("pick red 2 junk", "cannot read 'junk'; write pay=... or using=..."),
    ("pick display 9", "the slot must lie within 1..7, not 9"),
])
def test_a_field_that_cannot_be_read_says_why(text: str, reason: str) -> None:
    with pytest.raises(ValueError) as exc:
        FORMS.read(text.split())
    assert str(exc.value) == reason


def test_words_refuse_what_is_not_text_or_is_blank() -> None:
    assert words("  Pick RED 2 ") == ["pick", "red", "2"]
    with pytest.raises(IllegalAction, match="an action is a line of text"):
        words(3)
    with pytest.raises(IllegalAction, match="empty action"):
        words("   ")


def test_a_form_that_cannot_be_written_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(ValueError, match="has no field 'nope'"):
        form("x {nope}")(PickDisplay)
    with pytest.raises(ValueError, match="must begin with a word"):
        form("{slot}")(PickDisplay)
    with pytest.raises(ValueError, match="key=value options come last"):
        form("pick [using=] {count}")(Pick)


@pytest.mark.parametrize("game_id", ["concordia", "colosseum", "massilia"])
def test_every_legal_action_of_a_playout_writes_and_reads_back_to_itself(game_id: str) -> None:
    info = games.get(game_id)
    actions = importlib.import_module(f"engine.{game_id}.actions")
    state = info.new_game(info.config_from_dict({"players": 3}), 4)
    rng = random.Random(4)
    for _ in range(150):
        if state.is_over:
            break
        legal = state.legal_actions()
        for a in legal:
            text = str(a)
            assert actions.parse(text) == a and info.parse_action(state, text) == a
            assert actions.parse("  " + text.upper() + " ") == a  # a person may type it in any case
        info.apply_known(state, rng.choice(legal))
