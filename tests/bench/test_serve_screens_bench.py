"""``concordia serve`` with the game's own screens (``make bench`` only): how soon a decision is on the other
person's screen.

Two connections (two ``RemoteApp``s, each with its own ``TableClient`` to a real table server) sit at a Concordia
table with two random bots, each in Concordia's own ``GameScreen`` over a ``RemoteSession`` at 120x36. For a
fixed number of decisions of the two people, the time from sending the decision until the *other* person's
screen has redrawn with it (``refresh_panels`` and ``advance`` done) is measured and printed; the issue's
target for a decision reaching the other screens of its table is 300 ms on the 2-core machine. Here both apps
and the table server share one process and one core (``concordia serve`` gives each its own process), so the
figure is an upper bound of the real one.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from tui.serve.client import TableClient
from tui.serve.remote import RemoteApp
from tui.serve.table_server import TableServer
from tui.settings import Settings

DECISIONS = 40
TARGET_MS = 300.0
"""The issue's target (printed beside the measurement; both apps and the server share one process here)."""
BOUND_MS = 3000.0
"""What the test asserts for the median: a screen that stops following the table fails it at any load."""


async def test_a_decision_reaches_the_other_game_screen_quickly(tmp_path: Path) -> None:
    sock_dir = Path(tempfile.mkdtemp(prefix="cs", dir="/tmp"))
    server = TableServer(tmp_path / "serve")
    await server.start(sock_dir / "t.sock")
    path = str(sock_dir / "t.sock")
    anna = await TableClient.connect(path, "SHA256:anna", "Anna")
    bert = await TableClient.connect(path, "SHA256:bert", "Bert")
    table_id = (await anna.request("create", game="concordia", seats=["me", "bot:random", "free", "bot:random"],
                                   seed=21))["table"]
    await bert.request("sit", table=table_id, seat=2)
    t = server.tables[table_id]
    settings = Settings().with_(pace="instant")
    apps = {0: RemoteApp(anna, [table_id], settings), 2: RemoteApp(bert, [table_id], settings)}
    drawn: dict[int, list[tuple[int, float]]] = {0: [], 2: []}
    latencies: list[float] = []
    try:
        async with apps[0].run_test(size=(120, 36)) as pa, apps[2].run_test(size=(120, 36)):
            await pa.pause()
            await anna.request("start", table=table_id)
            while not all(table_id in app.sessions for app in apps.values()):
                await asyncio.sleep(0.01)
            for seat, app in apps.items():
                session = app.sessions[table_id]
                redraw = session.on_change
                assert redraw is not None

                def timed(seat: int = seat, session: object = session, redraw: object = redraw) -> None:
                    redraw()  # type: ignore[operator]
                    drawn[seat].append((int(session.update["decisions"]), time.perf_counter()))  # type: ignore[attr-defined]

                session.on_change = timed
            rng = random.Random(3)
            while len(latencies) < DECISIONS and not t.over:
                seat = t.deciding
                screen = apps[seat].screen if seat in apps else None
                if screen is None or not screen.human_to_decide() or \
                        apps[seat].sessions[table_id].update["decisions"] != len(t.log):  # type: ignore[attr-defined]
                    await asyncio.sleep(0.002)
                    continue
                n = len(t.log)
                sent = time.perf_counter()
                screen.choose(rng.choice(screen.legal()))  # type: ignore[attr-defined]
                other = 2 - seat
                while not any(d > n for d, _ in drawn[other]):
                    await asyncio.sleep(0.001)
                at = next(when for d, when in drawn[other] if d > n)
                latencies.append((at - sent) * 1000)
    finally:
        await anna.close()
        await bert.close()
        await server.close()
        shutil.rmtree(sock_dir, ignore_errors=True)
    latencies.sort()
    median = statistics.median(latencies)
    p95 = latencies[int(len(latencies) * 0.95) - 1]
    print(f"\ngame screens, {len(latencies)} decisions: to the other person's screen median {median:.0f} ms, "
          f"p95 {p95:.0f} ms, max {latencies[-1]:.0f} ms (target {TARGET_MS:.0f} ms; load average "
          f"{os.getloadavg()[0]:.1f})")
    assert len(latencies) == DECISIONS
    assert median < BOUND_MS
