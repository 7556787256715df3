"""Massilia's GameUI without a screen: the wording of every action and event, rules pages, form and score table."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.massilia import STAND_INS, GameConfig, new_game
from tui import games
from tui.i18n import set_language
from tui.massilia import stall_options
from tui.massilia.text import GROUPS, action_text, choice_lines, event_text


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def _playout(seed: int, players: int) -> Iterator[tuple[object, list[object]]]:
    """(state before, legal actions) at every decision of a seeded random game, the events as they happen."""
    s = new_game(GameConfig(players=players), seed)
    rng = random.Random(seed)
    while not s.is_over:
        legal = s.legal_actions()
        yield s, legal
        s.apply(rng.choice(legal))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_action_and_event_is_worded(lang: str) -> None:
    """No action or event of three seeded games falls back to its engine text or id."""
    set_language(lang)
    names = ["A Anna", "B [bold]Bruno[/]", "C Carla"]
    kinds: set[str] = set()
    events: set[str] = set()
    for seed in (1, 2, 3):
        for s, legal in _playout(seed, 3):
            lines = choice_lines(s, legal, names)
            assert sorted(str(a) for _line, a in lines) == sorted(str(a) for a in legal)
            for line, a in lines:
                assert line and action_text(s, a, names) not in ("", str(a))
                kinds.add(type(a).__name__)
            for e in s.events:
                text = event_text(e, names)
                assert text and text != e[0], e
                events.add(e[0])
    assert {"StartStall", "Keep", "Take", "As", "Pass"} <= kinds
    assert {"start_stall", "day", "roll", "keep", "use"} <= events


def test_group_order_puts_pass_last_but_end() -> None:
    labels = [label for _cls, label in GROUPS]
    assert labels[-2:] == ["Pass", "End"]


def test_german_wording() -> None:
    set_language("de")
    s = new_game(GameConfig(players=2), 1)
    assert action_text(s, s.legal_actions()[0], None).startswith("Startstand auf Feld")


def test_rules_pages_in_both_languages_name_the_stand_ins() -> None:
    ui = games.get("massilia")
    en, de = ui.rules("en"), ui.rules("de")
    assert [p.key for p in en] == [p.key for p in de]
    from tui.massilia.rules import STAND_INS_DE

    assert set(STAND_INS) <= set(STAND_INS_DE)  # every stand-in note has its German
    for pages, words, notes in ((en, "not the printed game's", STAND_INS),
                                (de, "nicht die des gedruckten Spiels", [STAND_INS_DE[n] for n in STAND_INS])):
        stand_ins = pages[-1]
        assert stand_ins.key == "stand-ins"
        text = getattr(stand_ins, "text", "")
        assert words in text
        assert all(note in text for note in notes)


def test_form_config_quick_game_and_stand_in_note() -> None:
    ui = games.get("massilia")
    config = ui.config({"stall_tiles": 6}, 3)
    assert (config.players, config.stall_tiles) == (3, 6)
    assert ui.info.config_from_dict(ui.quick_config).players == 4
    # one plain line that says where the stand-ins are listed (the rules chapter lists every one of them)
    assert ui.form.notes(config, [0, 1, 2]) == [
        "Some component values are our reconstruction: see Rules → Stand-ins."]
    chapter = next(p for p in ui.rules("en") if p.key == "stand-ins")
    assert chapter.title == "Stand-ins" and all(note in getattr(chapter, "text", "") for note in STAND_INS)
    labels = [label for label, _n in stall_options()]
    assert labels == ["5 (the 2014 edition)", "6 (previews of the first edition, 2012)"]
    set_language("de")
    try:
        assert ui.form.notes(config, [0, 1, 2]) == [
            "Einige Materialwerte sind unsere Rekonstruktion: siehe Regeln → Platzhalter."]
        assert [label for label, _n in stall_options()] == ["5 (Ausgabe 2014)",
                                                            "6 (Vorschauen der ersten Ausgabe, 2012)"]
    finally:
        set_language("en")


def test_score_table_has_the_breakdown() -> None:
    """R-END-1: reputation, stalls, sesterces and stones per seat, and the total."""
    s = new_game(GameConfig(players=2), 4)
    rng = random.Random(4)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    scores = s.final_scores()
    columns, rows = games.get("massilia").score_table(scores, ["A", "B"])
    assert columns[-1] == "Total" and len(columns) == 5
    for ps, row in zip(scores.players, rows, strict=True):
        assert row == [str(ps.breakdown[k]) for k in ("reputation", "stalls", "money", "stones")] + [str(ps.total)]
        assert sum(int(x) for x in row[:4]) == ps.total


def test_turn_counts_day_and_phase() -> None:
    """Monday: setup 0, keep 1, phase III 2; each later day adds 3; never going back during a game."""
    from tui.massilia import turn

    s = new_game(GameConfig(players=2), 5)
    rng = random.Random(5)
    seen = [turn(s)]
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
        seen.append(turn(s))
    assert seen[0] == 0 and seen == sorted(seen)
    assert {1, 2, 4, 5, 20} <= set(seen)
    assert seen[-1] == 21


def test_costs_shown_are_the_costs_paid() -> None:
    """R-BEIGE-1 and R-BLACK-1: the cost a Buy or Reputation line names is what the engine then takes."""
    from engine.massilia.actions import Buy, Reputation

    checked = 0
    for seed in (1, 2, 3, 4):
        for s, legal in _playout(seed, 2):
            for a in legal:
                if isinstance(a, Buy | Reputation):
                    trial = s.clone()  # type: ignore[attr-defined]
                    trial.apply(a)
                    paid = next(p["paid"] for kind, p in trial.events if kind in ("buy", "reputation"))
                    assert action_text(s, a, None).endswith(f"costs {paid}")
                    checked += 1
    assert checked > 10
