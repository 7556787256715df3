"""A closed connection ends its app even when the server was started with SIGHUP ignored (``nohup``).

Found when killed test runs (started under ``nohup``) left their connections' lobby processes running: the
apps inherited the ignored SIGHUP, missed the hang-up of their closed pty and spun on it at a fifth of a core
each, for good.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time

from tui.serve.terminal import AppTerminal

WAITER = "import time\nwhile True:\n    time.sleep(0.05)\n"


async def test_closing_a_connection_ends_its_app_although_the_server_ignores_sighup() -> None:
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as under nohup
    try:
        ended: list[int] = []
        term = AppTerminal([sys.executable, "-c", WAITER], write=lambda data: None, backlog=lambda: 0,
                           on_exit=ended.append)
        term.start()
        pid = term.pid
        assert pid is not None
        await asyncio.sleep(0.3)
        term.close()  # SIGHUP to the app's group; the SIGKILL fallback 2 s later is not waited for here
        deadline = time.monotonic() + 1.5
        status: int | None = None
        while time.monotonic() < deadline:
            try:
                done, status = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:  # reaped by the terminal's own poll in the meantime: it has ended
                status = None
                break
            if done:
                break
            await asyncio.sleep(0.05)
        else:
            os.killpg(pid, signal.SIGKILL)
            raise AssertionError("the app outlived its connection's hang-up")
        if status is None:
            assert term._proc is not None and term._proc.returncode in (-signal.SIGHUP, 0)
        else:
            assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGHUP
    finally:
        signal.signal(signal.SIGHUP, before)
