"""The save store: one directory of ``<game_id>.concordia`` files, written atomically.

Every write goes to a temporary file in the same directory, is flushed and fsync'ed, then renamed over
the old file (``os.replace``) and the directory is fsync'ed: a process killed at any moment leaves either
the previous save or the new one, never a mixture. File names come only from the game id (checked to be
hex), never from titles or player names, and ``delete``/``rename`` touch only files inside the directory.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path

from .codec import (
    FORMAT_VERSION,
    HEADER_LIMITS,
    MAX_FILE,
    decode,
    encode,
    frame,
    header_from,
    read_header,
    split,
    unpack_map,
)
from .lock import SaveLock, claim, holder_of
from .model import GAME_ID, MAX_TITLE, SavedGame, SaveError, SaveHeader, check_game_id, check_text, shown

SUFFIX = ".concordia"
ENV_VAR = "CONCORDIA_SAVE_DIR"
STALE_TEMP_SECONDS = 600
"""Temporary files of a killed writer older than this are removed by the next save of that game, and when a
store is opened. A live writer (another app or a server saving into the same folder) rewrites its file within
a second, so ten minutes never touches a write in progress."""
TEMP_NAME = re.compile(r"\.[0-9a-f]{32}\..+\.tmp")
"""The name ``write_atomic`` gives a save's temporary file (``.<game id>.<random>.tmp``)."""


Headers = list[SaveHeader]
Problems = list[tuple[Path, str]]


