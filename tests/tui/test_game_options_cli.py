"""Colosseum's and Massilia's setup options as data (``engine/<id>/options.py``): the command line of
``new``, ``simulate`` and ``tournament`` takes them after ``--game``, the game checks their values (one line),
and the new-game forms offer the same choices and defaults."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.colosseum import D_CHOICES
from engine.colosseum import GameConfig as ColosseumConfig
from engine.core.options import game_options
from engine.massilia import GameConfig as MassiliaConfig
from engine.massilia.components import components as massilia_components
from tests.tui.cli_run import run_cli
from tui.colosseum.form import FORM as COLOSSEUM_FORM
from tui.colosseum.form import field_d_options
from tui.commands import play
from tui.massilia import FORM as MASSILIA_FORM
from tui.massilia import stall_options


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONCORDIA_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


def test_every_option_is_a_config_field_with_the_config_default() -> None:
    for game, config in (("colosseum", ColosseumConfig()), ("massilia", MassiliaConfig())):
        options = game_options(game)
        keys = [o.key for o in options]
        fields = [k for k in config.to_dict() if k != "players"]
        assert [k for k in fields if k in keys] == keys  # every option a field, in the config's order
        # a field that is no option is one a player never sets: Massilia's legacy_reactions (old saves only)
        assert [k for k in fields if k not in keys] == ([] if game == "colosseum" else ["legacy_reactions"])
        for o in options:
            assert o.default == config.to_dict()[o.key]
    colosseum = {o.key: o for o in game_options("colosseum")}
    assert colosseum["field_d"].choices == D_CHOICES and colosseum["field_d"].cli == "--field-d"
    guard = colosseum["max_turns"]
    assert (guard.kind, guard.low, guard.cli) == (int, 0, "--max-turns")
    (tiles,) = game_options("massilia")
    assert (tiles.kind, tiles.default, tiles.low, tiles.high, tiles.cli) == (int, 5, 5, 6, "--stall-tiles")
    assert (tiles.low, tiles.high) == (min(massilia_components().stall_tiles_options),
                                       max(massilia_components().stall_tiles_options))


@pytest.mark.parametrize("command", ["new", "simulate", "tournament"])
def test_help_of_each_game_lists_its_own_options(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run_cli(capsys, command, "--game", "colosseum", "--help")
    assert code == 0 and "--field-d" in out and "--max-turns" in out and "--stall-tiles" not in out
    assert "--map" not in out
    code, out, _ = run_cli(capsys, command, "--game", "massilia", "--help")
    assert code == 0 and "--stall-tiles" in out and "--field-d" not in out and "--map" not in out


def test_simulate_colosseum_with_field_d_and_the_turn_guard(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "simulate", "--game", "colosseum", "--players", "3", "--field-d", "fame",
                             "--max-turns", "12", "--games", "2", "--seed", "4", "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["options"] == {"players": 3, "field_d": "fame", "max_turns": 12}
    assert summary["turns_per_game"] == 12.0  # R-END-GUARD: both games stopped after 12 turns


def test_simulate_massilia_with_six_stall_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "simulate", "--game", "massilia", "--players", "2", "--stall-tiles", "6",
                             "--games", "1", "--seed", "2", "--json")
    assert code == 0, err
    assert json.loads(out)["options"] == {"players": 2, "stall_tiles": 6, "legacy_reactions": False}
    code, out, err = run_cli(capsys, "simulate", "--game=massilia", "--games", "1", "--seed", "2")
    assert code == 0 and out.startswith("1 game of Massilia (5 stall tiles), 4 bots, seed 2")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "massilia", "--stall-tiles", "7"], "--stall-tiles: expected a number from 5 to 6, not 7"),
        (["--game", "massilia", "--stall-tiles", "x"], "--stall-tiles: expected a whole number, not 'x'"),
        (["--game", "colosseum", "--max-turns", "-3"], "--max-turns: expected a number from 0 to 100000, not -3"),
        (["--game", "colosseum", "--field-d", "nope"], "--field-d: invalid choice: 'nope'"),
        (["--game", "massilia", "--field-d", "fame"], "unrecognized arguments: --field-d fame"),
    ],
)
@pytest.mark.parametrize("command", ["new", "simulate"])
def test_bad_values_are_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                 command: str, argv: list[str], message: str) -> None:
    launched: list[Any] = []
    monkeypatch.setattr(play, "launch", lambda *a, **k: launched.append(k) or 0)
    monkeypatch.setattr("tui.commands.new.launch", lambda *a, **k: launched.append(k) or 0)
    code, _out, err = run_cli(capsys, command, *argv, "--games" if command == "simulate" else "--humans", "1")
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert launched == []


def test_new_takes_the_options_into_the_game(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The real ``launch`` builds the app (only ``run`` is replaced): ``new --game`` reached the app's
    constructor with a keyword it does not take once, which no test caught while ``launch`` was replaced."""
    from tui.app import ConcordiaApp

    launched: list[tuple[Any, ...]] = []
    monkeypatch.setattr(ConcordiaApp, "run", lambda app, *a, **k: launched.append(app._start_new))
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    save_dir = str(tmp_path / "saves")
    code, _, err = run_cli(capsys, "new", "--game", "colosseum", "--players", "2", "--field-d", "tile", "--seed", "3",
                           "--save-dir", save_dir)
    assert code == 0, err
    code, _, err = run_cli(capsys, "new", "--game", "massilia", "--players", "3", "--stall-tiles", "6", "--seed", "3",
                           "--save-dir", save_dir)
    assert code == 0, err
    (colosseum, _, _, colosseum_id), (massilia, _, _, massilia_id) = launched
    assert colosseum_id == "colosseum"
    assert colosseum.to_dict() == {"players": 2, "field_d": "tile", "max_turns": 0}
    assert massilia_id == "massilia"
    assert massilia.to_dict() == {"players": 3, "stall_tiles": 6, "legacy_reactions": False}


def test_tournament_takes_the_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_json = tmp_path / "t.json"
    code, out, err = run_cli(capsys, "tournament", "--game", "colosseum", "--field-d", "card", "--max-turns", "30",
                             "--bots", "random,random", "--games", "2", "--seed", "1", "--json", str(out_json))
    assert code == 0, err
    # the table's title words the options as the new-game form does; the JSON keeps its plain option words
    title = " ".join(out.split())
    assert ("2 games of Die Baumeister des Colosseum (field D: Take 1 card of a chosen type, cut off after 30 turns), "
            "2 bots, seed 1") in title
    result = json.loads(out_json.read_text())
    assert result["setup"] == "Die Baumeister des Colosseum (field d card, max turns 30)"
    assert (result["game"], result["options"]) == ("colosseum", {"players": 2, "field_d": "card", "max_turns": 30})
    assert result["mean_turns"] <= 30


def test_forms_offer_the_options_choices_and_defaults() -> None:
    assert [value for _label, value in field_d_options()] == list(D_CHOICES)
    assert COLOSSEUM_FORM.fields[0].default == "score_any" == game_options("colosseum")[0].default
    assert COLOSSEUM_FORM.config({}, 3) == {"players": 3, "field_d": "score_any"}
    assert [value for _label, value in stall_options()] == [5, 6]
    assert MASSILIA_FORM.fields[0].default == 5 == game_options("massilia")[0].default
    assert MASSILIA_FORM.config({"stall_tiles": 6}, 2) == {"players": 2, "stall_tiles": 6}
    assert MASSILIA_FORM.config({}, 4) == {"players": 4, "stall_tiles": 5}
