"""The SSH server of ``concordia serve``: admission, one app per connection, limits that keep it up.

A connection is admitted by its public key only (no passwords): a key listed in the server's
authorized-keys file, or, while invite codes are open, any key that then types a valid code (the code is
spent and the key admitted from then on). The SSH user name is only the shown name; a seat belongs to the
key's fingerprint, which the app process gets in ``CONCORDIA_SERVE_SEAT``.

Limits that keep the server up for the people it admitted:

- only admitted sessions (the app started) count against ``max_connections``; one more is told
  "server full" in words and closed;
- a connection that has not got that far (no login yet, no session yet, an invite code not typed yet) is
  *waiting*: at most ``max_waiting`` of them at once and ``max_waiting_per_address`` from one address (more
  are disconnected at once with the reason), and each gets ``login_timeout`` seconds to log in,
  ``session_timeout`` seconds after that to open its session (``ssh -N`` holds nothing for long) and
  ``invite_timeout`` seconds to type an invite code; so silent sockets cannot hold the players' places;
- one session per connection; a connection without input for ``idle_timeout`` seconds is closed, and every
  byte a client sends goes to its own app process only.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from tui.i18n import N_

from .keys import Admission, fingerprint, player_dir, player_env
from .tables import said
from .terminal import AppTerminal, app_command, clamp_size, language_of, safe_term, wants_ascii

MAX_NAME = 40
"""The shown name is the SSH user name cut to this many printable characters."""
MAX_INVITE_LINE = 64
"""An invite line longer than this is not a code (the connection is closed)."""
NOT_A_CODE = N_("That is not an open invite code.")
INPUT_RATE = 2 * 1024
"""Bytes a second of input a connection's app is given: typing and mouse reports are far less, and the app
keeps up with it (flooded with ``z`` for 24 s at 2 KiB/s its RSS stayed at 61-91 MB; at 4 KiB/s it grew
without end, 37 -> 177 MB in 20 s; 64 KB writes of z every 26 ms at the title screen, 2026-11-28)."""
INPUT_BURST = 8 * 1024
"""Bytes of input given at once beyond the rate (a paste): more is dropped."""
FLOOD_SECONDS = 10.0
"""A connection whose input is dropped for this long without a pause is closed (a flood, not a person)."""


class InputBudget:
    """A token bucket: ``take(n)`` is how many of ``n`` bytes may go to the app now (the rest is dropped).

    An app that gets more key events than it handles queues them all (2.5 MB/s of ``z`` grew one from 43 to
    256 MB); so the server passes on what a person could send, and drops the rest before it is queued anywhere.
    ``flooding(now)`` is True once input has been dropped for ``FLOOD_SECONDS`` with no pause of a second.
    """

    def __init__(self, rate: float = INPUT_RATE, burst: float = INPUT_BURST,
                 flood_seconds: float = FLOOD_SECONDS) -> None:
        self.rate, self.burst, self.flood_seconds = rate, burst, flood_seconds
        self.tokens = burst
        self.at = time.monotonic()
        self.dropped = 0
        self.flood_start: float | None = None
        self.last_drop = 0.0

    def take(self, n: int, now: float | None = None) -> int:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        given = min(n, int(self.tokens))
        self.tokens -= given
        if given < n:
            self.dropped += n - given
            if self.flood_start is None or now - self.last_drop > 1.0:
                self.flood_start = now
            self.last_drop = now
        return given

    def flooding(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        return self.flood_start is not None and now - self.last_drop <= 1.0 and (
            self.last_drop - self.flood_start >= self.flood_seconds)


@dataclass
class ServeOptions:
    """What ``concordia serve`` was started with."""

    directory: Path
    """The server's own folder (host key, authorized keys, players' saves)."""
    listen: str = "127.0.0.1"
    port: int = 2222
    max_connections: int = 16
    idle_timeout: float = 30 * 60.0
    """Seconds without input after which a connection is closed."""
    login_timeout: float = 30.0
    """Seconds a connection has to log in (SSH authentication)."""
    session_timeout: float = 10.0
    """Seconds a logged-in connection has to open its session (``ssh -N`` is closed after them)."""
    invite_timeout: float = 120.0
    """Seconds a new key has to type its invite code."""
    max_waiting: int = 32
    """Connections not yet admitted to an app, at once (silent sockets, logins under way, invite prompts)."""
    max_waiting_per_address: int = 4
    """Of those, from one address."""
    input_rate: float = INPUT_RATE
    input_burst: float = INPUT_BURST
    flood_seconds: float = FLOOD_SECONDS
    command: Callable[[dict[str, Any]], Sequence[str]] | None = None
    """The app command for one connection (``info``: lang, ascii, save_dir, ...); None: the real app."""
    max_backlog: int = 256 * 1024
    table_socket: str | None = None
    """The table server's Unix socket, given to every app process in ``CONCORDIA_SERVE_SOCKET``."""
    max_tables: int = 64
    """Tables the table server keeps at once (``--max-tables``)."""
    max_tables_per_host: int = 4
    """Open or running tables one host key may have (``--max-tables-per-host``)."""


