"""The table server inside ``concordia serve``: owns the tables, reached by the app processes over a Unix socket.

The protocol is JSON lines. A connection first says ``{"op": "hello", "key": FINGERPRINT, "name": NAME}``
(the serve process gives each app its key's fingerprint); then every request is ``{"op": ..., ...}`` and is
answered ``{"re": op, "ok": true, ...}`` or ``{"re": op, "ok": false, "error": "one line"}``:

- lobby: ``list`` (the tables, and ``can_create``: why this key may not create one now, or ""); ``create``
  (``game``, ``options``, ``seats``: "me", "free" or "bot:LEVEL" each; refused past ``max_tables`` in all or
  ``max_per_host`` running tables of one host key); ``sit`` (``table``, ``seat``); ``start`` (host only);
  ``watch`` (``table``: as a spectator); ``leave`` (``table``: stop following it; a seat of a table not
  started is free again, a seat of a running game goes to a bot its person may take back); ``close``
  (``table``: the host ends it, it goes to the archive);
- table: ``act`` (``table``, ``action``: the text of one of the legal actions); ``undo`` (``table``);
  ``bot`` (``table``, ``seat``, ``level``: the host gives a seat, e.g. a long-absent one, to a bot; a person's
  seat stays theirs); ``take`` (``table``: take your seat back from the bot that plays it).

Besides the replies and the table updates, every connection is sent ``{"event": "lobby"}`` (at most every
``LOBBY_PAUSE`` seconds) when the list changed (a table created, filled, started, closed, a decision, a person
coming or going), so lobbies redraw without a refresh, and
``{"event": "closed", "table": ID, "reason": ..., "words": ...}`` for a table it follows that was closed or archived
(``words``: the reason in that connection's language).

Finished tables are archived: moved (their save and seats, nothing lost) into the server's ``archive/``
folder, an ordinary save folder (``concordia saves --save-dir DIR``, ``concordia replay``), once no
connection follows them any more (at once when the server starts), or when their host closes them.

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
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from engine.core import games
from engine.core.errors import GameError
from saves import SavedGame, SaveStore
from saves import Seat as SaveSeat
from saves.store import write_atomic
from tui.glyphs import player_letter
from tui.i18n import LANGUAGES, N_

from .tables import (
    DEFAULT_BOT,
    DEFAULT_TIMER_BOT,
    MAX_NAME,
    TIMER_LIMITS,
    Seat,
    Table,
    TableError,
    choose,
    make_bot,
    said,
)

MAX_LINE = 256 * 1024
MAX_BACKLOG = 4 * 1024 * 1024
MAX_TABLES = 64
"""Tables the server keeps at once (running, open and finished ones not archived yet)."""
MAX_TABLES_PER_HOST = 4
"""Open or running tables one host key may have at once."""
LOBBY_PAUSE = 0.3
"""Seconds lobby changes are gathered before every connection is told (bots decide faster than that)."""
CHAT_LENGTH = 200
"""Characters of one chat line (more are cut)."""
CHAT_BURST = 4
CHAT_EVERY = 2.0
"""Chat lines of one key: a burst of ``CHAT_BURST``, then one every ``CHAT_EVERY`` seconds."""
ARCHIVE = "archive"
"""The folder (beside ``tables/``) finished and closed tables are moved to: an ordinary save folder."""
TABLE_SUFFIX = ".table.json"
"""Beside each table's save (``<id>.concordia``, an ordinary save file): its seats, host and who decided what."""
CLOSED_BY_HOST, FINISHED = "closed by its host", "finished"
"""Why a table left the list (the ``reason`` of a ``closed`` event)."""
CLOSED_WORDS = {CLOSED_BY_HOST: N_("The host closed the table."),
                FINISHED: N_("The game is over: the table went to the server's archive.")}
"""What a follower of the table reads about it (its ``words``), in the follower's language."""
BOT_PAUSE = 0.0
"""Seconds a bot waits before it decides (0 in tests; the command sets a pause people can follow)."""


