"""Fixtures of the serve tests: a server on 127.0.0.1 (a free port) with a stand-in app, and SSH clients."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from tui.serve import forkserver
from tui.serve.forkserver import ForkServer
from tui.serve.keys import Admission, host_key
from tui.serve.ssh import ServeOptions, Server
from tui.serve.table_server import TableServer
from tui.serve.web import WebServer

ECHO_APP = str(Path(__file__).with_name("echo_app.py"))


def echo_command(info: dict[str, Any]) -> list[str]:
    return [sys.executable, ECHO_APP, str(info["lang"]), str(info["ascii"])]


class Screen(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """What one client received, with a wait for a text to show up."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.data += data
        self.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.changed.set()

    async def wait_for(self, text: bytes, timeout: float = 10.0, start: int = 0) -> int:
        """Wait until ``text`` appears after offset ``start``; returns the offset just after it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            at = self.data.find(text, start)
            if at >= 0:
                return at + len(text)
            if self.closed.is_set():
                raise AssertionError(f"closed before {text!r}: {bytes(self.data[-300:])!r}")
            left = deadline - loop.time()
            if left <= 0:
                raise AssertionError(f"no {text!r} within {timeout} s: {bytes(self.data[-300:])!r}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)


class Harness:
    """A running server and a way to connect to it with a key."""

    def __init__(self, directory: Path, **options: Any) -> None:
        self.directory = directory
        self.options = options
        self.server: Server | None = None
        self.port = 0
        self.conns: list[asyncssh.SSHClientConnection] = []

    async def start(self) -> Server:
        admission = Admission.load(self.directory)
        options = {"command": echo_command, **self.options}
        opts = ServeOptions(directory=self.directory, port=self.port, **options)
        self.server = Server(opts, admission, host_key(self.directory))
        self.port = await self.server.start()
        return self.server

    async def stop(self) -> None:
        for conn in self.conns:
            conn.close()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
            self.server = None

    async def connect(self, key: asyncssh.SSHKey, name: str = "anna", size: tuple[int, int] = (100, 30),
                      term: str = "xterm-256color", env: dict[str, str] | None = None,
                      pty: bool = True, window: int = 2 * 1024 * 1024, source: str | None = None,
                      ) -> tuple[asyncssh.SSHClientChannel[bytes], Screen]:
        conn = await self.login(key, name, source)
        kw: dict[str, Any] = {"term_type": term, "term_size": size} if pty else {"request_pty": False}
        chan, session = await conn.create_session(Screen, encoding=None, env=env or {}, window=window,
                                                   **kw)
        assert isinstance(session, Screen)
        return chan, session

    async def login(self, key: asyncssh.SSHKey, name: str = "anna",
                    source: str | None = None) -> asyncssh.SSHClientConnection:
        """An SSH connection logged in with ``key`` (from the address ``source``: any 127.x.y.z), no session."""
        conn = await asyncssh.connect("127.0.0.1", self.port, username=name, client_keys=[key], known_hosts=None,
                                      agent_path=None, password=None, kbdint_auth=False, gss_auth=False,
                                      local_addr=(source, 0) if source else None)
        self.conns.append(conn)
        return conn


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Callable[..., Harness]]:
    made: list[Harness] = []

    def make(**options: Any) -> Harness:
        h = Harness(tmp_path / "serve", **options)
        made.append(h)
        return h

    yield make
    for h in made:
        await h.stop()


@pytest.fixture
def anna_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
def bert_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[TableServer, str]]:
    """A table server on a unix socket in a short /tmp folder (socket paths are limited to about 100 bytes)."""
    sock_dir = Path(tempfile.mkdtemp(prefix="cs", dir="/tmp"))
    server = TableServer(tmp_path / "serve")
    await server.start(sock_dir / "t.sock")
    yield server, str(sock_dir / "t.sock")
    await server.close()
    shutil.rmtree(sock_dir, ignore_errors=True)


WEB_TOKEN = "s3cret-token"
"""The token of the ``web`` fixture's server."""


@pytest.fixture
def template() -> Iterator[ForkServer]:
    """The pre-imported template process, installed: connection apps (SSH and browser tabs) fork from it."""
    server = ForkServer()
    server.start()
    forkserver.install(server)
    yield server
    forkserver.install(None)
    server.close()


def children_of(pid: int) -> list[int]:
    """The live child processes of ``pid`` (``/proc``)."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


@pytest.fixture
async def web(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[WebServer]:
    """``concordia serve --web`` on a free port of 127.0.0.1 (token ``WEB_TOKEN``), with its table server."""
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    sock_dir = Path(tempfile.mkdtemp(prefix="cs", dir="/tmp"))
    tables = TableServer(tmp_path / "serve")
    await tables.start(sock_dir / "t.sock")
    server = WebServer(WEB_TOKEN, tmp_path / "serve", str(sock_dir / "t.sock"), port=0)
    await server.start()
    yield server
    await server.close()
    await tables.close()
    shutil.rmtree(sock_dir, ignore_errors=True)
