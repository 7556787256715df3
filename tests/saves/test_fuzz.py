"""Damaged, foreign and hostile save files: every one is a ``SaveError`` with a readable one-line message.

Over a thousand inputs from a seeded random generator: truncations, random bytes, bit flips, values of the
wrong type, unknown actions, a tampered snapshot, headers that lie, huge declared lengths, extension types,
deep nesting, a newer format version; then hypothesis properties over arbitrary bytes and values, and over
hostile values in every field (containers nested a thousand deep, superscript digits, integers past 2**63).
None may raise another exception, hang or allocate much memory.
"""

from __future__ import annotations

import contextlib
import random
import struct
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.concordia import GameConfig
from saves import SaveError, decode, encode, read_header
from saves.codec import FORMAT_VERSION, HEAD_SIZE, MAGIC, PREFIX, frame, split

from .helpers import saved_game

CONFIG = GameConfig(map="imperium", players=3, variant="venus")
SEED = 4


@pytest.fixture(scope="module")
def short_save() -> bytes:
    """A running game after 40 decisions (cheap to replay)."""
    return encode(saved_game(CONFIG, SEED, upto=40, game_id="a" * 32))


@pytest.fixture(scope="module")
def finished_save() -> bytes:
    return encode(saved_game(GameConfig(map="ionium", players=2, small=True), 23, game_id="b" * 32))


def parts(data: bytes) -> tuple[dict[str, Any], dict[str, Any]]:
    _version, header, body = split(data)
    return msgpack.unpackb(header, raw=False), msgpack.unpackb(body, raw=False)


def seal(header: Any, body: Any, version: int = FORMAT_VERSION) -> bytes:
    """A file with correct framing and checksums around any header and body (the checks must go deeper)."""
    return frame(version, msgpack.packb(header, use_bin_type=True), msgpack.packb(body, use_bin_type=True))


HEADER_FILE: list[Path] = []
"""Where ``expect_save_error`` writes each input to read its header from a file (set per module)."""


@pytest.fixture(scope="module", autouse=True)
def header_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    HEADER_FILE.append(tmp_path_factory.mktemp("fuzz") / "fuzz.concordia")
    yield
    HEADER_FILE.clear()


def expect_save_error(data: Any, what: str) -> str:
    """``decode(data)`` raises ``SaveError`` quickly with a one-line message; reading only the header of the
    same bytes from a file (what ``SaveStore.list`` does) gives a header or a ``SaveError``, nothing else."""
    if isinstance(data, bytes):
        HEADER_FILE[0].write_bytes(data)
        with contextlib.suppress(SaveError):
            read_header(HEADER_FILE[0])
    start = time.perf_counter()
    with pytest.raises(SaveError) as info:
        decode(data)
    elapsed = time.perf_counter() - start
    message = str(info.value)
    assert message and "\n" not in message and len(message) < 400, f"{what}: unreadable message {message!r}"
    assert "Traceback" not in message
    assert elapsed < 5, f"{what}: took {elapsed:.1f} s"
    return message


# ------------------------------------------------------------------------------------------ mutations
def wrong(value: Any) -> Any:
    """A value of another type than ``value`` that no field accepts in its place."""
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "1.5"
    if isinstance(value, str):
        return 7
    if isinstance(value, bytes):
        return "checks"
    if isinstance(value, list):
        return {"x": 1}
    if isinstance(value, dict):
        return [1, 2]
    return 7  # in place of None (a person's seat, no scores yet)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside nested maps and lists."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


def replace_at(root: Any, path: tuple[Any, ...], new: Any) -> None:
    node = root
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = new


