"""Who may connect: the server's host key, its authorized-keys file and one-time invite codes.

Everything lives in the server's own folder, ``serve/`` in the user config dir (``$CONCORDIA_CONFIG_DIR``
overrides the config dir, as for the settings). The host key is created on the first start and kept, so
that friends' ``ssh`` does not warn about a changed host key after a restart. A key is admitted when its
fingerprint is listed in ``authorized_keys`` (OpenSSH's one-key-a-line format); ``--allow FILE.pub`` adds
one for good, and an invite code typed after connecting with an unknown key adds that key.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import stat
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from engine.core.errors import GameError

HOST_KEY = "host_key"
AUTHORIZED = "authorized_keys"
INVITE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
"""Invite codes avoid letters that are easy to confuse when read aloud or off a screen (l/1, o/0, i)."""
INVITE_LENGTH = 8
MAX_KEY_FILE = 64 * 1024
"""A public or host key file larger than this is not a key (refused with a clear message, never read whole)."""
MAX_AUTHORIZED = 1024 * 1024
"""The largest ``authorized_keys`` read (about 10,000 keys; a bigger one is refused, never read whole)."""


class KeyError_(GameError):
    """A key file that cannot be read or used; ``str(e)`` is one line for the host."""


def serve_dir() -> Path:
    """The server's own folder: ``serve`` in the config dir (``$CONCORDIA_CONFIG_DIR`` or the user config dir)."""
    from tui.settings import config_dir

    return config_dir() / "serve"


def read_small(path: Path, limit: int, what: str) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; ``KeyError_`` (one line naming ``what``) for
    anything else: a FIFO or a device (which would block or never end), a folder, a file too large.
    ``FileNotFoundError`` passes through (a missing file is often fine)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)  # a FIFO must not block the opening
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise KeyError_(f"{what}: {exc.strerror or exc}") from exc
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise KeyError_(f"{what}: not a regular file")
        if info.st_size > limit:
            raise KeyError_(f"{what}: too large ({info.st_size} bytes; at most {limit})")
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise KeyError_(f"{what}: {exc.strerror or exc}") from exc
    if len(data) > limit:
        raise KeyError_(f"{what}: too large (more than {limit} bytes)")
    return data


def host_key(directory: Path) -> asyncssh.SSHKey:
    """The server's host key, created (ed25519, owner-only file) on the first call and kept."""
    path = directory / HOST_KEY
    if os.path.lexists(path):
        try:
            data = read_small(path, MAX_KEY_FILE, f"the host key {path}")
        except FileNotFoundError as exc:  # a link to nothing
            raise KeyError_(f"the host key {path}: {exc.strerror or exc}") from exc
        try:
            return asyncssh.import_private_key(data)
        except (asyncssh.KeyImportError, ValueError, TypeError) as exc:
            raise KeyError_(f"cannot read the host key {path}: {exc}") from exc
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="concordia serve")
    data = key.export_private_key()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    return key


def player_dir(directory: Path, seat: str) -> Path:
    """A player's own folder on the server, by their seat key: their saves for games played alone
    (``saves``) and their settings (``config``, the app's ``$CONCORDIA_CONFIG_DIR``), never the host's."""
    return directory / "players" / hashlib.sha256(seat.encode()).hexdigest()[:16]


def player_env(directory: Path, seat: str) -> dict[str, str]:
    """What a connection's app process gets so that its settings are its own: the player's config folder.

    ``CONCORDIA_SERVE_SEAT`` also tells the app it serves a guest (the settings screen then names no path).
    """
    return {"CONCORDIA_CONFIG_DIR": str(player_dir(directory, seat) / "config"), "CONCORDIA_SERVE_SEAT": seat}


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA256 fingerprint as OpenSSH prints it: what a seat belongs to."""
    return str(key.get_fingerprint("sha256"))


def parse_public_key(text: str, source: str) -> asyncssh.SSHKey:
    """The public key in ``text`` (one OpenSSH line); ``KeyError_`` with a one-line reason otherwise."""
    line = next((ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    if not line:
        raise KeyError_(f"{source}: no public key in it")
    try:
        return asyncssh.import_public_key(line)
    except (asyncssh.KeyImportError, ValueError, TypeError) as exc:
        raise KeyError_(f"{source}: not an SSH public key ({exc})") from exc


@dataclass
class Admission:
    """The authorized keys (by fingerprint) and the open invite codes of one server folder."""

    directory: Path
    keys: dict[str, str] = field(default_factory=dict)
    """Fingerprint -> the key's OpenSSH line, as kept in ``authorized_keys``."""
    invites: set[str] = field(default_factory=set)
    """Invite codes not used yet (kept in memory only: a restart ends them)."""

    @classmethod
    def load(cls, directory: Path) -> Admission:
        """The admission of ``directory``: its ``authorized_keys`` read (bad lines are skipped)."""
        admission = cls(directory)
        path = directory / AUTHORIZED
        try:
            text = read_small(path, MAX_AUTHORIZED, str(path)).decode("utf-8", "replace")
        except FileNotFoundError:
            return admission
        for line in text.splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                key = asyncssh.import_public_key(line.strip())
            except (asyncssh.KeyImportError, ValueError, TypeError):
                continue
            admission.keys[fingerprint(key)] = _line_of(key)
        return admission

    def is_authorized(self, key: asyncssh.SSHKey) -> bool:
        return fingerprint(key) in self.keys

    def allow(self, key: asyncssh.SSHKey) -> bool:
        """Add ``key`` for good (appended to ``authorized_keys``); False when it was already there."""
        fp = fingerprint(key)
        if fp in self.keys:
            return False
        line = _line_of(key)
        self.directory.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.directory / AUTHORIZED, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as f:
            f.write(line + "\n")
        self.keys[fp] = line
        return True

    def allow_file(self, path: Path) -> tuple[asyncssh.SSHKey, bool]:
        """``--allow FILE.pub``: the key in that file added for good; (key, whether it was new)."""
        try:
            text = read_small(path, MAX_KEY_FILE, f"--allow {path}").decode("utf-8", "replace")
        except FileNotFoundError as exc:
            raise KeyError_(f"--allow {path}: {exc.strerror or exc}") from exc
        key = parse_public_key(text, f"--allow {path}")
        return key, self.allow(key)

    def new_invite(self) -> str:
        """A fresh one-time invite code for the host to hand to a friend."""
        code = "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))
        self.invites.add(code)
        return code

    def redeem(self, code: str, key: asyncssh.SSHKey) -> bool:
        """Use ``code`` for ``key``: the code is spent and the key admitted from then on. False: no such code."""
        typed = code.strip().lower()
        match = next((c for c in self.invites if secrets.compare_digest(c, typed)), None)
        if match is None:
            return False
        self.invites.discard(match)
        self.allow(key)
        return True


def _line_of(key: asyncssh.SSHKey) -> str:
    return bytes(key.export_public_key("openssh")).decode("ascii", "replace").strip()
