"""``concordia serve`` under load on loopback (``make bench`` only): SSH + one process per connection + tables.

- 8 connections, 2 Concordia tables of 4 people: the time from a decision sent over SSH until every other
  screen of its table shows it (the issue's target: under 300 ms on the 2-core machine);
- 20 connections, 4 tables of 4 people plus 4 spectators, a fixed number of decisions: every decision must
  reach every screen of its table; latency and memory per connection (RSS of each connection's process and
  of the server) are printed.

The per-connection program is the line-mode stand-in of the app's remote session (``tests/serve/table_app.py``):
it measures the server's path (SSH, pty, table server, pushes), not the Textual app's drawing; the real app's
memory on its title screen is measured once on the side for the per-connection figure.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

from tests.serve.conftest import Harness, Screen
from tests.serve.test_ssh_tables import table_command
from tui.serve.table_server import TableServer

DECISIONS_8 = 40
DECISIONS_20 = 40
BOUND_SECONDS = 240


def rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for row in f:
                if row.startswith("VmRSS:"):
                    return int(row.split()[1])
    except OSError:
        pass
    return 0


async def wait_line(screen: Screen, rx: re.Pattern[bytes], start: int, timeout: float = 20) -> re.Match[bytes]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        m = rx.search(bytes(screen.data), start)
        if m:
            return m
        assert loop.time() < deadline, f"no {rx.pattern!r}: {bytes(screen.data[-300:])!r}"
        screen.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(screen.changed.wait(), max(0.0, deadline - loop.time()))


async def run_load(tmp_path: Path, tables: int, spectators: int, decisions: int) -> dict[str, Any]:
    sock_dir = Path(tempfile.mkdtemp(prefix="cs", dir="/tmp"))
    socket = sock_dir / "t.sock"
    table_server = TableServer(tmp_path / "serve")
    await table_server.start(socket)
    h = Harness(tmp_path / "serve", command=table_command, table_socket=str(socket),
                max_connections=tables * 4 + spectators + 4)
    await h.start()
    assert h.server is not None
    try:
        keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(tables * 4 + spectators)]
        for k in keys:
            h.server.admission.allow(k)
        conns = [await h.connect(k, name=f"p{i}", size=(80, 24)) for i, k in enumerate(keys)]
        for _, screen in conns:
            await wait_line(screen, re.compile(rb"HELLO"), 0)
        ids: list[str] = []
        seats: list[list[tuple[Any, Screen]]] = []
        for t in range(tables):
            group = conns[t * 4:(t + 1) * 4]
            chan, screen = group[0]
            at = len(screen.data)
            chan.write(b"create concordia %d me,free,free,free\r" % (t + 1))
            table = (await wait_line(screen, re.compile(rb"OK create ([0-9a-f]{32})"), at)).group(1).decode()
            for seat, (c, s) in enumerate(group[1:], start=1):
                at = len(s.data)
                c.write(f"sit {table} {seat}\r".encode())
                await wait_line(s, re.compile(rb"OK sit"), at)
            chan.write(f"start {table}\r".encode())
            ids.append(table)
            seats.append(group)
        watchers = conns[tables * 4:]
        for i, (c, _s) in enumerate(watchers):
            c.write(f"watch {ids[i % tables]}\r".encode())
        for t, table in enumerate(ids):
            for _c, s in seats[t]:
                await wait_line(s, re.compile(rf"UPDATE {table} seat=\d n=0 ".encode()), 0)
        latencies: list[float] = []
        loop = asyncio.get_running_loop()
        for n in range(decisions):
            t = n % tables
            table = ids[t]
            k = n // tables  # decisions made at this table so far
            deciding = table_server.tables[table].deciding
            assert deciding is not None
            chan, screen = seats[t][deciding]
            m = await wait_line(screen, re.compile(
                rf"UPDATE {table} seat={deciding} n={k} deciding={deciding} legal=(.+?)\r".encode()), 0)
            others = [s for i, (_c, s) in enumerate(seats[t]) if i != deciding]
            others += [s for i, (_c, s) in enumerate(watchers) if i % tables == t]
            sent = loop.time()
            chan.write(f"act {table} {json.loads(m.group(1))[0]}\r".encode())
            rx = re.compile(rf"UPDATE {table} seat=\S+ n={k + 1} ".encode())
            await asyncio.gather(*(wait_line(s, rx, 0) for s in others))
            latencies.append(loop.time() - sent)
        pids = [s.app.pid for s in h.server.sessions if s.app is not None and s.app.pid]
        per_conn = [rss_kb(pid) for pid in pids]
        return {
            "connections": len(conns), "decisions": decisions, "latencies": latencies,
            "rss_per_connection_kb": statistics.median(per_conn) if per_conn else 0,
            "server_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        }
    finally:
        await h.stop()
        await table_server.close()
        shutil.rmtree(sock_dir, ignore_errors=True)


def report(name: str, r: dict[str, Any]) -> float:
    lat = sorted(r["latencies"])
    p95 = lat[int(0.95 * (len(lat) - 1))]
    print(f"\n{name}: {r['connections']} connections, {r['decisions']} decisions, decision to every other screen "
          f"median {statistics.median(lat) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {lat[-1] * 1000:.0f} ms; "
          f"RSS per connection process {r['rss_per_connection_kb'] / 1024:.1f} MB, server (test process, peak) "
          f"{r['server_rss_kb'] / 1024:.0f} MB (load average {os.getloadavg()[0]:.1f})")
    return p95


async def test_8_connections_two_tables_of_four_under_300_ms(tmp_path: Path) -> None:
    started = time.monotonic()
    r = await asyncio.wait_for(run_load(tmp_path, tables=2, spectators=0, decisions=DECISIONS_8), BOUND_SECONDS)
    p95 = report("8 connections", r)
    assert statistics.median(r["latencies"]) < 0.3
    assert p95 < 1.0
    assert time.monotonic() - started < BOUND_SECONDS


async def test_20_connections_four_tables_and_spectators_every_decision_reaches_every_screen(
        tmp_path: Path) -> None:
    r = await asyncio.wait_for(run_load(tmp_path, tables=4, spectators=4, decisions=DECISIONS_20), BOUND_SECONDS)
    report("20 connections", r)
    assert len(r["latencies"]) == DECISIONS_20


def test_the_real_apps_memory_per_connection(tmp_path: Path) -> None:
    """The RSS of one real app process on its title screen: what each SSH connection costs on top."""
    import subprocess

    from tests.tui.app_support import Terminal

    config = tmp_path / "config"
    config.mkdir()
    t = Terminal([], {"CONCORDIA_CONFIG_DIR": str(config), "CONCORDIA_SAVE_DIR": str(tmp_path / "s")}, size=(80, 24))
    try:
        t.wait_for("Quick game", timeout=60)
        pid = t.proc.pid
        kb = rss_kb(pid)
        children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
        kb += sum(rss_kb(int(c)) for c in children)
        version = sys.version.split()[0]
        print(f"\nreal app on its title screen: RSS {kb / 1024:.0f} MB per connection (python {version})")
        assert kb > 0
    finally:
        t.close()
