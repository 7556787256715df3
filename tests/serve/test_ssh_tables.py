"""Tables over SSH: a seat belongs to the key, survives a disconnect and a server restart; stalls stay local."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from tui.serve.table_server import TableServer

from .conftest import Harness, Screen

TABLE_APP = str(Path(__file__).with_name("table_app.py"))


def table_command(info: dict[str, Any]) -> list[str]:
    return [sys.executable, TABLE_APP]


class Site:
    """An SSH server and its table server, stopped and started together (a server restart)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.sock_dir = Path(tempfile.mkdtemp(prefix="cs", dir="/tmp"))
        self.socket = self.sock_dir / "t.sock"
        self.ssh = Harness(directory, command=table_command, table_socket=str(self.socket))
        self.tables: TableServer | None = None

    async def start(self) -> None:
        self.tables = TableServer(self.directory)
        await self.tables.start(self.socket)
        await self.ssh.start()

    async def stop(self) -> None:
        await self.ssh.stop()
        if self.tables is not None:
            await self.tables.close()
            self.tables = None


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    s = Site(tmp_path / "serve")
    yield s
    await s.stop()
    shutil.rmtree(s.sock_dir, ignore_errors=True)


async def line(screen: Screen, pattern: str, start: int = 0, timeout: float = 15) -> tuple[re.Match[bytes], int]:
    """The first match of ``pattern`` (a regex over one output line) after ``start``; and the offset after it."""
    rx = re.compile(pattern.encode())
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        m = rx.search(bytes(screen.data), start)
        if m:
            return m, m.end()
        assert loop.time() < deadline, f"no {pattern!r}: {bytes(screen.data[-400:])!r}"
        screen.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(screen.changed.wait(), deadline - loop.time())


async def test_a_seat_belongs_to_the_key_across_a_disconnect_and_a_server_restart(
        site: Site, anna_key: asyncssh.SSHKey, bert_key: asyncssh.SSHKey) -> None:
    await site.start()
    assert site.ssh.server is not None
    site.ssh.server.admission.allow(anna_key)
    site.ssh.server.admission.allow(bert_key)
    a_chan, anna = await site.ssh.connect(anna_key, name="Anna")
    b_chan, bert = await site.ssh.connect(bert_key, name="Bert")
    await line(anna, r"HELLO -")
    await line(bert, r"HELLO -")
    a_chan.write(b"create concordia 5 me,free\r")
    m, at_a = await line(anna, r"OK create ([0-9a-f]{32})")
    table = m.group(1).decode()
    b_chan.write(f"sit {table} 1\r".encode())
    _, at_b = await line(bert, r"OK sit")
    a_chan.write(f"start {table}\r".encode())
    m, at_a = await line(anna, rf"UPDATE {table} seat=0 n=0 deciding=(\d)", at_a)
    first = int(m.group(1))
    # the one who decides plays; the other's screen shows the decision
    chan, screen, _at = (a_chan, anna, at_a) if first == 0 else (b_chan, bert, at_b)
    m, _ = await line(screen, rf"UPDATE {table} seat={first} n=0 deciding={first} legal=(.+?)\r", 0)
    chan.write(f"act {table} {json.loads(m.group(1))[0]}\r".encode())
    other = bert if first == 0 else anna
    await line(other, rf"UPDATE {table} seat={1 - first} n=1 ")
    # Bert hangs up and comes back: the server knows his seat by his key, whatever name he gives
    bert_conn = site.ssh.conns[1]
    bert_conn.close()
    await asyncio.wait_for(bert.closed.wait(), 5)
    b_chan, bert = await site.ssh.connect(bert_key, name="Bertram")
    await line(bert, rf"HELLO {table}")
    b_chan.write(f"watch {table}\r".encode())
    await line(bert, rf"UPDATE {table} seat=1 n=1 ")
    # the whole server restarts: the table is resumed with its decision, the seats still the keys'
    await site.stop()
    await site.start()
    assert site.tables is not None and site.tables.tables[table].log
    _, anna = await site.ssh.connect(anna_key, name="Anna")
    await line(anna, rf"HELLO {table}")


