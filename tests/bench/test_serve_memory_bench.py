"""Memory and start time per ``concordia serve`` connection (``make bench`` only): 20 SSH connections on
loopback, each with the real app idle in the server's lobby (what a friend sees on connecting), its apps
forked from the pre-imported template (``tui/serve/forkserver.py``) against the baseline of apps started
anew, side by side.

Per connection: USS (its private pages: Private_Clean + Private_Dirty of ``/proc/<pid>/smaps_rollup``) and PSS
(its share of every page), the median and the largest; the start time is from the SSH session's opening to
the lobby on the client. The issue's targets: USS <= 15 MB per idle connection with 20 connections, and
an app that starts in under 0.3 s. A second run: 6 connections that play alone (P in the lobby: the full app
follows in the lobby's own process), their USS and the time from P to the app's title screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from tests.serve.conftest import Harness, Screen
from tui.serve import forkserver
from tui.serve.table_server import TableServer
from tui.serve.terminal import app_command

CONNECTIONS = 20
BANNER = b"Tables on this server"
TITLE = b"Quick game"
"""On the full app's title screen, which "play alone" (P) opens."""
ALONE = 6
"""Connections that play alone (each runs the full app after P)."""


def smaps_kb(pid: int) -> dict[str, int]:
    """The fields of ``/proc/<pid>/smaps_rollup`` in kB (empty when the process is gone)."""
    out: dict[str, int] = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for row in f:
                parts = row.split()
                if len(parts) == 3 and parts[2] == "kB":
                    out[parts[0].rstrip(":")] = int(parts[1])
    except OSError:
        pass
    return out


async def wait_for(screen: Screen, text: bytes, timeout: float = 60.0, start: int = 0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while screen.data.find(text, start) < 0:
        assert loop.time() < deadline, f"no {text!r}: {bytes(screen.data[-300:])!r}"
        screen.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(screen.changed.wait(), max(0.0, deadline - loop.time()))


async def run(tmp_path: Path, forked: bool, alone: bool = False, connections: int = CONNECTIONS) -> dict[str, Any]:
    """``connections`` idle connections in the lobby (or, ``alone``, in the full app's title screen after P);
    their USS and PSS, the template's PSS, and each start time (to the lobby; to the title after P)."""
    template = forkserver.ForkServer() if forked else None
    if template is not None:
        template.start()
        forkserver.install(template)
    folder = tmp_path / (("forked" if forked else "anew") + ("-alone" if alone else ""))
    sock_dir = Path(tempfile.mkdtemp(prefix="cs", dir="/tmp"))
    tables = TableServer(folder)
    await tables.start(sock_dir / "t.sock")
    h = Harness(folder, command=lambda info: app_command(info["lang"], info["ascii"], info["save_dir"], lobby=True),
                table_socket=str(sock_dir / "t.sock"), max_connections=connections + 4)
    await h.start()
    assert h.server is not None
    try:
        starts = []
        for i in range(connections):
            key = asyncssh.generate_private_key("ssh-ed25519")
            h.server.admission.allow(key)
            began = time.perf_counter()
            chan, screen = await h.connect(key, name=f"p{i}", size=(80, 24))
            await wait_for(screen, BANNER)
            if alone:
                began = time.perf_counter()
                at = len(screen.data)
                chan.write(b"p")
                await wait_for(screen, TITLE, start=at)
            starts.append(time.perf_counter() - began)
        await asyncio.sleep(3.0)  # idle: every app has drawn its title and settled
        pids = [s.app.pid for s in h.server.sessions if s.app is not None and s.app.pid]
        assert len(pids) == connections
        maps = [smaps_kb(pid) for pid in pids]
        uss = [(m.get("Private_Clean", 0) + m.get("Private_Dirty", 0)) / 1024 for m in maps]
        pss = [m.get("Pss", 0) / 1024 for m in maps]
        template_pss = smaps_kb(template.proc.pid).get("Pss", 0) / 1024 if template and template.proc else 0.0
        return {"uss": uss, "pss": pss, "starts": starts, "template_pss": template_pss}
    finally:
        await h.stop()
        await tables.close()
        shutil.rmtree(sock_dir, ignore_errors=True)
        forkserver.install(None)
        if template is not None:
            template.close()


def report(name: str, r: dict[str, Any], connections: int = CONNECTIONS, start: str = "start to lobby") -> None:
    uss, pss, starts = r["uss"], r["pss"], r["starts"]
    print(f"\n{name}: {connections} idle connections, per connection USS median {statistics.median(uss):.1f} MB "
          f"(max {max(uss):.1f}), PSS median {statistics.median(pss):.1f} MB (max {max(pss):.1f}); "
          f"all connections {sum(pss) + r['template_pss']:.0f} MB PSS (template {r['template_pss']:.0f} MB); "
          f"{start} median {statistics.median(starts):.2f} s (max {max(starts):.2f} s)")


async def test_memory_and_start_time_per_connection_forked_against_started_anew(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    forked = await run(tmp_path, forked=True)
    report("forked from the template", forked)
    anew = await run(tmp_path, forked=False)
    report("started anew (baseline)", anew)
    uss, base = statistics.median(forked["uss"]), statistics.median(anew["uss"])
    print(f"USS per connection forked/anew: {uss / base:.2f}; the issue's target of 15 MB is "
          f"{'met' if uss <= 15.0 else 'not met'} ({uss:.1f} MB)")
    assert uss < 0.6 * base, "forking from the template no longer saves 40 % of a connection's private memory"
    assert statistics.median(forked["starts"]) < 0.3, "a connection's app starts in 0.3 s or more"


async def test_memory_of_connections_that_play_alone_forked_against_started_anew(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """P in the lobby runs the full app in the lobby's own process: forked from the template, it goes on
    sharing the template's pages (it used to exec a fresh Python)."""
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    forked = await run(tmp_path, forked=True, alone=True, connections=ALONE)
    report("play alone, forked from the template", forked, ALONE, "P to the title")
    anew = await run(tmp_path, forked=False, alone=True, connections=ALONE)
    report("play alone, started anew (baseline)", anew, ALONE, "P to the title")
    uss, base = statistics.median(forked["uss"]), statistics.median(anew["uss"])
    print(f"USS per connection playing alone forked/anew: {uss / base:.2f}")
    assert uss < 0.7 * base, "playing alone in a forked lobby no longer shares most of the template's pages"
