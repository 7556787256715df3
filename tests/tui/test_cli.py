"""The ``concordia`` command line: help for every command and option, one-line errors, and what each
app command hands to the app (the app itself is replaced by a recorder here; the pty test runs it for real).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from saves import SaveStore
from tests.tui.app_support import finished_save, running_save
from tests.tui.cli_run import run_cli
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
    config, seed, seats, _game = launched[0]["new_game"]
    assert (config.map, config.players, config.variant, seed) == ("italia", 3, "venus", 42)
    assert [(s.name, s.bot) for s in seats] == [("Livia", None), ("Bot 2 (easy)", "easy"), ("Bot 3 (hard)", "hard")]


def test_new_names_the_seats_in_the_chosen_language(capsys: pytest.CaptureFixture[str],
                                                    launched: list[dict[str, Any]]) -> None:
    """Issue 21: ``--lang de`` names the person "Du" and the bots in German, not "You"."""
    from tui import i18n

    try:
        code, _, err = run_cli(capsys, "new", "--lang", "de", "--players", "3", "--bots", "hard", "--seed", "1")
    finally:
        i18n.set_language("en")
    assert code == 0, err
    _config, _seed, seats, _game = launched[0]["new_game"]
    assert [s.name for s in seats] == ["Du", "Bot 2 (schwer)", "Bot 3 (schwer)"]


def test_new_with_two_humans_and_a_random_seed(capsys: pytest.CaptureFixture[str],
                                               launched: list[dict[str, Any]]) -> None:
    run_cli(capsys, "new", "--humans", "2", "--players", "2")
    _config, seed, seats, _game = launched[0]["new_game"]
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


# ------------------------------------------------------------------------------ several games (issue 17)
@pytest.fixture
def nim_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test double game "nim" (``tests/bots/nim``) registered: the commands must need no code of it."""
    from tests.bots import nim

    nim.register(monkeypatch)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["new", "--se", "3"], "unrecognized arguments: --se 3"),  # never abbreviated
        (["simulate", "--gam", "nim"], "unrecognized arguments: --gam nim"),
        (["tournament", "--bot", "random,random"], "the following arguments are required: --bots"),
        (["simulate", "--game", "chess"], "argument --game: invalid choice: 'chess'"),
        (["simulate", "--bots", "normal:confidence=1e300:seconds=1e9"], "confidence=1e+300 is not allowed"),
        (["simulate", "--bots", "mcts:width=abc"], "width=abc is not allowed"),
        (["tournament", "--bots", "greedy:weights=3,random"], "unknown option 'weights'"),
        (["simulate", "--seed", "18446744073709551616"], "the seed must be from 0 to 2**63 - 1"),
        (["simulate", "--seed", "-1"], "the seed must be from 0 to 2**63 - 1"),
        (["simulate", "--game", "nim", "--map", "italia"], "unrecognized arguments: --map italia"),
        (["simulate", "--game", "nim", "--pile", "0"], "argument --pile: expected a number from 1 to 200, not 0"),
        (["simulate", "--game", "nim", "--players", "7"], "Nim is for 2 to 4 players"),
        (["replay", "--game", "nim", "x.concordia"], "no such save file"),
    ],
)
def test_bad_game_and_bot_options_are_one_clear_line(capsys: pytest.CaptureFixture[str], nim_game: None,
                                                     launched: list[dict[str, Any]], argv: list[str],
                                                     message: str) -> None:
    code, _out, err = run_cli(capsys, *argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert launched == []


@pytest.mark.parametrize("command", ["new", "simulate", "tournament"])
def test_game_options_come_from_the_chosen_game(capsys: pytest.CaptureFixture[str], nim_game: None,
                                                command: str) -> None:
    code, concordia_help, _ = run_cli(capsys, command, "--help")
    assert code == 0 and "--game" in concordia_help and "--map" in concordia_help and "--pile" not in concordia_help
    code, nim_help, _ = run_cli(capsys, command, "--game", "nim", "--help")
    assert code == 0 and "--pile" in nim_help and "--map" not in nim_help and "--variant" not in nim_help
    assert "Nim's" in nim_help


def test_simulate_plays_any_registered_game(capsys: pytest.CaptureFixture[str], nim_game: None) -> None:
    code, out, err = run_cli(capsys, "simulate", "--game=nim", "--players", "3", "--pile", "21", "--games", "6",
                             "--seed", "1", "--bots", "greedy,random,random", "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert (summary["game"], summary["options"], summary["games"], summary["players"]) == (
        "nim", {"players": 3, "pile": 21}, 6, 3)
    assert sum(summary["wins_by_seat"].values()) == 6 and summary["turns_per_game"] == 0
    code, out, _ = run_cli(capsys, "simulate", "--game", "nim", "--games", "2", "--seed", "1")
    assert code == 0 and out.startswith("2 games of Nim (pile 15), 4 bots, seed 1")


def test_simulate_keeps_games_of_any_game_as_saves(capsys: pytest.CaptureFixture[str], nim_game: None,
                                                  tmp_path: Path) -> None:
    records = tmp_path / "records"
    code, _, err = run_cli(capsys, "simulate", "--game", "nim", "--players", "2", "--games", "3", "--seed", "5",
                           "--bots", "greedy,random", "--save-dir", str(records))
    assert code == 0, err
    store = SaveStore(records)
    headers = store.list()
    assert sorted(h.title for h in headers) == ["simulate seed 5", "simulate seed 6", "simulate seed 7"]
    assert all(h.game == "nim" and h.status == "finished" for h in headers)
    assert all(store.load(h.path).state.is_over for h in headers)


def test_tournament_of_another_game_and_its_log(capsys: pytest.CaptureFixture[str], nim_game: None,
                                               tmp_path: Path) -> None:
    """Perfect play (greedy with Nim's exact evaluation) wins every game it can win: with 4 games the
    seats rotate, so greedy moves first twice on a pile of 10 (a won position) and second twice."""
    out_json, log = tmp_path / "t.json", tmp_path / "t.log"
    argv = ["tournament", "--game", "nim", "--pile", "10", "--bots", "greedy,random", "--games", "4", "--seed",
            "2", "--json", str(out_json), "--log", str(log)]
    code, out, err = run_cli(capsys, *argv)
    assert code == 0, err
    report = json.loads(out_json.read_text())
    assert (report["game"], report["options"], report["seat_average"]) == ("nim", {"players": 2, "pile": 10}, 0.5)
    greedy = next(r for r in report["rows"] if r["bot"] == "greedy")
    assert greedy["seats"] == 4 and greedy["wins"] >= 2 and greedy["fallbacks"] == 0
    assert "4 games of Nim (pile 10)" in out
    header = json.loads(log.read_text().splitlines()[0])["tournament"]
    assert header["game"] == "nim"
    code, _, err = run_cli(capsys, *argv)  # the same command resumes from the log: nothing left to play
    assert code == 0 and "4 of 4 games read" in err


def test_replay_and_saves_of_another_game(capsys: pytest.CaptureFixture[str], nim_game: None,
                                         tmp_path: Path) -> None:
    from saves import SavedGame, Seat
    from tests.bots import nim

    store = SaveStore(tmp_path / "saves")
    game = SavedGame.new(nim.GameConfig(players=2, pile=5), 3, [Seat("Anna"), Seat("Bot", "greedy")],
                         title="a pile of five", game="nim")
    for text in ("take 1", "take 3", "take 1"):
        game.state.apply(text)
        game.actions.append(text)
    path = store.save(game)
    running_save(store)  # a Concordia save beside it
    code, out, err = run_cli(capsys, "replay", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "a pile of five: Nim, pile 5, 2 players, seed 3, 3 decisions"
    assert [line.split()[-2:] for line in lines[1:4]] == [["take", "1"], ["take", "3"], ["take", "1"]]
    assert "Final scores" in out and "Last counter" in out and "winner: P2 Bot (greedy)" in out
    code, _, err = run_cli(capsys, "replay", "--game", "concordia", str(path))
    assert code == 2 and "holds a game of Nim, not of Concordia" in err
    code, out, _ = run_cli(capsys, "saves", "--json")
    assert code == 0 and sorted(s["game"] for s in json.loads(out)["saves"]) == ["concordia", "nim"]
    code, out, _ = run_cli(capsys, "saves", "--json", "--game", "nim")
    assert [s["options"] for s in json.loads(out)["saves"]] == [{"players": 2, "pile": 5}]


def test_new_hands_another_game_to_the_app(capsys: pytest.CaptureFixture[str], nim_game: None,
                                          launched: list[dict[str, Any]]) -> None:
    code, _, err = run_cli(capsys, "new", "--game", "nim", "--players", "3", "--pile", "9", "--bots", "hard",
                           "--seed", "4")
    assert code == 0, err
    config, seed, seats, game = launched[0]["new_game"]
    assert (game, config, seed) == ("nim", config, 4)
    assert config.to_dict() == {"players": 3, "pile": 9}
    assert [s.bot for s in seats] == [None, "hard", "hard"]
    code, _, err = run_cli(capsys, "new", "--seed", "4")
    assert code == 0, err
    assert "game" not in launched[1]  # Concordia, the default: the app is started as before
