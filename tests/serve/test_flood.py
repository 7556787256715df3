"""An input flood is bounded (issue 35, item 4): the server passes on what a person could send and drops the
rest before anything queues it; input dropped for ``flood_seconds`` without a pause closes the connection.
(Unbounded, 64 KB writes of ``z`` at 2.5 MB/s grew a connection's app from 43 to 256 MB.)"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import asyncssh

from tui.serve.ssh import InputBudget

from .conftest import Harness, Screen
from .test_ssh import admit


def got(screen: Screen) -> int:
    """The most input bytes the stand-in app says it received."""
    return max((int(n) for n in re.findall(rb"GOT (\d+)", bytes(screen.data))), default=0)


async def test_a_paste_arrives_whole(harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    h = harness()
    await h.start()
    admit(h, anna_key)
    chan, screen = await h.connect(anna_key)
    await screen.wait_for(b"READY")
    chan.write(b"p" * 8_000)  # within the burst (an invite code, options, a line of chat are far less)
    await screen.wait_for(b"GOT 8000")


async def test_a_flood_is_cut_to_the_rate_and_then_closed(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey, bert_key: asyncssh.SSHKey) -> None:
    h = harness(input_rate=2048, input_burst=4096, flood_seconds=1.5)
    server = await h.start()
    admit(h, anna_key, bert_key)
    chan, screen = await h.connect(anna_key)
    await screen.wait_for(b"READY")
    loop = asyncio.get_running_loop()
    began = loop.time()
    sent = 0
    while not screen.closed.is_set() and loop.time() - began < 10:
        chan.write(b"z" * 65536)
        sent += 65536
        await asyncio.sleep(0.05)
    elapsed = loop.time() - began
    assert screen.closed.is_set(), "a flood of input was never closed"
    assert b"more input than a person sends" in screen.data
    assert elapsed < 5
    assert sent > 1_000_000
    assert got(screen) <= 4096 + 2048 * elapsed + 1024, (got(screen), elapsed)
    _chan, bert = await h.connect(bert_key, name="bert")  # the server serves on
    await bert.wait_for(b"READY")
    assert server.connections == 1


def test_the_budget_gives_the_burst_then_the_rate_and_tells_a_flood_from_a_paste() -> None:
    b = InputBudget(rate=1000, burst=5000, flood_seconds=10)
    assert b.take(4000, now=b.at) == 4000
    assert b.take(4000, now=b.at) == 1000  # the burst is spent
    assert b.take(4000, now=b.at + 1) == 1000  # a second later: one second's rate
    assert not b.flooding(now=b.at)  # one big paste is not a flood
    t0 = b.at
    for i in range(1, 120):  # dropping for 11.9 s, no pause of a second
        b.take(10_000, now=t0 + i * 0.1)
    assert b.flooding(now=t0 + 11.9)
    fresh = InputBudget(rate=1000, burst=5000, flood_seconds=10)
    t1 = fresh.at
    for i in range(12):  # a big paste every 1.5 s: each is cut, but a person pauses between them
        fresh.take(100_000, now=t1 + i * 1.5)
    assert not fresh.flooding(now=t1 + 16.5)
