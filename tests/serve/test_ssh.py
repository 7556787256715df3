"""The SSH server on 127.0.0.1: admission by key and invite, one app per connection, limits, resizes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pytest

from tui.serve.keys import fingerprint

from .conftest import Harness


def admit(h: Harness, *keys: asyncssh.SSHKey) -> None:
    assert h.server is not None
    for key in keys:
        h.server.admission.allow(key)


async def test_an_admitted_key_gets_its_own_app_with_its_size_seat_and_name(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    h = harness()
    await h.start()
    admit(h, anna_key)
    _chan, screen = await h.connect(anna_key, name="Anna", size=(100, 30), env={"LANG": "de_DE.UTF-8"})
    await screen.wait_for(f"READY 100x30 {fingerprint(anna_key)} Anna de False".encode())


async def test_an_unknown_key_is_refused(harness: Callable[..., Harness], anna_key: asyncssh.SSHKey,
                                         bert_key: asyncssh.SSHKey) -> None:
    h = harness()
    await h.start()
    admit(h, anna_key)
    with pytest.raises(asyncssh.PermissionDenied):
        await h.connect(bert_key)


async def test_an_invite_admits_the_key_it_was_used_with_for_good(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey, bert_key: asyncssh.SSHKey) -> None:
    h = harness()
    server = await h.start()
    code = server.admission.new_invite()
    chan, screen = await h.connect(anna_key, name="Anna")
    await screen.wait_for(b"invite code")
    chan.write(code.upper().encode() + b"\r")
    await screen.wait_for(b"READY")
    assert server.admission.is_authorized(anna_key)
    assert server.admission.invites == set()
    # the code is spent: another unknown key is refused, the admitted one gets straight in
    with pytest.raises(asyncssh.PermissionDenied):
        await h.connect(bert_key)
    _chan, again = await h.connect(anna_key)
    await again.wait_for(b"READY")
    # and the admission is kept in the authorized-keys file
    await h.stop()
    h2 = harness()
    await h2.start()
    _chan, third = await h2.connect(anna_key)
    await third.wait_for(b"READY")


async def test_a_wrong_invite_code_closes_the_connection_and_admits_nothing(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    h = harness()
    server = await h.start()
    server.admission.new_invite()
    chan, screen = await h.connect(anna_key)
    await screen.wait_for(b"invite code")
    chan.write(b"nope\r")
    await screen.wait_for(b"not an open invite code")
    await asyncio.wait_for(screen.closed.wait(), 5)
    assert not server.admission.is_authorized(anna_key)


async def test_an_idle_connection_is_closed(harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    h = harness(idle_timeout=0.6)
    await h.start()
    admit(h, anna_key)
    _chan, screen = await h.connect(anna_key)
    await screen.wait_for(b"READY")
    await screen.wait_for(b"without input", timeout=5)
    await asyncio.wait_for(screen.closed.wait(), 5)


async def test_a_session_without_a_terminal_is_told_to_use_one(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    h = harness()
    await h.start()
    admit(h, anna_key)
    _chan, screen = await h.connect(anna_key, pty=False)
    await screen.wait_for(b"needs a terminal")


async def test_a_resize_reaches_the_app(harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    h = harness()
    await h.start()
    admit(h, anna_key)
    chan, screen = await h.connect(anna_key, size=(80, 24))
    at = await screen.wait_for(b"READY 80x24")
    chan.change_terminal_size(132, 43)
    await screen.wait_for(b"SIZE 132x43", start=at)


async def test_input_reaches_the_app_and_the_app_quitting_ends_the_session(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    h = harness()
    await h.start()
    admit(h, anna_key)
    chan, screen = await h.connect(anna_key)
    await screen.wait_for(b"READY")
    chan.write(b"hello")
    await screen.wait_for(b"GOT 5")
    chan.write(b"\x11")
    await asyncio.wait_for(screen.closed.wait(), 5)
    assert h.server is not None
    for _ in range(50):
        if not h.server.sessions:
            break
        await asyncio.sleep(0.05)
    assert not h.server.sessions


async def test_a_stalled_client_does_not_stop_the_others_and_is_resynced(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey, bert_key: asyncssh.SSHKey) -> None:
    h = harness(max_backlog=16 * 1024)
    server = await h.start()
    admit(h, anna_key, bert_key)
    slow_chan, slow = await h.connect(anna_key, name="slow", window=64 * 1024)
    await slow.wait_for(b"READY")
    fast_chan, fast = await h.connect(bert_key, name="fast")
    await fast.wait_for(b"READY")
    slow_chan.pause_reading()
    slow_chan.write(b"F")  # ~400 kB of output, far beyond the client's window and the backlog limit
    loop = asyncio.get_running_loop()
    for i in range(1, 21):
        started = loop.time()
        fast_chan.write(b"k")
        await fast.wait_for(f"GOT {i}\r".encode(), timeout=5)
        assert loop.time() - started < 2.0
    slow_session = next(s for s in server.sessions if s.name == "slow")
    assert slow_session.app is not None
    for _ in range(100):
        if slow_session.app.dropped:
            break
        await asyncio.sleep(0.05)
    assert slow_session.app.dropped > 0
    slow_chan.resume_reading()
    await slow.wait_for(b"\x1b[2J", timeout=10)  # the screen is cleared and the app redraws (SIGWINCH)
    at = slow.data.rfind(b"\x1b[2J")
    await slow.wait_for(b"SIZE 100x30", start=at, timeout=10)
    assert slow_session.app.resyncs >= 1


async def test_the_real_app_opens_its_title_screen_over_ssh(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``ssh -p 2222 name@host`` opens the app's title screen: the real ``python -m tui.cli`` on its pty."""
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    h = harness(command=None)
    await h.start()
    admit(h, anna_key)
    chan, screen = await h.connect(anna_key, size=(100, 30), env={"LANG": "en_US.UTF-8"})
    await screen.wait_for(b"\x1b[?1049h", timeout=60)  # the app switched to the alternate screen
    await screen.wait_for(b"New game", timeout=60)
    chan.write(b"q")
    await asyncio.wait_for(screen.closed.wait(), 30)