def default_directory() -> Path:
    """``$CONCORDIA_SAVE_DIR`` if set, else ``saves`` in the user data dir (XDG on Linux)."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("concordia")) / "saves"


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves the old file or the new one, complete."""
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as f:
            _write_all(f.fileno(), data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_directory(path.parent)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable (POSIX); a no-op where directories cannot be opened (Windows)."""
    try:
        dfd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # pragma: no cover - Windows
        return
    try:
        os.fsync(dfd)
    except OSError:  # pragma: no cover - file systems without directory fsync
        pass
    finally:
        os.close(dfd)


class SaveStore:
    """The saved games in one directory: save, autosave, load, list, delete, rename."""

    def __init__(self, directory: str | Path | None = None) -> None:
        self.directory: Path = (Path(directory).expanduser() if directory is not None else default_directory())
        self.directory = self.directory.absolute()
        if self.directory.exists() and not self.directory.is_dir():
            raise SaveError(f"the save folder {shown(self.directory)} is not a folder")
        self._remove_stale_temps()

    def __repr__(self) -> str:
        return f"SaveStore({str(self.directory)!r})"

    # ------------------------------------------------------------------------------------- writing
    def path_of(self, game_id: str) -> Path:
        """Where the game with ``game_id`` is saved (the id is checked: no path can be smuggled in)."""
        return self.directory / f"{check_game_id(game_id)}{SUFFIX}"

    def save(self, game: SavedGame) -> Path:
        """Write ``game`` to ``<directory>/<game_id>.concordia`` atomically; sets its created/updated times.

        A game saved before keeps the creation time of its file.
        """
        path = self.path_of(game.game_id)
        before = (game.created, game.updated)
        now = time.time()
        if not game.created:
            game.created = self._created_of(path) or now
        game.updated = max(now, game.created)
        try:
            data = encode(game)
            self.directory.mkdir(parents=True, exist_ok=True)
            write_atomic(path, data)
        except OSError as exc:
            game.created, game.updated = before
            raise SaveError(f"cannot write the save {shown(path)}: {exc.strerror or exc}") from exc
        except BaseException:
            game.created, game.updated = before  # nothing was saved: the game's times stay as they were
            raise
        self._remove_stale_temps(game.game_id)
        return path

    def claim(self, game_id: str) -> SaveLock:
        """Claim the game for this process while it plays it (``saves.lock``): one writer per save.

        ``SaveBusy`` (a ``SaveError``) when another process plays it now; a dead holder's lock is taken over.
        """
        return claim(self.directory, game_id)

    def holder(self, game_id: str) -> str | None:
        """Who plays the game now in words (``""``: someone who does not say), None when nobody does."""
        return holder_of(self.directory, game_id)

    def autosave(self, game: SavedGame) -> Path:
        """The autosave: the same single file per game as ``save`` (so resuming finds the latest turn)."""
        return self.save(game)

    def _created_of(self, path: Path) -> float:
        try:
            return read_header(path).created
        except SaveError:
            return 0.0

    def _remove_stale_temps(self, game_id: str | None = None) -> None:
        """Remove temporary files of interrupted saves (of ``game_id``, or of every game) older than
        ``STALE_TEMP_SECONDS``; a folder that cannot be read is left alone (listing it will say so)."""
        limit = time.time() - STALE_TEMP_SECONDS
        try:
            candidates = list(self.directory.glob(f".{game_id or '*'}.*.tmp"))
        except OSError:
            return
        for tmp in candidates:
            try:
                if TEMP_NAME.fullmatch(tmp.name) and tmp.is_file() and tmp.stat().st_mtime < limit:
                    tmp.unlink()
            except OSError:
                continue

    # ------------------------------------------------------------------------------------- reading
    def load(self, path: str | Path) -> SavedGame:
        """The game in the file at ``path`` (anywhere), replayed and checked; ``SaveError`` otherwise."""
        return load(path)

    def list(self) -> Headers:
        """Headers of every readable save, last played first; damaged files are left out (``list_problems``)."""
        return self.scan()[0]

    def list_problems(self) -> Problems:
        """Save files in the directory that cannot be read, each with the reason in words."""
        return self.scan()[1]

    def latest_running(self) -> SaveHeader | None:
        """The most recently played game that is not finished (for ``concordia --continue``)."""
        return next((h for h in self.list() if h.status == "running"), None)

    def scan(self) -> tuple[Headers, Problems]:
        """``list()`` and ``list_problems()`` from one pass over the directory (a missing one is empty)."""
        headers: Headers = []
        problems: Problems = []
        try:
            if self.directory.exists():
                os.listdir(self.directory)  # glob hides a folder it may not read: ask the system directly
            entries = sorted(self.directory.glob(f"*{SUFFIX}"))
        except OSError as exc:
            raise SaveError(f"cannot read the save folder {shown(self.directory)}: {exc.strerror or exc}") from exc
        for path in entries:
            if not path.is_file():
                continue
            try:
                headers.append(read_header(path))
            except SaveError as exc:
                problems.append((path, str(exc)))
        headers.sort(key=lambda h: (-h.updated, h.title, h.path.name))
        return headers, problems

    # ------------------------------------------------------------------------------------ managing
    def _own(self, path: str | Path, doing: str) -> Path:
        """``path`` if it is a save file directly inside the store directory, else ``SaveError``."""
        p = Path(path).expanduser()
        if not p.is_absolute():
            p = self.directory / p
        try:
            resolved = p.resolve()
            inside = resolved.parent == self.directory.resolve()
        except OSError as exc:
            raise SaveError(f"cannot {doing} {shown(p.name)}: {exc.strerror or exc}") from exc
        if not inside or resolved.suffix != SUFFIX:
            raise SaveError(f"cannot {doing} {shown(p)}: it is not a save in {shown(self.directory)}")
        if not resolved.is_file():
            raise SaveError(f"cannot {doing} {shown(p.name)}: no such save")
        game_id = resolved.name[: -len(SUFFIX)]
        holder = self.holder(game_id) if GAME_ID.fullmatch(game_id) else None
        if holder is not None:  # its player would write it back (delete) or over the new title (rename)
            where = f" ({holder})" if holder else ""
            raise SaveError(f"cannot {doing} {shown(p.name)}: the game is open in another window{where}")
        return resolved

    def delete(self, path: str | Path) -> None:
        """Remove a save file of this store (nothing outside the store directory is ever touched)."""
        p = self._own(path, "delete")
        try:
            p.unlink()
        except OSError as exc:
            raise SaveError(f"cannot delete {shown(p.name)}: {exc.strerror or exc}") from exc

    def rename(self, path: str | Path, title: str) -> None:
        """Give a save a new title (only the header is rewritten; the game and its times stay)."""
        p = self._own(path, "rename")
        check_text(title, "the title", MAX_TITLE)
        data = _read(p)
        version, header_bytes, body_bytes = split(data)
        if version != FORMAT_VERSION:  # an older file is rewritten in the current format
            game = decode(data, p)
            game.title = title
            data = encode(game)
        else:
            import msgpack

            raw = unpack_map(header_bytes, HEADER_LIMITS, "header")
            header_from(raw, p, version)  # refuse to rename a file whose header is damaged
            raw["title"] = title
            data = frame(version, msgpack.packb(raw, use_bin_type=True), body_bytes)
        try:
            write_atomic(p, data)
        except OSError as exc:
            raise SaveError(f"cannot rename {shown(p.name)}: {exc.strerror or exc}") from exc


def load(path: str | Path) -> SavedGame:
    """The game in the save file at ``path`` (any folder), replayed and checked; ``SaveError`` otherwise."""
    p = Path(path).expanduser()
    return decode(_read(p), p)


def kind_of(path: Path) -> str | None:
    """What ``path`` is when it is not a regular file ("a folder", "a named pipe (FIFO)", ...), else None."""
    mode = path.stat().st_mode
    for test, words in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
                        (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return words
    return None if stat.S_ISREG(mode) else "not a regular file"


def _read(path: Path) -> bytes:
    """The bytes of ``path``, refusing files larger than any save before reading them."""
    try:
        kind = kind_of(path)
        if kind is not None:  # a FIFO or a device would block or never end
            raise SaveError(f"{shown(path)} is {kind}, not a save file")
        with path.open("rb") as f:
            data = f.read(MAX_FILE + 1)
    except FileNotFoundError:
        raise SaveError(f"no such save file: {shown(path)}") from None
    except OSError as exc:
        raise SaveError(f"cannot read {shown(path)}: {exc.strerror or exc}") from exc
    if len(data) > MAX_FILE:
        raise SaveError(f"{shown(path.name)} is not a save file (far larger than any save)")
    return data
