"""Helpers of the app tests: an isolated app (tmp save and config dirs), saves made with the engine, and a
pseudo-terminal driver that runs the real ``concordia`` command.
"""

from __future__ import annotations

import fcntl
import os
import random
import re
import select
import shlex
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from engine.bots import RandomBot
from engine.concordia import GameConfig, new_game
from engine.concordia.runner import play_game
from saves import SavedGame, SaveStore, Seat
from tui import glyphs, i18n
from tui.settings import Settings

CONCORDIA = str(Path(sys.executable).parent / "concordia")


def reset_globals() -> None:
    """Language and ASCII mode are process-wide: every test starts in English with Unicode."""
    i18n.set_language("en")
    glyphs.use_ascii(False)


def make_app(settings: Settings | None = None, **kw: Any) -> Any:
    """A ``ConcordiaApp`` that never installs signal handlers or writes the settings file (unless asked)."""
    from tui.app import ConcordiaApp

    kw.setdefault("install_signals", False)
    kw.setdefault("save_settings", False)
    return ConcordiaApp(settings=settings or Settings(pace="instant"), **kw)


def running_save(store: SaveStore, seed: int = 11, decisions: int = 5, title: str = "") -> SavedGame:
    """A running 4-player Imperium game (a person and 3 random bots) after ``decisions`` random decisions."""
    config = GameConfig()
    seats = [Seat("Anna", None), Seat("Bot 2", "random"), Seat("Bot 3", "random"), Seat("Bot 4", "random")]
    game = SavedGame.new(config, seed, seats, title=title)
    rng = random.Random(seed)
    state = new_game(config, seed)
    for _ in range(decisions):
        action = rng.choice(state.legal_actions())
        game.actions.append(str(action))
        state.apply(action)
    game.state = state
    store.save(game)
    return game


def finished_save(store: SaveStore, seed: int = 5, title: str = "Finished") -> SavedGame:
    """A whole 2-player Italia game of random bots, saved."""
    config = GameConfig(map="italia", players=2)
    rec = play_game(config, seed, [RandomBot(), RandomBot()])
    game = SavedGame.new(config, seed, [Seat("Anna", None), Seat("Bruno", None)], title=title)
    game.actions = list(rec.actions)
    game.state = rec.state
    store.save(game)
    return game


def screen_text(app: Any) -> str:
    """The text on the app's screen now (what a person would read)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(s.text.rstrip() for s in strips)


# ----------------------------------------------------------------------------------- pseudo-terminal

_ESCAPES = re.compile(
    rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|P[^\x1b]*\x1b\\|[()][0-9A-Za-z]|[=>78DME])"
)


class Terminal:
    """The real ``concordia`` command in a pseudo-terminal: send keys, wait for text, count bytes."""

    def __init__(self, args: list[str], env: dict[str, str], size: tuple[int, int] = (100, 32),
                 term: str = "xterm-256color", via_shell: bool = False) -> None:
        """``via_shell``: a shell leads the terminal's session and starts the app in a session of its own, so no
        SIGHUP reaches the app when the terminal closes (as none reached ``make play`` in a killed tmux pane)."""
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        full_env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "TEXTUAL"))}
        full_env.update(env)
        full_env["TERM"] = term
        full_env.pop("COLUMNS", None)
        full_env.pop("LINES", None)

        def controlling_tty() -> None:  # the child's own session, with the pty as its terminal (for SIGHUP)
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.started = time.monotonic()
        command = [CONCORDIA, *args]
        if via_shell:
            command = ["/bin/sh", "-c", "setsid " + shlex.join(command) + "; true"]
        self.proc = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=full_env,
            preexec_fn=controlling_tty, close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.raw = bytearray()
        self._lock = threading.Lock()
        self._closed = False
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while not self._closed:
            try:
                ready, _, _ = select.select([self.master], [], [], 0.05)
                if not ready:
                    continue
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            with self._lock:
                self.raw += chunk

    @property
    def nbytes(self) -> int:
        with self._lock:
            return len(self.raw)

    def text(self, since: int = 0) -> str:
        """Everything written since byte ``since``, escape sequences removed."""
        with self._lock:
            data = bytes(self.raw[since:])
        return _ESCAPES.sub(b"", data).decode("utf-8", "replace")

    def wait_for(self, pattern: str, timeout: float = 15.0, since: int = 0) -> float:
        """Seconds until ``pattern`` (a regex) appears in the text written since ``since``; fails after ``timeout``."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            if re.search(pattern, self.text(since)):
                return time.monotonic() - start
            if self.proc.poll() is not None:
                break
            time.sleep(0.02)
        tail = self.text(since)[-1500:]
        raise AssertionError(f"{pattern!r} did not appear (exit {self.proc.poll()}); last output:\n{tail}")

    def wait_quiet(self, quiet: float = 0.4, timeout: float = 10.0) -> int:
        """Wait until nothing has been written for ``quiet`` seconds; the byte count then."""
        start = time.monotonic()
        last = self.nbytes
        last_change = time.monotonic()
        while time.monotonic() - start < timeout:
            time.sleep(0.05)
            n = self.nbytes
            if n != last:
                last, last_change = n, time.monotonic()
            elif time.monotonic() - last_change >= quiet:
                return n
        return self.nbytes

    def settle(self, quiet: float = 0.5, timeout: float = 20.0) -> None:
        """Wait until the program has written nothing for ``quiet`` seconds (the screen is painted)."""
        self.wait_quiet(quiet, timeout)

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def hang_up(self) -> None:
        """Close the terminal like a dropped SSH connection (the kernel sends SIGHUP to the app)."""
        self._closed = True
        os.close(self.master)

    def signal(self, sig: int = signal.SIGTERM) -> None:
        self.proc.send_signal(sig)

    def wait(self, timeout: float = 10.0) -> int:
        return self.proc.wait(timeout)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        if not self._closed:
            self._closed = True
            os.close(self.master)


# ----------------------------------------------------------------------------------- fixtures


@pytest.fixture(name="isolated")
def isolated_fixture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Saves and settings in tmp dirs, English and Unicode before and after the test, quick search bots.

    The normal and hard bots think 1 and 3 seconds per decision; here 0.05 s, so that a test that opens a
    game does not spend its time (and the shared CPU) waiting for them.
    """
    import engine.bots.registry as registry

    monkeypatch.setattr(registry, "NORMAL_SECONDS", 0.05)
    monkeypatch.setattr(registry, "HARD_SECONDS", 0.05)
    monkeypatch.setenv("CONCORDIA_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    reset_globals()
    yield tmp_path
    reset_globals()


@pytest.fixture(name="store")
def store_fixture(isolated: Path) -> SaveStore:
    return SaveStore(isolated / "saves")


async def wait_until(pilot: Any, condition: Any, timeout: float = 10.0) -> None:
    """Let the app run until ``condition()`` is true (recomposes and workers take a few frames under load)."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > timeout:
            raise AssertionError("the app did not reach the expected state in time")
        await pilot.pause(0.02)