def get_at(root: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        root = root[key]
    return root


# ---------------------------------------------------------------------------------------------- tests
def test_a_thousand_corrupted_inputs(short_save: bytes, finished_save: bytes) -> None:
    rng = random.Random(20261125)
    cases = 0
    originals = (short_save, finished_save)

    # truncated files, at every kind of position
    for _ in range(200):
        data = rng.choice(originals)
        cut = rng.randrange(0, len(data))
        expect_save_error(data[:cut], f"truncated at {cut}")
        cases += 1
    # random bytes, with and without a valid start
    for _ in range(100):
        expect_save_error(rng.randbytes(rng.randrange(0, 3000)), "random bytes")
        cases += 1
    for _ in range(100):
        head = MAGIC + PREFIX.pack(FORMAT_VERSION, rng.randrange(1, 5000), rng.getrandbits(32))
        expect_save_error(head + rng.randbytes(rng.randrange(0, 3000)), "random bytes after a valid start")
        cases += 1
    # bit flips anywhere (1 to 3 bits)
    for _ in range(300):
        data = bytearray(rng.choice(originals))
        for _ in range(rng.randint(1, 3)):
            pos = rng.randrange(len(data))
            data[pos] ^= 1 << rng.randrange(8)
        expect_save_error(bytes(data), "bit flips")
        cases += 1
    # values of the wrong type anywhere in the header or the body (checksums made right again)
    header, body = parts(short_save)
    header_paths = [p for p in paths(header) if p]
    body_paths = [p for p in paths(body) if p]
    for _ in range(250):
        h, b = parts(short_save)
        in_header = rng.random() < 0.35
        path = rng.choice(header_paths if in_header else body_paths)
        root = h if in_header else b
        replace_at(root, path, wrong(get_at(root, path)))
        expect_save_error(seal(h, b), f"wrong type at {'header' if in_header else 'body'}{list(path)}")
        cases += 1
    # missing keys
    for section in ("header", "body"):
        for key in list(header if section == "header" else body):
            h, b = parts(short_save)
            del (h if section == "header" else b)[key]
            expect_save_error(seal(h, b), f"no {key} in the {section}")
            cases += 1
    # unknown or illegal actions, and swapped decisions
    junk = ["", "fly to the moon", "build atlantis", "sell gold 1", "copy 9", "play", "x" * 900, "play nothing",
            "move roma sea:atlantis~roma", "accept brick=99", "done done", "buy brick -1"]
    for _ in range(60):
        h, b = parts(short_save)
        i = rng.randrange(len(b["actions"]))
        b["actions"][i] = rng.choice(junk)
        message = expect_save_error(seal(h, b), "unknown action")
        assert f"decision {i + 1} " in message
        cases += 1
    for _ in range(30):
        h, b = parts(short_save)
        i = rng.randrange(len(b["actions"]) - 1)
        if b["actions"][i] == b["actions"][i + 1]:
            continue
        b["actions"][i], b["actions"][i + 1] = b["actions"][i + 1], b["actions"][i]
        expect_save_error(seal(h, b), "swapped decisions")
        cases += 1
    assert cases >= 1000


def test_truncated_log_with_its_snapshot_left_is_refused(short_save: bytes) -> None:
    h, b = parts(short_save)
    b["actions"] = b["actions"][:-1]
    b["checks"] = b["checks"][:-4]
    h["decisions"] -= 1
    assert "does not match the replayed game" in expect_save_error(seal(h, b), "log shorter than the snapshot")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda s: s["players"][0].__setitem__("money", s["players"][0]["money"] + 1), "players[0].money"),
        (lambda s: s["players"][1]["goods"].__setitem__("wine", 3), "players[1].goods.wine"),
        (lambda s: s.__setitem__("deck", list(reversed(s["deck"]))), "state.deck"),
        (lambda s: s.__setitem__("pm", (s["pm"] + 1) % 3), "state.pm"),
        (lambda s: s["players"][0].__setitem__("money", True), "players[0].money"),
    ],
)
def test_tampered_snapshot_names_the_difference(short_save: bytes, change: Callable[[Any], None], words: str) -> None:
    h, b = parts(short_save)
    change(b["state"])
    message = expect_save_error(seal(h, b), "tampered snapshot")
    assert words in message or "not a valid game" in message


def test_a_changed_decision_names_the_first_diverging_decision(short_save: bytes) -> None:
    """A legal but different decision: the fingerprints name the decision whose outcome differs."""
    from engine.concordia import new_game

    h, b = parts(short_save)
    state = new_game(CONFIG, SEED)
    for i, text in enumerate(b["actions"]):
        others = [str(a) for a in state.legal_actions() if str(a) != text]
        if others and i > 3:
            b["actions"][i] = others[0]
            break
        state.apply(text)
    message = expect_save_error(seal(h, b), "other decision")
    assert f"decision {i + 1} (turn {state.turn + 1}, P{state.current_player + 1}" in message


