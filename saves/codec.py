"""The save file format (``docs/save-format.md``): framing, msgpack header and body, validation, versions.

Layout (all integers big-endian)::

    magic    14 bytes  b"\\x89CONCORDIA\\r\\n\\x1a\\n"
    version   2 bytes  format version (this program writes FORMAT_VERSION)
    hlen      4 bytes  header length      hcrc  4 bytes  CRC-32 of the header
    header    hlen bytes of msgpack (a map)
    blen      4 bytes  body length        bcrc  4 bytes  CRC-32 of the body
    body      blen bytes of msgpack (a map)

The framing never changes between versions; only the header and body contents do (see ``migrations``).
The header names the game (an id of ``engine.core.games``); its config, setup, replay and snapshot check
are the game's own (``config_from_dict``, ``new_game``, ``apply``, ``fingerprint``, ``state_from_dict``), so
one format holds every game of the app and this module imports none of them.
Decoding never trusts the file: lengths are bounded before anything is read or allocated, msgpack runs
with explicit limits and without any extension hook, every value's type is checked before use, and the
game is replayed through the engine's ``apply`` and compared with the saved fingerprints and snapshot.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import msgpack

from engine.core import games
from engine.core.seeds import SEED_LIMIT, SeedError, check_seed

from . import replay
from .migrations import migrate
from .model import (
    MAX_BOT,
    MAX_NAME,
    MAX_TITLE,
    STATUSES,
    SavedGame,
    SaveError,
    SaveHeader,
    Seat,
    brief,
    check_game_id,
    check_seat,
    check_text,
    describe,
    shown,
)

FORMAT = "concordia-save"
FORMAT_VERSION = 2
MAGIC = b"\x89CONCORDIA\r\n\x1a\n"
PREFIX = struct.Struct(">HII")
"""version, header length, header CRC (right after the magic)."""
SECTION = struct.Struct(">II")
"""body length, body CRC."""
HEAD_SIZE = len(MAGIC) + PREFIX.size

MAX_HEADER = 16 * 1024
"""Largest header in bytes (a real one is about 300)."""
MAX_BODY = 2 * 1024 * 1024
"""Largest body in bytes (a finished 5-player game is about 20 KB)."""
MAX_FILE = HEAD_SIZE + MAX_HEADER + SECTION.size + MAX_BODY
MAX_DECISIONS = 10_000
"""Longest action log accepted (games of random bots take about 1 000 decisions)."""
MAX_ACTION = 200
"""Longest action text (the longest real one is about 50 characters)."""
MAX_TIME = 1e11
"""Times are unix seconds; anything later than the year 5000 is damage."""

HEADER_LIMITS: dict[str, int] = {
    "max_str_len": 1024, "max_bin_len": 0, "max_array_len": 64, "max_map_len": 64, "max_ext_len": 0,
}
BODY_LIMITS: dict[str, int] = {
    "max_str_len": 1024, "max_bin_len": 4 * MAX_DECISIONS, "max_array_len": MAX_DECISIONS,
    "max_map_len": 1024, "max_ext_len": 0,
}
_MAX_DEPTH = 8
"""Deepest nesting of lists and maps in a state snapshot."""


@cache
def app_version() -> str:
    """Version of the installed program (written into every save)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("concordia-tui")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
        return "0.0.0"


# ------------------------------------------------------------------------------------------- framing
def frame(version: int, header: bytes, body: bytes) -> bytes:
    """The bytes of a file from its already-packed header and body."""
    return b"".join((
        MAGIC,
        PREFIX.pack(version, len(header), zlib.crc32(header)),
        header,
        SECTION.pack(len(body), zlib.crc32(body)),
        body,
    ))


def check_head(head: bytes) -> tuple[int, int, int]:
    """Version, header length and header CRC from the first ``HEAD_SIZE`` bytes; ``SaveError`` if foreign."""
    if len(head) < HEAD_SIZE:
        if MAGIC.startswith(head[: len(MAGIC)]):
            raise SaveError("the save file is truncated (it ends inside its first bytes)")
        raise SaveError("not a Concordia save file")
    if head[: len(MAGIC)] != MAGIC:
        raise SaveError("not a Concordia save file")
    version, hlen, hcrc = PREFIX.unpack_from(head, len(MAGIC))
    if version > FORMAT_VERSION:
        raise SaveError(
            f"this save needs save format version {version}, but this program ({app_version()}) reads "
            f"versions up to {FORMAT_VERSION}: update concordia to open it"
        )
    if hlen == 0 or hlen > MAX_HEADER:
        raise SaveError(f"damaged save file: impossible header length {hlen}")
    return version, hlen, hcrc


