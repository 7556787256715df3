"""Hostile command lines and files through ``concordia`` itself (issue 15): each is one clear line on stderr
and a non-zero exit, never a traceback, a hang or a read without end.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgpack
import pytest

from engine.concordia import GameConfig
from saves import SaveStore, encode
from saves.codec import frame, split
from tests.saves.helpers import saved_game
from tui.cli import main
from tui.commands import new as new_cmd
from tui.commands import tournament as tournament_cmd

CONFIG = GameConfig(map="ionium", players=2, small=True)
BIG = str(2**64)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``concordia ARGV`` in this process: (exit status, stdout, stderr); argparse errors exit through SystemExit."""
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, f"not one line: {err!r}"
    assert "Traceback" not in err
    return err


def nested_save(key: str) -> bytes:
    data = encode(saved_game(CONFIG, 23, upto=10, game_id="9" * 32))
    _version, header, body = split(data)
    h = msgpack.unpackb(header, raw=False)
    value: Any = 0
    for _ in range(1000):
        value = [value]
    h[key] = value
    return frame(1, msgpack.packb(h, use_bin_type=True), body)


# ---------------------------------------------------------------------------------------- item 1
@pytest.mark.parametrize("key", ["game", "game_id"])
def test_replay_of_a_deeply_nested_header_is_one_line(tmp_path: Path, key: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nested.concordia"
    path.write_bytes(nested_save(key))
    code, _out, err = run(["replay", str(path)], capsys)
    assert code == 2
    assert "RecursionError" not in one_line(err)


def test_saves_lists_the_good_games_next_to_a_deeply_nested_one(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    SaveStore(tmp_path).save(saved_game(CONFIG, 23, upto=20, game_id="8" * 32, title="the good one"))
    (tmp_path / "nested.concordia").write_bytes(nested_save("game"))
    code, out, err = run(["saves", "--save-dir", str(tmp_path)], capsys)
    assert code == 0
    assert "the good one" in out
    # a version-1 file is migrated first, and version 1 held Concordia games only: a list is no game
    assert "skipped nested.concordia: damaged version-1 header: version 1 holds Concordia games only" in err


# ---------------------------------------------------------------------------------------- item 3
@pytest.mark.parametrize("argv", [
    ["simulate", "--games", "1", "--seed", BIG],
    ["simulate", "--games", "1", "--seed", "-1"],
    ["new", "--seed", str(2**63)],
    ["new", "--seed", "\u00b2"],
    ["tournament", "--bots", "random,random", "--games", "1", "--seed", BIG],
])
def test_a_seed_outside_0_to_2_63_is_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(argv, capsys)
    assert code == 2
    assert "2**63 - 1" in one_line(err)


def test_a_seed_whose_later_deals_pass_the_limit_is_refused(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate`` deals seed, seed + 1, ...: the last one must still fit (and be savable)."""
    code, _out, err = run(["simulate", "--games", "2", "--seed", str(2**63 - 1), "--save-dir", str(tmp_path)],
                          capsys)
    assert code == 2 and "goes past the largest seed" in one_line(err)
    assert list(tmp_path.iterdir()) == []


def test_the_largest_seed_plays_and_saves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(["simulate", "--games", "1", "--players", "2", "--map", "ionium", "--small", "--seed",
                           str(2**63 - 1), "--save-dir", str(tmp_path)], capsys)
    assert code == 0 and str(2**63 - 1) in out
    assert len(list(tmp_path.glob("*.concordia"))) == 1


@pytest.mark.parametrize("command", ["new", "simulate", "tournament"])
def test_help_says_the_seed_range(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run([command, "--help"], capsys)
    assert code == 0 and "0 <= SEED < 2**63" in " ".join(out.split())


# ---------------------------------------------------------------------------------------- item 5
def test_a_name_longer_than_a_save_holds_is_refused_up_front(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The game used to start and then every autosave failed: nothing of it was ever saved."""
    def no_app(*_args: object, **_kw: object) -> int:
        raise AssertionError("the app started with a name no save can hold")

    monkeypatch.setattr(new_cmd, "launch", no_app)
    code, _out, err = run(["new", "--name", "x" * 41], capsys)
    assert code == 2
    assert "--name is too long (41 characters; at most 40)" in one_line(err)


def test_a_name_of_40_characters_is_taken() -> None:
    args = argparse.Namespace(humans=1, bots="random", name="y" * 40)
    assert new_cmd.seats_from(args, 2)[0] == ("y" * 40, None)


def test_new_name_help_says_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(["new", "--help"], capsys)
    assert code == 0 and "at most 40 characters" in " ".join(out.split())


# ---------------------------------------------------------------------------------------- item 6
@pytest.mark.parametrize(("make", "words"), [
    (lambda p: Path("/dev/zero"), "/dev/zero is a device, not a log file"),
    (lambda p: p, "is a folder, not a log file"),
])
def test_tournament_log_must_be_a_regular_file(tmp_path: Path, make: Any, words: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(["tournament", "--bots", "random,random", "--games", "1", "--log", str(make(tmp_path))],
                          capsys)
    assert code == 2 and words in one_line(err)


def test_tournament_log_on_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    """Reading a FIFO blocks until someone writes: run the real command with a time limit."""
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "tournament", "--bots", "random,random", "--games", "1", "--log", str(fifo)],
        capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 2
    assert "is a named pipe (FIFO), not a log file" in one_line(done.stderr)


def test_tournament_log_is_read_with_a_size_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "big.log"
    log.write_bytes(b"x" * 5000)
    monkeypatch.setattr(tournament_cmd, "MAX_LOG", 4096)
    code, _out, err = run(["tournament", "--bots", "random,random", "--games", "1", "--log", str(log)], capsys)
    assert code == 2 and "is larger than any tournament log" in one_line(err)


def test_tournament_log_nested_a_thousand_deep_is_not_a_log(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "nested.log"
    log.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    code, _out, err = run(["tournament", "--bots", "random,random", "--games", "1", "--log", str(log)], capsys)
    assert code == 2 and "is not a tournament log" in one_line(err)


# ------------------------------------------------------------------------------------ smaller ones
def test_load_on_a_folder_or_a_fifo_says_what_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(["load", str(tmp_path)], capsys)
    assert code == 2 and "this is a folder, not a save file" in one_line(err)
    os.mkfifo(tmp_path / "pipe.concordia")
    code, _out, err = run(["load", str(tmp_path / "pipe.concordia")], capsys)
    assert code == 2 and "this is a named pipe (FIFO), not a save file" in one_line(err)
    code, _out, err = run(["load", str(tmp_path / "none.concordia")], capsys)
    assert code == 2 and "no such save file" in one_line(err)


def test_load_of_a_damaged_file_does_not_double_the_prefix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = encode(saved_game(CONFIG, 23, upto=10, game_id="7" * 32))
    _version, header, body = split(data)
    h = msgpack.unpackb(header, raw=False)
    h["title"] = 5
    path = tmp_path / "bad.concordia"
    path.write_bytes(frame(1, msgpack.packb(h, use_bin_type=True), body))
    code, _out, err = run(["load", str(path)], capsys)
    assert code == 2 and one_line(err).count("damaged save file") == 1


def test_file_names_never_reach_the_terminal_raw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Newlines and escape sequences in file names are written escaped by ``saves`` and ``load``."""
    store = SaveStore(tmp_path)
    path = store.save(saved_game(CONFIG, 23, upto=10, game_id="6" * 32, title="ok"))
    evil = tmp_path / "a\x1b[2J\nb.concordia"
    os.rename(path, evil)
    (tmp_path / "c\x1b]0;pwned\x07.concordia").write_bytes(b"junk")
    code, out, err = run(["saves", "--save-dir", str(tmp_path)], capsys)
    assert code == 0
    for text in (out, err):
        assert "\x1b" not in text and "\x07" not in text
    assert "a\\x1b[2J\\nb.concordia" in out and "c\\x1b]0;pwned\\x07.concordia" in err
    code, _out, err = run(["load", str(tmp_path / "c\x1b]0;pwned\x07.concordia")], capsys)
    assert code == 2 and "\x1b" not in one_line(err)


def test_an_unreadable_save_folder_exits_non_zero(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The system's refusal is simulated (the tests may run as root, whom permissions do not stop)."""
    def refuse(path: object) -> list[str]:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("saves.store.os.listdir", refuse)
    code, out, err = run(["saves", "--save-dir", str(tmp_path)], capsys)
    assert code == 2 and "No saved games" not in out
    assert "cannot read the save folder" in one_line(err)
