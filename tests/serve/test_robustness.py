"""The smaller holes of issue 35 item 5: a clean shutdown of the real ``concordia serve`` (no tracebacks), a
free seat of an unstarted table is not "thinking", and the tables keep their order over a restart."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import asyncssh

from tests.serve.test_remote import until
from tests.serve.test_remote_views import settings
from tui.serve.client import TableClient
from tui.serve.remote import LobbyScreen, RemoteApp
from tui.serve.table_server import TableServer
from tui.widgets.text_panel import TextPanel


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_the_real_server_stops_on_ctrl_c_without_a_traceback(tmp_path: Path) -> None:
    """``concordia serve`` with a player connected (their lobby talks to the tables) is stopped by SIGINT: it
    says it stopped, exits 0 and prints nothing on stderr (it printed two CancelledError tracebacks)."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    pub = tmp_path / "anna.pub"
    pub.write_bytes(key.export_public_key())
    port = free_port()
    env = {**os.environ, "CONCORDIA_CONFIG_DIR": str(tmp_path / "config")}
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--port", str(port), "--allow", str(pub)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        conn = None
        for _ in range(150):
            await asyncio.sleep(0.1)
            try:
                conn = await asyncssh.connect("127.0.0.1", port, username="anna", client_keys=[key],
                                              known_hosts=None, agent_path=None)
                break
            except OSError:
                continue
        assert conn is not None, "the server did not listen"
        seen = bytearray()

        class Lobby(asyncssh.SSHClientSession):  # type: ignore[type-arg]
            def data_received(self, data: bytes, datatype: int | None) -> None:
                seen.extend(data)

        await conn.create_session(Lobby, term_type="xterm-256color", term_size=(80, 24), encoding=None)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while b"Tables on this server" not in seen:  # the lobby is drawn: its table connection is open
            assert loop.time() < deadline, bytes(seen[-200:])
            await asyncio.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        out, err = await asyncio.to_thread(proc.communicate, timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    assert b"concordia serve: stopped" in out
    assert err.decode() == ""


async def test_a_free_seat_of_an_unstarted_table_is_not_thinking(served: tuple[TableServer, str]) -> None:
    """A spectator opens a table its host has not started: the status line says so; no seat "is thinking"
    and the free seat is not marked as a bot."""
    _server, path = served
    anna = await TableClient.connect(path, "SHA256:anna", "Anna")
    table = (await anna.request("create", game="colosseum", seats=["me", "free", "bot:random"], seed=2))["table"]
    carl = await TableClient.connect(path, "SHA256:carl", "Carl")
    app = RemoteApp(carl, [], settings())
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables)
        await pilot.press("w")
        await until(pilot, lambda: table in app.sessions)
        await pilot.pause(0.3)
        session = app.sessions[table]
        status = app.screen.query_one("#status", TextPanel).render().plain
        assert "waiting for the host" in status and "thinking" not in status, status
        assert [session.is_bot(i) for i in range(3)] == [False, False, True]
    await anna.close()
    await carl.close()


async def test_the_tables_keep_their_order_over_a_restart(tmp_path: Path) -> None:
    sock = Path(os.path.realpath("/tmp")) / f"cs-order-{os.getpid()}.sock"
    server = TableServer(tmp_path / "serve", max_per_host=8)  # one host makes them all
    await server.start(sock)
    anna = await TableClient.connect(str(sock), "SHA256:anna", "Anna")
    for game in ["massilia", "colosseum", "concordia", "colosseum", "massilia", "concordia", "colosseum"]:
        await anna.request("create", game=game, seats=["me", "bot:random"])
    before = [t["id"] for t in (await anna.request("list"))["tables"]]
    await anna.close()
    await server.close()
    again = TableServer(tmp_path / "serve")
    assert list(again.tables) == before and again.problems == []
    await again.close()