def split(data: bytes) -> tuple[int, bytes, bytes]:
    """Version, header bytes and body bytes of a whole file, with lengths and checksums checked."""
    if len(data) > MAX_FILE:
        raise SaveError(f"not a save file: {len(data)} bytes is far larger than any save")
    version, hlen, hcrc = check_head(data[:HEAD_SIZE])
    start = HEAD_SIZE
    header = data[start : start + hlen]
    if len(header) < hlen:
        raise SaveError("the save file is truncated (it ends inside the header)")
    if zlib.crc32(header) != hcrc:
        raise SaveError("damaged save file: the header's checksum does not match")
    start += hlen
    if len(data) < start + SECTION.size:
        raise SaveError("the save file is truncated (it ends after the header)")
    blen, bcrc = SECTION.unpack_from(data, start)
    start += SECTION.size
    if blen > MAX_BODY:
        raise SaveError(f"damaged save file: impossible body length {blen}")
    body = data[start : start + blen]
    if len(body) < blen:
        raise SaveError("the save file is truncated (it ends inside the game)")
    if len(data) > start + blen:
        raise SaveError("damaged save file: unexpected bytes after the end of the game")
    if zlib.crc32(body) != bcrc:
        raise SaveError("damaged save file: the game's checksum does not match")
    return version, header, body


def unpack_map(data: bytes, limits: dict[str, int], what: str) -> dict[str, Any]:
    """A msgpack map with string keys, decoded with ``limits`` and no extension hooks."""
    try:
        value = msgpack.unpackb(data, raw=False, strict_map_key=True, use_list=True, **limits)
    except Exception as exc:  # msgpack raises ValueError subclasses, TypeError, OverflowError ...
        raise SaveError(f"damaged save file: the {what} is not valid msgpack ({_reason(exc)})") from exc
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise SaveError(f"damaged save file: the {what} is not a map")
    return value


def _reason(exc: BaseException) -> str:
    return brief(exc, 80)


# ---------------------------------------------------------------------------------------- validation
def _get(d: dict[str, Any], key: str, typ: type | tuple[type, ...], where: str) -> Any:
    """``d[key]`` if present and of type ``typ`` (never a bool where a number is wanted)."""
    if key not in d:
        raise SaveError(f"damaged save file: the {where} has no {key!r}")
    value = d[key]
    wants_number = typ is int or (isinstance(typ, tuple) and int in typ)
    if not isinstance(value, typ) or (wants_number and isinstance(value, bool)):
        raise SaveError(f"damaged save file: {key!r} in the {where} has the wrong type ({type(value).__name__})")
    return value


def _int(d: dict[str, Any], key: str, where: str, low: int, high: int) -> int:
    value: int = _get(d, key, int, where)
    if not low <= value <= high:
        raise SaveError(f"damaged save file: {key!r} in the {where} is out of range ({value})")
    return value


def _time(d: dict[str, Any], key: str) -> float:
    value = float(_get(d, key, (int, float), "header"))
    if not math.isfinite(value) or not 0 <= value <= MAX_TIME:
        raise SaveError(f"damaged save file: {key!r} in the header is not a time")
    return value


def _text(d: dict[str, Any], key: str, where: str, limit: int) -> str:
    value = _get(d, key, str, where)  # its own message already says "damaged save file"
    try:
        return check_text(value, f"{key!r} in the {where}", limit)
    except SaveError as exc:
        raise SaveError(f"damaged save file: {exc}") from None


def game_of(value: Any) -> games.GameInfo:
    """The registered game a header names; ``SaveError`` for anything else (shown without nesting)."""
    try:
        if not isinstance(value, str):
            raise games.UnknownGame(value)
        return games.get(value)
    except games.UnknownGame:
        raise SaveError(f"this save holds another game ({describe(value, 20)}), one this program does not have") \
            from None


