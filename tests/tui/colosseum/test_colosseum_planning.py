"""Planning information on the Colosseum panels (issue 29): each seat's projected final fame and its row
leads in the players panel, and a mark on every part on offer the viewer can pay now (3:1 counted), in
English, German and ASCII."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.colosseum import GameConfig, new_game
from tests.colosseum.helpers import hand
from tui import glyphs
from tui.colosseum import render
from tui.i18n import set_language


@pytest.fixture
def table() -> Iterator[object]:
    s = new_game(GameConfig(players=4), 3)
    for pl in s.players:
        pl.hand = [0, 0, 0, 0]
    s.players[0].hand = hand("W1 G2")  # pays A3 (W1 G2) directly, nothing else on offer
    s.players[0].fame = 5
    yield s
    set_language("en")
    glyphs.use_ascii(False)


@pytest.mark.parametrize(("lang", "ascii_mode", "mark", "words"), [
    ("en", False, "✓", "you can pay"), ("de", False, "✓", "bezahlbar"), ("en", True, "ok", "you can pay"),
])
def test_parts_the_viewer_can_pay_are_marked(table: object, lang: str, ascii_mode: bool, mark: str,
                                            words: str) -> None:
    set_language(lang)
    glyphs.use_ascii(ascii_mode)
    s = table
    lines = render.rows_text(s, seat=0).plain.splitlines()
    marked = [line for line in lines if line.endswith(f" {mark}")]
    assert len(marked) == 1 and " A3 " in marked[0]
    for width in (0, 60):  # the small board and the wide one
        board = render.board_text(s, 0, width=width).plain
        assert board.count(f"{mark} {words}") == 1  # the legend, once
        assert f"{mark} {words}" not in render.board_text(s, None, width=width).plain
    assert mark not in render.rows_text(s, seat=None).plain


def test_players_panel_shows_the_projection_and_row_leads(table: object) -> None:
    s = table
    text = render.players_text(s, ["Anna", "Ben", "Cleo", "Dora"], [False, True, True, True], 80).plain
    projection = s.final_scores()
    lines = text.splitlines()  # a heading, then one line a seat
    assert len(lines) == 5
    for q in range(4):
        assert f" {s.players[q].fame}→{projection.total(q)} " in lines[1 + q]
    # seat 0: fame 5, its rows led or tied as the start displays give, 1 fame for its 3 cards
    assert projection.total(0) == 5 + 1 + sum(v for k, v in projection.players[0].breakdown.items()
                                              if k not in ("fame", "cards"))
    assert "5→" + str(projection.total(0)) in lines[1] and " 3/4 " in lines[1]  # fame, projection, hand/limit
    leads = [k for k, v in projection.players[0].breakdown.items() if k not in ("fame", "cards") and v]
    assert lines[1].count("*") == len(leads)  # a * after each of the six rows the seat leads


def test_no_line_is_longer_than_80_columns_with_long_bot_names(table: object) -> None:
    s = table
    names = ["Anna", "Greedy Bot Maximilianus", "Hard Bot Bertholdus", "Normal Bot Cunigunde"]
    s.players[1].wheels, s.players[1].rows[0] = 14, 7  # the most wheels a seat gets: 13 points
    s.players[2].hand, s.players[2].rows[1], s.players[2].fame = hand("W10 G2"), 9, 123  # Hand 12/20
    for width in (80, 116):  # the displays table at 80x24 (compact) and at 120 columns
        for line in render.players_text(s, names, [False, True, True, True], width).plain.splitlines():
            assert len(line) <= width, line
    for line in render.rows_text(s, seat=0).plain.splitlines():
        assert len(line) <= 37, line  # a row with its part and mark fits the board panel at 80x24


@pytest.mark.parametrize(("lang", "name", "line"), [
    ("en", "1 You", "1 You build C2 as section XVII (+6 fame, +4 fame from the section's chip)"),
    ("de", "1 Du", "1 Du baust C2 als Abschnitt XVII (+6 Ruhm, +4 Ruhm vom Plättchen des Abschnitts)"),
    ("en", "2 Anna", "2 Anna builds C2 as section XVII (+6 fame, +4 fame from the section's chip)"),
    ("de", "2 Anna", "2 Anna baut C2 als Abschnitt XVII (+6 Ruhm, +4 Ruhm vom Plättchen des Abschnitts)"),
])
def test_the_log_line_of_a_last_section_gives_its_chip_too(lang: str, name: str, line: str) -> None:
    """S-CHIPS: section XVII pays 4 fame more; the log says so (fame went 38 -> 48 with "+6 fame" only)."""
    from tui.colosseum.text import event_text

    set_language(lang)
    try:
        event = ("build", {"player": 0, "part": "C2", "section": 17, "fame": 6, "chip": 4, "paid": [1, 2, 0, 2]})
        assert event_text(event, [name]) == line
    finally:
        set_language("en")


def test_a_move_log_line_says_1_pt_not_1_points() -> None:
    from tui.colosseum.text import event_text

    event = ("move", {"player": 0, "steps": 3, "points": 1, "fame": 1, "field": 3})
    assert event_text(event, ["1 You"]) == "1 You move the consul 3 to field 4B (1 pt, 1 fame)"
    assert event_text(event, ["1 Anna"]) == "1 Anna moves the consul 3 to field 4B (1 pt, 1 fame)"


@pytest.mark.parametrize("width", [56, 58])  # the board panel at 120x36 and at 200x60
def test_the_whole_list_of_built_sections_wraps_and_is_never_cut(table: object, width: int) -> None:
    s = table
    parts = ["A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "C1", "C2", "C3", "C4"]
    s.built = [[pid, k % 4] for k, pid in enumerate(parts)]
    lines = render.board_text(s, 0, width=width).plain.splitlines()
    text = " ".join(lines)
    for k, pid in enumerate(parts):
        assert f"{render.section_name(k + 1)}:{pid}·{k % 4 + 1}" in text  # every section, its part and builder
    assert all(len(line) <= width for line in lines)