@dataclass(eq=False)
class Link:
    """One app process's connection: who it is and which tables it follows."""

    writer: asyncio.StreamWriter
    max_backlog: int = MAX_BACKLOG
    key: str = ""
    name: str = ""
    lang: str = "en"
    """The language of the connection's app (its late-join log is worded in it)."""
    ascii: bool = False
    wording: bool = False
    """A late-join log is being worded for this connection (one at a time: joining again and again costs it
    no more than one replay at once)."""
    following: set[str] = field(default_factory=set)
    joined: set[str] = field(default_factory=set)
    """Tables this connection just began to follow: its next update of them carries the history."""

    def send(self, message: dict[str, Any]) -> None:
        self.send_line(json_line(message))

    def words(self, text: str, **fields: Any) -> str:
        """English words marked with ``N_`` in this connection's language (and ASCII mode): each reader of a
        refusal or notice gets it in their own words, whoever else reads the same event."""
        return said(text, self.lang, self.ascii, **fields)

    def send_line(self, line: bytes) -> None:
        """One line as ``json_line`` made it (an update several connections of one seat share)."""
        if self.writer.is_closing():
            return
        if self.writer.transport.get_write_buffer_size() > self.max_backlog:
            self.writer.transport.abort()  # stalled: dropped now (close would wait to flush); reconnecting re-syncs
            return
        self.writer.write(line)


_WORDING = threading.Lock()
"""The language and ASCII mode are the process's: one log is worded at a time."""


def word_log(table: Table, seat: int | None, log: list[Any], names: list[str], lang: str,
             ascii_mode: bool) -> tuple[list[str | None], list[list[Any]]]:
    """``Table.words_for`` with the game's own words (``GameUI.action_text``) in ``lang``: each readable
    decision found among the view's legal actions (as a screen does), else parsed from its text (None where
    neither reads it, or the seat may not read it); and each decision's turn as the game counts turns
    (``GameUI.seat_turn``: its holder and whether it opens the turn), so the log groups a turn's decisions."""
    from tui import games as ui_games
    from tui import glyphs, i18n

    info, ui = games.get(table.game), ui_games.get(table.game)

    def word(view: Any, text: str | None) -> tuple[str | None, list[Any]]:
        try:
            holder, opens = ui.seat_turn(view)
            turn = [int(holder), bool(opens)]
        except (GameError, KeyError, IndexError, TypeError, ValueError, AttributeError):
            turn = [-1, False]
        if text is None:
            return None, turn
        try:
            action = next((a for a in view.legal_actions() if str(a) == text), None)
            if action is None:
                action = info.parse_action(view, text)
            return str(ui.action_text(view, action, names)), turn
        except (GameError, KeyError, IndexError, TypeError, ValueError, AttributeError):
            return None, turn

    with _WORDING:
        before = (i18n.language(), glyphs.ascii_mode())
        i18n.set_language(lang)
        glyphs.use_ascii(ascii_mode)
        try:
            said = table.words_for(seat, log, word)
        finally:
            i18n.set_language(before[0])
            glyphs.use_ascii(before[1])
    return [w for w, _turn in said], [turn for _w, turn in said]


def json_line(message: dict[str, Any]) -> bytes:
    """A message as one line of the protocol."""
    return json.dumps(message, separators=(",", ":"), default=str).encode() + b"\n"


