"""The Colosseum's GAME_UI: registry entry, new-game form, rules pages with the stand-ins, wording, scores."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from engine.colosseum import GameConfig, new_game
from engine.colosseum.components import components
from tui import games, i18n
from tui.colosseum import GAME_UI, describe_setup, score_table
from tui.colosseum.form import FORM, QUICK_CONFIG, field_d_options
from tui.colosseum.rules import STAND_INS_DE
from tui.colosseum.text import action_text, choice_text, decision_text, event_text
from tui.games import Chapter, TablePage
from tui.i18n import set_language


def test_the_shell_finds_the_colosseum_ui() -> None:
    ui = games.get("colosseum")
    assert ui is GAME_UI
    assert ui.title == "Die Baumeister des Colosseum"
    assert ui.screen().__name__ == "ColosseumScreen"
    config = ui.info.config_from_dict(QUICK_CONFIG)
    assert config.players == 4 and config.field_d == "score_any"


def test_form_gives_a_valid_config_for_every_field_d_mode() -> None:
    modes = [value for _label, value in field_d_options()]
    assert modes[0] == "score_any" and "random" in modes
    for mode in modes:
        for players in (2, 3, 4):
            config = GAME_UI.config({"field_d": mode}, players)
            assert (config.players, config.field_d) == (players, mode)
    assert FORM.recommended({}) == (2, 4)


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "Some component values are our reconstruction: see Rules → Our values."),
    ("de", "Einige Materialwerte sind unsere Rekonstruktion: siehe Regeln → Unsere Werte."),
])
def test_new_game_form_says_in_one_plain_line_where_to_read_the_stand_ins(lang: str, line: str) -> None:
    """One line, no internal ids (S-TRACK ...), naming the rules chapter that lists the stand-ins."""
    set_language(lang)
    try:
        assert FORM.notes(GameConfig(), [0, 1, 2, 3]) == [line]
        chapter = next(p for p in GAME_UI.rules(lang) if p.key == "stand-ins")
        assert line.endswith(f"→ {chapter.title}.")
    finally:
        set_language("en")


def test_rules_pages_in_english_and_german_name_every_stand_in() -> None:
    for lang, heading in (("en", "Our values"), ("de", "Unsere Werte")):
        pages = GAME_UI.rules(lang)
        chapters = [p for p in pages if isinstance(p, Chapter)]
        assert len(chapters) >= 5
        ours = next(p for p in chapters if p.key == "stand-ins")
        assert ours.title == heading
        for key, why in components().stand_ins.items():
            assert (why if lang == "en" else STAND_INS_DE[key]) in ours.text
        table = next(p for p in pages if isinstance(p, TablePage))
        assert [r.key for r in table.rows] == [p.id for p in components().parts]
        assert table.rows[0].cells == ("A1", "W2 S1", "4")
    assert "Ruhmespunkte" in GAME_UI.rules("de")[0].text


def test_describe_setup_and_score_table() -> None:
    header = SimpleNamespace(options={"players": 3, "field_d": "exchange"}, players=3)
    assert describe_setup(header) == "3 players, field D: Exchange 2 cards for 1"
    state = new_game(GameConfig(players=2), 1)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    columns, rows = score_table(state.final_scores(), ["A", "B"])
    assert columns[-1] == "Total" and len(rows) == 2
    for q, row in enumerate(rows):
        assert int(row[-1]) == state.final_scores().total(q)
        assert sum(int(x) for x in row[:-1]) == int(row[-1])


def test_every_action_event_and_decision_is_worded_in_both_languages() -> None:
    """Seeded random games in every field D mode: no wording falls back to the engine's raw form."""
    try:
        for lang in ("en", "de"):
            i18n.set_language(lang)
            seen: set[str] = set()
            for seed, mode in enumerate(("score_any", "fame", "own_reset", "card", "exchange", "tile")):
                state = new_game(GameConfig(players=2 + seed % 3, field_d=mode, max_turns=150), seed)
                rng = random.Random(seed)
                names = ["A Anna", "B Bruno", "C Cato", "D Dido"]
                while not state.is_over:
                    assert decision_text(state, names)
                    for a in state.legal_actions():
                        words = choice_text(state, a)
                        assert words and words != str(a)
                    a = rng.choice(state.legal_actions())
                    assert action_text(state, a, names) == choice_text(state, a)
                    state.apply(a)
                    for event in state.events:
                        text = event_text(event, names)
                        assert "{" not in text and not text.startswith(event[0] + " {"), text
                        seen.add(event[0])
            assert {"card", "move", "tile", "scoring", "take", "build", "game_over"} <= seen
    finally:
        i18n.set_language("en")
