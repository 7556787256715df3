"""Hostile input to the engine (issue 15): action text with non-ASCII digits, malformed action objects, and
state dicts with infinite, huge or inconsistent values. Each is an ``IllegalAction`` / ``StateFormatError``
with a readable message, never another exception and never a state that cannot go on.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.concordia import GameState, IllegalAction, StateFormatError, parse_action
from engine.concordia.actions import Accept, Purchase, Sell
from engine.concordia.actions import parse as parse_text
from tests.engine.helpers import game


def played(variant: str, players: int, seed: int, until: Any, limit: int = 400) -> GameState:
    """A random game of ``variant`` played until ``until(state)`` holds."""
    s = game("imperium", players, variant, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if until(s):
            return s
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("the condition was never reached")


# ------------------------------------------------------------------------------------ action text
@pytest.mark.parametrize("text", ["sell wine \u00b2", "buy brick \u00b9", "purchase \u00b2", "copy \u00b3",
                                  "accept brick=\u00b2", "sell wine \u0663", "purchase \uff12", "sell wine 1\u00b2"])
def test_superscript_and_other_unicode_digits_are_not_numbers(text: str) -> None:
    """``str.isdigit`` accepts "²" (and "٣", "２" are decimal): only ASCII digits make a quantity or a slot."""
    with pytest.raises(IllegalAction, match="must be a small number"):
        parse_text(text)
    with pytest.raises(IllegalAction, match="must be a small number"):
        parse_action(game("imperium", 3, "base", 1), text)


def test_superscript_digit_in_apply_is_an_illegal_action() -> None:
    s = game("imperium", 3, "base", 1)
    before = s.to_dict()
    with pytest.raises(IllegalAction):
        s.apply("sell wine \u00b2")
    assert s.to_dict() == before


def test_ascii_digits_still_parse() -> None:
    assert parse_text("sell wine 2") == Sell("wine", 2)
    assert parse_text("purchase 3 pay=food") == Purchase(3, ("food",))


# ----------------------------------------------------------------------------------- action objects
@pytest.mark.parametrize("action", [Accept(None), Accept("x"), Accept((("brick",),)),  # type: ignore[arg-type]
                                    Sell(None, None)])  # type: ignore[arg-type]
def test_malformed_action_objects_are_illegal_actions(action: Any) -> None:
    """``Accept(goods=None)`` cannot even be written as text: ``apply`` still answers with ``IllegalAction``."""
    s = game("imperium", 3, "base", 1)
    before = s.to_dict()
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert "\n" not in str(info.value)
    assert s.to_dict() == before


# --------------------------------------------------------------------------------------- from_dict
def base_dict() -> dict[str, Any]:
    return played("base", 4, 4, lambda s: s.turn >= 6).to_dict()


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d["players"][0].update(money=float("inf")), "malformed"),
        (lambda d: d["players"][0].update(money=float("nan")), "malformed"),
        (lambda d: d.update(turn=float("inf")), "malformed"),
        (lambda d: d["routes"].update({next(iter(d["routes"]), "x"): float("-inf")}), "malformed"),
        (lambda d: d["players"][0].update(money=10**30), "money is out of range"),
        (lambda d: d.update(turn=10**30), "turn number is out of range"),
        (lambda d: d.update(seed=2**64), "seed is out of range"),
        (lambda d: d.update(seed=-5), "seed is out of range"),
        (lambda d: d.update(final_turns=10**9), "final turns"),
        (lambda d: d["players"][2].update(interim=10**40), "interim score"),
        (lambda d: d["players"][0].update(money="9" * 5000), "malformed"),
        (lambda d: d.update(team_copied=[[0, 1, 2]]), "without teams"),
        (lambda d: d.update(copied=["juggler"]), "not a role"),
    ],
)
def test_from_dict_refuses_infinite_huge_and_inconsistent_values(edit: Any, words: str) -> None:
    d = base_dict()
    edit(d)
    with pytest.raises(StateFormatError, match=words):
        GameState.from_dict(d)


@pytest.mark.parametrize("entry", [[0], [0, 1], [5, 0, 0], [0, 9, 0], [0, 1, -1], ["0", 1, 0], [0, 1, 10**9]])
def test_from_dict_refuses_a_bad_team_copy_record(entry: list[Any]) -> None:
    """R-TEAM-DIPLOMAT records [team, seat, pile size]; a short entry crashed the Diplomat later (IndexError)."""
    d = played("venus-team", 4, 2, lambda s: s.turn >= 4).to_dict()
    d["team_copied"] = [entry]
    with pytest.raises(StateFormatError, match="copy record"):
        GameState.from_dict(d)


def test_from_dict_refuses_a_turn_marker_on_top_of_the_pending_decisions() -> None:
    """Dropping a card's frame leaves its "end" marker on top: a running game where no one could decide."""
    s = played("base", 4, 4, lambda s: len(s.frames) == 2 and s.frames[0]["k"] == "end" and not s.over)
    d = s.to_dict()
    del d["frames"][1]
    with pytest.raises(StateFormatError, match="marker 'end'"):
        GameState.from_dict(d)


def test_every_accepted_mutation_leaves_a_game_that_can_go_on() -> None:
    """Seeded mutations of a state dict: each is refused or gives a state with a legal action that plays on."""
    rng = random.Random(15)
    states = [played("base", 4, 4, lambda s: s.turn >= 5), played("venus-team", 4, 2, lambda s: s.turn >= 5)]
    values: list[Any] = [None, True, -1, 0, 1, 3, 99, 10**30, float("inf"), float("nan"), "x", [], {}, [[1, 2, 3]]]
    accepted = 0
    for _ in range(300):
        d = rng.choice(states).to_dict()
        key = rng.choice(["frames", "team_copied", "copied", "final_turns", "concordia", "turn", "active", "pm"])
        if key == "frames" and d["frames"] and rng.random() < 0.5:
            del d["frames"][rng.randrange(len(d["frames"]))]
        else:
            d[key] = rng.choice(values)
        try:
            s = GameState.from_dict(d)
        except StateFormatError:
            continue
        accepted += 1
        for _ in range(20):
            if s.is_over:
                break
            legal = s.legal_actions()
            assert legal, f"{key}: accepted a running game without a legal action"
            s.apply(rng.choice(legal))
    assert accepted > 0