@pytest.mark.parametrize(
    ("key", "value"),
    [("map", "italia"), ("variant", "base"), ("players", 4), ("turn", 99), ("status", "finished"),
     ("decisions", 3), ("game", "massilia"), ("format", "zip"), ("version", 0), ("game_id", "../../etc/passwd"),
     ("created", -5.0), ("updated", float("inf")), ("title", "\x1b[2J boom"), ("app_version", "x" * 100)],
)
def test_a_header_that_lies(short_save: bytes, key: str, value: Any) -> None:
    h, b = parts(short_save)
    h[key] = value
    if key == "status":
        h["scores"] = [1, 2, 3]
    if key == "players":
        h["seats"].append(["Dora", None])
    expect_save_error(seal(h, b), f"header {key}")


def test_a_finished_game_whose_header_lies_about_scores(finished_save: bytes) -> None:
    h, b = parts(finished_save)
    h["scores"] = [s + 1 for s in h["scores"]]
    assert "scores" in expect_save_error(seal(h, b), "scores")
    h, b = parts(finished_save)
    h["status"], h["scores"] = "running", None
    assert "status" in expect_save_error(seal(h, b), "status")


def test_newer_format_version_says_which_version_is_needed(short_save: bytes) -> None:
    data = bytearray(short_save)
    struct.pack_into(">H", data, len(MAGIC), FORMAT_VERSION + 1)
    message = expect_save_error(bytes(data), "newer version")
    assert f"version {FORMAT_VERSION + 1}" in message and "update" in message


def test_huge_declared_lengths_do_not_allocate(short_save: bytes) -> None:
    header, body = split(short_save)[1:]
    hostile = [
        # framing lengths
        MAGIC + PREFIX.pack(FORMAT_VERSION, 0xFFFFFFFF, 0) + b"\x80",
        short_save[:HEAD_SIZE] + header + struct.pack(">II", 0xFFFFFFF0, 0) + b"\x80",
        # msgpack containers that declare 4 billion entries, inside correct framing and checksums
        frame(FORMAT_VERSION, b"\xdd\xff\xff\xff\xff\x01", body),
        frame(FORMAT_VERSION, b"\xdf\xff\xff\xff\xff\xa1a\x01", body),
        frame(FORMAT_VERSION, header, b"\xdb\xff\xff\xff\xffabc"),
        frame(FORMAT_VERSION, header, b"\xc6\xff\xff\xff\xffabc"),
        frame(FORMAT_VERSION, header, b"\x81\xa7actions\xdd\x7f\xff\xff\xff" + b"\xa1x" * 100),
        # extension types (msgpack's Timestamp is ext -1) and deep nesting
        frame(FORMAT_VERSION, header, b"\x81\xa1x\xd6\xff\x00\x00\x00\x01"),
        frame(FORMAT_VERSION, b"\x81\xa1x\xc7\x00\x05", body),
        frame(FORMAT_VERSION, header, b"\x91" * 200_000 + b"\xc0"),
        frame(FORMAT_VERSION, header, b"\x81\xa1x" + b"\x91" * 5000 + b"\xc0"),
        # a map with non-text keys
        frame(FORMAT_VERSION, b"\x81\x01\x02", body),
    ]
    tracemalloc.start()
    try:
        for i, data in enumerate(hostile):
            tracemalloc.reset_peak()
            expect_save_error(data, f"hostile input {i}")
            _current, peak = tracemalloc.get_traced_memory()
            assert peak < 8 * 1024 * 1024, f"hostile input {i} allocated {peak} bytes"
    finally:
        tracemalloc.stop()


def test_deeply_nested_snapshot_is_refused(short_save: bytes) -> None:
    h, b = parts(short_save)
    nested: Any = 0
    for _ in range(60):
        nested = [nested]
    b["state"]["frames"] = [{"k": "end", "p": 0, "x": nested}]
    assert "nested too deeply" in expect_save_error(seal(h, b), "deep snapshot")


def test_not_bytes_and_empty_input() -> None:
    expect_save_error(b"", "empty")
    expect_save_error("a string", "text")
    expect_save_error(MAGIC, "only the magic")


# --------------------------------------------------------------------------------------- hypothesis

PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats() | st.text(max_size=20)
    | st.binary(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=30,
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=600))
def test_any_bytes_are_a_save_error(data: bytes) -> None:
    expect_save_error(data, "arbitrary bytes")
    expect_save_error(MAGIC + PREFIX.pack(FORMAT_VERSION, len(data), 0) + data, "arbitrary bytes after the prefix")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(header=PLAIN, body=PLAIN)
def test_any_plain_values_in_a_well_framed_file_are_a_save_error(header: Any, body: Any) -> None:
    expect_save_error(seal(header, body), "arbitrary header and body")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["config", "seed", "actions", "checks", "state"]), value=PLAIN)
