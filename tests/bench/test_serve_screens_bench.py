"""``concordia serve`` with the game's own screens (``make bench`` only): how soon a decision is on the others' screens.

As ``concordia serve`` does, every connection is an app process of its own (``serve_screen_worker.py``: a
``RemoteApp`` in Concordia's own ``GameScreen``, headless at 120x36, so every frame is composed and rendered but
no SSH and no pty are in the way) talking to one table server (in this process) over its Unix socket. Every
seat is a person who plays a random legal decision as soon as their screen offers one.

- 8 connections, 2 Concordia tables of 4 people: the time from a person sending a decision until each other
  screen of its table has redrawn with it (``refresh_panels`` and ``advance`` done) -- the issue's target is
  300 ms on the 2-core machine;
- 20 connections, 4 tables of 4 people plus one spectator each, a fixed number of decisions per table: every
  decision must reach every screen of its table (or a later one that includes it), latency and memory (RSS of
  each connection's process) are printed.

Each latency is per (decision, other screen); "all" is per decision, until the last screen of its table had it.
``SERVE_BENCH_PROFILE=1`` prints where one connection's process and the server spent their time (cProfile).
"""

from __future__ import annotations

import asyncio
import cProfile
import json
import os
import pstats
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tui.serve.client import TableClient
from tui.serve.table_server import TableServer

TARGET_MS = 300.0
"""The issue's target for a decision reaching the other screens of its table."""
BOUND_MS = 3000.0
"""What the test asserts for the median: a screen that stops following the table fails it at any load."""
WORKER = Path(__file__).resolve().parent / "serve_screen_worker.py"
ROOT = Path(__file__).resolve().parents[2]
PROFILE = bool(os.environ.get("SERVE_BENCH_PROFILE"))


def rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for row in f:
                if row.startswith("VmRSS:"):
                    return int(row.split()[1])
    except OSError:
        pass
    return 0


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[max(0, min(len(values) - 1, int(len(values) * q + 0.5) - 1))]


