"""What the headless commands print (issue 21, "Commands"): ``tournament --json -`` keeps stdout pure JSON,
``replay`` names a bot's level once and never wraps into a file or a pipe, ``saves`` keeps a save's seats on
one line in a narrow terminal, and no parser accepts an abbreviated option.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from saves import SavedGame, SaveStore, Seat
from tests.tui.app_support import running_save
from tests.tui.test_cli import run_cli
from tui import cli


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONCORDIA_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture
def nim_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.bots import nim

    nim.register(monkeypatch)


def test_tournament_json_to_stdout_is_only_json(capsys: pytest.CaptureFixture[str], nim_game: None) -> None:
    code, out, err = run_cli(capsys, "tournament", "--game", "nim", "--pile", "7", "--bots", "greedy,random",
                             "--games", "2", "--seed", "1", "--json", "-")
    assert code == 0, err
    report = json.loads(out)  # the whole of stdout parses: '| jq' works
    assert report["games"] == 2 and report["bots"] == ["greedy", "random"]
    assert "2 games of Nim (pile 7)" in err  # the table went to stderr


def test_tournament_json_to_a_file_keeps_the_table_on_stdout(capsys: pytest.CaptureFixture[str], nim_game: None,
                                                             tmp_path: Path) -> None:
    code, out, err = run_cli(capsys, "tournament", "--game", "nim", "--pile", "7", "--bots", "greedy,random",
                             "--games", "2", "--seed", "1", "--json", str(tmp_path / "r.json"))
    assert code == 0, err
    assert "2 games of Nim (pile 7)" in out and json.loads((tmp_path / "r.json").read_text())["games"] == 2


def test_replay_names_the_bot_level_once_and_never_wraps(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "saves")
    game = running_save(store, decisions=40)
    game.seats = [Seat("Anna", None), Seat("Bot 2 (normal)", "normal"), Seat("Bot 3", "hard"),
                  Seat("Bot 4 (random)", "random")]
    path = store.save(game)
    code, out, err = run_cli(capsys, "replay", str(path))
    assert code == 0, err
    assert "(normal) (normal)" not in out and "(random) (random)" not in out
    assert "P2: Bot 2 (normal)" in out and "P3: Bot 3 (hard)" in out
    lines = out.splitlines()
    decisions = [line for line in lines if line.startswith("turn ")]
    assert len(decisions) == 40  # one line per decision: nothing wrapped onto a line of its own
    for line, text in zip(decisions, game.actions, strict=True):
        assert line.endswith(text)


def test_replay_keeps_a_long_action_on_one_line(capsys: pytest.CaptureFixture[str], nim_game: None,
                                               tmp_path: Path) -> None:
    """A title longer than 80 columns stays one line too (stdout is captured here: not a terminal)."""
    from tests.bots import nim

    store = SaveStore(tmp_path / "saves")
    title = "a very long title " * 6
    game = SavedGame.new(nim.GameConfig(players=2, pile=5), 3, [Seat("Anna"), Seat("Bot", "greedy")], title=title,
                         game="nim")
    game.state.apply("take 1")
    game.actions.append("take 1")
    code, out, err = run_cli(capsys, "replay", str(store.save(game)))
    assert code == 0, err
    assert out.splitlines()[0].startswith(title) and len(out.splitlines()[0]) > 120


def test_saves_in_a_narrow_terminal_keeps_seats_on_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveStore(tmp_path / "saves")
    game = running_save(store, title="Sunday")
    monkeypatch.setenv("COLUMNS", "60")
    code, out, err = run_cli(capsys, "saves")
    assert code == 0, err
    lines = out.splitlines()
    assert "Anna, Bot 2 (random), Bot 3 (random), Bot 4 (random)" in [line.strip() for line in lines]
    assert any(line.strip() == str(store.path_of(game.game_id)) for line in lines)
    assert all(len(line.split()) > 1 for line in lines[1:] if "/" not in line)  # no column one word wide
    monkeypatch.setenv("COLUMNS", "200")
    code, out, err = run_cli(capsys, "saves")
    row = next(line for line in out.splitlines() if "Sunday" in line)
    assert "Anna, Bot 2 (random), Bot 3 (random), Bot 4 (random)" in row  # the wide table: one row per save


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    out = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                out += _parsers(sub)
    return out


def test_no_parser_accepts_an_abbreviation() -> None:
    parsers = _parsers(cli.build_parser())
    assert {p.prog.split()[-1] for p in parsers[1:]} == set(cli.COMMANDS)
    assert [p.prog for p in parsers if p.allow_abbrev] == []


@pytest.mark.parametrize("argv", [["tournament", "--bots", "random,random", "--game", "concordia", "--gam", "x"],
                                  ["replay", "--gam", "concordia", "x"], ["saves", "--js"]])
def test_an_abbreviated_option_is_refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _out, err = run_cli(capsys, *argv)
    assert code == 2 and "unrecognized arguments" in err
