"""Start-up time: ``concordia`` to its title screen against a minimal Textual app, side by side (``make bench``).

Both programs start in a pseudo-terminal of 80x24 as a player's terminal starts them; the time is from the
start of the process to the first "Quick" painted on the terminal (the title's "Quick game" lines; the
minimal app, ``tests/bench/minimal_textual_app.py``, paints nothing but "Quick game"). The two are started in
turns, so that the load of the shared machine falls on both alike, and the result is the ratio of the medians.
The goal (issue 32): concordia within 1.3x of the minimal app. Figures: docs/performance.md.

``STARTUP_RUNS`` sets the number of starts of each (default 15). Both run with Python's bytecode cache, as on a
player's machine (``PYTHONDONTWRITEBYTECODE`` is removed from their environment; the first, untimed start of
each writes it).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
CONCORDIA = str(Path(sys.executable).parent / "concordia")
MINIMAL = [sys.executable, str(BENCH / "minimal_textual_app.py")]
_ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>])")
GOAL = 1.3


def time_to_quick(argv: list[str], env: dict[str, str], timeout: float = 30.0) -> float:
    """Seconds from starting ``argv`` in an 80x24 pseudo-terminal to "Quick" on its screen."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
                            close_fds=True)
    os.close(slave)
    seen = b""
    try:
        while time.perf_counter() - start < timeout:
            ready, _, _ = select.select([master], [], [], 0.01)
            if ready:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    break
                if b"Quick" in _ESCAPES.sub(b"", seen):
                    return time.perf_counter() - start
        raise AssertionError(f"{argv[0]}: no 'Quick' within {timeout} s; output: {seen[-500:]!r}")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)
        os.close(master)


def test_startup_within_goal_of_a_minimal_textual_app(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.toml").write_text('language = "en"\n')
    # as a player's machine runs them: with Python's bytecode cache (this shared machine sets
    # PYTHONDONTWRITEBYTECODE, which would compile every module of the app at every start)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTEST", "TEXTUAL")) and k != "PYTHONDONTWRITEBYTECODE"}
    env.update({"TERM": "xterm-256color", "CONCORDIA_CONFIG_DIR": str(config),
                "CONCORDIA_SAVE_DIR": str(tmp_path / "saves"), "LANG": "C.UTF-8"})
    runs = int(os.environ.get("STARTUP_RUNS", "15"))
    time_to_quick(MINIMAL, env)  # warm the file cache and write the bytecode of both before timing
    time_to_quick([CONCORDIA], env)
    minimal: list[float] = []
    app: list[float] = []
    load = os.getloadavg()[0]
    for _ in range(runs):
        minimal.append(time_to_quick(MINIMAL, env))
        app.append(time_to_quick([CONCORDIA], env))
    ratio = statistics.median(app) / statistics.median(minimal)
    print(f"\nstart-up to the first painted 'Quick' over {runs} starts each, in turns (load average {load:.1f} "
          f"before, {os.getloadavg()[0]:.1f} after):\n"
          f"  minimal Textual app: median {statistics.median(minimal):.3f} s (min {min(minimal):.3f})\n"
          f"  concordia:           median {statistics.median(app):.3f} s (min {min(app):.3f})\n"
          f"  ratio of the medians {ratio:.2f} (goal {GOAL})")
    assert ratio <= GOAL, f"concordia starts {ratio:.2f}x as slow as a minimal Textual app (goal {GOAL}x)"
