"""One app process per connection, on its own pseudo-terminal.

Language and ASCII mode are process-wide in the app, and the bots must not share the server's interpreter,
so every connection runs ``python -m tui.cli`` on a pty of its own (forked from the pre-imported template of
``tui.serve.forkserver`` when the server runs one, so the imported code's memory is shared), with the
connection's TERM, size and language. ``AppTerminal`` pumps the app's output to a sink (the SSH channel) and
the client's bytes to the app; it never blocks the event loop:

- output: the pty is read when readable; while the sink is backed up (a slow or stalled client), output is
  dropped, and once the sink drains the screen is cleared and the app is made to redraw (a SIGWINCH, which
  makes the app repaint everything), so the client catches up with the current screen, not a backlog;
- input: written non-blocking; what the pty cannot take is queued up to ``MAX_PENDING_INPUT`` bytes and the
  rest of a huge paste is dropped. The bytes themselves are never interpreted here: the app's own
  terminal parser reads them, so no byte sequence can reach the server's code paths.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import errno
import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from . import forkserver
from .forkserver import Child

MAX_PENDING_INPUT = 64 * 1024
"""Input bytes kept for the app while its pty is full; more is dropped (a huge paste is cut, not queued)."""
READ_CHUNK = 64 * 1024
DRAIN_CHECK = 0.1
"""Seconds between looks at a backed-up client's backlog (to re-sync it as soon as it drains)."""
MIN_SIZE, MAX_SIZE = 1, 1000
"""Terminal sizes a client may ask for are clamped to this range (columns and rows)."""
ASCII_TERMS = ("dumb", "vt52", "vt100", "vt102", "vt220", "ansi")
"""TERM values that get the app's ASCII mode (as a local run would need ``--ascii`` there)."""


