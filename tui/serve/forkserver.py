"""A pre-imported template process that forks each connection's app, so the imported code is shared.

Every SSH connection runs its own app process (language and ASCII mode are process-wide, and one player's
crash must not touch another's). Started with ``python -m tui.cli`` each process imports Textual, Rich, the
engines and the screens anew: about 43 MB each, none of it shared. Here one template process imports all of
that once and waits on a Unix socket; for each connection the server sends it the connection's pty (its slave
side, as a file descriptor; for a browser tab, the three pipes textual-serve talks to the app on), the command
line and the environment, and the template forks a child that

- starts a session of its own with the pty as its controlling terminal (the same as ``AppTerminal`` does with
  ``subprocess``: SIGWINCH, SIGHUP, the hang-up signals at their defaults; a browser tab's app: the pipes as its
  standard streams, no terminal);
- takes the connection's environment (TERM, LANG, the seat, the socket) as its whole environment, and its
  own random seed (the template's random state must not deal every connection the same cards);
- runs the module's ``main()`` as ``python -m MODULE ARGS`` would, then exits.

The pages the template filled before the fork stay shared between all children until one writes them
(``gc.freeze`` keeps the collector from writing to every old object). The child's pid goes back to the server
on the same socket connection, and later its exit status; the connection's ``AppTerminal`` watches its pty as
before, so a crash ends that connection only. If the template is gone, the server starts apps the old way.
"Play alone" in the lobby runs the full app in the same child (``tui.serve.remote.play_alone``), so it too
shares the template's pages.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

MODULES = ("tui.cli", "tui.serve.remote")
"""The modules a child may run (``python -m`` of the app or of the lobby); anything else is started the old way."""
PRELOAD = (
    "textual.app", "textual.widgets", "textual.drivers.linux_driver", "textual._xterm_parser", "rich.console",
    "tui.app", "tui.cli", "tui.serve.remote", "tui.serve.remote_session", "tui.serve.client",
    "tui.screens.title", "tui.screens.new_game", "tui.screens.load", "tui.screens.settings", "tui.screens.rules",
    "tui.concordia.screen", "tui.colosseum.screen", "tui.massilia.screen", "tui.play_screen", "tui.bots",
    "tui.commands.play", "engine.concordia", "engine.colosseum", "engine.massilia", "saves", "msgpack",
    "textual.layouts.factory", "textual.layouts.horizontal", "textual.layouts.stream", "tui.screens.too_small",
    "tui.commands.options", "tui.terminal",
)
"""Imported by the template before it forks (a module missing here is only imported later by the child)."""
MAX_REQUEST = 256 * 1024
SPAWN_TIMEOUT = 3.0
"""Seconds the server waits for the template to fork (it takes milliseconds; past this the app starts anew)."""


class ForkServerError(OSError):
    """The template could not start a child (the caller starts the app the old way)."""


# ------------------------------------------------------------------------------------------- the server's side
class Child:
    """A forked app as the server sees it: the few parts of ``subprocess.Popen`` that ``AppTerminal`` uses."""

    def __init__(self, pid: int, conn: socket.socket) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._conn = conn
        self._buffer = b""

    def poll(self) -> int | None:
        """The exit status once the template reported it (negative: ended by that signal), else None."""
        if self.returncode is None:
            self._read(block=False)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() >= deadline:
                raise subprocess.TimeoutExpired("forked app", timeout or 0.0)
            self._read(block=True, timeout=0.05)
        assert self.returncode is not None
        return self.returncode

    def forget(self) -> None:
        """Stop listening for the exit status (its pipes told the caller that the app ended)."""
        self._conn.close()

    def _read(self, block: bool, timeout: float = 0.0) -> None:
        if self._conn.fileno() < 0:
            return
        try:
            self._conn.settimeout(timeout if block else 0.0)
            data = self._conn.recv(64)
        except (BlockingIOError, TimeoutError, InterruptedError):
            return
        except OSError:
            data = b""
        if data:
            self._buffer += data
            if b"\n" not in self._buffer:
                return
            with contextlib.suppress(ValueError):
                self.returncode = int(self._buffer.split(b"\n", 1)[0])
        elif self.returncode is None:  # the template went away: the child's fate is unknown, treat it as ended
            self.returncode = 0 if _gone(self.pid) else None
            if self.returncode is None:
                return
        self._conn.close()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


class ForkServer:
    """The template process and how to ask it for a child."""

    def __init__(self) -> None:
        self._dir = Path(tempfile.mkdtemp(prefix="concordia-fork-"))
        self.path = str(self._dir / "fork.sock")
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> None:
        """Start the template and wait until it has imported everything and listens."""
        self.proc = subprocess.Popen([sys.executable, "-m", "tui.serve.forkserver", self.path],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, start_new_session=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # "ready" once it listens (blocks while it imports: about a second)
        if line.strip() != b"ready":
            self.close()
            raise ForkServerError(f"the template process did not start ({line[:80]!r})")
        self.proc.stdout.close()

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def can_run(self, command: Sequence[str]) -> bool:
        return (self.alive and len(command) >= 3 and command[0] == sys.executable and command[1] == "-m"
                and command[2] in MODULES)

    def spawn(self, command: Sequence[str], env: Mapping[str, str], slave: int | Sequence[int]) -> Child:
        """A child running ``command`` with exactly ``env``; ``ForkServerError`` if not. Its terminal is the pty
        ``slave`` (the child's controlling terminal), or ``(stdin, stdout, stderr)``: three pipes, no terminal
        (a browser tab's app, which speaks textual-serve's packets on them)."""
        if not self.can_run(command):
            raise ForkServerError("the template cannot run this command")
        fds = [slave] if isinstance(slave, int) else list(slave)
        if len(fds) not in (1, 3):
            raise ForkServerError("a pty or three pipes")
        request = json.dumps({"module": command[2], "args": list(command[3:]), "env": dict(env),
                              "cwd": os.getcwd(), "stdio": "pty" if len(fds) == 1 else "pipes"}).encode()
        if len(request) > MAX_REQUEST:
            raise ForkServerError("request too large")
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            conn.settimeout(SPAWN_TIMEOUT)
            conn.connect(self.path)
            socket.send_fds(conn, [len(request).to_bytes(4, "big") + request], fds)
            reply = b""
            while not reply.endswith(b"\n"):
                part = conn.recv(64)
                if not part:
                    raise ForkServerError("the template closed the connection")
                reply += part
            pid = int(reply)
        except (OSError, ValueError) as exc:
            conn.close()
            raise ForkServerError(f"the template could not start the app: {exc}") from exc
        return Child(pid, conn)

    def close(self) -> None:
        """Stop the template (its running children go on: each ends with its own connection)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=5)
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        with contextlib.suppress(OSError):
            self._dir.rmdir()


