"""The key help of Concordia's game screen is German in German (its words were once kept unmarked in a tuple,
so the catalog check could not see them)."""

from __future__ import annotations

from tui import i18n
from tui.concordia.help import KEYS


def test_every_key_description_of_the_help_has_its_german() -> None:
    i18n.set_language("de")
    try:
        missing = [what for _key, what in KEYS if i18n.t(what) == what]
        assert not missing, missing
        assert i18n.t("arrows") == "Pfeile"
        assert i18n.t("this help") == "diese Hilfe"
    finally:
        i18n.set_language("en")