def test_any_value_for_a_body_field_is_a_save_error(short_save: bytes, key: str, value: Any) -> None:
    h, b = parts(short_save)
    if b[key] == value:
        return
    b[key] = value
    expect_save_error(seal(h, b), f"body {key} = {value!r}")


# ------------------------------------------------------------------- hostile values (issue 15)
def nested_value(depth: int, leaf: Any) -> Any:
    for i in range(depth):
        leaf = [leaf] if i % 2 else {"k": leaf}
    return leaf


HOSTILE = st.one_of(
    st.builds(nested_value, st.integers(50, 1000), st.sampled_from([0, "x", None])),
    st.sampled_from(["\u00b2", "\u00b9\u00b2", "purchase \u00b2", "sell wine \u00b2", "\u0663", "\uff12", "1\u00b2"]),
    st.sampled_from([2**63, 2**64 - 1, -(2**63), 2**63 - 1, -1]),
    st.integers(-(2**63), 2**64 - 1),
)
"""Containers nested up to a thousand deep, superscript and other non-ASCII digits, integers at and past
what msgpack and the engine hold."""

FREE_TEXT = {("app_version",), ("title",)} | {("seats", i, j) for i in range(3) for j in range(2)}
"""Header fields that hold any short printable text (a title, a seat name or a plugin bot may be "²")."""
TIMES = {("created",), ("updated",)}


def may_be_valid(in_header: bool, path: tuple[Any, ...], value: Any) -> bool:
    """A value that is a correct entry for this field (not every hostile value is damage)."""
    if not in_header:
        return False
    if path in FREE_TEXT:
        return isinstance(value, str) and value.isprintable() and len(value) <= 40
    if path in TIMES:
        return isinstance(value, int) and 0 <= value <= 10**11
    if path == ("turn",):  # a header's turn 0 was written before its game counted turns: taken as said
        return bool(value == 0)  # 0, 0.0 or False: the codec may take any of them as that turn 0
    return False


def expect_save_error_unless_valid(data: bytes, what: str, valid: bool) -> None:
    """``expect_save_error``, or for a value the field may hold: a decoded game or a ``SaveError``."""
    if not valid:
        expect_save_error(data, what)
        return
    with contextlib.suppress(SaveError):
        decode(data)


HEADER_KEYS = ["format", "version", "app_version", "game", "game_id", "title", "created", "updated", "map",
               "variant", "players", "seats", "turn", "decisions", "status", "scores"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(HEADER_KEYS), value=HOSTILE)
def test_any_hostile_value_for_a_header_field_is_a_save_error(short_save: bytes, key: str, value: Any) -> None:
    h, b = parts(short_save)
    if h[key] == value:
        return
    h[key] = value
    expect_save_error_unless_valid(seal(h, b), f"header {key}", may_be_valid(True, (key,), value))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["config", "seed", "actions", "checks", "state"]), value=HOSTILE)
def test_any_hostile_value_for_a_body_field_is_a_save_error(short_save: bytes, key: str, value: Any) -> None:
    h, b = parts(short_save)
    if b[key] == value:
        return
    b[key] = value
    expect_save_error(seal(h, b), f"body {key}")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), value=HOSTILE)
def test_a_hostile_value_anywhere_in_the_file_is_a_save_error(short_save: bytes, data: st.DataObject,
                                                               value: Any) -> None:
    """Every field at every depth: a seat name, one decision of the log, a player's money in the snapshot ..."""
    h, b = parts(short_save)
    in_header = data.draw(st.booleans())
    root = h if in_header else b
    path = data.draw(st.sampled_from([p for p in paths(root) if p]))
    if get_at(root, path) == value:
        return
    replace_at(root, path, value)
    expect_save_error_unless_valid(seal(h, b), f"{'header' if in_header else 'body'}{list(path)}",
                                   may_be_valid(in_header, path, value))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(index=st.integers(0, 39), digit=st.sampled_from(["\u00b2", "\u00b3", "\u0663", "\uff12", "\u2082"]))
def test_a_non_ascii_digit_in_any_decision_is_a_save_error(short_save: bytes, index: int, digit: str) -> None:
    h, b = parts(short_save)
    text = b["actions"][index]
    changed = "".join(digit if ch.isdigit() else ch for ch in text)
    b["actions"][index] = changed if changed != text else f"{text} {digit}"
    message = expect_save_error(seal(h, b), "non-ASCII digit")
    assert f"decision {index + 1} " in message
