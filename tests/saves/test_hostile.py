"""Hostile save files and save folders (issue 15): deep nesting in any header field, non-ASCII digits in the
log, seeds beyond 2**63, doubled message prefixes, file names with control characters, unreadable folders
and stale temporary files. Every one is a one-line ``SaveError`` (or is cleaned up), never another exception.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from engine.concordia import GameConfig, new_game
from saves import SaveError, SaveStore, decode, encode, read_header
from saves.store import STALE_TEMP_SECONDS

from .helpers import saved_game
from .test_fuzz import expect_save_error, header_file, parts, seal  # noqa: F401

CONFIG = GameConfig(map="imperium", players=3, variant="venus")
SEED = 4
HEADER_FIELDS = ("format", "version", "app_version", "game", "game_id", "title", "created", "updated", "map",
                 "variant", "players", "seats", "turn", "decisions", "status", "scores")


@pytest.fixture(scope="module")
def short_save() -> bytes:
    return encode(saved_game(CONFIG, SEED, upto=30, game_id="c" * 32))


def deep(depth: int = 1000) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


# ------------------------------------------------------------------------------------ item 1: nesting
@pytest.mark.parametrize("key", HEADER_FIELDS)
def test_a_header_field_nested_a_thousand_deep_is_a_save_error(short_save: bytes, key: str) -> None:
    """``game`` or ``game_id`` as a list nested ~1000 deep was a RecursionError while building the message."""
    h, b = parts(short_save)
    h[key] = deep()
    message = expect_save_error(seal(h, b), f"nested {key}")
    assert "RecursionError" not in message


@pytest.mark.parametrize("key", ["config", "seed", "actions", "checks", "state"])
def test_a_body_field_nested_a_thousand_deep_is_a_save_error(short_save: bytes, key: str) -> None:
    h, b = parts(short_save)
    b[key] = deep()
    expect_save_error(seal(h, b), f"nested body {key}")


def test_one_deeply_nested_file_does_not_hide_the_other_saves(tmp_path: Path, short_save: bytes) -> None:
    """``concordia saves``, ``--continue`` and the Load screen all read the folder through ``scan``."""
    store = SaveStore(tmp_path)
    store.save(saved_game(CONFIG, SEED, upto=12, game_id="d" * 32, title="good one"))
    for key in ("game", "game_id"):
        h, b = parts(short_save)
        h[key] = deep()
        write(tmp_path, f"nested-{key}.concordia", seal(h, b))
    headers, problems = store.scan()
    assert [h.title for h in headers] == ["good one"]
    assert sorted(p.name for p, _e in problems) == ["nested-game.concordia", "nested-game_id.concordia"]
    assert all("\n" not in e and len(e) < 200 for _p, e in problems)
    latest = store.latest_running()
    assert latest is not None and latest.title == "good one"


def test_the_message_names_the_type_of_a_foreign_game_or_id(short_save: bytes) -> None:
    h, b = parts(short_save)
    h["game"] = deep()
    assert "another game (a list)" in expect_save_error(seal(h, b), "nested game")
    h, b = parts(short_save)
    h["game_id"] = {"x": deep()}
    assert "bad game id (a dict)" in expect_save_error(seal(h, b), "nested game id")
    h, b = parts(short_save)
    h["game"] = "massilia\x1b[2J"
    message = expect_save_error(seal(h, b), "other game")
    assert "\x1b" not in message and "massilia" in message


# ------------------------------------------------------------------------------ item 2: odd digits
@pytest.mark.parametrize("text", ["purchase \u00b2", "sell wine \u00b2", "copy \u00b9", "purchase \u0663"])
def test_a_log_with_superscript_digits_is_a_save_error(short_save: bytes, text: str) -> None:
    h, b = parts(short_save)
    b["actions"][5] = text
    message = expect_save_error(seal(h, b), "superscript digit")
    assert "decision 6 " in message and "is not an action" in message


# ------------------------------------------------------------------------------------- item 3: seeds
@pytest.mark.parametrize("seed", [2**63, 2**64 - 1, -1, -(2**63)])
def test_a_seed_out_of_range_in_a_file_is_a_save_error(short_save: bytes, seed: int) -> None:
    h, b = parts(short_save)
    b["seed"] = seed
    assert "seed is out of range" in expect_save_error(seal(h, b), f"seed {seed}")


@pytest.mark.parametrize("seed", [2**63, 2**64, 10**30, -1])
def test_a_game_with_a_seed_out_of_range_is_not_written(tmp_path: Path, seed: int) -> None:
    """The seed was a msgpack OverflowError at the first autosave; now a SaveError says why, nothing is written."""
    game = saved_game(GameConfig(map="ionium", players=2, small=True), 3, upto=0)
    game.seed = seed
    with pytest.raises(SaveError, match="seed must be from 0 to 2\\*\\*63 - 1"):
        SaveStore(tmp_path).save(game)
    assert list(tmp_path.iterdir()) == []


def test_the_largest_seed_is_saved_and_loaded(tmp_path: Path) -> None:
    game = saved_game(GameConfig(map="ionium", players=2, small=True), 3, upto=0)
    game.seed = 2**63 - 1
    game.state = new_game(game.config, game.seed)
    path = SaveStore(tmp_path).save(game)
    assert SaveStore(tmp_path).load(path).seed == 2**63 - 1


# ------------------------------------------------------------------------------------ smaller ones
@pytest.mark.parametrize("key", ["title", "app_version"])
def test_a_wrong_type_says_damaged_save_file_once(short_save: bytes, key: str) -> None:
    h, b = parts(short_save)
    h[key] = 7
    message = expect_save_error(seal(h, b), f"{key} of the wrong type")
    assert message.count("damaged save file") == 1


def test_a_folder_or_a_fifo_says_what_it_is(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.concordia")
    with pytest.raises(SaveError, match="is a named pipe \\(FIFO\\), not a save file"):
        SaveStore(tmp_path).load(tmp_path / "pipe.concordia")
    (tmp_path / "dir.concordia").mkdir()
    with pytest.raises(SaveError, match="is a folder, not a save file"):
        SaveStore(tmp_path).load(tmp_path / "dir.concordia")
    with pytest.raises(SaveError, match="is a device, not a save file"):
        SaveStore(tmp_path).load("/dev/zero")


def test_file_names_with_control_characters_are_shown_escaped(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    name = "evil\n\x1b[2J.concordia"
    write(tmp_path, name, b"\x89CONCORDIA\r\n\x1a\n\x00")
    [(path, _error)] = store.list_problems()
    with pytest.raises(SaveError) as info:
        store.load(path)
    assert "\x1b" not in str(info.value) and "\n" not in str(info.value)
    os.mkfifo(tmp_path / "pipe\x1b[31m.concordia")
    with pytest.raises(SaveError) as info:
        store.load(tmp_path / "pipe\x1b[31m.concordia")
    assert "pipe\\x1b[31m.concordia" in str(info.value)


def test_an_unreadable_save_folder_is_an_error_not_an_empty_list(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The system's refusal is simulated (tests may run as root, whom permissions do not stop)."""
    store = SaveStore(tmp_path)

    def refuse(path: object) -> list[str]:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("saves.store.os.listdir", refuse)
    with pytest.raises(SaveError, match=r"cannot read the save folder .*: Permission denied"):
        store.scan()


