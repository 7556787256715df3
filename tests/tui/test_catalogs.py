"""The German catalogs: every string marked for translation in ``tui/`` has its German in its domain's catalog.

Babel extracts the strings marked with ``t``/``tn``/``tp``/``N_`` (``tui.catalogs``); a module of ``tui/<game>/``
speaks from ``tui/<game>/locale/de/LC_MESSAGES/<game>.po``, every other module from the shell's catalog. On a
failure the message lists, per catalog file, the entries to paste in (or run ``make po``, which adds them empty,
and fill in their ``msgstr``).
"""

from __future__ import annotations

import gettext
import io

import pytest

from tui import catalogs, i18n, pocompile

pytest.importorskip("babel", reason="babel is a test dependency (pyproject [test])")


def test_every_marked_string_has_its_german_entry() -> None:
    """``python -m tui.catalogs check``: no marked (or game-data) string without German, and no sentence whose
    German is still its English."""
    items = catalogs.problems()
    assert not items, (
        f"{len(items)} strings lack German. Add these entries to the catalog named above them "
        "(or run `make po`, which adds them empty), write the German into msgstr (an entry marked 'the German is "
        "the English text' has English in its msgstr: translate it), and run the test again. "
        "Words of an old add_words dictionary: `make po`, then "
        "`python -m tui.catalogs adopt some.module:GERMAN`, then delete the dictionary.\n\n"
        + catalogs.report(items)
    )


def test_the_failure_message_says_what_to_add_and_where() -> None:
    marked = catalogs.Marked("{n} cards", "{n} cards", None, ["tui/concordia/text.py:10"])
    item = catalogs.Missing("concordia", marked, "no entry")
    text = catalogs.report([item])
    assert "== 1 in tui/concordia/locale/de/LC_MESSAGES/concordia.po (domain 'concordia'):" in text
    assert '#: tui/concordia/text.py:10\n#, python-brace-format\nmsgid "{n} cards"\nmsgid_plural "{n} cards"' in text
    assert 'msgstr[0] "' in text and 'msgstr[1] "' in text


def test_each_domain_has_a_catalog_and_the_files_of_a_game_speak_from_it() -> None:
    folders = catalogs.domain_folders()
    assert set(folders) == {"shell", "concordia", "colosseum", "massilia"}
    for domain in folders:
        assert catalogs.po_path(domain).is_file()
    assert catalogs.domain_of_file(catalogs.TUI / "concordia" / "widgets" / "log.py") == "concordia"
    assert catalogs.domain_of_file(catalogs.TUI / "widgets" / "log.py") == "shell"
    assert i18n.domain_of("tui.massilia.text") is not None
    assert i18n.domain_of("tui.massilia.text")[0] == "massilia"  # type: ignore[index]
    assert i18n.domain_of("tui.screens.title")[0] == "shell"  # type: ignore[index]


def test_the_compiled_catalog_reads_as_gettext_reads_msgfmt_output() -> None:
    po = '''msgid ""
msgstr ""
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "card"
msgstr "Karte"

#, fuzzy
msgid "cards"
msgstr "Kartenstapel"

msgctxt "route"
msgid "land"
msgstr "Landweg"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} Karte"
msgstr[1] "{n} Karten"

msgid "empty"
msgstr ""
'''
    cat = gettext.GNUTranslations(io.BytesIO(pocompile.compile_mo(pocompile.parse_po(po))))
    assert cat.gettext("card") == "Karte"
    assert cat.gettext("cards") == "cards"  # fuzzy: left out, as msgfmt does
    assert cat.gettext("empty") == "empty"
    assert cat.pgettext("route", "land") == "Landweg"
    assert cat.gettext("land") == "land"
    assert cat.ngettext("{n} card", "{n} cards", 1) == "{n} Karte"
    assert cat.ngettext("{n} card", "{n} cards", 2) == "{n} Karten"


def test_plurals_fit_the_number_in_both_languages() -> None:
    try:
        i18n.set_language("en")
        assert i18n.tn("{n} card", "{n} cards", 1) == "{n} card"
        assert i18n.tn("{n} card", "{n} cards", 3) == "{n} cards"
    finally:
        i18n.set_language("en")


def _said_by(module: str, code: str) -> str:
    """What ``code`` (using t/tn/tp) gives when it runs in the module ``module``."""
    scope: dict[str, object] = {"__name__": module, "t": i18n.t, "tn": i18n.tn, "tp": i18n.tp}
    exec(f"out = {code}", scope)
    return str(scope["out"])


def test_a_module_speaks_from_its_own_games_catalog_first() -> None:
    try:
        i18n.set_language("de")
        assert _said_by("tui.colosseum.screen", 't("Board")') == "Spielplan"
        assert _said_by("tui.concordia.screen", 't("Board")') == "Plan"
        assert _said_by("tui.massilia.screen", 't("Players")') == "Spieler"
        assert _said_by("tui.screens.new_game", 't("Players")') == "Personen"
        # the shell words a game's label from the game's catalog when its own has none
        assert _said_by("tui.screens.new_game", 't("Venus team game")') == "Venus-Teamspiel"
        assert _said_by("tui.concordia.events", 'tn("{n} sestertius", "{n} sestertii", 1)') == "{n} Sesterz"
        assert _said_by("tui.concordia.events", 'tn("{n} sestertius", "{n} sestertii", 7)') == "{n} Sesterzen"
        assert _said_by("tui.concordia.events", 't("no such words anywhere")') == "no such words anywhere"
        i18n.set_language("en")
        assert _said_by("tui.colosseum.screen", 't("Board")') == "Board"
    finally:
        i18n.set_language("en")


def test_add_words_still_serves_a_package_without_a_catalog() -> None:
    try:
        i18n.add_words({"A word only a plugin knows": "Ein Wort, das nur ein Plugin kennt"})
        i18n.set_language("de")
        assert _said_by("someplugin.ui", 't("A word only a plugin knows")') == "Ein Wort, das nur ein Plugin kennt"
        assert _said_by("someplugin.ui", 't("Quick game")') == "Schnelles Spiel"
    finally:
        i18n.set_language("en")
