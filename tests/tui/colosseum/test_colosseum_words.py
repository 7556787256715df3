"""Colosseum's words (issue 29 section 4, issue 32): log lines that say what happened, singular and plural,
landscape letters that read right in each language (board, displays, log, legend, help, rules), the help
from the catalog, German for the setup line and the status line naming whose turn it is."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.colosseum import GameConfig, new_game
from saves import Seat
from tests.colosseum.helpers import decide_on_field, fresh, tiles
from tui import glyphs
from tui.colosseum import GAME_UI, describe_setup, render
from tui.colosseum.help import HELP_LINES, help_text
from tui.colosseum.text import TILE_LETTERS, event_text, tile_legend
from tui.i18n import set_language, t
from tui.session import GameSession

NAMES = ["1 You", "2 Bot 2", "3 Bot 3"]
LETTERS = {
    "en": {"river": "R", "grain": "G", "forest": "F", "mountain": "M"},
    "de": {"river": "W", "grain": "G", "forest": "H", "mountain": "S"},  # by material: Wasser, Getreide, Holz, Stein
}


@pytest.fixture(autouse=True)
def english_unicode() -> Iterator[None]:
    yield
    set_language("en")
    glyphs.use_ascii(False)


def tile_scoring() -> list[tuple[str, dict[str, object]]]:
    """E9 (R-ACT-B3): seat 0 takes the last mountain of row 7B; the refilled row's front tile, forest, is scored."""
    s = fresh(3)
    s.land_rows[3] = tiles("mountain")
    s.slots[3] = None
    s.stack2 = tiles("forest")
    s.stack3 = tiles("mountain", "river", "grain", "stable1")
    decide_on_field(s, 6, 0)
    return list(s.events)


@pytest.mark.parametrize(("lang", "tile_line", "refill_line"), [
    ("en", "row 7B's new front tile: forest is scored for everyone", "row 7B refilled: F 1 G R"),
    ("de", "neues vorderes Plättchen der Reihe 7B: Wald wird für alle gewertet", "Reihe 7B aufgefüllt: H 1 G W"),
])
def test_a_scoring_a_taken_tile_set_off_is_worded_as_what_happened(lang: str, tile_line: str,
                                                                   refill_line: str) -> None:
    """R-ACT-B2: the row's new front tile sets off the scoring; nobody "chose" it (no "chosen by 1 You")."""
    set_language(lang)
    events = tile_scoring()
    scoring = next(e for e in events if e[0] == "scoring")
    assert scoring == ("scoring", {"kind": "forest", "player": 0, "row": 3})
    assert event_text(scoring, NAMES) == tile_line
    assert event_text(next(e for e in events if e[0] == "refill"), NAMES) == refill_line


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "2 Bot 2 chooses to score stable for everyone"),
    ("de", "2 Bot 2 lässt Stall für alle werten"),
])
def test_a_scoring_chosen_on_field_d_names_who_chose_it(lang: str, line: str) -> None:
    """D-SCORE-CHOICE: on field D the active seat chooses what everyone scores; the event has no row."""
    s = new_game(GameConfig(players=3), 2)
    rng = random.Random(2)
    while not any(e[0] == "scoring" and "row" not in e[1] for e in s.events):
        s.apply(rng.choice(s.legal_actions()))
    event = next(e for e in s.events if e[0] == "scoring")
    assert set(event[1]) == {"kind", "player"}
    set_language(lang)
    assert event_text(("scoring", {"kind": "stable", "player": 1}), NAMES) == line


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "1 You reset the marker (1 pt back)", "1 You reset the marker (2 pts back)"),
    ("de", "1 You setzt den Marker zurück (1 Pkt. zurück)", "1 You setzt den Marker zurück (2 Pkt. zurück)"),
])
def test_reset_lines_say_1_pt_and_2_pts(lang: str, one: str, two: str) -> None:
    set_language(lang)
    assert event_text(("reset", {"player": 0, "points": 1}), NAMES) == one
    assert event_text(("reset", {"player": 0, "points": 2}), NAMES) == two


def test_the_displays_give_movement_points_in_their_pt_column() -> None:
    """The displays table gives movement points as a number under its ``Pt`` heading (no "1 pts" anywhere);
    the words "1 pt" / "2 pts" are the move rows' and the log's (test_colosseum_planning)."""
    s = new_game(GameConfig(players=2), 1)
    s.players[0].wheels, s.players[0].marker = 3, 0  # 2 movement points
    s.players[1].wheels, s.players[1].marker = 3, 1  # 1 movement point
    lines = render.players_text(s, ["Anna", "Ben"], [False, True], 80).plain.splitlines()
    column = lines[0].index("Pt")
    assert [line[column:column + 2].strip() for line in lines[1:3]] == ["2", "1"]
    assert "1 pts" not in "\n".join(lines)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tile_letter_never_stands_for_another_material_than_its_card_letter(lang: str) -> None:
    """Cards are W G H S (Wasser/water, Getreide/grain, Holz/wood, Stein/stone) in both languages; a landscape
    letter that is a card letter too must be the landscape that gives that card (R-SCORE-LAND): German Wald as
    "W" beside a "W1" (water) in a part's cost read as water (polish brief, item 6)."""
    from engine.colosseum.components import CARD_TYPES, LANDSCAPES
    from tui.colosseum.text import CARD_LETTERS

    set_language(lang)
    gives = dict(zip(LANDSCAPES, CARD_TYPES, strict=True))  # river -> water, grain -> grain, forest -> wood ...
    for land in LANDSCAPES:
        for card, letter in CARD_LETTERS.items():
            if TILE_LETTERS[land] == letter:
                assert gives[land] == card, (lang, land, letter, card)


