"""A guest's settings are their own (issue 35, item 3): kept per key on the server, never the host's file,
never the host's path on the screen."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from textual.widgets import Static

from tui import settings as settings_mod
from tui.app import ConcordiaApp
from tui.screens.settings import SettingsScreen
from tui.serve.keys import fingerprint, player_dir
from tui.settings import Settings

from .conftest import Harness
from .test_ssh import admit

TICK_ASCII = (
    "import sys; from tui import settings as s; "
    "old = s.load(); s.save(old.with_(ascii=True)); "
    "print('WAS', old.ascii, 'AT', s.settings_path(), flush=True); sys.stdin.read(1)"
)
"""A stand-in app that does what the guest did (ticks ASCII mode in the settings) and says where it went."""


def tick_ascii(info: dict[str, Any]) -> list[str]:
    return [sys.executable, "-c", TICK_ASCII]


async def test_a_guests_settings_are_kept_for_their_key_and_never_touch_the_hosts(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey, bert_key: asyncssh.SSHKey,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    host_config = tmp_path / "host-config"
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(host_config))
    h = harness(command=tick_ascii)
    await h.start()
    admit(h, anna_key, bert_key)
    _chan, bert = await h.connect(bert_key, name="Bert")
    end = await bert.wait_for(b"WAS False AT ")
    bert_file = player_dir(h.directory, fingerprint(bert_key)) / "config" / settings_mod.FILE_NAME
    await bert.wait_for(str(bert_file).encode(), start=end)
    assert not (host_config / settings_mod.FILE_NAME).exists()  # the host's file is never written
    assert settings_mod.load(bert_file).ascii
    # the host's next connection (another key) keeps its own settings: not Bert's ASCII mode
    _chan, anna = await h.connect(anna_key, name="Anna")
    await anna.wait_for(b"WAS False AT ")
    # and Bert's come back with his key
    _chan, again = await h.connect(bert_key, name="Bert")
    await again.wait_for(b"WAS True AT ")


async def test_the_settings_screen_names_no_path_to_a_guest(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "players" / "abc" / "config"))
    monkeypatch.setenv("CONCORDIA_SERVE_SEAT", "SHA256:guest")
    app = ConcordiaApp(settings=Settings(), install_signals=False, save_settings=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await app.push_screen(SettingsScreen())
        await pilot.pause()
        shown = str(app.screen.query_one("#settings-path", Static).render())
        assert "kept for your key" in shown and str(tmp_path) not in shown and "/" not in shown