def config_of(info: games.GameInfo, raw: Any, where: str) -> Any:
    """The game's own validated config from plain data (``config_from_dict``); ``SaveError`` if it is refused."""
    if not isinstance(raw, dict):
        raise SaveError(f"damaged save file: the game config in the {where} is not a map")
    try:
        return info.config_from_save(raw)
    except Exception as exc:  # GameDataError, or anything a game trips over in odd values: the file is at fault
        raise SaveError(f"this save has {info.title} options this program cannot use: {brief(exc)}") from exc


def header_from(d: dict[str, Any], path: Path, version: int) -> SaveHeader:
    """A validated ``SaveHeader`` from a decoded (and migrated) header map."""
    if d.get("format") != FORMAT:
        raise SaveError("not a Concordia save file (wrong format name)")
    if d.get("version") != FORMAT_VERSION:
        raise SaveError("damaged save file: the header's version does not match the file's")
    info = game_of(d.get("game"))
    game_id = check_game_id(d.get("game_id"))
    config = config_of(info, d.get("options"), "header")
    options = config.to_dict()
    map_id = _text(d, "map", "header", 40)
    variant = _text(d, "variant", "header", 40)
    players = _int(d, "players", "header", 1, 8)
    for what, said, real in (("map", map_id, str(options.get("map", ""))),
                             ("variant", variant, str(options.get("variant", ""))),
                             ("players", players, config.players)):
        if said != real:
            raise SaveError(f"damaged save file: the header says {what} {said}, its options say {real}")
    raw_seats = _get(d, "seats", list, "header")
    if len(raw_seats) != players:
        raise SaveError(f"damaged save file: {len(raw_seats)} seats for {players} players")
    seats: list[Seat] = []
    for i, raw in enumerate(raw_seats):
        if not isinstance(raw, list) or len(raw) != 2 or not isinstance(raw[0], str):
            raise SaveError(f"damaged save file: seat {i + 1} is not [name, bot]")
        if raw[1] is not None and not isinstance(raw[1], str):
            raise SaveError(f"damaged save file: the bot of seat {i + 1} is not a name")
        try:
            seats.append(check_seat(Seat(raw[0], raw[1]), i))
        except SaveError as exc:
            raise SaveError(f"damaged save file: {exc}") from None
    status = _get(d, "status", str, "header")
    if status not in STATUSES:
        raise SaveError(f"damaged save file: unknown status {status[:20]!r}")
    if "scores" not in d:
        raise SaveError("damaged save file: the header has no 'scores'")
    scores = d["scores"]
    if status == "finished":
        if not isinstance(scores, list) or len(scores) != players or not all(
            isinstance(x, int) and not isinstance(x, bool) and -1000 <= x <= 10_000 for x in scores
        ):
            raise SaveError("damaged save file: a finished game needs one score per seat")
    elif scores is not None:
        raise SaveError("damaged save file: a running game has final scores")
    return SaveHeader(
        path=path,
        game_id=game_id,
        title=_text(d, "title", "header", MAX_TITLE),
        format=FORMAT,
        version=version,
        app_version=_text(d, "app_version", "header", 40),
        created=_time(d, "created"),
        updated=_time(d, "updated"),
        map=map_id,
        variant=variant,
        players=players,
        seats=seats,
        turn=_int(d, "turn", "header", 0, MAX_DECISIONS),
        status=status,
        scores=list(scores) if isinstance(scores, list) else None,
        decisions=_int(d, "decisions", "header", 0, MAX_DECISIONS),
        game=info.id,
        options=options,
    )


def _check_plain(value: Any, depth: int = 0) -> None:
    """Only nil, bool, int, str, lists and string-keyed maps, nested at most ``_MAX_DEPTH`` deep."""
    if depth > _MAX_DEPTH:
        raise SaveError("damaged save file: the state snapshot is nested too deeply")
    if value is None or isinstance(value, bool | int | str):
        return
    if isinstance(value, list):
        for v in value:
            _check_plain(v, depth + 1)
        return
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):  # pragma: no cover - strict_map_key already refuses these
                raise SaveError("damaged save file: the state snapshot has a key that is not text")
            _check_plain(v, depth + 1)
        return
    raise SaveError(f"damaged save file: the state snapshot holds a {type(value).__name__}")


