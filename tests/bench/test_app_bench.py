"""App speed, measured on the real ``concordia`` command in a pseudo-terminal (``make bench``):

- startup to the first screen (the title's text on the terminal), median of several starts;
- quick-game start: from the key ``g`` to the game screen's first frame;
- bytes written to the terminal per human decision (what travels over SSH), in an 80x24 and a 120x36 terminal.

The numbers are printed; README ("The app") records them with the command.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

from tests.tui.app_support import Terminal


def env_for(tmp_path: Path) -> dict[str, str]:
    config = tmp_path / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.toml").write_text('pace = "instant"\n')
    return {"CONCORDIA_CONFIG_DIR": str(config), "CONCORDIA_SAVE_DIR": str(tmp_path / "saves")}


def test_startup_to_first_screen(tmp_path: Path) -> None:
    times = []
    for _ in range(5):
        t = Terminal([], env_for(tmp_path), size=(80, 24))
        try:
            t.wait_for("Quick game", timeout=30)
            times.append(time.monotonic() - t.started)
            t.send("\x11")
            t.wait(10)
        finally:
            t.close()
    median = statistics.median(times)
    print(f"\nstartup to first screen: median {median:.2f} s, min {min(times):.2f} s over {len(times)} starts "
          f"(load average {os.getloadavg()[0]:.1f})")
    assert median < 5.0


def test_quick_game_start(tmp_path: Path) -> None:
    times = []
    for _ in range(3):
        t = Terminal([], env_for(tmp_path), size=(100, 32))
        try:
            t.wait_for("Quick game", timeout=30)
            mark = t.wait_quiet(0.3)
            start = time.monotonic()
            t.send("g")
            t.wait_for("Hand", since=mark, timeout=30)
            times.append(time.monotonic() - start)
            t.send("\x11")
            t.wait(20)
        finally:
            t.close()
    median = statistics.median(times)
    print(f"\nquick game start (key to game screen): median {median:.2f} s, min {min(times):.2f} s")
    assert median < 5.0


def bytes_per_decision(tmp_path: Path, size: tuple[int, int]) -> list[int]:
    t = Terminal(["new", "--players", "2", "--bots", "random", "--seed", "21"], env_for(tmp_path), size=size)
    sizes = []
    try:
        t.wait_for(r"You — play a card", timeout=30)
        t.wait_quiet(0.5)
        for _ in range(4):
            for key in ("2", "d", "1", "d"):  # Architect, done, Tribune, done: always legal from a full hand
                before = t.wait_quiet(0.3)
                t.send(key)
                after = t.wait_quiet(0.5)
                sizes.append(after - before)
        t.send("\x11")
        t.wait(20)
    finally:
        t.close()
    return sizes


def test_bytes_per_human_decision(tmp_path: Path) -> None:
    for size in ((80, 24), (120, 36)):
        sizes = bytes_per_decision(tmp_path / f"{size[0]}x{size[1]}", size)
        print(f"\nbytes per human decision at {size[0]}x{size[1]} (incl. the random bot's reply): "
              f"median {statistics.median(sizes):.0f}, mean {statistics.mean(sizes):.0f}, max {max(sizes)} "
              f"over {len(sizes)} decisions")
        assert statistics.median(sizes) > 0
