"""Concordia's goods letters read right in each language: T is Tuch in German, so Werkzeug cannot be T.

The letters are ``tui.glyphs.GOOD_LETTERS_BY_LANGUAGE``; ``i18n.set_language`` switches them for every
panel, the map and the help screen's legend, the same in ASCII mode.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.concordia import GameConfig, new_game
from engine.concordia.model import GOODS
from tui import glyphs, i18n
from tui.concordia import help as concordia_help
from tui.concordia.board.layout import stored
from tui.concordia.board.render import render
from tui.concordia.short_text import short_price
from tui.i18n import t


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")
    glyphs.use_ascii(False)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_language_has_one_letter_per_good_unique_and_apart_from_salt(lang: str) -> None:
    letters = glyphs.GOOD_LETTERS_BY_LANGUAGE[lang]
    assert sorted(letters) == sorted(GOODS)
    assert len(set(letters.values())) == len(GOODS)
    shown = set(letters.values())
    assert not shown & {glyphs.UNICODE["salt"], glyphs.ASCII["salt"], *glyphs.PLAYER_LETTERS}
    assert all(len(x) == 1 and x.isascii() and x.isupper() for x in shown)  # the same in ASCII mode


def test_german_letters_are_the_german_initials() -> None:
    i18n.set_language("de")
    names = {g: t(g) for g in GOODS}
    assert names == {"brick": "Ziegel", "food": "Nahrung", "tool": "Werkzeug", "wine": "Wein", "cloth": "Tuch"}
    letters = {g: glyphs.good_letter(g) for g in GOODS}
    assert letters == {"brick": "Z", "food": "N", "tool": "W", "wine": "V", "cloth": "T"}
    for g in ("brick", "food", "tool", "cloth"):
        assert names[g].startswith(letters[g])
    # Wein and Werkzeug share the W: wine is V (vinum); T is Tuch, never the tool
    assert letters["cloth"] == "T" and letters["tool"] != "T"


def test_switching_the_language_switches_the_letters_in_place() -> None:
    held = glyphs.GOOD_LETTERS  # the map's renderer holds this dict
    i18n.set_language("de")
    assert held["tool"] == "W" and glyphs.good_letter("brick") == "Z"
    i18n.set_language("en")
    assert held["tool"] == "T" and glyphs.good_letter("brick") == "B"


@pytest.mark.parametrize("ascii_mode", [False, True])
def test_the_help_legend_names_every_letter(ascii_mode: bool) -> None:
    i18n.set_language("de")
    glyphs.use_ascii(ascii_mode)
    text = concordia_help.legend().plain
    for letter, name in (("Z", "Ziegel"), ("N", "Nahrung"), ("W", "Werkzeug"), ("V", "Wein"), ("T", "Tuch")):
        assert f"{letter} {name}" in text
    assert ("Z1." if ascii_mode else "Z1·") in text  # the example city mark in the language's letters
    assert glyphs.glyph("marker_goods") + "V" in text  # the bonus marker's example: wine


def test_the_map_and_the_short_prices_use_the_language_letters() -> None:
    state = new_game(GameConfig(map="imperium", players=2), seed=3)
    layout = stored("imperium")["small"]
    city = next(c for c, g in state.tiles.items() if g == "tool")
    place = layout.places[city]
    for lang, letter in (("en", "T"), ("de", "W")):
        i18n.set_language(lang)
        grid = render(layout, state)
        assert grid[place.y][place.x][0] == letter, lang
    i18n.set_language("de")
    assert short_price(["brick", "tool"], 2) == "1Z+1W+2$"