# ---------------------------------------------------------------------------------------------- API
def encode(game: SavedGame) -> bytes:
    """The bytes of a save file for ``game``.

    Checks the game first: its id, title and seats, and that ``game.state`` is exactly what its action
    log leads to (replaying only the decisions made since the last save of this setup). Raises
    ``SaveError`` otherwise, so a save that could not be loaded again is never written.
    """
    check_game_id(game.game_id)
    check_text(game.title, "the title", MAX_TITLE)
    info = games.get(game.game)
    if getattr(game.state, "game", None) != info.id:
        raise SaveError(f"the game's state is not a state of {info.title}")
    try:
        check_seed(game.seed)
    except SeedError as exc:
        raise SaveError(f"the game cannot be saved: {exc}") from None
    config = game.config
    if len(game.seats) != config.players:
        raise SaveError(f"the game has {config.players} players but {len(game.seats)} seats")
    for i, seat in enumerate(game.seats):
        check_seat(seat, i)
    if len(game.actions) > MAX_DECISIONS:
        raise SaveError(f"the game has more than {MAX_DECISIONS} decisions; it cannot be saved")
    trail = replay.trail_for(config, game.seed, game.actions, info.id)
    snapshot = game.state.to_dict()
    if replay.plain(snapshot) != replay.plain(trail.state.to_dict()):
        where = replay.first_difference(replay.plain(snapshot), replay.plain(trail.state.to_dict()))
        raise SaveError(f"the game's state does not match its action log ({where})")
    over = game.state.is_over
    options = config.to_dict()
    header = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "app_version": app_version(),
        "game": info.id,
        "game_id": game.game_id,
        "title": game.title,
        "created": float(game.created),
        "updated": float(game.updated),
        "options": options,
        "map": str(options.get("map", "")),
        "variant": str(options.get("variant", "")),
        "players": config.players,
        "seats": [[s.name, s.bot] for s in game.seats],
        "turn": replay.turn_of(game.state) or 0,
        "decisions": len(game.actions),
        "status": "finished" if over else "running",
        "scores": [int(p.total) for p in game.state.final_scores().players] if over else None,
    }
    body = {
        "config": options,
        "seed": game.seed,
        "actions": list(game.actions),
        "checks": struct.pack(f">{len(trail.checks)}I", *trail.checks),
        "state": snapshot,
    }
    return frame(FORMAT_VERSION, msgpack.packb(header, use_bin_type=True), msgpack.packb(body, use_bin_type=True))


@contextmanager
def _shallow() -> Iterator[None]:
    """Turn a ``RecursionError`` (a value nested a thousand deep reached ``str``, ``==`` or a copy) into a
    ``SaveError``: the checks keep such values away from anything recursive, and this is the guard behind them."""
    try:
        yield
    except RecursionError:
        raise SaveError("damaged save file: it holds values nested too deeply to read") from None


def decode_header(data: bytes, path: Path = Path()) -> SaveHeader:
    """The header of a save file held in ``data`` (the body is not decoded)."""
    with _shallow():
        return _decode_header(data, path)


def _decode_header(data: bytes, path: Path) -> SaveHeader:
    version, header, _body = split(data)
    raw = unpack_map(header, HEADER_LIMITS, "header")
    raw, _ = migrate(version, FORMAT_VERSION, raw, None)
    return header_from(raw, path, version)


def read_header(path: str | Path) -> SaveHeader:
    """The header of the save file at ``path``, reading only the first few hundred bytes."""
    with _shallow():
        return _read_header(Path(path))


def _read_header(p: Path) -> SaveHeader:
    try:
        if p.exists() and not p.is_file():  # a folder, a FIFO or a device would block or never end
            raise SaveError(f"{shown(p.name)} is not a save file (not a regular file)")
        with p.open("rb") as f:
            head = f.read(HEAD_SIZE)
            version, hlen, hcrc = check_head(head)
            header = f.read(hlen)
    except OSError as exc:
        raise SaveError(f"cannot read {shown(p.name)}: {exc.strerror or exc}") from exc
    if len(header) < hlen:
        raise SaveError("the save file is truncated (it ends inside the header)")
    if zlib.crc32(header) != hcrc:
        raise SaveError("damaged save file: the header's checksum does not match")
    raw = unpack_map(header, HEADER_LIMITS, "header")
    raw, _ = migrate(version, FORMAT_VERSION, raw, None)
    return header_from(raw, p, version)


