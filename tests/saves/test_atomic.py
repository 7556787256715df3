"""Crash safety: a writer killed (SIGKILL) in the middle of a save leaves the previous save intact."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.concordia import GameConfig
from saves import SaveStore, decode, read_header

from .helpers import log_of, saved_game

CONFIG = GameConfig(map="imperium", players=4, variant="venus")
SEED = 2
GAME_ID = "f" * 32
ROOT = Path(__file__).resolve().parents[2]

WRITER = r"""
import json, os, sys, time
sys.path.insert(0, {root!r})
from engine.concordia import GameConfig
from saves import SaveStore
import saves.store as store_mod
from tests.saves.helpers import saved_game

mode, directory, counts = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
config = GameConfig(**json.loads(sys.argv[4]))
store = SaveStore(directory)
games = [saved_game(config, {seed}, upto=n, game_id={game_id!r}) for n in counts]

def pause(label):
    print(label, flush=True)
    time.sleep(60)

if mode == "mid-write":
    real = store_mod._write_all
    def half(fd, data):
        real(fd, data[: len(data) // 2])
        os.fsync(fd)
        pause("HALF")
    store_mod._write_all = half
elif mode == "before-rename":
    real_fsync = os.fsync
    def slow_fsync(fd):
        real_fsync(fd)
        pause("SYNCED")
    store_mod.os.fsync = slow_fsync
print("READY", flush=True)
i = 0
while True:
    store.save(games[i % len(games)])
    i += 1
"""


def start_writer(mode: str, directory: Path, counts: list[int]) -> subprocess.Popen[str]:
    script = WRITER.format(root=str(ROOT), seed=SEED, game_id=GAME_ID)
    return subprocess.Popen(
        [sys.executable, "-c", script, mode, str(directory), json.dumps(counts), json.dumps(CONFIG.to_dict())],
        stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )


def wait_for(proc: subprocess.Popen[str], word: str) -> None:
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    assert line == word, f"writer said {line!r}, expected {word!r}"


def kill(proc: subprocess.Popen[str]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL


@pytest.mark.parametrize(("mode", "word"), [("mid-write", "HALF"), ("before-rename", "SYNCED")])
def test_killed_during_a_save_leaves_the_previous_save(tmp_path: Path, mode: str, word: str) -> None:
    store = SaveStore(tmp_path)
    previous = saved_game(CONFIG, SEED, upto=30, game_id=GAME_ID)
    path = store.save(previous)
    before = path.read_bytes()
    proc = start_writer(mode, tmp_path, [90])
    try:
        wait_for(proc, "READY")
        wait_for(proc, word)
    finally:
        kill(proc)
    assert path.read_bytes() == before
    assert store.load(path).actions == list(log_of(CONFIG, SEED)[:30])
    leftovers = [p for p in tmp_path.iterdir() if p != path]
    assert len(leftovers) == 1 and leftovers[0].name.startswith(f".{GAME_ID}.") and leftovers[0].suffix == ".tmp"
    assert [h.path for h in store.list()] == [path] and store.list_problems() == []
    # the next save of the game works and clears stale temporary files
    os.utime(leftovers[0], (0, 0))
    store.save(saved_game(CONFIG, SEED, upto=31, game_id=GAME_ID))
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_killed_at_random_moments_always_leaves_a_complete_save(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    counts = [40, 120]
    store.save(saved_game(CONFIG, SEED, upto=counts[0], game_id=GAME_ID))
    path = store.path_of(GAME_ID)
    rng = random.Random(7)
    for _ in range(3):
        proc = start_writer("loop", tmp_path, counts)
        try:
            wait_for(proc, "READY")
            time.sleep(rng.uniform(0.05, 0.4))
        finally:
            kill(proc)
        header = read_header(path)
        assert header.decisions in counts
        assert decode(path.read_bytes()).actions == list(log_of(CONFIG, SEED)[: header.decisions])