@pytest.mark.parametrize("game", ["concordia", "colosseum"])
async def test_two_people_and_two_bots_play_a_full_seeded_game_over_ssh(
        site: Site, anna_key: asyncssh.SSHKey, bert_key: asyncssh.SSHKey, game: str) -> None:
    """Two SSH connections and two random bots play to the end; each screen gets every decision of its table."""
    await site.start()
    assert site.ssh.server is not None and site.tables is not None
    site.ssh.server.admission.allow(anna_key)
    site.ssh.server.admission.allow(bert_key)
    a_chan, anna = await site.ssh.connect(anna_key, name="Anna")
    b_chan, bert = await site.ssh.connect(bert_key, name="Bert")
    await line(anna, r"HELLO -")
    await line(bert, r"HELLO -")
    a_chan.write(f"create {game} 21 me,bot:random,free,bot:random\r".encode())
    m, _ = await line(anna, r"OK create ([0-9a-f]{32})")
    table = m.group(1).decode()
    b_chan.write(f"sit {table} 2\r".encode())
    await line(bert, r"OK sit")
    a_chan.write(f"start {table}\r".encode())
    t = site.tables.tables[table]
    people = {0: (a_chan, anna), 2: (b_chan, bert)}
    rng = random.Random(8)
    marks = {0: 0, 2: 0}
    for _ in range(3000):
        if t.over:
            break
        seat = t.deciding
        if seat not in people:
            await asyncio.sleep(0.005)
            continue
        n = len(t.log)
        chan, screen = people[seat]
        m, marks[seat] = await line(screen, rf"UPDATE {table} seat={seat} n={n} deciding={seat} legal=(\[.*?\])\r",
                                    marks[seat])
        chan.write(f"act {table} {rng.choice(json.loads(m.group(1)))}\r".encode())
        while len(t.log) == n:
            await asyncio.sleep(0.002)
    assert t.over and {e.seat for e in t.log} == {0, 1, 2, 3}
    for screen in (anna, bert):
        await line(screen, rf"UPDATE {table} seat=\d n={len(t.log)} deciding=None legal=-")


