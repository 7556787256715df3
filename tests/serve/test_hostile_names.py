"""Every string a client supplies is shown as text, never as markup (issue 35, item 1).

A friend's SSH user name becomes their seat's name at every table they sit at; a markup name such as
``[b red]Evil[/] [@click=app.quit]Q[/]`` once drew bold red in every lobby and one click on it ended another
player's connection. This walks every screen of a shared table that shows a client string: the lobby (each
game's table), the game's own screen while playing, the plain decision list, the final scores, with hostile
names at seats, and looks at what is drawn, cell by cell: no style and no click action from a name.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from rich.segment import Segment
from textual.app import App

from tests.serve.test_remote import until
from tui.serve.client import TableClient
from tui.serve.remote import LobbyScreen, RemoteApp, TableScreen
from tui.serve.table_server import TableServer
from tui.settings import Settings

HOSTILE = ["[strike]Evil[/][@click=app.bell]Q[/]", "[reverse]R[/] [link=https://x.example]L[/link][/]"]
"""Two names: styles nothing of the app uses (strike, a link), a click action, a stray closing tag."""


def settings() -> Settings:
    return Settings().with_(pace="instant")


def drawn(app: App[Any]) -> list[Segment]:
    """Every segment of the current screen as the terminal would get it (the compositor's full frame)."""
    strips = app.screen._compositor.render_strips()
    return [seg for strip in strips for seg in strip]


def assert_plain(app: App[Any], where: str, shown: bool = True) -> None:
    """No segment of the screen carries a style or an action that only a hostile name could have made;
    ``shown``: the names' brackets are on the screen as typed (the name is text)."""
    segments = drawn(app)
    for seg in segments:
        style = seg.style
        if style is None:
            continue
        assert not style.strike, (where, seg.text)
        assert not style.link, (where, seg.text)
        meta = style.meta or {}
        assert "app.bell" not in str(meta.get("@click", "")), (where, seg.text, meta)
    text = "".join(seg.text for seg in segments)
    if shown:
        assert "[strike]" in text or "[reverse]" in text, (where, text[:400])


async def finish(server: TableServer, table: str, seed: int) -> None:
    """Every remaining decision played at random on the server (the people's too), pushing each."""
    t = server.tables[table]
    rng = random.Random(seed)
    while not t.over:
        seat = t.deciding
        assert seat is not None
        t.decide(seat, str(rng.choice(t.state.legal_actions())), person=t.seats[seat].kind == "person")
    server._changed(t)
    await asyncio.sleep(0)


@pytest.mark.parametrize("game", ["concordia", "colosseum", "massilia"])
async def test_hostile_names_are_text_in_the_lobby_the_game_screen_and_the_scores(
        served: tuple[TableServer, str], game: str) -> None:
    server, path = served
    evil = await TableClient.connect(path, "SHA256:evil", HOSTILE[0])
    other = await TableClient.connect(path, "SHA256:other", HOSTILE[1])
    anna = await TableClient.connect(path, "SHA256:anna", "Anna")
    seats = ["me", "free", "bot:random"]
    table = (await evil.request("create", game=game, seats=seats, seed=5))["table"]
    await other.request("sit", table=table, seat=1)
    app = RemoteApp(anna, [], settings())
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables)
        await pilot.pause(0.1)
        assert_plain(app, "lobby")
        await evil.request("start", table=table)
        await pilot.press("w")
        await until(pilot, lambda: table in app.sessions)
        await pilot.pause(0.2)
        assert_plain(app, f"{game} screen")
        await finish(server, table, 3)
        await until(pilot, lambda: app.sessions[table].state.is_over)
        await pilot.pause(0.5)
        assert_plain(app, f"{game} after the end", shown=False)
        for _ in range(3):  # the final scores (pushed by the screen), then whatever lies under them
            if not isinstance(app.screen, LobbyScreen):
                await pilot.pause(0.2)
                assert_plain(app, f"{game} {type(app.screen).__name__}", shown=False)
                app.pop_screen()
        await pilot.pause(0.2)
        assert_plain(app, "the lobby again")
    for c in (evil, other, anna):
        await c.close()


async def test_hostile_names_are_text_in_the_plain_decision_list(served: tuple[TableServer, str]) -> None:
    """The fallback screen (a view the game cannot draw) names the deciding seat and lists the seats."""
    _server, path = served
    evil = await TableClient.connect(path, "SHA256:evil", HOSTILE[0])
    anna = await TableClient.connect(path, "SHA256:anna", "Anna")
    table = (await evil.request("create", game="colosseum", seats=["me", "free"], seed=5))["table"]
    await anna.request("sit", table=table, seat=1)
    await evil.request("start", table=table)
    app = RemoteApp(anna, [], settings())
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: table in anna.latest)
        app.push_screen(TableScreen(table))
        await pilot.pause(0.2)
        assert_plain(app, "decision list")
    for c in (evil, anna):
        await c.close()


async def test_a_refusal_that_quotes_a_client_string_is_text(served: tuple[TableServer, str]) -> None:
    """The lobby's message line quotes what the player typed (an unknown seat spec): text, not markup."""
    _server, path = served
    anna = await TableClient.connect(path, "SHA256:anna", "Anna")
    app = RemoteApp(anna, [], settings())
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await lobby._create(("colosseum", ["me", "[strike]x[/]"], {}, 0))
        await pilot.pause(0.1)
        assert_plain(app, "lobby message")
    await anna.close()
