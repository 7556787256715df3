"""The table server inside ``concordia serve``: owns the tables, reached by the app processes over a Unix socket.

The protocol is JSON lines. A connection first says ``{"op": "hello", "key": FINGERPRINT, "name": NAME}``
(the serve process gives each app its key's fingerprint); then every request is ``{"op": ..., ...}`` and is
answered ``{"re": op, "ok": true, ...}`` or ``{"re": op, "ok": false, "error": "one line"}``:

- lobby: ``list``; ``create`` (``game``, ``options``, ``seats``: "me", "free" or "bot:LEVEL" each);
  ``sit`` (``table``, ``seat``); ``start`` (host only); ``watch`` (``table``: as a spectator);
- table: ``act`` (``table``, ``action``: the text of one of the legal actions); ``undo`` (``table``);
  ``bot`` (``table``, ``seat``, ``level``: the host gives a seat, e.g. a long-absent one, to a bot).

Whenever a table changes, every connection that sits at it or watches it is pushed
``{"event": "table", ...}`` (``Table.update_for``: its own seat's view only); the first update after a
connection begins to follow a table (``create``, ``sit``, ``watch``) also carries ``history``
(``Table.history_for``: every decision so far as that seat may read it), so a late joiner's log is whole.
A table is saved after every decision (right after the pushes, in a worker thread, so the screens are not kept
waiting) with ``saves.SaveStore`` in the server's own ``tables/`` folder (an ordinary, replay-checked save
file, plus a small sidecar with the seats' keys) and locked (``flock``) while this server plays it, so a
second server refuses it and a local ``--continue`` (another folder) never writes into it; a restart loads
the tables and goes on. Bots think in a worker thread, so the server keeps serving.
A connection that does not read its updates (more than ``MAX_BACKLOG`` unsent) is dropped; the app
reconnects and gets the current state, which is all it needs.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from engine.core import games
from engine.core.errors import GameError
from saves import SavedGame, SaveStore
from saves import Seat as SaveSeat
from saves.store import write_atomic

from .tables import DEFAULT_BOT, MAX_NAME, Seat, Table, TableError, choose, make_bot

MAX_LINE = 256 * 1024
MAX_BACKLOG = 4 * 1024 * 1024
MAX_TABLES = 64
TABLE_SUFFIX = ".table.json"
"""Beside each table's save (``<id>.concordia``, an ordinary save file): its seats, host and who decided what."""
BOT_PAUSE = 0.0
"""Seconds a bot waits before it decides (0 in tests; the command sets a pause people can follow)."""


@dataclass(eq=False)
class Link:
    """One app process's connection: who it is and which tables it follows."""

    writer: asyncio.StreamWriter
    max_backlog: int = MAX_BACKLOG
    key: str = ""
    name: str = ""
    following: set[str] = field(default_factory=set)
    joined: set[str] = field(default_factory=set)
    """Tables this connection just began to follow: its next update of them carries the history."""

    def send(self, message: dict[str, Any]) -> None:
        self.send_line(json_line(message))

    def send_line(self, line: bytes) -> None:
        """One line as ``json_line`` made it (an update several connections of one seat share)."""
        if self.writer.is_closing():
            return
        if self.writer.transport.get_write_buffer_size() > self.max_backlog:
            self.writer.transport.abort()  # stalled: dropped now (close would wait to flush); reconnecting re-syncs
            return
        self.writer.write(line)


def json_line(message: dict[str, Any]) -> bytes:
    """A message as one line of the protocol."""
    return json.dumps(message, separators=(",", ":"), default=str).encode() + b"\n"


