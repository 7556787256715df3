"""The rules screen: chapters in English and German, one screen at a time, and the card reference."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from engine.concordia import model
from tests.tui.app_support import isolated_fixture, make_app, screen_text  # noqa: F401
from tui.concordia.rules import ROLE_ACTIONS, card_reference, chapters
from tui.screens.rules import RulesScreen
from tui.settings import Settings

pytestmark = pytest.mark.usefixtures("isolated", "concordia_only")  # Concordia as the only game: see tests/conftest.py


def test_english_and_german_have_the_same_chapters() -> None:
    en, de = chapters("en"), chapters("de")
    assert [c.key for c in en] == [c.key for c in de]
    assert len(en) >= 6
    assert [c.title for c in de][:2] == ["Das Ziel", "Aufbau und ein Zug"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_chapter_fits_one_screen(lang: str) -> None:
    for chapter in chapters(lang):
        lines = chapter.text.strip().splitlines()
        assert len(lines) <= 22, f"{chapter.key} ({lang}) has {len(lines)} lines"
        assert max(len(line) for line in lines) <= 120


@pytest.mark.parametrize("lang", ["en", "de"])
def test_german_rules_use_the_rulebook_names(lang: str) -> None:
    text = "\n".join(c.text for c in chapters(lang))
    names = ("Tribun", "Architekt", "Praefekt", "Merkator", "Kolonist", "Senator", "Konsul", "Diplomat", "Magister",
             "Maurer", "Bauer", "Schmied", "Winzer", "Weber", "Praetor", "Prokonsul", "Legatus")
    if lang == "de":
        for name in names:
            assert name in text, name
    else:
        assert "Praefekt" not in text and "Prefect" in text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_card_reference_lists_every_card_with_god_cost_and_action(lang: str) -> None:
    rows = card_reference(lang)
    assert [r.card_id for r in rows] == list(model.cards())
    for row in rows:
        card = model.cards()[row.card_id]
        assert row.gods and row.action and row.cost and row.stack
        assert row.stack == (card.stack or "Start")
        if card.cost:
            assert row.cost != "-"
    assert set(ROLE_ACTIONS) >= {r for c in model.cards().values() for r in c.roles if not c.specialist_good}


def test_card_reference_examples() -> None:
    en = {r.card_id: r for r in card_reference("en")}
    de = {r.card_id: r for r in card_reference("de")}
    assert (en["base-I-7"].name, en["base-I-7"].gods, en["base-I-7"].cost) == ("Farmer", "Minerva", "1 brick, 1 food")
    assert "(3 VP)" in en["base-I-7"].action
    assert (de["base-I-7"].name, de["base-I-7"].cost) == ("Bauer", "1 Ziegel, 1 Nahrung")
    assert en["start-mercator"].action.startswith("Take 3 sestertii")
    assert en["base-I-3"].action.startswith("Take 5 sestertii")
    assert de["start-legatus"].gods == "Jupiter/Saturnus/Venus"


async def test_pages_turn_with_arrows_and_wrap() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        assert f"1/{len(screen.pages())} · The goal · English" in screen_text(app)
        await pilot.press("right")
        await pilot.pause()
        assert screen.page == 1
        await pilot.press("n", "n")
        await pilot.pause()
        assert screen.page == 3
        await pilot.press("p", "left", "left", "left")
        await pilot.pause()
        assert screen.page == len(screen.pages()) - 1  # wrapped to the card reference
        await pilot.press("z", "x")  # keys that mean nothing here
        await pilot.pause()
        assert screen.page == len(screen.pages()) - 1


async def test_card_reference_page_and_its_detail_line() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "c")
        await pilot.pause()
        table = app.screen.query_one("#cards", DataTable)
        assert table.row_count == len(model.cards())
        await pilot.press("down")
        await pilot.pause()
        assert "Architect (Jupiter): Move colonists" in screen_text(app)


async def test_l_switches_the_rules_to_german_and_back() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "l")
        await pilot.pause()
        assert "Das Ziel" in screen_text(app) and "Deutsch" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert "The goal" in screen_text(app)


async def test_the_rules_open_in_the_app_language() -> None:
    app = make_app(Settings(language="de"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert app.screen.lang == "de"
        assert "Das Ziel" in screen_text(app)
