"""Issue 33, item 2: every game option is bounded where it is read, so a value that passes the parser can no
longer crash a save later (``--max-turns 10**30`` was an ``OverflowError`` at the first autosave)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import games
from engine.core.errors import GameDataError
from engine.core.options import game_options
from tui import cli

HUGE = "1000000000000000000000000000000"


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONCORDIA_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out + err


@pytest.mark.parametrize("value", [HUGE, "100001", "-1", "²", "1e9", "0x10"])
@pytest.mark.parametrize("command", ["new", "simulate"])
def test_a_turn_guard_out_of_range_is_a_one_line_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            command: str, value: str) -> None:
    extra = ["--save-dir", str(tmp_path / "sim")] if command == "simulate" else ["--bots", "random"]
    code, text = run_cli(capsys, command, "--game", "colosseum", "--players", "2", *extra, "--max-turns", value,
                         "--seed", "3")
    assert code == 2
    assert "--max-turns" in text and "Traceback" not in text and "OverflowError" not in text
    assert not (tmp_path / "sim").exists() or not any((tmp_path / "sim").iterdir())


def test_simulate_with_the_largest_turn_guard_saves_its_game(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    code, text = run_cli(capsys, "simulate", "--game", "colosseum", "--players", "2", "--games", "1",
                         "--max-turns", "100000", "--seed", "3", "--save-dir", str(tmp_path / "sim"))
    assert code == 0, text
    assert any((tmp_path / "sim").iterdir())


@pytest.mark.parametrize("game", ["concordia", "colosseum", "massilia"])
def test_every_int_option_of_a_game_is_refused_past_its_range_by_the_config(game: str) -> None:
    info = games.get(game)
    for option in game_options(game):
        if option.kind is not int:
            continue
        assert option.low is not None and option.high is not None, f"{game} --{option.key} has no bounds"
        info.config_from_dict({"players": info.min_players, option.key: option.high})
        for bad in (option.high + 1, option.low - 1, 10**30, -(10**30)):
            with pytest.raises(GameDataError):
                info.config_from_dict({"players": info.min_players, option.key: bad})
    for bad_players in (10**30, -(10**30), info.max_players + 1):
        with pytest.raises(GameDataError):
            info.config_from_dict({"players": bad_players})
