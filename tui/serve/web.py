"""``concordia serve --web``: the same lobby and game screens in a browser, through textual-serve, behind a token.

textual-serve runs one app process per browser tab and has no login of its own, so every request passes a
token check first (an aiohttp middleware): the host prints a link with ``?token=...``; that page sets the token
as a cookie (HttpOnly, SameSite=Strict) for the page's websocket and files, and anything without the right
token gets ``403``. Each browser also gets a random id in a cookie: it is the browser's "key", so a seat at a
table belongs to that browser (as a seat over SSH belongs to a key), and its own save folder for playing alone.
The server listens on 127.0.0.1 unless ``--listen`` says otherwise, and serves at most ``max_connections`` tabs.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import shlex
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

TOKEN_COOKIE = "concordia_token"
ID_COOKIE = "concordia_id"
REFUSED = "concordia serve: open the link with the token the host printed\n"
log = logging.getLogger("concordia.serve.web")


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
            return web.Response(status=403, text=REFUSED)
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
        app.middlewares.append(self.check_token)
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: ``concordia serve`` prints the link itself."""

    # ------------------------------------------------------------------------------------ the app per tab
    def command_for(self, request: web.Request) -> str:
        """The lobby for this browser: its id is its seat key, its own save folder for playing alone."""
        browser = _browser_id(request) or secrets.token_hex(16)
        seat = f"web:{browser}"
        save_dir = self.directory / "players" / hashlib.sha256(seat.encode()).hexdigest()[:16] / "saves"
        lang = request.query.get("lang") or self.lang
        env = {"CONCORDIA_SERVE_SEAT": seat, "CONCORDIA_SERVE_NAME": f"web-{browser[:4]}",
               "CONCORDIA_SERVE_DIR": str(self.directory)}
        if self.table_socket:
            env["CONCORDIA_SERVE_SOCKET"] = self.table_socket
        args = [sys.executable, "-m", "tui.serve.remote" if self.table_socket else "tui.cli"]
        if lang in ("en", "de"):
            args += ["--lang", lang]
        args += ["--save-dir", str(save_dir)]
        return "env " + " ".join(shlex.quote(f"{k}={v}") for k, v in env.items()) + " " + shlex.join(args)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab: its own app process (textual-serve's ``AppService``), at most ``max_connections`` at once."""
        websocket = web.WebSocketResponse(heartbeat=15)
        if self.connections >= self.max_connections:
            await websocket.prepare(request)
            await websocket.close(message=b"the server has as many players as it takes")
            return websocket
        width = max(20, min(to_int(request.query.get("width", "80"), 80), 500))
        height = max(10, min(to_int(request.query.get("height", "24"), 24), 200))
        service: AppService | None = None
        self.connections += 1
        try:
            await websocket.prepare(request)
            service = AppService(self.command_for(request), write_bytes=websocket.send_bytes,
                                 write_str=websocket.send_str, close=websocket.close,
                                 download_manager=self.download_manager, debug=False)
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


def _browser_id(request: web.Request) -> str:
    """The browser's id from its cookie when it is one we made (hex only: it goes into a command line)."""
    value = request.cookies.get(ID_COOKIE, "")
    return value if len(value) == 32 and all(c in "0123456789abcdef" for c in value) else ""
