"""The key footer leaves out whole keys that do not fit instead of cutting the last one ("f2 Speich")."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from tests.tui.app_support import make_app, reset_globals
from tests.tui.game_harness import make_session
from tui.play_screen import PlayScreen
from tui.settings import Settings
from tui.widgets.footer import fitting, key_width


def _key(key: str, description: str) -> FooterKey:
    return FooterKey(key, key, description, "noop")


def test_a_key_takes_its_text_and_padding() -> None:
    assert key_width(_key("f2", "Speichern als"), compact=False) == 2 + 1 + 13 + 2
    assert key_width(_key("f2", "Speichern als"), compact=True) == 2 + 1 + 13
    assert key_width(_key("q", ""), compact=False) == 3


def test_keys_are_kept_in_order_while_they_fit() -> None:
    keys = [_key("d", "Done"), _key("u", "Undo"), _key("f2", "Save as")]  # 8 + 8 + 12 cells
    assert fitting(keys, 28, compact=False) == keys
    assert fitting(keys, 27, compact=False) == keys[:2]
    assert fitting(keys, 7, compact=False) == []


async def _footer_keys(width: int, language: str) -> list[tuple[str, str]]:
    app = make_app(Settings(pace="instant", language=language), session=make_session())
    async with app.run_test(size=(width, 24)) as pilot:
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, PlayScreen):
                break
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        return [(k.key_display, k.description) for k in app.screen.query(FooterKey)]


@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_concordia_footer_at_80_columns_holds_whole_keys_only(language: str) -> None:
    try:
        narrow = await _footer_keys(80, language)
        wide = await _footer_keys(120, language)
    finally:
        reset_globals()
    assert sum(len(k) + len(d) + 3 for k, d in narrow) <= 80
    assert narrow == wide[: len(narrow)]  # the same keys in the same order, the last ones left out
    assert ("q", "Verlassen" if language == "de" else "Leave") in narrow
    assert wide[-1][0] == "f2"
    if language == "de":
        assert len(narrow) < len(wide)  # 'f2 Speichern als' does not fit beside the others


async def test_the_help_names_the_keys_the_footer_left_out() -> None:
    from textual.widgets import Static

    from tui.help_screen import HelpScreen

    app = make_app(Settings(pace="instant", language="de"), session=make_session())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                await pilot.pause()
                if isinstance(app.screen, PlayScreen):
                    break
            await app.workers.wait_for_complete()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            shown = " ".join(str(w.render()) for w in app.screen.query(Static))
            assert "Tasten, für die die Fußzeile keinen Platz hat: f2 Speichern als" in shown
    finally:
        reset_globals()