_running: ForkServer | None = None


def running() -> ForkServer | None:
    """The fork server ``AppTerminal`` uses, when one is installed and alive."""
    return _running if _running is not None and _running.alive else None


def install(server: ForkServer | None) -> None:
    global _running
    _running = server


# ------------------------------------------------------------------------------------------- the template
def template(path: str) -> None:
    """The template process: import everything, listen, fork a child per request, report its exit."""
    import gc
    import importlib

    for name in PRELOAD:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    _compile_constants()
    _warm_up()
    gc.collect()
    gc.freeze()  # the collector must not write to (and so un-share) every object imported above

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o077)
    try:
        listener.bind(path)
    finally:
        os.umask(old)
    listener.listen(64)
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    children: dict[int, socket.socket] = {}
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    selector.register(wake_r, selectors.EVENT_READ)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    while True:
        for key, _events in selector.select():
            if key.fileobj is listener:
                _accept(listener, children, [listener.fileno(), wake_r, wake_w, selector])
            else:
                with contextlib.suppress(BlockingIOError):
                    os.read(wake_r, 512)
                _reap(children)


def _warm_up() -> None:
    """Draw the title screen once, headless, so that the caches an app fills as it starts (parsed selectors,
    colours, text widths, lazily imported modules) are filled here, once, in shared pages. Language and ASCII
    mode are left as they were (English, Unicode): each child sets its own from its command line."""
    import asyncio
    import threading

    from tui import glyphs, i18n
    from tui.app import ConcordiaApp
    from tui.settings import Settings

    class NoTables:
        """A table server with no tables, for drawing the lobby once without a server."""

        def __init__(self) -> None:
            self.updates: asyncio.Queue[dict[str, object]] = asyncio.Queue()
            self.latest: dict[str, object] = {}
            self.lobby_changed = asyncio.Event()
            self.words: dict[str, object] = {}
            self.words_ready = asyncio.Event()
            self.chat: list[dict[str, object]] = []
            self.chat_lines: asyncio.Queue[dict[str, object]] = asyncio.Queue()

        async def request(self, _op: str, **_kw: object) -> dict[str, object]:
            return {"tables": [], "seated": []}

        async def close(self) -> None:
            return None

    async def draw(lobby: bool) -> None:
        from tui.serve.remote import RemoteApp

        app = (RemoteApp(NoTables(), [], Settings()) if lobby  # type: ignore[arg-type]
               else ConcordiaApp(settings=Settings(), install_signals=False, save_settings=False))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()

    with tempfile.TemporaryDirectory(prefix="concordia-warm-") as folder:
        os.environ["CONCORDIA_CONFIG_DIR"] = folder
        os.environ["CONCORDIA_SAVE_DIR"] = folder
        for lobby in (False, True):  # a failed warm-up only costs memory later: the template serves all the same
            with contextlib.suppress(Exception):
                asyncio.run(draw(lobby))
    os.environ.pop("CONCORDIA_CONFIG_DIR", None)
    os.environ.pop("CONCORDIA_SAVE_DIR", None)
    i18n.set_language("en")
    glyphs.use_ascii(False)
    if threading.active_count() > 1:  # a fork copies only the forking thread: none may be left running
        raise SystemExit("the warm-up left a thread running")


