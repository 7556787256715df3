"""One writer per save: the claim a process holds on a game while it plays it (``<game_id>.lock``).

Two apps on one save folder each autosaved their own copy of a game over the other's, and every decision of
the one that wrote first was lost (issue 33). A process that plays a game now claims it first: an exclusive,
non-blocking ``flock`` on ``<game_id>.lock`` beside the save (the name ``concordia serve``'s table server
locks its tables under too). A second process is refused with ``SaveBusy``, which says who holds the game (the
lock file holds the holder's process id and host, written once the lock is taken).

The kernel drops the lock when its process ends in any way, ``kill -9`` included, so a lock left behind by a
dead process is simply taken over by the next claim: no time-outs, no guessing whether a process id still
lives. The file is removed on release (while still locked); a claim that took the lock of a file removed or
replaced meanwhile sees that its file is no longer the one at the path and tries again.

Where no lock can be had at all (no ``fcntl``, a folder that cannot be written, a file system without locks)
the claim is an empty one (``held`` False): the game still opens, and its autosave says why it cannot write.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import socket
import stat
from pathlib import Path

from .model import SaveError, check_game_id, shown

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks here; the game plays unlocked
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"
HOLDER_LIMIT = 200
"""Bytes of a lock file read for its holder's words (it holds one short line)."""
HOLDER_WORDS = re.compile(r"process ([0-9]{1,10}) on (.{1,150})")
"""What ``_write_holder`` puts into a lock file."""
_ATTEMPTS = 5
"""Claims in a row whose file was removed under them before one gives up (another process releasing it)."""


class SaveBusy(SaveError):
    """The game is being played by another process, which holds its lock; ``holder`` names it in words."""

    def __init__(self, path: Path, holder: str) -> None:
        self.path = path
        self.holder = holder
        found = HOLDER_WORDS.fullmatch(holder)
        self.pid: int | None = int(found[1]) if found else None
        """The holder's process id, when its lock file says it (as this module writes it)."""
        self.host = found[2] if found else ""
        where = f" ({holder})" if holder else ""
        super().__init__(f"this game is open in another window{where}")


class SaveLock:
    """A claim on one game's save, held until ``release`` (or until the process ends)."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    @property
    def held(self) -> bool:
        """True while this process holds the lock (False: released, or the claim was an empty one)."""
        return self._fd is not None

    def release(self) -> None:
        """Give the game up: the lock file is removed, then unlocked. Calling it again does nothing."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            if _same_file(fd, self.path):
                self.path.unlink()
        except OSError:
            pass  # the folder became read-only: the file stays, its lock goes with the descriptor
        finally:
            os.close(fd)

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # at interpreter exit ``os`` may be gone: the kernel unlocks anyway
            self.release()

    def __repr__(self) -> str:
        return f"SaveLock({str(self.path)!r}, held={self.held})"


def lock_path(directory: Path, game_id: str) -> Path:
    """The lock file of the game ``game_id`` in the save folder ``directory``."""
    return directory / f"{check_game_id(game_id)}{LOCK_SUFFIX}"


def claim(directory: Path, game_id: str) -> SaveLock:
    """Claim the game ``game_id`` of the save folder ``directory`` for this process.

    Raises ``SaveBusy`` when another process (or another claim of this one) holds it, and ``SaveError`` when
    the lock's path is not a regular file (a folder, a FIFO, a link someone put there). A lock of a dead
    process is taken over.
    """
    path = lock_path(directory, game_id)
    if fcntl is None:  # pragma: no cover - Windows
        return SaveLock(path, None)
    for _ in range(_ATTEMPTS):
        try:
            directory.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise SaveError(f"the lock file {shown(path)} is a link, not a file") from None
            if path.is_dir():
                raise SaveError(f"the lock file {shown(path)} is a folder, not a file") from None
            return SaveLock(path, None)  # a folder this process may not write: nothing to protect here
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SaveError(f"the lock file {shown(path)} is not a regular file")
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise SaveBusy(path, _holder(fd)) from None
            except OSError:  # a file system without locks: play unlocked rather than not at all
                os.close(fd)
                return SaveLock(path, None)
            if not _same_file(fd, path):
                os.close(fd)  # released and removed by its holder between our open and our lock: again
                continue
            _write_holder(fd)
            return SaveLock(path, fd)
        except BaseException:
            _close_quietly(fd)
            raise
    raise SaveBusy(path, "")


def holder_of(directory: Path, game_id: str) -> str | None:
    """Who holds the game's lock in words ("" when the file does not say), or None when nobody holds it."""
    try:
        lock = claim(directory, game_id)
    except SaveBusy as busy:
        return busy.holder
    except SaveError:
        return None
    lock.release()
    return None


def _same_file(fd: int, path: Path) -> bool:
    """True when the open file ``fd`` is still the file at ``path``."""
    try:
        here, there = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _write_holder(fd: int) -> None:
    """Put this process's id and host into the lock file (only what a refused claim tells the player)."""
    line = f"process {os.getpid()} on {socket.gethostname()}"[:HOLDER_LIMIT] + "\n"
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, line.encode("utf-8", "replace"), 0)
    except OSError:
        pass  # a full disk: the lock holds all the same, it only cannot say whose it is


def _holder(fd: int) -> str:
    """The holder's words from a lock file: one printable line, at most ``HOLDER_LIMIT`` bytes read."""
    try:
        raw = os.pread(fd, HOLDER_LIMIT, 0)
    except OSError:
        return ""
    text = raw.decode("utf-8", "replace").split("\n", 1)[0].strip()
    return "".join(c for c in text if c.isprintable())


def _close_quietly(fd: int) -> None:
    with contextlib.suppress(OSError):
        os.close(fd)
