"""``concordia saves``, ``concordia replay`` and ``concordia simulate --save-dir`` (through their modules)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from engine.concordia import GameConfig
from saves import SaveError, SaveStore
from tui.commands import replay as replay_cmd
from tui.commands import saves as saves_cmd
from tui.commands import simulate as simulate_cmd

from .helpers import log_of, saved_game

CONFIG = GameConfig(map="ionium", players=2, variant="base", small=True)


def run(module: object, argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="concordia")
    sub = parser.add_subparsers(dest="command")
    module.register(sub)  # type: ignore[attr-defined]
    return int(module.run(parser.parse_args(argv)))  # type: ignore[attr-defined]


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> SaveStore:
    monkeypatch.setenv("COLUMNS", "200")
    s = SaveStore(tmp_path)
    s.save(saved_game(CONFIG, 23, upto=50, game_id="1" * 32, title="[bold]evening[/bold]"))
    s.save(saved_game(CONFIG, 23, game_id="2" * 32, title="finished one"))
    (tmp_path / "broken.concordia").write_bytes(b"\x89CONCORDIA\r\n\x1a\n\x00")
    return s


def test_saves_lists_a_table(store: SaveStore, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(saves_cmd, ["saves", "--save-dir", str(store.directory)]) == 0
    out, err = capsys.readouterr()
    assert "[bold]evening[/bold]" in out  # titles are text, never Rich markup
    assert "finished" in out and "running" in out and "Anna" in out
    assert str(store.directory / ("1" * 32 + ".concordia")) in out
    assert "skipped broken.concordia: the save file is truncated" in err


def test_saves_json(store: SaveStore, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(saves_cmd, ["saves", "--save-dir", str(store.directory), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["title"] for s in data["saves"]] == ["finished one", "[bold]evening[/bold]"]
    finished = data["saves"][0]
    assert finished["status"] == "finished" and len(finished["scores"]) == 2
    assert finished["seats"] == [{"name": "Anna", "bot": None}, {"name": "Bot 2", "bot": "random"}]
    assert data["problems"][0]["path"].endswith("broken.concordia")


def test_saves_in_an_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(saves_cmd, ["saves", "--save-dir", str(tmp_path / "none")]) == 0
    assert "No saved games" in capsys.readouterr().out


def test_replay_prints_every_decision_and_the_scores_per_god(store: SaveStore,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = store.directory / ("2" * 32 + ".concordia")
    assert run(replay_cmd, ["replay", str(path)]) == 0
    out = capsys.readouterr().out
    log = log_of(CONFIG, 23)
    decision_lines = [line for line in out.splitlines() if line.startswith("turn ")]
    assert len(decision_lines) == len(log)
    assert decision_lines[0].startswith("turn   1  P") and decision_lines[0].endswith(log[0])
    assert "Final scores" in out and "Saturnus" in out and "Total" in out and "winner: P" in out


def test_replay_of_a_running_game_and_of_a_damaged_file(store: SaveStore, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(replay_cmd, ["replay", str(store.directory / ("1" * 32 + ".concordia"))]) == 0
    assert "Not finished" in capsys.readouterr().out
    with pytest.raises(SaveError, match="truncated"):
        run(replay_cmd, ["replay", str(store.directory / "broken.concordia")])


def test_simulate_save_dir_writes_every_finished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--map", "ionium", "--small", "--players", "2", "--games", "2", "--seed", "23",
            "--save-dir", str(tmp_path / "records")]
    assert run(simulate_cmd, argv) == 0
    headers = SaveStore(tmp_path / "records").list()
    assert len(headers) == 2 and all(h.status == "finished" for h in headers)
    assert sorted(h.title for h in headers) == ["simulate seed 23", "simulate seed 24"]
    assert all(s.bot == "random" for h in headers for s in h.seats)
    game = SaveStore(tmp_path / "records").load(next(h.path for h in headers if h.title.endswith("23")))
    assert game.actions == list(log_of(CONFIG, 23))


def test_saves_fits_80_columns(store: SaveStore, capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert run(saves_cmd, ["saves", "--save-dir", str(store.directory)]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if str(store.directory) not in line]  # paths are never cut
    assert all(len(line) <= 80 for line in lines)
    assert "Concordia:" in out and "finished:" in out and "running" in out
