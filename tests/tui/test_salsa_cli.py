"""Salsa's options on the command line and in the new-game form (R-SALSA-SETUP defaults, saves kept compatible)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.concordia import GameConfig
from engine.concordia.config import default_salt
from engine.concordia.options import OPTIONS
from tests.tui.test_cli import isolated, launched, run_cli
from tui.commands import options as cli_options
from tui.concordia.form import FORM, config_dict

__all__ = ["isolated", "launched"]  # the fixtures of test_cli, used here too


def _config(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run_cli(capsys, "simulate", "--games", "1", "--seed", "3", "--players", "2", "--json", *argv)
    assert code == 0, err
    options: dict[str, Any] = json.loads(out)["options"]
    return options


@pytest.mark.parametrize(
    ("argv", "salt", "forum"),
    [
        (("--map", "hispania"), True, False),
        (("--map", "byzantium", "--players", "3"), True, False),
        (("--map", "hispania", "--no-salt"), False, False),
        (("--map", "imperium",), False, False),
        (("--map", "imperium", "--salt", "--forum"), True, True),
        (("--map", "creta", "--forum"), False, True),
    ],
)
def test_r_salsa_setup_salt_is_the_maps_default_unless_salt_or_no_salt_is_given(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], salt: bool, forum: bool
) -> None:
    options = _config(capsys, *argv)
    assert options.get("salt", False) is salt
    assert options.get("forum", False) is forum


def test_a_game_without_salt_and_forum_writes_the_old_config_keys(capsys: pytest.CaptureFixture[str]) -> None:
    """Saves stay compatible: ``to_dict`` of a game without Salsa has exactly the keys it always had."""
    options = _config(capsys, "--map", "italia")
    assert sorted(options) == ["display", "interim_scoring", "map", "players", "small", "variant"]
    assert GameConfig.from_dict({"map": "hispania", "players": 3}).salt is False, "an old save has no salt"
    assert GameConfig.from_dict({"map": "hispania", "players": 3, "salt": None}).salt is True


def test_salt_and_forum_are_data_options_the_shell_turns_into_arguments() -> None:
    by_key = {o.key: o for o in OPTIONS}
    assert by_key["salt"].default is None and by_key["salt"].kind is bool
    assert by_key["forum"].default is False and by_key["forum"].cli == "--forum"
    assert [m for m in ("hispania", "byzantium", "imperium") if default_salt(m)] == ["hispania", "byzantium"]
    import argparse

    parser = argparse.ArgumentParser()
    cli_options.add_game_options(parser)
    assert parser.parse_args(["--salt"]).salt is True
    assert parser.parse_args(["--no-salt"]).salt is False
    assert parser.parse_args([]).salt is None
    assert parser.parse_args(["--forum", "--forum-hide-next"]).forum_hide_next is True


def test_help_explains_salt_and_forum_in_one_line_each(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "new", "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert "--salt, --no-salt salt, the joker good" in flat
    assert "--forum the forum: a patrician to keep" in flat


def test_new_starts_a_salsa_game(capsys: pytest.CaptureFixture[str], launched: list[dict[str, Any]]) -> None:
    code, _, err = run_cli(capsys, "new", "--map", "hispania", "--forum", "--players", "3", "--seed", "9")
    assert code == 0, err
    config, seed, _seats, _game = launched[0]["new_game"]
    assert (config.map, config.salt, config.forum, seed) == ("hispania", True, True, 9)


def test_forum_hide_next_without_the_forum_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "simulate", "--forum-hide-next", "--games", "1")
    assert code != 0
    assert "forum_hide_next needs the forum" in err and "Traceback" not in err


def test_tournament_log_of_a_salsa_tournament_names_salt_and_forum(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    log = tmp_path / "t.jsonl"
    code, out, err = run_cli(capsys, "tournament", "--map", "hispania", "--forum", "--bots", "random,random",
                             "--games", "2", "--seed", "4", "--log", str(log))
    assert code == 0, err
    header = json.loads(log.read_text().splitlines()[0])["tournament"]
    assert header["config"]["salt"] is True and header["config"]["forum"] is True
    assert "salt, forum" in out


def test_form_offers_salt_and_forum_with_the_boards_default() -> None:
    keys = [f.key for f in FORM.fields]
    assert "salt" in keys and "forum" in keys
    values = {f.key: f.default for f in FORM.fields}
    assert GameConfig.from_dict(config_dict({**values, "map": "hispania"}, 3)).salt is True
    assert GameConfig.from_dict(config_dict({**values, "map": "imperium"}, 3)).salt is False
    off = GameConfig.from_dict(config_dict({**values, "map": "hispania", "salt": "off", "forum": True}, 3))
    assert (off.salt, off.forum) == (False, True)
    on = GameConfig.from_dict(config_dict({**values, "map": "italia", "salt": "on"}, 3))
    assert on.salt is True
    assert FORM.notes(on, [0, 1, 2]) == ["Salt (Salsa): a joker good that pays for any good, made in salt cities"]
    assert FORM.notes(off, [0, 1, 2]) == [
        "Forum (Salsa): keep 1 of 2 patricians; a Tribune takes forum cards (4/6/8/10 cards back)"]
