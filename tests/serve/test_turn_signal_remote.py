"""At a shared table, the turn that comes to a person after another person's move rings their bell and sets
their terminal title (``2 Bert — your turn``); the other person's screen stays quiet meanwhile."""

from __future__ import annotations

import random

import pytest

from tests.serve.test_remote import until
from tests.serve.test_remote_views import settings, two_people
from tui import turn_signal
from tui.serve.remote import RemoteApp
from tui.serve.table_server import TableServer


async def test_anna_moves_and_berts_turn_rings_his_bell(served: tuple[TableServer, str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    server, path = served
    anna, bert, table = await two_people(path, "concordia", 4, ["me", "free"], start=False)
    app = RemoteApp(bert, [table], settings())
    bells: list[None] = []
    titles: list[str] = []
    app.bell = lambda: bells.append(None)  # type: ignore[method-assign]
    monkeypatch.setattr(turn_signal, "set_title", lambda _app, text: titles.append(text))
    rng = random.Random(4)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await anna.request("start", table=table)
        await until(pilot, lambda: table in app.sessions and app.screen.is_mounted)
        t = server.tables[table]
        assert t.deciding == 0 and bells == []  # Anna decides first: nothing rings at Bert's screen
        while t.deciding == 0:
            await anna.request("act", table=table, action=rng.choice([str(a) for a in t.state.legal_actions()]))
        await until(pilot, lambda: bells != [])
        assert len(bells) == 1
        assert titles == ["2 Bert — your turn"]
    await anna.close()
    await bert.close()
