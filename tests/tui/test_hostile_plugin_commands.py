"""R-robustness (issue 15, items 9-11): ``concordia simulate`` and ``concordia tournament`` run third-party bots,
loaded through real entry points of a throwaway distribution on ``PYTHONPATH``, behind the guard and in worker
processes: whatever a plugin does, the whole seeded game finishes with fallback moves, with one log line per
problem and never a traceback; the games ``simulate`` records load (their states match their action logs)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from saves import SaveStore
from tests.bots.hostile import BROKEN_IMPORT, install

PAIRS = [
    ("raising", "hanging"),
    ("busy", "hog"),
    ("mutating", "liar-equal"),
    ("liar-raising", "exiting"),
    ("interrupting", "nan-seconds"),
    ("bad-init", BROKEN_IMPORT),
]
"""Two hostile plugins per 2-player game: every bot of the distribution plays a whole game."""

FAILING = {"raising", "hanging", "busy", "liar-equal", "liar-raising", "exiting", "interrupting", "bad-init",
           BROKEN_IMPORT}
"""The plugins whose every decision is a fallback move."""


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = install(tmp_path_factory.mktemp("hostile"))
    root = Path(__file__).resolve().parents[2]
    path = os.pathsep.join([str(folder), str(root), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path, "COLUMNS": "160"}


def concordia(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tui.cli", *argv], capture_output=True, text=True, env=env,
                          timeout=300, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("pair", PAIRS, ids="+".join)
def test_r_robustness_simulate_finishes_a_game_of_hostile_plugins(
    env: dict[str, str], pair: tuple[str, str], tmp_path: Path
) -> None:
    result = concordia(env, "simulate", "--players", "2", "--games", "1", "--seed", "3",
                       "--bots", ",".join(pair), "--save-dir", str(tmp_path), "--json")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 1 and summary["bots"] == list(pair)
    for name in pair:
        if name in FAILING:
            assert f"bot {name} " in result.stderr and "fallback" in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert all(line.startswith("bot ") for line in lines), lines  # one line per problem, nothing else
    store = SaveStore(tmp_path)
    headers = store.list()
    assert len(headers) == 1
    saved = store.load(headers[0].path)  # replays the action log and checks it against the state
    assert saved.state.is_over


def test_r_robustness_tournament_finishes_with_hostile_plugins_and_counts_their_fallbacks(
    env: dict[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "out.json"
    result = concordia(env, "tournament", "--bots", "liar-equal,exiting", "--games", "1", "--seed", "4",
                       "--json", str(out))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    rows = {r["bot"]: r for r in json.loads(out.read_text())["rows"]}
    assert rows["liar-equal"]["seats"] == rows["exiting"]["seats"] == 1
    assert rows["liar-equal"]["fallbacks"] > 40 and rows["exiting"]["fallbacks"] > 40
    assert "bot exiting died (exit code 3)" in result.stderr


def test_r_robustness_tournament_refuses_an_unknown_bot_without_importing_plugins(env: dict[str, str]) -> None:
    result = concordia(env, "tournament", "--bots", f"{BROKEN_IMPORT},nobody", "--games", "1")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"concordia: unknown bot 'nobody'; available: {result.stderr.split('available: ')[1].strip()}"
    ]
    assert BROKEN_IMPORT in result.stderr