@pytest.mark.parametrize(("lang", "ascii_mode"), [("en", False), ("de", False), ("en", True), ("de", True)])
def test_landscape_letters_read_right_in_each_language(lang: str, ascii_mode: bool) -> None:
    """Each language's own letters, unique among the tiles, the same on the board, in the displays, the legend
    line, the help and the rules chapter; plain ASCII in ASCII mode."""
    set_language(lang)
    glyphs.use_ascii(ascii_mode)
    letters = LETTERS[lang]
    assert {land: TILE_LETTERS[land] for land in letters} == letters
    assert len(set(TILE_LETTERS.values())) == len(TILE_LETTERS)
    sep = " - " if ascii_mode else " · "
    names = {"en": ("river", "grain field", "forest", "mountain", "stable (wheels)"),
             "de": ("Fluss", "Getreidefeld", "Wald", "Gebirge", "Stall (Raeder)" if ascii_mode else "Stall (Räder)")}
    river, grain, forest, mountain, stable = names[lang]
    legend = (f"{letters['river']} {river}{sep}{letters['grain']} {grain}{sep}{letters['forest']} {forest}{sep}"
              f"{letters['mountain']} {mountain}{sep}1/2 {stable}")
    assert tile_legend() == legend
    s = fresh(3)
    s.land_rows[3] = tiles("mountain", "forest", "river", "grain")
    board = render.board_text(s, 0, width=100).plain  # the wide board says the letters in words
    assert legend in board.splitlines()
    narrow = render.board_text(s, 0, width=56).plain.splitlines()  # 120x36: the legend broken between entries
    assert all(len(line) <= 56 for line in narrow) and " ".join(narrow).count(letters["river"] + " ") >= 1
    assert all(entry in "\n".join(narrow) for entry in legend.split(sep))
    assert " ".join(letters[x] for x in ("mountain", "forest", "river", "grain")) in board
    assert legend in help_text()
    if ascii_mode:
        assert board.isascii() and help_text().isascii()
    s.players[0].rows[2:6] = [1, 2, 3, 4]
    displays = render.players_text(s, NAMES, [False, True, True], 40).plain  # the table: a column per row
    head = displays.splitlines()[0].split()
    assert head[-4:] == [letters[x] for x in ("river", "grain", "forest", "mountain")]
    app = next(p for p in GAME_UI.rules(lang) if p.key == "app")
    said = {"en": "R river, G grain, F forest, M mountain", "de": "W Fluss, G Getreide, H Wald, S Gebirge"}[lang]
    chapter = " ".join(getattr(app, "text", "").split())
    assert said in chapter
    # the board marks a built section with its builder's seat number (I:A6·2), and the chapter says so
    assert {"en": "builder's seat number", "de": "Platznummer ihres Erbauers"}[lang] in chapter
    assert "letter" not in chapter and "Buchstabe" not in chapter


def test_the_help_comes_from_the_catalog_in_german() -> None:
    """Every line of the help has its German in colosseum.po (no English left, the greedy bot in German)."""
    set_language("de")
    for line in HELP_LINES:
        if line:
            assert t(line) != line, line
    text = help_text()
    assert "u zurück · h Tipp (Wahl des gierigen Bots)" in text and "Greedy" not in text
    assert "Karten und Kosten: W Wasser · G Getreide · H Holz · S Stein" in text
    rules = " ".join(getattr(p, "text", "") for p in GAME_UI.rules("de"))
    assert "gierigen Bot" in rules and "Greedy" not in rules


@pytest.mark.parametrize(("lang", "line", "tagline"), [
    ("en", "4 players, field D: base game", "Klaus-Jürgen Wrede's game of landscapes, building materials and fame"),
    ("de", "4 Personen, Feld D: Grundspiel", "Klaus-Jürgen Wredes Spiel um Landschaften, Baustoffe und Ruhm"),
])
def test_setup_line_and_chooser_description(lang: str, line: str, tagline: str) -> None:
    from types import SimpleNamespace

    set_language(lang)
    assert describe_setup(SimpleNamespace(options={"players": 4, "field_d": "score_any"}, players=4)) == line
    assert t(GAME_UI.tagline) == tagline