def decode(data: bytes, path: Path = Path()) -> SavedGame:
    """The game in a save file's bytes, replayed and checked; ``SaveError`` for anything wrong with it.

    The returned state is the replay's (the engine's own result), never the stored snapshot.
    """
    with _shallow():
        return _decode(data, path)


def _decode(data: bytes, path: Path) -> SavedGame:
    if not isinstance(data, bytes | bytearray | memoryview):
        raise SaveError(f"a save is bytes, not {type(data).__name__}")
    version, header_bytes, body_bytes = split(bytes(data))
    raw_header = unpack_map(header_bytes, HEADER_LIMITS, "header")
    raw_body = unpack_map(body_bytes, BODY_LIMITS, "game")
    raw_header, body = migrate(version, FORMAT_VERSION, raw_header, raw_body)
    assert body is not None  # a migration returns a body when given one
    header = header_from(raw_header, path, version)
    info = games.get(header.game)
    config = config_of(info, body.get("config"), "game")
    seed = _get(body, "seed", int, "game")
    if not 0 <= seed < SEED_LIMIT:
        raise SaveError("damaged save file: the seed is out of range")
    actions = _get(body, "actions", list, "game")
    for i, text in enumerate(actions):
        if not isinstance(text, str) or len(text) > MAX_ACTION:
            raise SaveError(f"damaged save file: decision {i + 1} of the log is not an action's text")
    if "checks" not in body:
        raise SaveError("damaged save file: the game has no 'checks'")
    checks_raw = body["checks"]
    checks: list[int] | None = None
    if checks_raw is not None or version == FORMAT_VERSION:  # only a migrated older file may lack them
        if not isinstance(checks_raw, bytes) or len(checks_raw) != 4 * len(actions):
            raise SaveError("damaged save file: the decision fingerprints do not match the action log")
        checks = list(struct.unpack(f">{len(actions)}I", checks_raw))
    raw_state = body.get("state")
    if not isinstance(raw_state, dict):
        raise SaveError("damaged save file: the state snapshot is missing")
    _check_plain(raw_state)
    if header.options != config.to_dict():
        where = replay.first_difference(header.options, config.to_dict(), "options")
        raise SaveError(f"damaged save file: the header's game options are not the game's ({where})")
    if header.decisions != len(actions):
        raise SaveError(f"damaged save file: the header says decisions {header.decisions}, the game has {len(actions)}")
    try:
        info.state_from_dict(raw_state)
    except Exception as exc:  # StateFormatError, or anything the engine trips over in a damaged snapshot
        raise SaveError(f"damaged save file: the state snapshot is not a valid game: {_reason(exc)}") from exc
    trail = replay.replay(config, seed, actions, checks, info.id)
    state = trail.state
    where = replay.first_difference(raw_state, replay.plain(state.to_dict()))  # strict about types too
    if where is not None:
        last = f"decision {len(actions)}" if actions else "the start"
        raise SaveError(f"the saved snapshot does not match the replayed game after {last}: {where}")
    status = "finished" if state.is_over else "running"
    scores = [int(p.total) for p in state.final_scores().players] if state.is_over else None
    turn = replay.turn_of(state) or 0
    if header.turn == 0 and not (isinstance(raw_state, dict) and "turn" in raw_state):
        # a game whose state derives its turn (Massilia) wrote turn 0 before it counted turns: taken as said; a
        # game whose snapshot holds its turn has always written it, so a 0 there is checked (issue 33 item 8)
        turn = 0
    for what, said_value, real_value in (
        ("turn", header.turn, turn), ("status", header.status, status),
        ("scores", header.scores, scores),
    ):
        if said_value != real_value:
            raise SaveError(f"damaged save file: the header says {what} {said_value}, the game has {real_value}")
    replay.remember(trail)
    return SavedGame(
        game_id=header.game_id,
        config=config,
        seed=seed,
        seats=list(header.seats),
        actions=list(actions),
        state=state.clone(),
        title=header.title,
        created=header.created,
        updated=header.updated,
        game=info.id,
    )


__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAGIC",
    "MAX_BOT",
    "MAX_NAME",
    "decode",
    "decode_header",
    "encode",
    "read_header",
]