def clamp_size(columns: object, rows: object) -> tuple[int, int]:
    """A terminal size from whatever a client sent: ints within ``MIN_SIZE..MAX_SIZE`` (80x24 for junk)."""
    def one(value: object, default: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            return default
        return max(MIN_SIZE, min(MAX_SIZE, value))

    return one(columns, 80), one(rows, 24)


def set_size(fd: int, columns: int, rows: int) -> None:
    """Set the pty's window size (``TIOCSWINSZ``); the kernel sends SIGWINCH to the app."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def language_of(env: Mapping[str, str]) -> str | None:
    """The app language a client's locale asks for (``de`` or ``en``), None when it says nothing."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return None


def wants_ascii(term: str, env: Mapping[str, str]) -> bool:
    """True for terminals that cannot draw the app's Unicode symbols (old TERM or a non-UTF-8 locale)."""
    if term.lower() in ASCII_TERMS:
        return True
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(name, "")
        if value:
            return "utf-8" not in value.lower() and "utf8" not in value.lower() and value not in ("C.UTF-8",)
    return False


def safe_term(term: object) -> str:
    """The client's TERM if it is a plain terminal name, else ``xterm-256color``."""
    if isinstance(term, str) and 0 < len(term) <= 40 and all(c.isalnum() or c in "-_.+" for c in term):
        return term
    return "xterm-256color"


def app_command(lang: str | None, ascii_mode: bool, save_dir: str | None, lobby: bool = False) -> list[str]:
    """The command line of the app for one connection: the lobby (``tui.serve.remote``) or the app itself.

    The lobby passes the same options on to the app when the player chooses to play alone.
    """
    cmd = [sys.executable, "-m", "tui.serve.remote" if lobby else "tui.cli"]
    if lang:
        cmd += ["--lang", lang]
    if ascii_mode:
        cmd.append("--ascii")
    if save_dir:
        cmd += ["--save-dir", save_dir]
    return cmd


@dataclass
class AppTerminal:
    """A process on its own pty, pumped to ``write`` (the channel) and fed from ``feed``."""

    command: Sequence[str]
    write: Callable[[bytes], None]
    """Sends output to the client (``chan.write``)."""
    backlog: Callable[[], int]
    """Bytes the client has not taken yet (``chan.get_write_buffer_size``)."""
    on_exit: Callable[[int], None]
    """Called once with the exit status when the app ends (or its pty closes)."""
    env: Mapping[str, str] = field(default_factory=dict)
    columns: int = 80
    rows: int = 24
    max_backlog: int = 256 * 1024
    """Output is dropped while the client has this much unsent (and re-synced by a redraw once it drains)."""
    dropped: int = 0
    """Output bytes dropped so far (for tests and the bench)."""
    resyncs: int = 0
    _master: int = -1
    _proc: subprocess.Popen[bytes] | Child | None = None
    _pending: bytearray = field(default_factory=bytearray)
    _stale: bool = False
    _closed: bool = False
    _loop: asyncio.AbstractEventLoop | None = None
    _decoder: codecs.IncrementalDecoder = field(
        default_factory=lambda: codecs.getincrementaldecoder("utf-8")(errors="replace")
    )
    """Client input is made valid UTF-8 before the app reads it (a stray byte ended the app's input loop)."""

    def start(self) -> None:
        """Open the pty, start the app on it and begin pumping its output."""
        self._loop = asyncio.get_running_loop()
        master, slave = os.openpty()
        self.columns, self.rows = clamp_size(self.columns, self.rows)
        set_size(slave, self.columns, self.rows)
        env = dict(os.environ)
        env.update(self.env)
        for name in ("COLUMNS", "LINES"):  # they would override the pty's size (the server's own, or a test's)
            env.pop(name, None)
        try:
            self._proc = _forked(self.command, env, slave) or subprocess.Popen(
                list(self.command), stdin=slave, stdout=slave, stderr=slave, env=env,
                start_new_session=True, close_fds=True, preexec_fn=_take_terminal,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self._master = master
        self._loop.add_reader(master, self._readable)

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    # ------------------------------------------------------------------------------------- output
    def _readable(self) -> None:
        try:
            data = os.read(self._master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its side of the pty (it ended)
            data = b""
        if not data:
            self._finish()
            return
        if self.backlog() > self.max_backlog:
            self.dropped += len(data)
            if not self._stale:
                self._stale = True
                self._watch_drain()
            return
        if self._stale:
            self.resync()
        self.write(data)

    def _watch_drain(self) -> None:
        """While output is being dropped, look every ``DRAIN_CHECK`` s whether the client caught up."""
        if not self._stale or self._closed or self._loop is None:
            return
        if self.backlog() <= self.max_backlog // 2:
            self.resync()
        else:
            self._loop.call_later(DRAIN_CHECK, self._watch_drain)

    def drained(self) -> None:
        """The client took its backlog (``resume_writing``): redraw if output was dropped meanwhile."""
        if self._stale and not self._closed:
            self.resync()

    def resync(self) -> None:
        """Clear the client's screen and make the app repaint it whole (after dropped output)."""
        self._stale = False
        self.resyncs += 1
        self.write(b"\x1b[0m\x1b[2J\x1b[H")
        self._signal(signal.SIGWINCH)

    # -------------------------------------------------------------------------------------- input
    def feed(self, data: bytes) -> None:
        """Bytes from the client for the app; what the pty cannot take now waits, up to a bound."""
        if self._closed or not data:
            return
        room = MAX_PENDING_INPUT - len(self._pending)
        if room <= 0:
            return
        # a character split over two reads is kept by the incremental decoder; invalid bytes become U+FFFD
        self._pending += self._decoder.decode(data[:room]).encode("utf-8")[:room]
        self._flush_input()

    def _flush_input(self) -> None:
        if self._closed or self._loop is None:
            return
        while self._pending:
            try:
                n = os.write(self._master, self._pending)
            except BlockingIOError:
                break
            except OSError as exc:
                if exc.errno in (errno.EIO, errno.EBADF):
                    self._pending.clear()
                    return
                raise
            del self._pending[:n]
        if self._pending:
            self._loop.remove_writer(self._master)
            self._loop.add_writer(self._master, self._writable)
        else:
            self._loop.remove_writer(self._master)

    def _writable(self) -> None:
        self._flush_input()

    def resize(self, columns: object, rows: object) -> None:
        """The client's window changed: the pty gets the new size (the app redraws on its SIGWINCH)."""
        if self._closed:
            return
        self.columns, self.rows = clamp_size(columns, rows)
        with contextlib.suppress(OSError):
            set_size(self._master, self.columns, self.rows)

    # ------------------------------------------------------------------------------------ the end
    def _signal(self, sig: int) -> None:
        if self._proc is not None and self._proc.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._proc.pid, sig)

    def _finish(self) -> None:
        if self._closed:
            return
        self.close()
        status = self._proc.poll() if self._proc is not None else 0
        status = 0 if status is None else status
        self.on_exit(status if status >= 0 else 128 - status)

    def close(self) -> None:
        """Stop pumping, hang up the app (SIGHUP, then SIGKILL if it lingers) and close the pty."""
        if self._closed:
            return
        self._closed = True
        if self._loop is not None and self._master >= 0:
            self._loop.remove_reader(self._master)
            self._loop.remove_writer(self._master)
        self._signal(signal.SIGHUP)
        if self._master >= 0:
            with contextlib.suppress(OSError):
                os.close(self._master)
        proc = self._proc
        if proc is not None and proc.poll() is None and self._loop is not None:
            self._loop.call_later(2.0, _kill_if_alive, proc)


def _forked(command: Sequence[str], env: Mapping[str, str], slave: int) -> Child | None:
    """The app forked from the pre-imported template (``tui.serve.forkserver``), or None: start it anew."""
    server = forkserver.running()
    if server is None or not server.can_run(command):
        return None
    try:
        return server.spawn(command, env, slave)
    except forkserver.ForkServerError:
        return None


HANGUP_SIGNALS = (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM)
"""Signals the app must not inherit as ignored: ``nohup concordia serve &`` ignores SIGHUP (and a background
job SIGINT and SIGQUIT), and an app that ignores the hang-up of a closed connection outlives it, spinning on
its dead pty."""


def _take_terminal() -> None:
    """In the child, after ``setsid``: make the pty its controlling terminal (so it gets SIGWINCH, SIGHUP), with
    the hang-up signals at their defaults whatever the server was started with."""
    for sig in HANGUP_SIGNALS:
        signal.signal(sig, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _kill_if_alive(proc: subprocess.Popen[bytes] | Child) -> None:
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=1)
