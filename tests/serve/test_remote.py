"""The lobby and table screens a friend gets over SSH, driven with Textual's Pilot against a real table server."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.widgets import DataTable, OptionList, Static

from tui.serve.client import TableClient
from tui.serve.remote import LobbyScreen, RemoteApp, TableScreen
from tui.serve.table_server import TableServer


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[TableServer, str]]:
    sock_dir = Path(tempfile.mkdtemp(prefix="cs", dir="/tmp"))
    server = TableServer(tmp_path / "serve")
    await server.start(sock_dir / "t.sock")
    yield server, str(sock_dir / "t.sock")
    await server.close()
    shutil.rmtree(sock_dir, ignore_errors=True)


async def test_create_a_table_start_it_and_decide_from_the_legal_actions(served: tuple[TableServer, str]) -> None:
    server, path = served
    client = await TableClient.connect(path, "SHA256:anna", "Anna")
    app = RemoteApp(client, [])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("n")
        await pilot.pause()
        seats = app.screen.query_one("#seats")
        seats.value = "me,bot:random"  # type: ignore[attr-defined]
        seats.focus()
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, TableScreen)
        table = next(iter(server.tables.values()))
        await pilot.press("escape")
        await pilot.pause(0.2)
        assert isinstance(app.screen, LobbyScreen)
        rows = app.screen.query_one("#lobby-tables", DataTable)
        assert rows.row_count == 1
        await pilot.press("s")
        await pilot.pause(0.2)
        assert table.started
        await pilot.press("enter")
        for _ in range(50):
            await pilot.pause(0.05)
            if table.deciding == 0 and isinstance(app.screen, TableScreen):
                break
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.pause(0.2)
        actions = screen.query_one("#table-actions", OptionList)
        assert actions.option_count == len(table.state.legal_actions()) > 0
        assert "to decide: you" in str(screen.query_one("#table-status", Static).render())
        before = len(table.log)
        actions.focus()
        actions.highlighted = 0
        await pilot.press("enter")
        for _ in range(50):
            await pilot.pause(0.05)
            if len(table.log) > before:
                break
        assert len(table.log) > before and table.log[before].seat == 0 and table.log[before].person
    await client.close()
