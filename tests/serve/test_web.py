"""``concordia serve --web``: textual-serve behind the host's token (no token, no page; the token, the lobby)."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from tui.serve.forkserver import ForkServer
from tui.serve.web import ID_COOKIE, TOKEN_COOKIE, WebServer

from .conftest import children_of


async def received_until(ws: aiohttp.ClientWebSocketResponse, text: bytes, seen: bytes = b"") -> bytes:
    """What the tab received until ``text`` showed (or 60 s passed, or the socket closed)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while text not in seen and loop.time() < deadline:
        msg = await ws.receive(timeout=deadline - loop.time())
        if msg.type == aiohttp.WSMsgType.BINARY:
            seen += msg.data
        elif msg.type == aiohttp.WSMsgType.TEXT:
            seen += msg.data.encode()
        else:
            break
    return seen


async def test_a_request_without_the_token_is_refused(web: WebServer) -> None:
    base = f"http://127.0.0.1:{web.port}"
    async with aiohttp.ClientSession() as http:
        for path in ("/", "/?token=wrong", "/ws", "/static/css/xterm.css", "/download/x"):
            async with http.get(base + path) as r:
                assert r.status == 403, path
                assert "token" in await r.text()
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await http.ws_connect(base + "/ws")
    assert web.host == "127.0.0.1"


async def test_the_token_gets_the_page_and_a_websocket_runs_the_lobby(web: WebServer) -> None:
    base = f"http://127.0.0.1:{web.port}"
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:  # a browser's jar
        async with http.get(web.link) as r:
            assert r.status == 200
            page = await r.text()
            assert f"ws://127.0.0.1:{web.port}/ws" in page
            assert r.cookies[TOKEN_COOKIE].value == "s3cret-token"
            assert len(r.cookies[ID_COOKIE].value) == 32
        # the page's own requests carry the cookie the linked page set
        async with http.get(base + "/static/css/xterm.css") as r:
            assert r.status == 200
        ws = await http.ws_connect(base + "/ws?width=100&height=30")
        seen = b""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while b"Tables on this server" not in seen and loop.time() < deadline:
            msg = await ws.receive(timeout=deadline - loop.time())
            if msg.type == aiohttp.WSMsgType.BINARY:
                seen += msg.data
            elif msg.type == aiohttp.WSMsgType.TEXT:
                seen += msg.data.encode()
            else:
                break
        assert b"Tables on this server" in seen
        await ws.close()


async def test_the_browsers_id_is_its_seat_key_and_never_reaches_a_shell_unchecked(web: WebServer) -> None:
    from aiohttp.test_utils import make_mocked_request

    good = make_mocked_request("GET", "/ws", headers={"Cookie": f"{ID_COOKIE}={'a1' * 16}"})
    assert f"CONCORDIA_SERVE_SEAT=web:{'a1' * 16}" in web.command_for(good)
    bad = make_mocked_request("GET", "/ws", headers={"Cookie": f"{ID_COOKIE}=x;rm -rf /"})
    command = web.command_for(bad)
    assert "rm -rf" not in command and "CONCORDIA_SERVE_SEAT=web:" in command
    german = make_mocked_request("GET", "/ws?lang=de")
    assert "--lang de" in web.command_for(german)
    assert "--lang" not in web.command_for(make_mocked_request("GET", "/ws?lang=$(reboot)"))


async def test_with_the_template_a_tab_forks_its_lobby_and_plays_alone_in_the_same_child(
        template: ForkServer, web: WebServer) -> None:
    """A browser tab's app is forked from the template (on pipes, no terminal), "play alone" goes on in that
    same child, and closing the tab ends it."""
    assert template.proc is not None
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.get(web.link) as r:
            assert r.status == 200
        ws = await http.ws_connect(f"http://127.0.0.1:{web.port}/ws?width=100&height=30")
        seen = await received_until(ws, b"Tables on this server")
        assert b"Tables on this server" in seen
        (tab,) = children_of(template.proc.pid)
        await ws.send_json(["stdin", "p"])
        seen = await received_until(ws, b"Quick game", seen)
        assert b"Quick game" in seen, seen[-300:]
        assert children_of(template.proc.pid) == [tab]  # the full app runs in the lobby's forked process
        await ws.close()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20
    while children_of(template.proc.pid) and loop.time() < deadline:
        await asyncio.sleep(0.1)
    assert children_of(template.proc.pid) == [], "the tab's app outlived its tab"