def _accept(listener: socket.socket, children: dict[int, socket.socket], own: list[object]) -> None:
    conn, _ = listener.accept()
    fds: list[int] = []
    try:
        conn.settimeout(SPAWN_TIMEOUT)
        msg, fds, _flags, _addr = socket.recv_fds(conn, MAX_REQUEST + 4, 3)
        while len(msg) >= 4 and len(msg) < 4 + int.from_bytes(msg[:4], "big"):
            more = conn.recv(MAX_REQUEST + 4 - len(msg))
            if not more:
                break
            msg += more
        request = json.loads(msg[4:])
        if (len(fds) != {"pty": 1, "pipes": 3}.get(request.get("stdio", "pty"))
                or request.get("module") not in MODULES):
            raise ValueError("bad request")
    except (OSError, ValueError):
        for fd in fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        conn.close()
        return
    pid = os.fork()
    if pid == 0:  # the child: never returns
        _child(fds, request, conn, listener, children, own)
    for fd in fds:
        os.close(fd)
    try:
        conn.sendall(f"{pid}\n".encode())
    except OSError:
        conn.close()
        return
    children[pid] = conn


def _reap(children: dict[int, socket.socket]) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        conn = children.pop(pid, None)
        if conn is not None:
            code = os.waitstatus_to_exitcode(status)
            with contextlib.suppress(OSError):
                conn.sendall(f"{code}\n".encode())
            conn.close()