async def run_tables(tmp: Path, tables: int, people: int, spectators: int, decisions: int) -> dict[str, Any]:
    """``tables`` Concordia tables of ``people`` persons (and ``spectators`` each) until ``decisions`` each."""
    sock_dir = Path(tempfile.mkdtemp(prefix="cs", dir="/tmp"))
    path = str(sock_dir / "t.sock")
    server = TableServer(tmp / "serve")
    await server.start(sock_dir / "t.sock")
    prof = cProfile.Profile() if PROFILE else None
    procs: list[tuple[str, int, bool, asyncio.subprocess.Process]] = []
    lines: dict[int, list[dict[str, Any]]] = {}
    peak: dict[int, int] = {}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        ids = []
        for i in range(tables):
            host = await TableClient.connect(path, f"SHA256:t{i}s0", f"P{i}.0")
            ids.append((await host.request("create", game="concordia", seats=["me"] + ["free"] * (people - 1),
                                           seed=100 + i))["table"])
            await host.close()
        for i, table in enumerate(ids):
            for s in range(people):
                if s:
                    c = await TableClient.connect(path, f"SHA256:t{i}s{s}", f"P{i}.{s}")
                    await c.request("sit", table=table, seat=s)
                    await c.close()
            roles = [("seat", f"SHA256:t{i}s{s}", f"P{i}.{s}") for s in range(people)]
            roles += [("watch", f"SHA256:t{i}w{w}", f"W{i}.{w}") for w in range(spectators)]
            for k, (role, key, name) in enumerate(roles):
                args = [str(WORKER), path, key, name, table, role, str(decisions)]
                if PROFILE and i == 0 and k == 1:
                    args.append("--profile")
                p = await asyncio.create_subprocess_exec(sys.executable, *args, env=env, cwd=str(ROOT),
                                                         stdout=asyncio.subprocess.PIPE, limit=2**24)
                procs.append((table, len(procs), role == "seat", p))
        for _t, k, _s, p in procs:
            assert p.stdout is not None
            first = json.loads(await asyncio.wait_for(p.stdout.readline(), 120))
            assert first == {"ready": True}
            lines[k] = []

        async def read(k: int, p: asyncio.subprocess.Process) -> None:
            assert p.stdout is not None
            async for raw in p.stdout:
                lines[k].append(json.loads(raw))
                peak[k] = max(peak.get(k, 0), rss_kb(p.pid))

        readers = [asyncio.create_task(read(k, p)) for _t, k, _s, p in procs]
        if prof is not None:
            prof.enable()
        for i, table in enumerate(ids):
            c = await TableClient.connect(path, f"SHA256:t{i}s0", f"P{i}.0")
            await c.request("start", table=table)
            await c.close()
        started = time.monotonic()
        await asyncio.wait_for(asyncio.gather(*(p.wait() for *_x, p in procs)), 600)
        await asyncio.gather(*readers)
        elapsed = time.monotonic() - started
        if prof is not None:
            prof.disable()
    finally:
        for *_x, p in procs:
            if p.returncode is None:
                p.kill()
        await server.close()
        shutil.rmtree(sock_dir, ignore_errors=True)
    pairs: list[float] = []
    alls: list[float] = []
    missed = 0
    for table in ids:
        mine = [(k, seat) for t, k, seat, _p in procs if t == table]
        sent = {int(e["sent"]): (k, float(e["at"])) for k, _s in mine for e in lines[k] if "sent" in e}
        for n, (who, at) in sent.items():
            worst = 0.0
            for k, _s in mine:
                if k == who:
                    continue
                when = next((float(e["at"]) for e in lines[k] if "drawn" in e and int(e["drawn"]) > n), None)
                if when is None:
                    missed += 1
                    continue
                pairs.append((when - at) * 1000)
                worst = max(worst, (when - at) * 1000)
            alls.append(worst)
    profile = next((e["profile"] for k in lines for e in lines[k] if "profile" in e), "")
    if prof is not None:
        out = __import__("io").StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(25)
        profile += "\n--- server ---\n" + out.getvalue()
    return {"pairs": pairs, "all": alls, "missed": missed, "rss": list(peak.values()), "elapsed": elapsed,
            "decisions": len(alls), "profile": profile}


def report(label: str, r: dict[str, Any]) -> float:
    pairs, alls = r["pairs"], r["all"]
    median = statistics.median(pairs)
    rss = r["rss"]
    print(f"\n{label}: {r['decisions']} decisions in {r['elapsed']:.0f} s, to each other screen of the table "
          f"median {median:.0f} ms, p95 {pct(pairs, 0.95):.0f} ms, max {max(pairs):.0f} ms; to all of them median "
          f"{statistics.median(alls):.0f} ms, p95 {pct(alls, 0.95):.0f} ms; missed {r['missed']}; RSS per "
          f"connection median {statistics.median(rss) / 1024:.0f} MB, max {max(rss) / 1024:.0f} MB "
          f"(target {TARGET_MS:.0f} ms; load average {os.getloadavg()[0]:.1f})")
    if r["profile"]:
        print(r["profile"])
    return float(median)


async def test_8_connections_2_tables_of_4(tmp_path: Path) -> None:
    r = await run_tables(tmp_path, tables=2, people=4, spectators=0, decisions=60)
    median = report("8 connections (2 tables of 4)", r)
    assert r["missed"] == 0 and r["decisions"] >= 100
    assert median < BOUND_MS


async def test_20_connections_4_tables_of_4_and_spectators(tmp_path: Path) -> None:
    r = await run_tables(tmp_path, tables=4, people=4, spectators=1, decisions=30)
    median = report("20 connections (4 tables of 4, a spectator each)", r)
    assert r["missed"] == 0 and r["decisions"] >= 100
    assert median < BOUND_MS