class TableServer:
    """The tables of one server folder and the local socket the app processes reach them by."""

    def __init__(self, directory: Path, bot_pause: float = BOT_PAUSE, max_backlog: int = MAX_BACKLOG) -> None:
        self.directory = directory / "tables"
        self.directory.mkdir(parents=True, exist_ok=True)
        self.store = SaveStore(self.directory)
        self.bot_pause = bot_pause
        self.max_backlog = max_backlog
        self.tables: dict[str, Table] = {}
        self.links: set[Link] = set()
        self.problems: list[str] = []
        self._locks: dict[str, IO[bytes]] = {}
        self._bots: dict[str, asyncio.Task[None]] = {}
        self._saving: dict[str, asyncio.Task[None]] = {}
        """Each table's background save in progress (``_save_later``)."""
        self._dirty: set[str] = set()
        """Tables changed since their running background save took its copy."""
        self._server: asyncio.AbstractServer | None = None
        self._handlers: set[asyncio.Task[Any]] = set()
        """Each connection's handler task (``_serve``), waited for at ``close``."""
        self._path: Path | None = None
        self.on_change: Callable[[Table], None] | None = None
        self._load()

    # -------------------------------------------------------------------------------- files
    def _load(self) -> None:
        """Every table of the folder: its game from the save (replayed and checked), its seats from the sidecar.

        In the order they were created (the save keeps its creation time), as the lobby listed them before.
        """
        found: list[tuple[float, str, Table]] = []
        for path in sorted(self.directory.glob(f"*{TABLE_SUFFIX}")):
            table_id = path.name[: -len(TABLE_SUFFIX)]
            try:
                meta = json.loads(path.read_text(encoding="utf-8"))
                saved = self.store.load(self.store.path_of(table_id))
                if not isinstance(meta, dict):
                    raise TableError("a damaged table file")
                meta.update({"id": saved.game_id, "game": saved.game, "options": saved.config.to_dict(),
                             "seed": saved.seed})
                meta["log"] = [[s, a, p] for (s, p), a in zip(meta.get("who", []), saved.actions, strict=True)]
                table = Table.from_dict(meta)
                self._lock(table.id)
            except (OSError, ValueError, GameError) as exc:
                self.problems.append(f"{path.name}: {exc}")
                continue
            found.append((float(saved.created), table.id, table))
        for _created, _id, table in sorted(found, key=lambda f: f[:2]):
            self.tables[table.id] = table

    def _lock(self, table_id: str) -> None:
        """Hold an exclusive lock on the table while this server plays it (a second server refuses it)."""
        f = open(self.directory / f"{table_id}.lock", "ab")  # noqa: SIM115 - kept open while the table lives
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            f.close()
            raise TableError("another server is playing this table") from exc
        self._locks[table_id] = f

    def save(self, table: Table) -> None:
        """The game as an ordinary save (``SaveStore``: atomic, replay-checked), then the table's seats beside it.

        The sidecar (``<id>.table.json``: seat keys, host, started, who made each decision) is written second;
        a crash between the two leaves a sidecar one decision behind, which loading refuses as damaged
        rather than guessing whose decision the last one was. While the table's background save
        (``_save_later``) is writing, this only asks it to write once more, so the newest state is written last.
        """
        if table.id in self._saving:
            self._dirty.add(table.id)
            return
        self._write(*self._snapshot(table))

    def _snapshot(self, table: Table) -> tuple[SavedGame, bytes]:
        """What ``save`` writes, taken now (a copy of the state): it may be written from a worker thread."""
        info = games.get(table.game)
        seats = [SaveSeat(s.name or ("free" if s.kind == "free" else f"Seat {i + 1}"),
                          s.bot if s.kind == "bot" else None) for i, s in enumerate(table.seats)]
        saved = SavedGame(table.id, info.config_from_save(table.options), table.seed, seats,
                          [e.action for e in table.log], table.state.clone(), f"{info.title} table",
                          game=table.game)
        meta = {"seats": [s.to_dict() for s in table.seats], "host": table.host, "started": table.started,
                "who": [[e.seat, e.person] for e in table.log]}
        return saved, json.dumps(meta, separators=(",", ":")).encode()

    def _write(self, saved: SavedGame, meta: bytes) -> None:
        self.store.save(saved)  # keeps the file's creation time
        write_atomic(self.directory / f"{saved.game_id}{TABLE_SUFFIX}", meta)

    def _save_later(self, table: Table) -> None:
        """Save the table after every decision without holding up the pushes: in a worker thread, after them.

        Encoding a save (replay-checked) and its two ``fsync``s took 50-100 ms per decision on the loaded 2-core
        machine, all of it before the other screens were told (measured with ``SERVE_BENCH_PROFILE``). One
        save runs per table at a time; decisions made meanwhile are written by one more save right after it
        (so the file is at most one write behind the table, and ``flush`` waits for it).
        """
        if table.id in self._saving:
            self._dirty.add(table.id)
            return
        self._saving[table.id] = asyncio.get_running_loop().create_task(self._saver(table))

    async def _saver(self, table: Table) -> None:
        try:
            while True:
                self._dirty.discard(table.id)
                try:
                    await asyncio.to_thread(self._write, *self._snapshot(table))
                except (OSError, GameError) as exc:
                    self.problems.append(f"{table.id}: {exc}")
                if table.id not in self._dirty:
                    return
        finally:
            del self._saving[table.id]

    async def flush(self) -> None:
        """Wait until every table's latest state is on disk."""
        while self._saving:
            await asyncio.gather(*self._saving.values(), return_exceptions=True)

    # ------------------------------------------------------------------------------- socket
    async def start(self, path: Path) -> None:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        old = os.umask(0o077)
        try:
            self._server = await asyncio.start_unix_server(self._serve, path=str(path), limit=MAX_LINE)
            self._path = path
        finally:
            os.umask(old)
        for table in self.tables.values():
            self._wake_bots(table)

    async def close(self) -> None:
        for task in self._bots.values():
            task.cancel()
        await self.flush()
        for link in list(self.links):
            link.writer.close()
        handlers = [t for t in self._handlers if not t.done()]
        if handlers:  # each ends at its connection's EOF; waited for, so none is left for the loop to cancel
            await asyncio.wait(handlers, timeout=2.0)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if self._path is not None:
            with contextlib.suppress(OSError):
                self._path.unlink()
        for f in self._locks.values():
            f.close()
        self._locks.clear()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = Link(writer, self.max_backlog)
        self.links.add(link)
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        try:
            while True:
                try:
                    line = await reader.readline()
                except (ValueError, asyncio.LimitOverrunError):
                    link.send({"ok": False, "error": "request too long"})
                    break
                if not line:
                    break
                link.send(self.handle(link, line))
        except (ConnectionError, OSError):
            pass
        except asyncio.CancelledError:  # the loop is closing: the end of this connection, not an error to print
            pass  # (asyncio's stream callback would log a cancelled handler as "Unhandled exception")
        finally:
            self.links.discard(link)
            writer.close()
            for table_id in link.following:
                if table_id in self.tables:
                    self._push(self.tables[table_id])  # the lobby shows the seat as offline

    # ----------------------------------------------------------------------------- requests
    def handle(self, link: Link, line: bytes) -> dict[str, Any]:
        """One request line: the reply (errors a client can cause are replies, never exceptions)."""
        try:
            msg = json.loads(line)
        except ValueError:
            return {"ok": False, "error": "not a JSON line"}
        if not isinstance(msg, dict) or not isinstance(msg.get("op"), str):
            return {"ok": False, "error": "a request is an object with an op"}
        op = msg["op"]
        method = getattr(self, f"op_{op}", None) if op.isidentifier() else None
        if method is None:
            return {"re": op[:20], "ok": False, "error": f"unknown op {op[:20]!r}"}
        if op != "hello" and not link.key:
            return {"re": op, "ok": False, "error": "say hello first"}
        try:
            reply = method(link, msg)
        except GameError as exc:
            return {"re": op, "ok": False, "error": str(exc)[:200]}
        except (ValueError, TypeError, LookupError) as exc:  # a field the op could not read (a game's parser
            # that raised something other than IllegalAction): the client's request, so a reply, not a drop
            return {"re": op, "ok": False, "error": f"cannot read this request: {str(exc)[:160]}"}
        return {"re": op, "ok": True, **reply}

    def op_hello(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        key, name = msg.get("key"), msg.get("name", "")
        if not isinstance(key, str) or not key or len(key) > 100 or not isinstance(name, str):
            raise TableError("hello needs a key and a name")
        link.key, link.name = key, "".join(c for c in name if c.isprintable())[:MAX_NAME] or "guest"
        mine = [t.id for t in self.tables.values() if t.seat_of(key) is not None and not t.over]
        return {"seated": mine}

    def op_list(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        online = {lk.key for lk in self.links}
        return {"tables": [t.summary(online) for t in self.tables.values()]}

    def op_create(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        if len(self.tables) >= MAX_TABLES:
            raise TableError("the server has as many tables as it keeps")
        specs = msg.get("seats")
        if not isinstance(specs, list) or not specs or len(specs) > 8:
            raise TableError("seats must be a list of 'me', 'free' or 'bot:LEVEL'")
        seats: list[Seat] = []
        for spec in specs:
            if spec == "me" and not any(s.kind == "person" for s in seats):
                seats.append(Seat("person", link.key, link.name))
            elif spec == "free":
                seats.append(Seat())
            elif isinstance(spec, str) and spec.startswith("bot"):
                level = spec.partition(":")[2] or DEFAULT_BOT
                seats.append(Seat("bot", None, f"Bot {len(seats) + 1}", level))
            else:
                raise TableError(f"a seat is 'me' (once), 'free' or 'bot:LEVEL', not {str(spec)[:20]!r}")
        game = msg.get("game")
        seed = msg.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise TableError("seed must be a whole number")
        table = Table.create(str(game), msg.get("options", {}), seats, link.key, seed)
        for s in seats:
            if s.kind == "bot" and s.bot is not None:
                make_bot(table.game, s.bot)  # an unknown level is refused now, not when it is the bot's turn
        self._lock(table.id)
        self.tables[table.id] = table
        self.save(table)
        self._follow(link, table)
        return {"table": table.id}

    def _table(self, msg: dict[str, Any]) -> Table:
        table_id = msg.get("table")
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise TableError("no such table")
        return table

    def _seat(self, table: Table, msg: dict[str, Any]) -> int:
        seat = msg.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            raise TableError(f"seat must be 0 to {len(table.seats) - 1}")
        return seat

    def op_sit(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg)
        seat = self._seat(table, msg)
        if table.seat_of(link.key) is not None:
            raise TableError("you already have a seat at this table")
        if table.seats[seat].kind != "free":
            raise TableError("that seat is taken")
        table.seats[seat] = Seat("person", link.key, link.name)
        self.save(table)
        self._follow(link, table)
        return {"seat": seat}

    def op_watch(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg)
        self._follow(link, table)
        return {"seat": table.seat_of(link.key)}

    def op_start(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg)
        if link.key != table.host:
            raise TableError("only the host starts the table")
        if table.started:
            raise TableError("the table has started")
        if any(s.kind == "free" for s in table.seats):
            raise TableError("every seat needs a person or a bot first")
        table.started = True
        self._changed(table)
        return {}

    def op_act(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg)
        seat = table.seat_of(link.key)
        if seat is None:
            raise TableError("you have no seat at this table")
        action = msg.get("action")
        if not isinstance(action, str) or len(action) > 200:
            raise TableError("action must be the text of a legal action")
        table.decide(seat, action)
        self._changed(table)
        return {}

    def op_undo(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg)
        seat = table.seat_of(link.key)
        if seat is None:
            raise TableError("you have no seat at this table")
        task = self._bots.pop(table.id, None)
        if task is not None:
            task.cancel()
        taken = table.undo(seat)
        self._changed(table)
        return {"undone": taken}

    def op_bot(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg)
        if link.key != table.host:
            raise TableError("only the host gives seats to bots")
        seat = self._seat(table, msg)
        level = msg.get("level", DEFAULT_BOT)
        if not isinstance(level, str):
            raise TableError("level must be a bot name")
        make_bot(table.game, level)
        table.seats[seat] = Seat("bot", None, f"Bot {seat + 1}", level)
        self._changed(table)
        return {}

    # ------------------------------------------------------------------------------ updates
    def _follow(self, link: Link, table: Table) -> None:
        link.following.add(table.id)
        link.joined.add(table.id)
        self._push(table)

    def _changed(self, table: Table) -> None:
        self._push(table)
        self._save_later(table)
        if self.on_change is not None:
            self.on_change(table)
        self._wake_bots(table)

    def _push(self, table: Table) -> None:
        """Every follower of ``table`` its seat's update; made and encoded once per seat (all spectators share
        one), since the view and its JSON are most of the server's work for a decision."""
        online = {lk.key for lk in self.links}
        lobby = table.summary(online)
        made: dict[int | None, tuple[dict[str, Any], bytes]] = {}
        for link in list(self.links):
            if table.id in link.following:
                seat = table.seat_of(link.key)
                if seat not in made:
                    update = table.update_for(seat)
                    update["lobby"] = lobby
                    made[seat] = (update, json_line(update))
                update, line = made[seat]
                if table.id in link.joined:  # a late joiner (a spectator, a person back) gets the log so far
                    link.joined.discard(table.id)
                    link.send({**update, "history": table.history_for(seat)})
                else:
                    link.send_line(line)

    def _wake_bots(self, table: Table) -> None:
        seat = table.deciding
        if seat is None or table.seats[seat].kind != "bot" or table.id in self._bots:
            return
        self._bots[table.id] = asyncio.get_running_loop().create_task(self._play_bots(table))

    async def _play_bots(self, table: Table) -> None:
        """Bots decide, one after another, until a person must decide or the game ends."""
        try:
            while True:
                seat = table.deciding
                if seat is None or table.seats[seat].kind != "bot":
                    return
                if self.bot_pause:
                    await asyncio.sleep(self.bot_pause)
                spec = table.seats[seat].bot or DEFAULT_BOT
                bot = make_bot(table.game, spec)
                rng = random.Random(f"{table.seed}:{len(table.log)}")
                before = len(table.log)
                text = await asyncio.to_thread(choose, bot, table.state.view(seat), table.state.legal_actions(), rng)
                if len(table.log) != before or table.deciding != seat:
                    continue  # an undo changed the table meanwhile: decide again
                table.decide(seat, text, person=False)
                self._push(table)
                self._save_later(table)
                if self.on_change is not None:
                    self.on_change(table)
        finally:
            if self._bots.get(table.id) is asyncio.current_task():
                del self._bots[table.id]
