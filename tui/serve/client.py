"""The app's side of the table protocol: a small asyncio client of the table server's Unix socket.

``TableClient.connect(path, key, name)`` says hello; ``request(op, **fields)`` returns the reply (a
``TableError`` for a refusal); the pushed table updates wait in ``updates`` (the newest one per table is
what a screen shows), with ``{"event": "closed", ...}`` when a followed table is closed; ``lobby_changed``
is set when the list of tables changed. The app processes of ``concordia serve`` find the socket, their key and
their name in ``CONCORDIA_SERVE_SOCKET``, ``CONCORDIA_SERVE_SEAT`` and ``CONCORDIA_SERVE_NAME``.
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

from tui.i18n import t

from .table_server import MAX_LINE
from .tables import TableError

CHAT_KEPT = 50


class TableClient:
    """One connection to the table server."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.updates: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.latest: dict[str, dict[str, Any]] = {}
        """The newest update per table id."""
        self.histories: dict[str, list[Any]] = {}
        """Per table id, the history its first update brought (``Table.history_for``), kept for the screen
        that opens the table later (a newer update without it may be ``latest`` by then)."""
        self.lobby_changed = asyncio.Event()
        self.words: dict[str, dict[str, Any]] = {}
        """Per table id, the server's words of the decisions before we joined, until a screen takes them."""
        self.words_ready = asyncio.Event()
        self.chat: list[dict[str, Any]] = []
        """The latest chat lines of the tables we follow (``CHAT_KEPT``), oldest first."""
        self.chat_lines: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        """Each chat line as it comes, for the app to show."""
        """Set when the server says the list of tables changed (the lobby clears it and asks for the list)."""
        self._replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._lock = asyncio.Lock()
        self._task = asyncio.get_running_loop().create_task(self._read())
        self.received = 0
        """Bytes received so far (the privacy test reads ``raw`` too)."""
        self.raw = bytearray()

    @classmethod
    async def connect(cls, path: str, key: str, name: str, keep_raw: bool = False, lang: str = "en",
                      ascii: bool = False) -> TableClient:
        """Connected and said hello (``lang``, ``ascii``: how the server words a late joiner's log)."""
        reader, writer = await asyncio.open_unix_connection(path, limit=MAX_LINE * 64)
        client = cls(reader, writer)
        client.keep_raw = keep_raw
        await client.request("hello", key=key, name=name, lang=lang, ascii=ascii)
        return client

    @classmethod
    async def from_environment(cls) -> TableClient:
        """The connection an app process started by ``concordia serve`` is meant to use."""
        env = os.environ
        return await cls.connect(env["CONCORDIA_SERVE_SOCKET"], env["CONCORDIA_SERVE_SEAT"],
                                 env.get("CONCORDIA_SERVE_NAME", "guest"))

    keep_raw = False

    async def _read(self) -> None:
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                self.received += len(line)
                if self.keep_raw:
                    self.raw += line
                msg = json.loads(line)
                if msg.get("event") == "table":
                    self.latest[msg["table"]] = msg
                    if "history" in msg:
                        self.histories[msg["table"]] = msg["history"]
                    self.updates.put_nowait(msg)
                elif msg.get("event") == "lobby":  # the list of tables changed: a lobby on screen asks for it
                    self.lobby_changed.set()
                elif msg.get("event") == "words":  # a late joiner's log in words (``RemoteSession.take_words``)
                    self.words[str(msg.get("table"))] = msg
                    self.words_ready.set()
                elif msg.get("event") == "chat":  # a line said at a table we follow
                    self.chat.append(msg)
                    del self.chat[:-CHAT_KEPT]
                    self.chat_lines.put_nowait(msg)
                elif msg.get("event") == "closed":  # a table we follow was closed or archived
                    self.latest.pop(str(msg.get("table")), None)
                    self.histories.pop(str(msg.get("table")), None)
                    self.updates.put_nowait(msg)
                else:
                    self._replies.put_nowait(msg)
        finally:
            self._replies.put_nowait({"ok": False, "error": t("the table server closed the connection")})

    async def request(self, op: str, **fields: Any) -> dict[str, Any]:
        """Send one request and wait for its reply; ``TableError`` with the server's reason when refused."""
        async with self._lock:
            self.writer.write(json.dumps({"op": op, **fields}).encode() + b"\n")
            await self.writer.drain()
            reply = await self._replies.get()
        if not reply.get("ok"):
            raise TableError(str(reply.get("error", "refused")))
        return reply

    async def update(self, table: str, timeout: float = 10.0) -> dict[str, Any]:
        """Wait for the next update of ``table``."""
        while True:
            msg = await asyncio.wait_for(self.updates.get(), timeout)
            if msg.get("table") == table:
                return msg

    async def close(self) -> None:
        self.writer.close()
        self._task.cancel()
