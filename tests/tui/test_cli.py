"""The ``concordia`` command line: help for every command and option, one-line errors, and what each
app command hands to the app (the app itself is replaced by a recorder here; the pty test runs it for real).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from saves import SaveStore
from tests.tui.app_support import finished_save, running_save
from tui import cli
from tui.commands import play


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONCORDIA_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Records what would start the app instead of starting it."""
    calls: list[dict[str, Any]] = []

    def fake_launch(args: Any, **start: Any) -> int:
        calls.append({"args": args, "settings": play.settings_from(args), **start})
        return 0

    monkeypatch.setattr(play, "launch", fake_launch)
    monkeypatch.setattr("tui.commands.new.launch", fake_launch)
    monkeypatch.setattr("tui.commands.load.launch", fake_launch)
    return calls


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_help_documents_every_command_and_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "--help")
    assert code == 0
    for command in cli.COMMANDS:
        assert command in out
    for option in ("--lang", "--ascii", "--theme", "--save-dir", "--continue", "--version", "settings.toml"):
        assert option in out


@pytest.mark.parametrize("command", ["play", "new", "load"])
def test_each_app_command_has_help_with_its_options(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run_cli(capsys, command, "--help")
    assert code == 0
    assert "--lang" in out and "--save-dir" in out
    if command == "new":
        for option in ("--map", "--players", "--bots", "--variant", "--seed", "--humans", "--interim", "--small"):
            assert option in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "--version")
    assert code == 0
    assert out.startswith("concordia ") and out.strip().split()[-1][0].isdigit()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--lang", "fr"], "invalid choice: 'fr'"),
        (["--theme", "pink"], "invalid choice: 'pink'"),
        (["nonsense"], "invalid choice: 'nonsense'"),
        (["new", "--players", "9"], "the individual game is for 2 to 5 players"),
        (["new", "--players", "0"], "expected a number of at least 1"),
        (["new", "--players", "many"], "expected a whole number"),
        (["new", "--variant", "venus-team", "--players", "3"], "the Venus team game is for 4 or 6 players"),
        (["new", "--variant", "salsa"], "invalid choice: 'salsa'"),
        (["new", "--map", "atlantis"], "invalid choice: 'atlantis'"),
        (["new", "--small"], "only Ionium has a small variant"),
        (["new", "--seed", "abc"], "expected a whole number from 0 to 2**63 - 1, not 'abc'"),
        (["new", "--bots", "genius"], "unknown bot 'genius'"),
        (["new", "--bots", "easy,hard"], "--bots names 2 bots for 3 bot seats"),
        (["new", "--bots", ","], "--bots needs at least one bot name"),
        (["new", "--humans", "5"], "--humans 5 is more than the 4 players"),
        (["new", "--continue"], "cannot be combined with 'new'"),
        (["load"], "the following arguments are required: PATH"),
        (["load", "/no/such/file.concordia"], "no such save file"),
        (["--continue"], "there is no running game to continue"),
    ],
)
def test_bad_input_is_one_clear_line(capsys: pytest.CaptureFixture[str], launched: list[dict[str, Any]],
                                     argv: list[str], message: str) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    assert launched == []


def test_load_of_a_damaged_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            launched: list[dict[str, Any]]) -> None:
    bad = tmp_path / "bad.concordia"
    bad.write_bytes(b"this is not a save")
    code, _, err = run_cli(capsys, "load", str(bad))
    assert code == 2
    assert err.startswith(f"concordia: load {bad}:")
    assert len(err.strip().splitlines()) == 1


def test_save_dir_that_is_a_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            launched: list[dict[str, Any]]) -> None:
    afile = tmp_path / "file"
    afile.write_text("x")
    code, _, err = run_cli(capsys, "--save-dir", str(afile))
    assert code == 2
    assert "not a folder" in err


def test_no_command_plays(capsys: pytest.CaptureFixture[str], launched: list[dict[str, Any]]) -> None:
    code, _, _ = run_cli(capsys)
    assert code == 0
    assert len(launched) == 1
    assert launched[0]["args"].command is None
    assert "saved" not in launched[0] and "new_game" not in launched[0]


def test_app_options_override_the_settings_file(capsys: pytest.CaptureFixture[str],
                                                launched: list[dict[str, Any]]) -> None:
    run_cli(capsys, "--lang", "de", "--ascii", "--theme", "high-contrast")
    s = launched[0]["settings"]
    assert (s.language, s.ascii, s.theme) == ("de", True, "high-contrast")


def test_app_options_also_work_after_the_command(capsys: pytest.CaptureFixture[str],
                                                 launched: list[dict[str, Any]]) -> None:
    run_cli(capsys, "new", "--seed", "3", "--lang", "de", "--ascii")
    s = launched[0]["settings"]
    assert (s.language, s.ascii) == ("de", True)


def test_new_jumps_into_a_game_with_the_given_setup(capsys: pytest.CaptureFixture[str],
                                                    launched: list[dict[str, Any]]) -> None:
    code, _, err = run_cli(capsys, "new", "--map", "italia", "--players", "3", "--bots", "easy,hard",
                           "--variant", "venus", "--seed", "42", "--name", "Livia")
    assert code == 0, err
    config, seed, seats = launched[0]["new_game"]
    assert (config.map, config.players, config.variant, seed) == ("italia", 3, "venus", 42)
    assert [(s.name, s.bot) for s in seats] == [("Livia", None), ("Bot 2 (easy)", "easy"), ("Bot 3 (hard)", "hard")]


def test_new_with_two_humans_and_a_random_seed(capsys: pytest.CaptureFixture[str],
                                               launched: list[dict[str, Any]]) -> None:
    run_cli(capsys, "new", "--humans", "2", "--players", "2")
    _config, seed, seats = launched[0]["new_game"]
    assert [s.bot for s in seats] == [None, None]
    assert [s.name for s in seats] == ["Player 1", "Player 2"]
    assert isinstance(seed, int) and seed >= 0


def test_continue_resumes_the_latest_running_game(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  launched: list[dict[str, Any]]) -> None:
    store = SaveStore(tmp_path / "saves")
    finished_save(store)
    game = running_save(store)
    code, _, err = run_cli(capsys, "--continue")
    assert code == 0, err
    assert launched[0]["saved"].game_id == game.game_id
    assert launched[0]["saved"].actions == game.actions


def test_save_dir_option_is_used(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                 launched: list[dict[str, Any]]) -> None:
    other = tmp_path / "elsewhere"
    game = running_save(SaveStore(other))
    code, _, err = run_cli(capsys, "--save-dir", str(other), "--continue")
    assert code == 0, err
    assert launched[0]["saved"].game_id == game.game_id


def test_load_opens_the_file(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                             launched: list[dict[str, Any]]) -> None:
    store = SaveStore(tmp_path / "saves")
    game = finished_save(store)
    code, _, err = run_cli(capsys, "load", str(store.path_of(game.game_id)))
    assert code == 0, err
    assert launched[0]["saved"].state.is_over


def test_help_and_headless_commands_do_not_import_textual() -> None:
    code = (
        "import sys, contextlib, io\n"
        "from tui import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "    cli.main(['--help'])\n"
        "assert 'textual' not in sys.modules, 'textual imported by --help'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
