"""The catalog check (``python -m tui.catalogs check``, ``make po``) and the strings used at run time.

It fails on a sentence whose German msgstr is its English msgid, and on strings the shell translates from a
game's data (a game's chooser description) that no catalog has; a German walk through the shell's screens
fails on any text looked up at run time that no catalog has (``tui.i18n.untranslated``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tui.app_support import isolated_fixture, make_app  # noqa: F401
from tui import catalogs, games, i18n
from tui.settings import Settings

pytest.importorskip("babel", reason="babel is a test dependency (pyproject [test])")


@pytest.mark.parametrize(("text", "sentence"), [
    ("Mac Gerdts' game of trade in the Roman Empire", True),
    ("{name} takes {n} cards from the market", True),
    ("the seed must be a whole number", True),
    ("Die Baumeister des Colosseum", False),  # a title: one lower-case word
    ("Praefectus Magnus", False),
    ("Bot {n} ({bot})", False),
    ("[b]Venus[/b] and Mars", False),
    ("in {place}", False),
])
def test_what_counts_as_a_sentence(text: str, sentence: bool) -> None:
    assert catalogs.is_sentence(text) is sentence


def test_english_left_in_a_catalog_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from babel.messages.catalog import Catalog

    planted = Catalog(locale="de", domain="shell")
    planted.add("Choose a game", "Wähle ein Spiel")
    planted.add("Praefectus Magnus", "Praefectus Magnus")  # a name may stay as it is
    planted.add("No running game to continue.", "No running game to continue.", locations=[("tui/x.py", 1)])
    planted.add("Venus", "Venus")
    planted.add(("{n} card is left in the deck", "{n} cards are left in the deck"),
                ("{n} card is left in the deck", "{n} Karten sind noch im Stapel"))
    planted.add(("{n} card left", "{n} cards left"), ("{n} card left", "{n} Karten übrig"))  # not a sentence
    monkeypatch.setattr(catalogs, "domain_folders", lambda: {"shell": catalogs.TUI / "locale"})
    monkeypatch.setattr(catalogs, "read", lambda domain: planted)
    found = catalogs.same_as_english()
    assert [(m.domain, m.marked.msgid) for m in found] == [("shell", "No running game to continue."),
                                                           ("shell", "{n} card is left in the deck")]
    text = catalogs.report(found)
    assert "== 2 in tui/locale/de/LC_MESSAGES/shell.po (domain 'shell'):" in text
    assert "# the German is the English text: translate the msgstr" in text
    assert '#: tui/x.py\nmsgid "No running game to continue."' in text


def test_every_games_chooser_description_is_in_its_games_catalog() -> None:
    found = catalogs.runtime_marked()
    assert {d for d in found} >= {"concordia", "colosseum", "massilia"}
    taglines = {d: games.get(d).tagline for d in ("concordia", "colosseum", "massilia")}
    for domain, tagline in taglines.items():
        assert found[domain][(None, tagline)].places[0].startswith(f"tui/{domain}/__init__.py:")
    assert (None, "5 (the 2014 edition)") in found["massilia"]  # a form choice looked up as it is
    assert (None, "mcts") in found["shell"]  # a bot's name in the seat's drop-down
    extracted = catalogs.extract()
    everywhere = {key for entries in extracted.values() for key in entries}
    for entries in found.values():
        assert set(entries) <= everywhere  # make po keeps them (once each, in any domain: t() finds them)
    for domain, tagline in taglines.items():
        assert (None, tagline) in extracted[domain]


async def test_the_shells_screens_in_german_use_no_string_a_catalog_lacks() -> None:
    """Title, the game chooser of New game and Rules, every game's new-game form, settings, load: in German."""
    from tui.screens.choose_game import ChooseGameScreen
    from tui.screens.new_game import NewGameScreen
    from tui.screens.title import TitleScreen

    i18n.set_language("de")
    i18n.forget_untranslated()
    app: Any = make_app(Settings(language="de", pace="instant"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for game in range(3):
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, ChooseGameScreen)
            await pilot.press(str(game + 1))
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("escape")
            await pilot.pause()
            while not isinstance(app.screen, TitleScreen):
                await pilot.press("escape")
                await pilot.pause()
        for key in ("r", "s", "l"):
            await pilot.press(key)
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
    missed = i18n.untranslated()
    i18n.set_language("en")
    assert not missed, (
        "strings used at run time in German that no catalog has (add each to the catalog of the module named, "
        "tui/<game>/locale/de/LC_MESSAGES/<game>.po for tui.<game>.*, else tui/locale/de/LC_MESSAGES/shell.po, "
        "or mark it with N_ where it is defined so that `make po` finds it):\n"
        + "\n".join(f"  {module}: {text!r}" for text, module in sorted(missed.items()))
    )
