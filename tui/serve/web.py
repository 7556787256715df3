"""``concordia serve --web``: the same lobby and game screens in a browser, through textual-serve, behind a token.

textual-serve runs one app process per browser tab and has no login of its own, so every request passes a
token check first (an aiohttp middleware): the host prints a link with ``?token=...``; that page sets the token
as a cookie (HttpOnly, SameSite=Strict) for the page's websocket and files, and anything without the right
token gets ``403``. Each browser also gets a random id in a cookie: it is the browser's "key", so a seat at a
table belongs to that browser (as a seat over SSH belongs to a key), and its own save folder for playing alone.
The server listens on 127.0.0.1 unless ``--listen`` says otherwise, and serves at most ``max_connections`` tabs.

Two things differ from textual-serve's own server:

- the page loads nothing from outside: textual-serve's page template asks a font service for Roboto Mono; here
  that link is replaced by an ``@font-face`` on the copy of the font textual-serve ships in its static folder,
  so the page works with no outside network and sends no visitor to a third party;
- "play alone" in the lobby runs the full app after the lobby in the same process. The lobby's web driver
  says "exit" as it stops, which ends textual-serve's session; ``TabService`` instead waits: the next app on
  the same process announces itself again and the tab goes on with it (with the tab's current size); only
  when the process ends is the tab closed;
- when ``concordia serve`` runs its template process (``tui/serve/forkserver.py``), a tab's app is forked from
  it on three pipes instead of started anew by ``sh -c`` (its imported code stays shared with the template);
  without the template, textual-serve's own way.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import os
import re
import secrets
import shlex
import signal
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from tui.i18n import N_

from . import forkserver
from .forkserver import Child
from .keys import player_dir, player_env
from .tables import said

TOKEN_COOKIE = "concordia_token"
ID_COOKIE = "concordia_id"
REFUSED = N_("open the link with the token the host printed")
log = logging.getLogger("concordia.serve.web")
PRELUDE = b"__GANGLION__\n"
"""The line a Textual app on the web driver writes first (textual-serve's word for "an app is here")."""
FONT_LINK = re.compile(r'<link[^>]*href="https?://[^"]*"[^>]*/?>', re.S)
LOCAL_FONT = """<style>
      @font-face { font-family: "Roboto Mono"; font-style: normal;
        src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }
      @font-face { font-family: "Roboto Mono"; font-style: italic;
        src: url("{{ config.static.url }}fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype"); }
    </style>"""


def reader_lang(request: web.Request) -> str:
    """The language of a browser's reader, for the words the server says before any app runs: the link's
    ``lang``, else the browser's first language (``Accept-Language``) if the app has it, else English."""
    wanted = [request.query.get("lang", "")]
    wanted += [part.split(";")[0].strip() for part in request.headers.get("Accept-Language", "").split(",")][:1]
    for tag in wanted:
        lang = tag[:2].lower()
        if lang in ("en", "de"):
            return lang
    return "en"


def local_page(template: str) -> str:
    """textual-serve's page template with every outside stylesheet link replaced by the locally served font.

    Raises ``ValueError`` when the template still names an outside address a browser would load (a newer
    textual-serve): better no server than one that sends visitors elsewhere."""
    page = FONT_LINK.sub(LOCAL_FONT, template)
    outside = [m.group(0) for m in re.finditer(r'(?:src|href)\s*=\s*"(?:https?:)?//[^"]*"', page)]
    if outside:
        raise ValueError(f"the page template loads from outside: {outside[0]}")
    return page


def new_token() -> str:
    """A fresh token for the host to hand out (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(16)


class WebServer(Server):
    """textual-serve's server with a token in front and one lobby process per tab (its seat: the browser's id)."""

    def __init__(self, token: str, directory: Path, table_socket: str | None, host: str = "127.0.0.1",
                 port: int = 8022, lang: str | None = None, max_connections: int = 16) -> None:
        super().__init__("concordia", host=host, port=port, title="Concordia")
        self.token = token
        self.directory = directory
        self.table_socket = table_socket
        self.lang = lang
        self.max_connections = max_connections
        self.connections = 0
        self._runner: web.AppRunner | None = None

    @property
    def link(self) -> str:
        """The address the host gives to friends (with the token)."""
        return f"{self.public_url}/?token={self.token}"

    # ------------------------------------------------------------------------------------ token
    def allowed(self, request: web.Request) -> bool:
        given = request.query.get("token") or request.cookies.get(TOKEN_COOKIE, "")
        return hmac.compare_digest(given.encode(), self.token.encode())

    @web.middleware
    async def check_token(self, request: web.Request,
                          handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """Nothing is served without the token (in the link, or the cookie the linked page set)."""
        if not self.allowed(request):
            return web.Response(status=403, text="concordia serve: " + said(REFUSED, reader_lang(request)) + "\n")
        response = await handler(request)
        if request.query.get("token") and not response.prepared:
            response.set_cookie(TOKEN_COOKIE, self.token, httponly=True, samesite="Strict")
            if not _browser_id(request):
                response.set_cookie(ID_COOKIE, secrets.token_hex(16), httponly=True, samesite="Strict",
                                    max_age=10 * 365 * 24 * 3600)
        return response

    async def handle_index(self, request: web.Request) -> Any:
        """The page, its websocket and files addressed the way this browser reached the server."""
        self.public_url = f"{request.scheme}://{request.host}"  # set and used before the handler first awaits
        return await super().handle_index(request)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        template = (Path(self.templates_path) / "app_index.html").read_text(encoding="utf-8")
        aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({"app_index.html": local_page(template)}))
        app.middlewares.append(self.check_token)
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: ``concordia serve`` prints the link itself."""

    # ------------------------------------------------------------------------------------ the app per tab
    def app_for(self, request: web.Request) -> tuple[list[str], dict[str, str]]:
        """The lobby's command line and environment for this browser: its id is its seat key, with its own
        save folder for playing alone and its own settings folder (never the host's)."""
        browser = _browser_id(request) or secrets.token_hex(16)
        seat = f"web:{browser}"
        save_dir = player_dir(self.directory, seat) / "saves"
        lang = request.query.get("lang") or self.lang
        env = {"CONCORDIA_SERVE_NAME": f"web-{browser[:4]}", "CONCORDIA_SERVE_DIR": str(self.directory),
               **player_env(self.directory, seat)}
        if self.table_socket:
            env["CONCORDIA_SERVE_SOCKET"] = self.table_socket
        args = [sys.executable, "-m", "tui.serve.remote" if self.table_socket else "tui.cli"]
        if lang in ("en", "de"):
            args += ["--lang", lang]
        args += ["--save-dir", str(save_dir)]
        return args, env

    def command_for(self, request: web.Request) -> str:
        """``app_for`` as the shell command textual-serve runs when there is no template to fork from."""
        args, env = self.app_for(request)
        return "env " + " ".join(shlex.quote(f"{k}={v}") for k, v in env.items()) + " " + shlex.join(args)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab: its own app process (textual-serve's ``AppService``), at most ``max_connections`` at once."""
        websocket = web.WebSocketResponse(heartbeat=15)
        if self.connections >= self.max_connections:
            await websocket.prepare(request)
            full = said(N_("the server has as many players as it takes"), reader_lang(request))
            await websocket.close(message=full.encode()[:120])  # a close reason is at most 123 bytes
            return websocket
        width = max(20, min(to_int(request.query.get("width", "80"), 80), 500))
        height = max(10, min(to_int(request.query.get("height", "24"), 24), 200))
        service: AppService | None = None
        self.connections += 1
        try:
            await websocket.prepare(request)
            args, env = self.app_for(request)
            service = TabService(self.command_for(request), write_bytes=websocket.send_bytes,
                                 write_str=websocket.send_str, close=websocket.close,
                                 download_manager=self.download_manager, debug=False)
            service.app = (args, env)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as exc:  # a browser sending nonsense ends its own tab, never the server
            log.info("web connection ended: %s", exc)
        finally:
            self.connections -= 1
            if service is not None:
                await service.stop()
        return websocket

    # ------------------------------------------------------------------------------------ running
    async def start(self) -> int:
        """Listen (inside the running event loop); the port (useful when ``port`` was 0)."""
        self._runner = web.AppRunner(await self._make_app(), handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server: Any = site._server
        if self.port == 0 and server is not None and server.sockets:
            self.port = int(server.sockets[0].getsockname()[1])
            self.public_url = f"http://{self.host}:{self.port}"
        return self.port

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


class TabService(AppService):
    """One tab's app process, which may run one app after another (the lobby, then the full app).

    textual-serve's ``AppService`` closes the tab on the first app's "exit"; here "exit" only means that app
    stopped: when the same process announces a new app, the tab goes on with it, resized to the tab's size;
    the tab is closed when the process ends (however it ends: quit, crash or kill)."""

    size: tuple[int, int] = (80, 24)
    _app_stopped: bool = False
    app: tuple[list[str], dict[str, str]] | None = None
    """The app's command line and the environment it adds (the shell ``command`` spelled out): with these the
    app is forked from the template (``tui/serve/forkserver.py``) when the server runs one."""
    _child: Child | None = None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        """The tab's app: forked from the template on three pipes when it can be, else textual-serve's own
        ``sh -c`` of the command."""
        server = forkserver.running()
        if self.app is None or server is None or not server.can_run(self.app[0]):
            return await super()._open_app_process(width, height)
        env = {**self._build_environment(width=width, height=height), **self.app[1]}
        ends = [os.pipe() for _ in range(3)]  # stdin, stdout, stderr as (read, write)
        theirs = [ends[0][0], ends[1][1], ends[2][1]]
        try:
            self._child = server.spawn(self.app[0], env, theirs)
        except forkserver.ForkServerError:
            for r, w in ends:
                os.close(r)
                os.close(w)
            return await super()._open_app_process(width, height)
        for fd in theirs:
            os.close(fd)
        tab = await _ForkedApp.connect(ends[0][1], ends[1][0], ends[2][0])
        self._process = tab  # type: ignore[assignment]  # the parts of a Process that TabService.run reads
        self._stdin = tab.stdin
        return tab

    async def stop(self) -> None:
        await super().stop()
        process = self._process
        if isinstance(process, _ForkedApp):
            process.close()
        elif isinstance(process, asyncio.subprocess.Process):
            await _close_process(process)
        if self._child is not None:
            await _end_child(self._child)
            self._child.forget()

    async def start(self, width: int, height: int) -> None:
        self.size = (width, height)
        await super().start(width, height)

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.size = (width, height)
        await super().set_terminal_size(width, height)

    async def on_meta(self, data: bytes) -> None:
        try:
            kind = json.loads(data).get("type")
        except (ValueError, AttributeError):
            return
        if kind == "exit":
            self._app_stopped = True
            return
        await super().on_meta(data)

    async def run(self) -> None:
        """Pump the process's packets to the tab, app after app, until the process ends."""
        process = self._process
        assert process is not None and process.stdout is not None and process.stderr is not None
        stdout, stderr = process.stdout, process.stderr

        async def drain_stderr() -> None:  # an app's stderr must not fill its pipe and stall it
            with contextlib.suppress(asyncio.CancelledError):
                while await stderr.read(4096):
                    pass

        stderr_task = asyncio.create_task(drain_stderr())
        first = True
        try:
            while await _announced(stdout):
                self._app_stopped = False
                if not first:  # the new app started with the tab's first size
                    await super().set_terminal_size(*self.size)
                first = False
                while not self._app_stopped:
                    kind = await stdout.readexactly(1)
                    size = int.from_bytes(await stdout.readexactly(4), "big")
                    payload = await stdout.readexactly(size)
                    if kind == b"D":
                        await self.on_data(payload)
                    elif kind == b"M":
                        await self.on_meta(payload)
                    elif kind == b"P":
                        await self.on_packed(payload)
        except (asyncio.IncompleteReadError, ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            stderr_task.cancel()
            await stderr_task
        with contextlib.suppress(Exception):
            await self.remote_close()


class _ForkedApp:
    """A forked tab app's pipes as asyncio streams: the parts of ``asyncio.subprocess.Process`` ``TabService``
    uses (``stdin``, ``stdout``, ``stderr``)."""

    def __init__(self, stdin: asyncio.StreamWriter, stdout: asyncio.StreamReader, stderr: asyncio.StreamReader,
                 transports: list[asyncio.BaseTransport]) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self._transports = transports

    @classmethod
    async def connect(cls, stdin: int, stdout: int, stderr: int) -> _ForkedApp:
        loop = asyncio.get_running_loop()
        transports: list[asyncio.BaseTransport] = []
        readers = []
        for fd in (stdout, stderr):
            reader = asyncio.StreamReader(limit=2**16)
            protocol = asyncio.StreamReaderProtocol(reader)
            read_end, _ = await loop.connect_read_pipe(lambda p=protocol: p, os.fdopen(fd, "rb", 0))  # type: ignore[misc]
            transports.append(read_end)
            readers.append(reader)
        write_end, flow = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, os.fdopen(stdin, "wb", 0))
        transports.append(write_end)
        writer = asyncio.StreamWriter(write_end, flow, None, loop)
        return cls(writer, readers[0], readers[1], transports)

    def close(self) -> None:
        for transport in self._transports:
            transport.close()


async def _end_child(child: Child, grace: float = 3.0) -> None:
    """A forked tab app must not outlive its tab: its pipes are closed and textual-serve asked it to quit, but
    an app caught between the lobby and the full app ("play alone") may miss that quit; after ``grace``
    seconds it is terminated, and killed if it still holds on."""
    loop = asyncio.get_running_loop()
    for sig, wait in ((None, grace), (signal.SIGTERM, 2.0), (signal.SIGKILL, 0.0)):
        if sig is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(child.pid, sig)
        deadline = loop.time() + wait
        while child.poll() is None and loop.time() < deadline:
            await asyncio.sleep(0.05)
        if child.poll() is not None:
            return


async def _close_process(process: asyncio.subprocess.Process, grace: float = 5.0) -> None:
    """Reap a tab's app process (started without the template) and close its subprocess transport.

    textual-serve's ``AppService.stop`` never does: the transport was left to the garbage collector, which
    closed it after its loop was gone ("Event loop is closed" from ``BaseSubprocessTransport.__del__``), one
    leaked transport (and its pipes) per browser tab. asyncio's ``Process`` has no ``close``; its transport
    is the one way to release them (closing it kills an app still running after ``grace`` seconds)."""
    with contextlib.suppress(asyncio.TimeoutError, ProcessLookupError):
        await asyncio.wait_for(process.wait(), grace)
    transport = getattr(process, "_transport", None)
    if isinstance(transport, asyncio.SubprocessTransport):
        transport.close()


async def _announced(stdout: asyncio.StreamReader) -> bool:
    """Wait for the next app's prelude line; False when the process ended (or wrote something else)."""
    for _ in range(10):
        line = await stdout.readline()
        if not line:
            return False
        if line == PRELUDE:
            return True
    return False


def _browser_id(request: web.Request) -> str:
    """The browser's id from its cookie when it is one we made (hex only: it goes into a command line)."""
    value = request.cookies.get(ID_COOKIE, "")
    return value if len(value) == 32 and all(c in "0123456789abcdef" for c in value) else ""
