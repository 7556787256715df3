"""Nobody locks the players out without a key (issue 35, item 2), on 127.0.0.1.

Only admitted sessions count against ``--max-connections``; connections that have not got that far are
bounded apart, in all and per address, and each has a deadline; one more player than the server takes is
told "server full" in words. The other loopback addresses (127.0.0.2, ...) stand in for other machines.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import asyncssh
import pytest

from .conftest import Harness
from .test_ssh import admit


async def silent_socket(port: int, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection that never says a word (not even its SSH version)."""
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))


async def closed_by_server(reader: asyncio.StreamReader, within: float) -> bool:
    """True when the server ends the connection within ``within`` seconds (whatever it said first)."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(within):
            while await reader.read(4096):
                pass
            return True
    return False


async def test_silent_sockets_do_not_hold_the_players_places(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    """14 silent sockets from one address (the issue's attack) with room for 2 players: Anna still gets in;
    only 4 of the sockets are kept waiting, the others are closed at once."""
    h = harness(max_connections=2, max_waiting_per_address=4)
    await h.start()
    admit(h, anna_key)
    sockets = [await silent_socket(h.port, "127.0.0.2") for _ in range(14)]
    closed = await asyncio.gather(*(closed_by_server(r, 1.5) for r, _w in sockets))
    assert closed.count(False) == 4 and closed.count(True) == 10
    _chan, screen = await h.connect(anna_key, name="Anna")
    await screen.wait_for(b"READY")
    assert h.server is not None and h.server.connections == 1
    for _r, w in sockets:
        w.close()


async def test_all_waiting_connections_are_bounded_too(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    """Many addresses: at most ``max_waiting`` silent sockets wait in all; an admitted key still logs in once
    a login place is free (the silent ones time out after ``login_timeout``)."""
    h = harness(max_waiting=6, max_waiting_per_address=2, login_timeout=1.0)
    await h.start()
    admit(h, anna_key)
    sockets = [await silent_socket(h.port, f"127.0.0.{2 + i // 2}") for i in range(10)]
    closed = await asyncio.gather(*(closed_by_server(r, 0.6) for r, _w in sockets))
    assert closed.count(False) == 6
    late = await asyncio.gather(*(closed_by_server(r, 3.0) for r, _w in sockets))
    assert all(late), "a silent connection outlived the login timeout"
    _chan, screen = await h.connect(anna_key, name="Anna")
    await screen.wait_for(b"READY")
    for _r, w in sockets:
        w.close()


async def test_a_login_without_a_session_is_closed(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    """``ssh -N`` (logged in, no session) holds nothing for long: closed after ``session_timeout``."""
    h = harness(session_timeout=0.5)
    await h.start()
    admit(h, anna_key)
    conn = await h.login(anna_key)
    await asyncio.wait_for(conn.wait_closed(), 5)
    assert h.server is not None and h.server.waiting == {}


async def test_an_invite_code_must_be_typed_in_time(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    """While invite codes are open any key logs in; one that never types its code is closed after
    ``invite_timeout`` and never counted as a player."""
    h = harness(invite_timeout=0.5)
    server = await h.start()
    server.admission.new_invite()
    _chan, screen = await h.connect(anna_key)
    await screen.wait_for(b"invite code")
    await asyncio.wait_for(screen.closed.wait(), 5)
    assert server.connections == 0 and server.waiting == {}
    assert not server.admission.is_authorized(anna_key)


async def test_one_player_too_many_is_told_server_full_in_words(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey, bert_key: asyncssh.SSHKey) -> None:
    h = harness(max_connections=1)
    server = await h.start()
    admit(h, anna_key, bert_key)
    _chan, anna = await h.connect(anna_key, name="Anna")
    await anna.wait_for(b"READY")
    _chan, bert = await h.connect(bert_key, name="Bert")
    await bert.wait_for(b"server full")
    await asyncio.wait_for(bert.closed.wait(), 5)
    assert server.connections == 1
    await anna.wait_for(b"READY")  # Anna is still served
    h.conns[0].close()  # Anna leaves: Bert gets in
    await asyncio.sleep(0.3)
    _chan, again = await h.connect(bert_key, name="Bert")
    await again.wait_for(b"READY")
    assert server.connections == 1


async def test_one_connection_gets_one_session(harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    """A second session on the same connection (a second app for one login) is refused."""
    h = harness()
    await h.start()
    admit(h, anna_key)
    _chan, screen = await h.connect(anna_key)
    await screen.wait_for(b"READY")
    with pytest.raises(asyncssh.ChannelOpenError):
        await h.conns[0].create_session(asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24))
    assert h.server is not None and h.server.connections == 1