class TableServer:
    """The tables of one server folder and the local socket the app processes reach them by."""

    def __init__(self, directory: Path, bot_pause: float = BOT_PAUSE, max_backlog: int = MAX_BACKLOG,
                 max_tables: int = MAX_TABLES, max_per_host: int = MAX_TABLES_PER_HOST) -> None:
        self.directory = directory / "tables"
        self.archive = directory / ARCHIVE
        self.max_tables = max_tables
        self.max_per_host = max_per_host
        self._archiving: set[asyncio.Task[None]] = set()
        """Tables being written and moved to the archive (``_archive``), waited for at ``close``."""
        self._lobby_poke: asyncio.TimerHandle | None = None
        self._wording: set[asyncio.Task[None]] = set()
        self._chat: dict[str, tuple[float, float]] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        """Per table with a turn timer: the running one of the person who decides now."""
        """Per key: chat lines it may still send at once, and when that was counted (``op_say``)."""
        """Late joiners' logs being worded (``_words_later``)."""
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
            if table.over:  # finished before the restart: nobody follows it now
                self._move_to_archive(table.id)
            else:
                self.tables[table.id] = table

    def _move_to_archive(self, table_id: str) -> None:
        """The table's save and seats into ``archive/`` (an ordinary save folder); its lock let go."""
        self.archive.mkdir(parents=True, exist_ok=True)
        for name in (self.store.path_of(table_id).name, f"{table_id}{TABLE_SUFFIX}"):
            with contextlib.suppress(FileNotFoundError):
                os.replace(self.directory / name, self.archive / name)
        lock = self._locks.pop(table_id, None)
        if lock is not None:
            lock.close()
        with contextlib.suppress(OSError):
            (self.directory / f"{table_id}.lock").unlink()

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
                "who": [[e.seat, e.person] for e in table.log], "timer": table.timer, "timer_bot": table.timer_bot}
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
        for task in [*self._bots.values(), *self._wording]:
            task.cancel()
        if self._lobby_poke is not None:
            self._lobby_poke.cancel()
        for handle in self._timers.values():
            handle.cancel()
        await self.flush()
        while self._archiving:
            await asyncio.gather(*self._archiving, return_exceptions=True)
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
                    link.send({"ok": False, "error": link.words(N_("request too long"))})
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
            if link.key:
                self._presence(link.key)  # the screens and lobbies show the person as offline
            for table_id in link.following:
                table = self.tables.get(table_id)
                if table is not None:
                    self._push(table)
                    self._archive_if_done(table)

    # ----------------------------------------------------------------------------- requests
    def handle(self, link: Link, line: bytes) -> dict[str, Any]:
        """One request line: the reply (errors a client can cause are replies, never exceptions)."""
        try:
            msg = json.loads(line)
        except ValueError:
            return {"ok": False, "error": link.words(N_("not a JSON line"))}
        if not isinstance(msg, dict) or not isinstance(msg.get("op"), str):
            return {"ok": False, "error": link.words(N_("a request is an object with an op"))}
        op = msg["op"]
        method = getattr(self, f"op_{op}", None) if op.isidentifier() else None
        if method is None:
            return {"re": op[:20], "ok": False, "error": link.words(N_("unknown op {op}"), op=repr(op[:20]))}
        if op != "hello" and not link.key:
            return {"re": op, "ok": False, "error": link.words(N_("say hello first"))}
        try:
            reply = method(link, msg)
        except TableError as exc:  # worded for this connection's reader
            return {"re": op, "ok": False, "error": exc.words(link.lang, link.ascii)[:200]}
        except GameError as exc:  # the engine's own words (a game's config or parser refusing)
            return {"re": op, "ok": False, "error": str(exc)[:200]}
        except (ValueError, TypeError, LookupError) as exc:  # a field the op could not read (a game's parser
            # that raised something other than IllegalAction): the client's request, so a reply, not a drop
            return {"re": op, "ok": False,
                    "error": link.words(N_("cannot read this request: {error}"), error=str(exc)[:160])}
        return {"re": op, "ok": True, **reply}

    def op_hello(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        key, name = msg.get("key"), msg.get("name", "")
        if not isinstance(key, str) or not key or len(key) > 100 or not isinstance(name, str):
            raise TableError(N_("hello needs a key and a name"))
        link.key, link.name = key, "".join(c for c in name if c.isprintable())[:MAX_NAME] or "guest"
        lang = msg.get("lang")
        if isinstance(lang, str) and lang in LANGUAGES:
            link.lang = lang
        link.ascii = msg.get("ascii") is True
        mine = [t.id for t in self.tables.values() if t.seat_of(key) is not None and not t.over]
        self._presence(key, back=True)
        return {"seated": mine}

    def _presence(self, key: str, back: bool = False) -> None:
        """``key`` came (``back``) or went: the tables where it has a seat show it online or not, and so do the
        lobbies; a seat a bot played because its person's turn timer ran out is theirs again when they come."""
        for table in list(self.tables.values()):
            seat = table.seat_of(key)
            if seat is None:
                continue
            held = table.seats[seat]
            if back and held.kind == "bot" and held.timed and not table.over:
                table.seats[seat] = Seat("person", key, held.name)
                self._changed(table)
            else:
                self._push(table)
        self._lobby_changed()

    def can_create(self, key: str, lang: str = "en", ascii_mode: bool = False) -> str:
        """Why ``key`` may not create a table now (the server's and the per-host limit) in ``lang``, or ""."""
        refused = self.create_refusal(key)
        return refused.words(lang, ascii_mode) if refused is not None else ""

    def create_refusal(self, key: str) -> TableError | None:
        """Why ``key`` may not create a table now (the server's and the per-host limit), or None."""
        if len(self.tables) >= self.max_tables:
            return TableError(N_("the server has {n} tables, the most it keeps: a table must finish or be closed "
                                 "first"), n=len(self.tables))
        hosted = sum(1 for t in self.tables.values() if t.host == key and not t.over)
        if hosted >= self.max_per_host:
            return TableError(N_("you host {n} open or running tables, the most one person may: close one first "
                                 "(T on it in the lobby)"), n=hosted)
        return None

    def op_list(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        online = {lk.key for lk in self.links}
        people = sorted({lk.key: lk.name for lk in self.links if lk.key}.values(), key=str.casefold)
        return {"tables": [t.summary(online) | {"host": t.host == link.key, "mine": t.seat_of(link.key),
                                                "following": t.id in link.following}
                           for t in self.tables.values()],
                "online": people[:100],
                "can_create": self.can_create(link.key, link.lang, link.ascii)}

    def op_create(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        refused = self.create_refusal(link.key)
        if refused is not None:
            raise refused
        specs = msg.get("seats")
        if not isinstance(specs, list) or not specs or len(specs) > 8:
            raise TableError(N_("seats must be a list of 'me', 'free' or 'bot:LEVEL'"))
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
                raise TableError(N_("a seat is 'me' (once), 'free' or 'bot:LEVEL', not {seat}"),
                                 seat=repr(str(spec)[:20]))
        game = msg.get("game")
        seed = msg.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise TableError(N_("seed must be a whole number"))
        timer, timer_bot = msg.get("timer", 0), msg.get("timer_bot", DEFAULT_TIMER_BOT)
        if not isinstance(timer, int) or isinstance(timer, bool) or not (
                timer == 0 or TIMER_LIMITS[0] <= timer <= TIMER_LIMITS[1]):
            raise TableError(N_("timer is 0 (none) or {least} to {most} seconds"), least=TIMER_LIMITS[0],
                             most=TIMER_LIMITS[1])
        if not isinstance(timer_bot, str):
            raise TableError(N_("timer_bot must be a bot name"))
        table = Table.create(str(game), msg.get("options", {}), seats, link.key, seed)
        table.timer, table.timer_bot = timer, timer_bot
        for level in [s.bot for s in seats if s.kind == "bot" and s.bot is not None] + ([timer_bot] if timer else []):
            make_bot(table.game, level)  # an unknown level is refused now, not when it is the bot's turn
        self._lock(table.id)
        self.tables[table.id] = table
        self.save(table)
        self._follow(link, table)
        self._lobby_changed()
        return {"table": table.id}

    def _table(self, msg: dict[str, Any]) -> Table:
        table_id = msg.get("table")
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise TableError(N_("no such table"))
        return table

    def _seat(self, table: Table, msg: dict[str, Any]) -> int:
        seat = msg.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            raise TableError(N_("seat must be 0 to {last}"), last=len(table.seats) - 1)
        return seat

    def op_sit(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg)
        seat = self._seat(table, msg)
        if table.seat_of(link.key) is not None:
            raise TableError(N_("you already have a seat at this table"))
        if table.seats[seat].kind != "free":
            raise TableError(N_("that seat is taken"))
        table.seats[seat] = Seat("person", link.key, link.name)
        self.save(table)
        self._follow(link, table)
        self._lobby_changed()
        return {"seat": seat}

    def op_watch(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg)
        self._follow(link, table)
        return {"seat": table.seat_of(link.key)}

    def op_start(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg)
        if link.key != table.host:
            raise TableError(N_("only the host starts the table"))
        if table.started:
            raise TableError(N_("the table has started"))
        if any(s.kind == "free" for s in table.seats):
            raise TableError(N_("every seat needs a person or a bot first"))
        table.started = True
        self._changed(table)
        return {}

    def op_act(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg)
        seat = self._playing(table, link)
        action = msg.get("action")
        if not isinstance(action, str) or len(action) > 200:
            raise TableError(N_("action must be the text of a legal action"))
        table.decide(seat, action)
        self._changed(table)
        return {}

    def op_undo(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg)
        seat = self._playing(table, link)
        task = self._bots.pop(table.id, None)
        if task is not None:
            task.cancel()
        taken = table.undo(seat)
        self._changed(table)
        return {"undone": taken}

    def op_bot(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        table = self._table(msg)
        if link.key != table.host:
            raise TableError(N_("only the host gives seats to bots"))
        seat = self._seat(table, msg)
        level = msg.get("level", DEFAULT_BOT)
        if not isinstance(level, str):
            raise TableError(N_("level must be a bot name"))
        make_bot(table.game, level)
        old = table.seats[seat]  # a person's seat stays theirs (its key kept): they may take it back
        table.seats[seat] = Seat("bot", old.key, old.name if old.key else f"Bot {seat + 1}", level)
        self._changed(table)
        return {}

    def _playing(self, table: Table, link: Link) -> int:
        """The seat ``link`` decides at (refused: none, or a bot plays it for them now)."""
        seat = table.seat_of(link.key)
        if seat is None:
            raise TableError(N_("you have no seat at this table"))
        if not table.plays(seat):
            raise TableError(N_("a bot plays your seat now: take it back first (T)"))
        return seat

    def op_take(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        """Take your seat back from the bot that plays it (the host gave it away, or you left the game)."""
        table = self._table(msg)
        seat = table.seat_of(link.key)
        if seat is None or table.seats[seat].kind != "bot":
            raise TableError(N_("no seat of yours is played by a bot here"))
        if table.over:
            raise TableError(N_("the game is over"))
        table.seats[seat] = Seat("person", link.key, link.name)
        link.following.add(table.id)
        self._changed(table)
        return {"seat": seat}

    def op_leave(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        """Stop following the table; your seat of a table not started is free again, of a running game a bot
        plays it (you may take it back with ``take``); a finished table nobody follows goes to the archive."""
        table = self._table(msg)
        link.following.discard(table.id)
        link.joined.discard(table.id)
        seat = table.seat_of(link.key)
        left = "watching"
        if seat is not None and not table.over:
            old = table.seats[seat]
            if not table.started:
                table.seats[seat] = Seat()
                left = "free"
            elif old.kind == "person":
                table.seats[seat] = Seat("bot", old.key, old.name, DEFAULT_BOT)
                left = "bot"
            if left != "watching":
                self._changed(table)
        self._archive_if_done(table)
        return {"left": left}

    def op_close(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        """The host ends the table (at any time): it goes to the archive, its followers back to their lobby."""
        table = self._table(msg)
        if link.key != table.host:
            raise TableError(N_("only the host closes the table"))
        self._archive(table, CLOSED_BY_HOST)
        return {}

    def op_say(self, link: Link, msg: dict[str, Any]) -> dict[str, Any]:
        """A chat line at a table you follow, to everyone following it: plain text (control characters and
        line breaks go), at most ``CHAT_LENGTH`` characters, a few lines at once then one every ``CHAT_EVERY``
        seconds per key (not per connection)."""
        table = self._table(msg)
        if table.id not in link.following:
            raise TableError(N_("watch the table (or sit at it) to talk there"))
        raw = msg.get("text")
        if not isinstance(raw, str):
            raise TableError(N_("text must be a text"))
        text = " ".join("".join(c if c.isprintable() else " " for c in raw[: CHAT_LENGTH * 4]).split())
        text = text[:CHAT_LENGTH]
        if not text:
            raise TableError(N_("nothing to say"))
        now = asyncio.get_running_loop().time()
        tokens, then = self._chat.get(link.key, (float(CHAT_BURST), now))
        tokens = min(float(CHAT_BURST), tokens + (now - then) / CHAT_EVERY)
        if tokens < 1.0:
            raise TableError(N_("slow down: one line every {n} seconds"), n=f"{CHAT_EVERY:g}")
        self._chat[link.key] = (tokens - 1.0, now)
        if len(self._chat) > 10_000:  # keys long gone: forget them
            self._chat = {k: v for k, v in self._chat.items() if now - v[1] < 60}
        line = json_line({"event": "chat", "table": table.id, "seat": table.seat_of(link.key), "name": link.name,
                          "text": text})
        for other in list(self.links):
            if table.id in other.following:
                other.send_line(line)
        return {}

    # ------------------------------------------------------------------------------ archive
    def _archive_if_done(self, table: Table) -> None:
        if table.over and table.id in self.tables and not any(table.id in lk.following for lk in self.links):
            self._archive(table, FINISHED)

    def _archive(self, table: Table, reason: str) -> None:
        """Off the list now; its followers told (``reason``, and its words in each one's language); its newest
        state written, then moved to ``archive/``."""
        if self.tables.pop(table.id, None) is None:
            return
        task = self._bots.pop(table.id, None)
        if task is not None:
            task.cancel()
        for link in list(self.links):
            if table.id in link.following:
                link.following.discard(table.id)
                link.joined.discard(table.id)
                words = CLOSED_WORDS.get(reason, reason)
                if reason == CLOSED_BY_HOST and link.key == table.host:
                    words = N_("You closed the table: its save is in the server's archive.")
                link.send({"event": "closed", "table": table.id, "reason": reason, "words": link.words(words)})
        self._lobby_changed()
        archiving = asyncio.get_running_loop().create_task(self._store_away(table))
        self._archiving.add(archiving)
        archiving.add_done_callback(self._archiving.discard)

    async def _store_away(self, table: Table) -> None:
        saving = self._saving.get(table.id)
        if saving is not None:
            await asyncio.gather(saving, return_exceptions=True)
        try:
            await asyncio.to_thread(self._write, *self._snapshot(table))
            self._move_to_archive(table.id)
        except (OSError, GameError) as exc:
            self.problems.append(f"{table.id}: {exc}")

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
        self._lobby_changed()
        self._wake_bots(table)
        self._archive_if_done(table)

    def _lobby_changed(self) -> None:
        """Tell every lobby the list changed, once for whatever changes in the next ``LOBBY_PAUSE`` seconds."""
        if self._lobby_poke is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # requests handled without the socket (tests): no lobby to tell
                return
            self._lobby_poke = loop.call_later(LOBBY_PAUSE, self._poke_lobbies)

    def _poke_lobbies(self) -> None:
        self._lobby_poke = None
        line = json_line({"event": "lobby"})
        for link in list(self.links):
            if link.key:
                link.send_line(line)

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
                    if table.log and not link.wording:
                        self._words_later(link, table, seat)
                else:
                    link.send_line(line)

    def _words_later(self, link: Link, table: Table, seat: int | None) -> None:
        """The late joiner's log in words, in its language: worded in a thread (it replays the game), then sent
        as ``{"event": "words", "table": ID, "words": [...], "turns": [...]}`` (one per decision so far; a word None:
        not readable; a turn ``[holder, opens]``)."""
        link.wording = True
        task = asyncio.get_running_loop().create_task(self._send_words(link, table, seat))
        self._wording.add(task)
        task.add_done_callback(self._wording.discard)

    async def _send_words(self, link: Link, table: Table, seat: int | None) -> None:
        log = list(table.log)
        names = [f"{player_letter(i)} {s.name or link.words(N_('Seat {n}'), n=i + 1)}"
                 for i, s in enumerate(table.seats)]
        try:
            words, turns = await asyncio.to_thread(word_log, table, seat, log, names, link.lang, link.ascii)
        except (GameError, KeyError, IndexError, TypeError, ValueError, AttributeError):
            return  # words are a courtesy: the log keeps what each decision caused
        finally:
            link.wording = False
        same = len(table.log) >= len(log) and all(a is b for a, b in zip(log, table.log, strict=False))
        if same and table.id in link.following and link in self.links:  # not undone meanwhile
            link.send({"event": "words", "table": table.id, "words": words, "turns": turns})

    def _arm_timer(self, table: Table) -> None:
        """A table with a turn timer: the person who decides now has ``table.timer`` seconds for this decision."""
        old = self._timers.pop(table.id, None)
        if old is not None:
            old.cancel()
        seat = table.deciding
        if not table.timer or seat is None or not table.plays(seat) or table.id not in self.tables:
            return
        self._timers[table.id] = asyncio.get_running_loop().call_later(
            table.timer, self._time_out, table, len(table.log), seat)

    def _time_out(self, table: Table, decisions: int, seat: int) -> None:
        """The timer ran out: a bot of the host's chosen level plays the seat until its person comes back."""
        self._timers.pop(table.id, None)
        if table.id not in self.tables or len(table.log) != decisions or table.deciding != seat or not table.plays(
                seat):
            return
        person = table.seats[seat]
        table.seats[seat] = Seat("bot", person.key, person.name, table.timer_bot, timed=True)
        self._changed(table)

    def _wake_bots(self, table: Table) -> None:
        self._arm_timer(table)
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
                if table.id not in self.tables:
                    return  # closed meanwhile
                if len(table.log) != before or table.deciding != seat or table.seats[seat].kind != "bot":
                    continue  # an undo changed the table meanwhile, or its person took the seat back
                table.decide(seat, text, person=False)
                self._push(table)
                self._save_later(table)
                if self.on_change is not None:
                    self.on_change(table)
                self._lobby_changed()
                self._arm_timer(table)
                self._archive_if_done(table)
        finally:
            if self._bots.get(table.id) is asyncio.current_task():
                del self._bots[table.id]