async def test_over_ssh_the_lobby_opens_and_play_alone_opens_the_apps_title_screen(
        tmp_path: Path, anna_key: asyncssh.SSHKey, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real per-connection program: ``python -m tui.serve.remote``, then the app itself on the same pty."""
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    site = Site(tmp_path / "serve")
    site.ssh.options["command"] = None
    try:
        await site.start()
        assert site.ssh.server is not None
        site.ssh.server.admission.allow(anna_key)
        chan, screen = await site.ssh.connect(anna_key, size=(100, 30), env={"LANG": "en_US.UTF-8"})
        _, at = await line(screen, r"Tables on this server", timeout=60)
        chan.write(b"p")
        await line(screen, r"New game", at, timeout=60)
    finally:
        await site.stop()
        shutil.rmtree(site.sock_dir, ignore_errors=True)


async def test_fuzzing_the_real_lobby_never_stops_the_server(
        tmp_path: Path, anna_key: asyncssh.SSHKey, bert_key: asyncssh.SSHKey,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random keys, escape sequences, resizes and a big paste into the real lobby app: the server goes on."""
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    site = Site(tmp_path / "serve")
    site.ssh.options["command"] = None
    try:
        await site.start()
        assert site.ssh.server is not None and site.tables is not None
        site.ssh.server.admission.allow(anna_key)
        site.ssh.server.admission.allow(bert_key)
        chan, screen = await site.ssh.connect(anna_key, size=(100, 30))
        await line(screen, r"Tables on this server", timeout=60)
        rng = random.Random(7)
        nasty = [b"\x1b", b"\x1b[", b"\x1b[99999;99999H", b"\x1b[<0;-5;-5M", b"\xff\xfe", b"\x1b]0;" + b"x" * 3000,
                 b"\t", b"\r", b"\x1b[A", b"\x1b[B", b"n", b"\x1b[200~" + b"y" * 20000 + b"\x1b[201~"]
        for _ in range(150):
            if rng.random() < 0.15:
                chan.change_terminal_size(rng.choice([1, 20, 100, 400]), rng.choice([1, 10, 30, 200]))
            else:
                chunk = rng.choice(nasty) if rng.random() < 0.5 else bytes(rng.randrange(256) for _ in range(30))
                chan.write(chunk.replace(b"q", b"").replace(b"p", b"").replace(b"\x11", b"").replace(b"\x03", b""))
            await asyncio.sleep(0.01)
            tail = re.sub(rb"\x1b\[[0-9;?<>]*[a-zA-Z]", b"", bytes(screen.data[-20000:]))[-1500:]
            assert not screen.closed.is_set(), tail
        _, other = await site.ssh.connect(bert_key, size=(100, 30))
        await line(other, r"Tables on this server", timeout=60)
        assert site.tables.links  # the table server still has its connections
    finally:
        await site.stop()
        shutil.rmtree(site.sock_dir, ignore_errors=True)


async def test_over_ssh_two_friends_play_a_table_in_the_games_own_screen(
        tmp_path: Path, anna_key: asyncssh.SSHKey, bert_key: asyncssh.SSHKey,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The real lobby app on two SSH connections: Anna creates a Concordia table (N, Enter), Bert takes the free
    seat (Enter), Anna starts it (S); both terminals switch to Concordia's own game screen, and a card played
    with a key on the terminal of whoever decides is the server's decision of that seat."""
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    site = Site(tmp_path / "serve")
    site.ssh.options["command"] = None
    try:
        await site.start()
        assert site.ssh.server is not None and site.tables is not None
        site.ssh.server.admission.allow(anna_key)
        site.ssh.server.admission.allow(bert_key)
        a_chan, anna = await site.ssh.connect(anna_key, name="Anna", size=(120, 36), env={"LANG": "en_US.UTF-8"})
        b_chan, bert = await site.ssh.connect(bert_key, name="Bert", size=(120, 36), env={"LANG": "de_DE.UTF-8"})
        _, at_a = await line(anna, r"Tables on this server", timeout=60)
        _, at_b = await line(bert, r"Tische auf diesem Server", timeout=60)  # LANG=de: the lobby in German
        a_chan.write(b"n")
        await line(anna, r"Seats \(me", at_a, timeout=30)
        a_chan.write(b"\r")  # the defaults: Concordia, me,free,bot:random,bot:random
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while not site.tables.tables:
            assert loop.time() < deadline
            await asyncio.sleep(0.05)
        table = next(iter(site.tables.tables.values()))
        b_chan.write(b"r")
        await asyncio.sleep(1.0)
        b_chan.write(b"\r")  # Bert takes the first free seat
        while table.seats[1].kind != "person":
            assert loop.time() < deadline + 30, bytes(bert.data[-300:])
            await asyncio.sleep(0.05)
        assert table.seats[1].name == "Bert"
        a_chan.write(b"s")
        _, at_a = await line(anna, r"Leave", at_a, timeout=90)  # Concordia's own screen (its footer, any size)
        _, at_b = await line(bert, r"Verlassen", at_b, timeout=90)
        while table.deciding not in (0, 1):
            assert loop.time() < deadline + 90
            await asyncio.sleep(0.05)
        seat = table.deciding
        before = len(table.log)
        await asyncio.sleep(1.0)  # the update reaches the screen
        (a_chan if seat == 0 else b_chan).write(b"1")  # the first card of the hand
        while len(table.log) == before:
            assert loop.time() < deadline + 120, bytes((anna if seat == 0 else bert).data[-400:])
            await asyncio.sleep(0.05)
        assert table.log[before].seat == seat and table.log[before].person
        assert table.log[before].action.startswith("play ")
    finally:
        await site.stop()
        shutil.rmtree(site.sock_dir, ignore_errors=True)