@pytest.mark.parametrize(("lang", "turn", "decide"), [
    ("en", "2 Bot 2's turn", "1 You to decide"), ("de", "am Zug: 2 Bot 2", "Entscheidung: 1 You"),
])
def test_the_status_line_names_whose_turn_it_is_when_another_seat_decides(lang: str, turn: str,
                                                                         decide: str) -> None:
    """A bot's tile sets off a scoring in which you decide: the line names the bot's turn, and you deciding."""
    from tui.colosseum.screen import ColosseumScreen

    session = GameSession(GameConfig(players=3), 4, [Seat("You"), Seat("Bot 2", bot="greedy"),
                                                      Seat("Bot 3", bot="greedy")], game="colosseum")
    rng = random.Random(4)
    s = session.state
    while not (s.active == 1 and s.current_player == 0):
        session.apply(rng.choice(session.legal_actions()), autosave=False)
        s = session.state
        assert not s.is_over
    set_language(lang)
    screen = ColosseumScreen(session)
    parts = screen.status_parts()
    assert parts[2] == turn
    assert screen.say("{name} to decide").format(name=session.seat_name(0)) == decide
    while s.active != s.current_player:
        session.apply(rng.choice(session.legal_actions()), autosave=False)
        s = session.state
    assert len(ColosseumScreen(session).status_parts()) == 2  # the seat whose turn it is decides: no extra word


@pytest.mark.parametrize(("lang", "turn"), [("en", "your turn"), ("de", "du bist am Zug")])
def test_the_status_line_says_your_turn_when_a_bot_decides_in_it(lang: str, turn: str) -> None:
    """Your tile sets off a scoring in which a bot decides: "your turn", never "1 You's turn"."""
    from tui.colosseum.screen import ColosseumScreen

    session = GameSession(GameConfig(players=3), 4, [Seat("You"), Seat("Bot 2", bot="greedy"),
                                                      Seat("Bot 3", bot="greedy")], game="colosseum")
    rng = random.Random(4)
    s = session.state
    while not (s.active == 0 and s.current_player != 0):
        session.apply(rng.choice(session.legal_actions()), autosave=False)
        s = session.state
        assert not s.is_over
    set_language(lang)
    assert ColosseumScreen(session).status_parts()[2] == turn


async def test_at_80_columns_the_status_line_keeps_who_decides_during_a_bots_turn() -> None:
    """In German with default bot names the line is longest: the game's title gives way, nothing else is cut."""
    from tests.tui.colosseum.harness import ColosseumApp, screen_text, settle

    session = GameSession(GameConfig(players=4), 4, [Seat("Du"), *(Seat(f"Bot {q} (normal)", bot="greedy")
                                                                 for q in (2, 3, 4))], game="colosseum")
    rng = random.Random(4)
    while not (session.state.active != 0 and session.state.current_player == 0):
        session.apply(rng.choice(session.legal_actions()), autosave=False)
    set_language("de")
    app = ColosseumApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None and screen.compact
        line = screen_text(app).splitlines()[0].strip()
        holder = session.seat_name(session.state.active)
        assert line == f"Zug {session.state.turn + 1} · am Zug: {holder} · Entscheidung: 1 Du · l Protokoll"


def test_every_stand_in_has_its_german_bullet() -> None:
    """The rules chapter "Unsere Werte" lists every stand-in in German (none falls back to the engine's English)."""
    from engine.colosseum.components import components
    from tui.colosseum.rules import STAND_INS_DE, stand_in_words

    assert set(STAND_INS_DE) == set(components().stand_ins)
    german = stand_in_words("de")
    assert len(german) == len(components().stand_ins)
    assert not set(german) & set(components().stand_ins.values())
    assert german[0] == ("S-TRACK: die Reihenfolge der 7 Konsulfelder ist aus einer Rezension erschlossen, "
                         "nicht gedruckt")


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Build {part} (+{fame} fame), 3 wood for a missing card",
     "Build {part} (+{fame} fame), 3 water + 3 wood for 2 missing cards"),
    ("de", "{part} bauen (+{fame} Ruhm), 3 Holz für eine fehlende Karte",
     "{part} bauen (+{fame} Ruhm), 3 Wasser + 3 Holz für 2 fehlende Karten"),
])
def test_a_build_with_3_for_1_says_which_cards_replace_how_many_missing(lang: str, one: str, two: str) -> None:
    """R-ACT-C1: 3 cards of one type stand for 1 missing card ("1x3 wood for missing" said it in code)."""
    from engine.colosseum import actions as act
    from engine.colosseum.components import components
    from tui.colosseum.text import choice_text

    set_language(lang)
    s = fresh(3)
    decide_on_field(s, 1, 0)
    pid = s.slots[components().blue_index[1]]
    fame = components().part(pid).fame
    assert choice_text(s, act.Build((0, 0, 1, 0))) == one.format(part=pid, fame=fame)
    assert choice_text(s, act.Build((1, 0, 1, 0))) == two.format(part=pid, fame=fame)