def _child(fds: list[int], request: dict[str, object], conn: socket.socket, listener: socket.socket,
           children: dict[int, socket.socket], own: list[object]) -> None:
    """In the forked child: become the connection's app on its pty (or pipes), run the module, exit."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        for sig in (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM, signal.SIGCHLD, signal.SIGWINCH):
            signal.signal(sig, signal.SIG_DFL)
        conn.close()
        listener.close()
        for other in children.values():
            other.close()
        selector = own[3]
        if isinstance(selector, selectors.BaseSelector):
            selector.close()
        for fd in own[1:3]:
            if isinstance(fd, int):
                with contextlib.suppress(OSError):
                    os.close(fd)
        os.setsid()
        streams = fds * 3 if len(fds) == 1 else fds  # the pty for all three, or stdin, stdout and stderr
        for target, fd in enumerate(streams):  # each received fd is above 2: 0, 1 and 2 were open
            os.dup2(fd, target)
        for fd in set(fds):
            if fd > 2:
                os.close(fd)
        if len(fds) == 1:
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        _become(request)
        code = _run(str(request["module"]), [str(a) for a in request.get("args", [])])  # type: ignore[attr-defined]
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:
        import traceback

        with contextlib.suppress(Exception):
            traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _become(request: dict[str, object]) -> None:
    """The connection's environment, working folder, standard streams and random state."""
    import io
    import random

    env = request.get("env")
    wanted = {str(k): str(v) for k, v in env.items()} if isinstance(env, dict) else {}
    for name in [name for name in os.environ if name not in wanted]:
        del os.environ[name]
    for name, value in wanted.items():  # only what differs: each setenv writes to the heap shared with the template
        if os.environ.get(name) != value:
            os.environ[name] = value
    with contextlib.suppress(OSError):
        os.chdir(str(request.get("cwd") or "/"))
    random.seed()  # from os.urandom: no two connections share the template's random state
    streams = [io.TextIOWrapper(io.FileIO(fd, "rb" if fd == 0 else "wb", closefd=False), encoding="utf-8",
                                errors="replace" if fd == 0 else "strict", line_buffering=fd != 0)
               for fd in (0, 1, 2)]
    for name, stream in zip(("stdin", "stdout", "stderr"), streams, strict=True):
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)  # Textual's driver writes to sys.__stdout__
    _read_constants_again()  # textual.constants read its values from the template's environment


_CONSTANTS: dict[str, object] = {}
"""``textual.constants`` compiled once in the template ("code") and the environment its values were read from
("env": the value of each variable its source names), for ``_read_constants_again``."""


def _compile_constants() -> None:
    """In the template: compile ``textual.constants`` once and note the variables it reads, so that a child
    runs the module's code again only when the connection's environment differs in one of them (and never
    through ``importlib.reload``, which finds, reads and unmarshals the module anew: in every child that wrote
    to half a megabyte of the pages it shares with the template)."""
    import re

    import textual.constants

    path = textual.constants.__file__
    if not path:
        return
    try:
        source = Path(path).read_bytes()
        _CONSTANTS["code"] = compile(source, path, "exec", dont_inherit=True)
    except (OSError, SyntaxError, ValueError):
        return
    names = {name.decode() for name in re.findall(rb"[\"']([A-Z][A-Z0-9_]*)[\"']", source)}
    _CONSTANTS["env"] = {name: os.environ.get(name) for name in names}


def _read_constants_again() -> None:
    """In the child: ``textual.constants`` with the values of the connection's environment."""
    import importlib
    import types

    import textual.constants

    code, env = _CONSTANTS.get("code"), _CONSTANTS.get("env")
    if not isinstance(code, types.CodeType) or not isinstance(env, dict):
        importlib.reload(textual.constants)
    elif any(os.environ.get(name) != value for name, value in env.items()):
        exec(code, textual.constants.__dict__)  # the installed module's own code, compiled in the template


def _run(module: str, args: list[str]) -> int:
    import importlib

    sys.argv = [module, *args]
    main = importlib.import_module(module).main
    result = main()
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    template(sys.argv[1])