def shown_name(username: object) -> str:
    text = "".join(c for c in str(username) if c.isprintable())[:MAX_NAME].strip()
    return text or "guest"


@dataclass
class Server:
    """The running server: its admission, its connections and the listening socket."""

    options: ServeOptions
    admission: Admission
    host_key: asyncssh.SSHKey
    sessions: set[AppSession] = field(default_factory=set)
    connections: int = 0
    """Admitted sessions (their app running): what ``max_connections`` bounds."""
    waiting: dict[str, int] = field(default_factory=dict)
    """Connections not admitted yet, per client address (``max_waiting``, ``max_waiting_per_address``)."""
    _acceptor: asyncssh.SSHAcceptor | None = None

    async def start(self) -> int:
        """Listen; returns the port (useful when ``port`` is 0 in tests)."""
        self._acceptor = await asyncssh.create_server(
            lambda: Gate(self), self.options.listen, self.options.port,
            server_host_keys=[self.host_key], encoding=None, login_timeout=self.options.login_timeout,
            keepalive_interval=30, keepalive_count_max=4, allow_scp=False, agent_forwarding=False,
            x11_forwarding=False, line_editor=False,
        )
        sockets = self._acceptor.sockets
        return int(sockets[0].getsockname()[1]) if sockets else self.options.port

    def close(self) -> None:
        for session in list(self.sessions):
            session.end(session.words(N_("the server is shutting down")) + "\r\n", 0)
        if self._acceptor is not None:
            self._acceptor.close()

    async def wait_closed(self) -> None:
        if self._acceptor is not None:
            await self._acceptor.wait_closed()

    def save_dir_of(self, seat: str) -> Path:
        """A player's own save folder for games played alone in their app (never the tables' folder)."""
        return player_dir(self.options.directory, seat) / "saves"


class Gate(asyncssh.SSHServer):
    """One connection's admission: public keys only, the waiting limits, and which key got in."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.key: asyncssh.SSHKey | None = None
        self.address = ""
        self.is_waiting = False
        self.has_session = False
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        options, waiting = self.server.options, self.server.waiting
        if sum(waiting.values()) >= options.max_waiting or waiting.get(self.address, 0) >= (
                options.max_waiting_per_address):
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                            "server busy: too many connections are logging in, try again in a minute")
            return
        waiting[self.address] = waiting.get(self.address, 0) + 1
        self.is_waiting = True

    def admitted(self) -> None:
        """The connection's app started: it no longer counts as waiting (its session counts instead)."""
        self._cancel_timer()
        if self.is_waiting:
            self.is_waiting = False
            waiting = self.server.waiting
            waiting[self.address] -= 1
            if waiting[self.address] <= 0:
                del waiting[self.address]

    def connection_lost(self, exc: Exception | None) -> None:
        self.admitted()

    def auth_completed(self) -> None:
        """Logged in: a session must follow within ``session_timeout`` (``ssh -N`` holds no place for long)."""
        self.expect("no session was opened in time", self.server.options.session_timeout)  # no language known yet

    def expect(self, what: str, seconds: float) -> None:
        """Close the connection unless it is admitted within ``seconds`` (``what``: the reason it is told)."""
        self._cancel_timer()
        self._timer = asyncio.get_running_loop().call_later(seconds, self._expired, what)

    def _expired(self, what: str) -> None:
        self._timer = None
        if self.is_waiting and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, what)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        admission = self.server.admission
        if admission.is_authorized(key) or admission.invites:
            self.key = key  # the last key accepted here is the one whose signature completes the login
            return True
        return False

    def session_requested(self) -> asyncssh.SSHServerSession[bytes] | bool:
        if self.key is None or self.conn is None or self.has_session:
            return False  # one session per connection: one app
        self.has_session = True
        self._cancel_timer()  # the session's own start decides now (a terminal, an invite code or the app)
        return AppSession(self.server, self.key, shown_name(self.conn.get_extra_info("username")), self)


class AppSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One SSH session: an invite prompt when the key is new, then the app on its own pty."""

    def __init__(self, server: Server, key: asyncssh.SSHKey, name: str, gate: Gate | None = None) -> None:
        self.server = server
        self.gate = gate
        self.counted = False
        """This session's app runs and counts against ``max_connections``."""
        self.key = key
        self.seat = fingerprint(key)
        self.name = name
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.app: AppTerminal | None = None
        self.invite_line: bytearray | None = None
        self.last_input = time.monotonic()
        self.budget = InputBudget(server.options.input_rate, server.options.input_burst,
                                  server.options.flood_seconds)
        self._idle: asyncio.TimerHandle | None = None
        self._ended = False
        self.lang = "en"
        self.ascii = False
        """The language (and ASCII mode) of what this session writes before its app runs (``reader``)."""

    # ------------------------------------------------------------------------------ channel setup
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        self.server.sessions.add(self)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.has_pty = True
        self.term = safe_term(term_type)
        self.size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def reader(self) -> tuple[str, bool]:
        """The language and ASCII mode of the person at this session, for the words the server writes to the
        channel itself (the invite prompt, "server full", ...): the client's LANG/LC_* as SSH sent them, else
        the language this key chose in its settings (kept per key on the server), else English."""
        env = self.chan.get_environment() if self.chan is not None else {}
        safe_env = {k: v for k, v in env.items() if isinstance(k, str) and isinstance(v, str) and len(v) < 100}
        lang, ascii_mode = language_of(safe_env), wants_ascii(self.term, safe_env)
        if lang is None:
            from tui import settings

            config = player_env(self.server.options.directory, self.seat)["CONCORDIA_CONFIG_DIR"]
            saved = settings.load(Path(config) / settings.FILE_NAME, env={})
            lang = saved.language if not saved.language_from_locale else "en"
            ascii_mode = ascii_mode or saved.ascii
        return lang, ascii_mode

    def words(self, text: str, **fields: Any) -> str:
        """English words marked with ``N_`` in this session's language (``reader``)."""
        return said(text, self.lang, self.ascii, **fields)

    def session_started(self) -> None:
        self.lang, self.ascii = self.reader()
        if not self.has_pty:
            self.end(self.words(N_("concordia serve needs a terminal: connect with 'ssh -t'")) + "\r\n", 1)
            return
        self._arm_idle()
        if self.server.admission.is_authorized(self.key):
            self._start_app()
        else:
            self.invite_line = bytearray()
            if self.gate is not None:
                self.gate.expect(self.words(N_("the invite code was not typed in time")),
                                 self.server.options.invite_timeout)
            self._send(self.words(N_("This key is new here. Type the invite code the host gave you:")).encode() + b" ")

    # -------------------------------------------------------------------------------------- input
    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.last_input = time.monotonic()
        if not isinstance(data, bytes | bytearray):
            return
        given = self.budget.take(len(data))
        if self.budget.flooding():
            self.end("\r\n" + self.words(N_("closed: more input than a person sends")) + "\r\n", 1)
            return
        if not given:
            return
        data = bytes(data[:given])
        if self.invite_line is not None:
            self._invite_input(data)
        elif self.app is not None:
            self.app.feed(data)

    def _invite_input(self, data: bytes) -> None:
        assert self.invite_line is not None
        for byte in data:
            if byte in (13, 10):
                code = self.invite_line.decode("ascii", "replace")
                self.invite_line = None
                if self.server.admission.redeem(code, self.key):
                    welcome = self.words(N_("Welcome: this key is admitted from now on."))
                    self._send(f"\r\n{welcome}\r\n".encode())
                    self._start_app()
                else:
                    self.end("\r\n" + self.words(NOT_A_CODE) + "\r\n", 1)
                return
            if byte in (3, 4):  # Ctrl+C, Ctrl+D
                self.end("\r\n", 1)
                return
            if byte in (8, 127):
                if self.invite_line:
                    self.invite_line.pop()
                    self._send(b"\b \b")
            elif 33 <= byte < 127:
                self.invite_line.append(byte)
                self._send(b"*")
                if len(self.invite_line) > MAX_INVITE_LINE:
                    self.end("\r\n" + self.words(NOT_A_CODE) + "\r\n", 1)
                    return

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = clamp_size(width, height)
        if self.app is not None:
            self.app.resize(*self.size)

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        return None

    def eof_received(self) -> bool:
        self.end("", 0)
        return False

    def pause_writing(self) -> None:
        return None

    def resume_writing(self) -> None:
        if self.app is not None:
            self.app.drained()

    def connection_lost(self, exc: Exception | None) -> None:
        self._ended = True
        self._stop()

    # ------------------------------------------------------------------------------------ the app
    def _start_app(self) -> None:
        if self.server.connections >= self.server.options.max_connections:
            self.end(self.words(N_("server full: {n} people are playing here, the most this server takes at once; "
                                   "try again later"), n=self.server.connections) + "\r\n", 1)
            return
        self.counted = True
        self.server.connections += 1
        if self.gate is not None:
            self.gate.admitted()
        env = self.chan.get_environment() if self.chan is not None else {}
        safe_env = {k: v for k, v in env.items() if isinstance(k, str) and isinstance(v, str) and len(v) < 100}
        lang = language_of(safe_env)
        ascii_mode = wants_ascii(self.term, safe_env)
        save_dir = self.server.save_dir_of(self.seat)
        info = {"lang": lang, "ascii": ascii_mode, "save_dir": str(save_dir), "seat": self.seat, "name": self.name}
        factory = self.server.options.command
        lobby = bool(self.server.options.table_socket)
        command = factory(info) if factory is not None else app_command(lang, ascii_mode, str(save_dir), lobby)
        app_env = {
            "TERM": self.term, "COLORTERM": "truecolor" if "256" in self.term or "direct" in self.term else "",
            "LANG": "de_DE.UTF-8" if lang == "de" else "C.UTF-8", "LC_ALL": "",
            "CONCORDIA_SERVE_NAME": self.name, "CONCORDIA_SERVE_DIR": str(self.server.options.directory),
            **player_env(self.server.options.directory, self.seat),  # the player's own settings, kept per key
        }
        if self.server.options.table_socket:
            app_env["CONCORDIA_SERVE_SOCKET"] = self.server.options.table_socket
        self.app = AppTerminal(
            command, self._send, self._backlog, self._app_ended, env=app_env,
            columns=self.size[0], rows=self.size[1], max_backlog=self.server.options.max_backlog,
        )
        try:
            self.app.start()
        except OSError as exc:
            self.app = None
            self.end(self.words(N_("cannot start the game: {error}"), error=exc.strerror or exc) + "\r\n", 1)

    def _app_ended(self, status: int) -> None:
        self.end("", status)

    def _send(self, data: bytes) -> None:
        if self.chan is not None and not self._ended:
            with contextlib.suppress(OSError, asyncssh.Error, BrokenPipeError):
                self.chan.write(data)

    def _backlog(self) -> int:
        return self.chan.get_write_buffer_size() if self.chan is not None else 0

    # --------------------------------------------------------------------------------- idle, end
    def _arm_idle(self) -> None:
        loop = asyncio.get_running_loop()
        timeout = self.server.options.idle_timeout
        left = self.last_input + timeout - time.monotonic()
        if left <= 0:
            self.end("\r\n" + self.words(N_("closed after {n} s without input"), n=int(timeout)) + "\r\n", 0)
            return
        self._idle = loop.call_later(min(left, 60.0) + 0.01, self._arm_idle)

    def end(self, message: str, status: int) -> None:
        """Tell the client ``message``, close the channel and stop the app (once)."""
        if self._ended:
            return
        if message:
            self._send(message.encode())
        self._ended = True
        if self.chan is not None:
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.exit(status)
        self._stop()

    def _stop(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if self.app is not None:
            self.app.close()
        if self.counted:
            self.counted = False
            self.server.connections -= 1
        self.server.sessions.discard(self)