def test_stale_temporary_files_are_removed_when_the_store_is_opened(tmp_path: Path) -> None:
    """Only a save's temporary file older than STALE_TEMP_SECONDS goes: a live writer's file stays, and so do
    files that are not a save's temporary file."""
    old = time.time() - STALE_TEMP_SECONDS - 60
    stale = write(tmp_path, f".{'e' * 32}.k2j4_x9a.tmp", b"half a save")
    live = write(tmp_path, f".{'f' * 32}.a1b2c3d4.tmp", b"being written")
    other = write(tmp_path, ".notes.abc.tmp", b"not ours")
    for path in (stale, other):
        os.utime(path, (old, old))
    os.utime(live, (time.time() - 5, time.time() - 5))
    SaveStore(tmp_path)
    assert not stale.exists()
    assert live.exists() and other.exists()


def test_opening_a_store_on_a_missing_folder_creates_nothing(tmp_path: Path) -> None:
    SaveStore(tmp_path / "not yet")
    assert not (tmp_path / "not yet").exists()


def test_read_header_of_a_nested_file_is_a_save_error(tmp_path: Path, short_save: bytes) -> None:
    h, b = parts(short_save)
    h["game_id"] = deep()
    path = write(tmp_path, "x.concordia", seal(h, b))
    with pytest.raises(SaveError, match="bad game id"):
        read_header(path)
    with pytest.raises(SaveError):
        decode(path.read_bytes())
