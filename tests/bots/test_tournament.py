"""``concordia tournament``: rotated seats, and the printed table and the JSON agree."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tui.cli import main
from tui.commands.tournament import elo


def run_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bots: str, *extra: str
) -> tuple[str, dict]:  # type: ignore[type-arg]
    out = tmp_path / "t.json"
    code = main(["tournament", "--bots", bots, "--games", "3", "--seed", "3", "--json", str(out), *extra])
    assert code == 0
    return capsys.readouterr().out, json.loads(out.read_text())


def test_table_and_json_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table, report = run_tournament(tmp_path, capsys, "random,easy:temperature=3.5,random")
    quick = "easy:temperature=3.5"
    assert report["games"] == 3 and report["players"] == 3 and report["bots"] == ["random", quick, "random"]
    rows = {r["bot"]: r for r in report["rows"]}
    assert rows["random"]["seats"] == 6 and rows[quick]["seats"] == 3  # copies are pooled
    assert rows["random"]["wins"] + rows[quick]["wins"] == 3  # one winner per game
    for r in report["rows"]:
        line = next(x for x in table.splitlines() if x.strip("│┃ ").startswith(r["bot"] + " "))
        cells = [c.strip() for c in re.split(r"[│┃|]", line) if c.strip()]
        assert cells == [
            r["bot"], str(r["seats"]), str(r["wins"]), f"{r['win_share']:.1%}", f"{r['mean_score']:.2f}",
            f"{r['median_score']:.1f}", f"{r['mean_winning_score']:.2f}", str(r["fallbacks"]), f"{r['elo']:.1f}",
        ]


def test_parallel_jobs_give_the_same_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _t1, one = run_tournament(tmp_path, capsys, "random,random,random")
    _t2, two = run_tournament(tmp_path, capsys, "random,random,random", "--jobs", "2")
    assert one == two


def test_an_unknown_bot_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--bots", "random,nobody", "--games", "1"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def test_elo_orders_by_results() -> None:
    games = [{"seating": ["a", "b"], "team": [0, 1], "side": [9, 5], "winners": [0]}] * 3
    games += [{"seating": ["b", "a"], "team": [0, 1], "side": [9, 5], "winners": [0]}]
    ratings = elo(["a", "b"], games)
    assert ratings["a"] > 1500 > ratings["b"]
    assert ratings["a"] + ratings["b"] == pytest.approx(3000)


@pytest.mark.slow
def test_a_logged_tournament_resumes_and_grows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--log``: every game is a line of the log; the same command again plays only the missing games, and the
    results are those of one uninterrupted run."""
    log = tmp_path / "games.log"
    _t, first = run_tournament(tmp_path, capsys, "random,greedy,random", "--log", str(log))
    assert first["games"] == 3 and len(log.read_text().splitlines()) == 1 + 3
    out = tmp_path / "more.json"
    assert main(["tournament", "--bots", "random,greedy,random", "--games", "5", "--seed", "3",
                 "--log", str(log), "--json", str(out)]) == 0
    assert "3 of 5 games read" in capsys.readouterr().err
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert lines[0]["tournament"]["bots"] == ["random", "greedy", "random"]
    assert sorted(g["game"] for g in lines[1:]) == [0, 1, 2, 3, 4]
    fresh = tmp_path / "fresh.json"
    assert main(["tournament", "--bots", "random,greedy,random", "--games", "5", "--seed", "3",
                 "--json", str(fresh)]) == 0
    assert json.loads(out.read_text()) == json.loads(fresh.read_text())


def test_a_line_cut_short_is_played_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "games.log"
    _t, whole = run_tournament(tmp_path, capsys, "random,random", "--log", str(log))
    text = log.read_text()
    log.write_text(text[: len(text) - 40])  # killed in the middle of writing the last game
    out = tmp_path / "again.json"
    assert main(["tournament", "--bots", "random,random", "--games", "3", "--seed", "3",
                 "--log", str(log), "--json", str(out)]) == 0
    assert "1 damaged line(s)" in capsys.readouterr().err
    assert json.loads(out.read_text()) == whole
    assert len(log.read_text().splitlines()) == 1 + 3


def test_the_log_of_another_tournament_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "games.log"
    run_tournament(tmp_path, capsys, "random,random", "--log", str(log))
    before = log.read_text()
    assert main(["tournament", "--bots", "random,greedy", "--games", "3", "--seed", "3", "--log", str(log)]) == 2
    err = capsys.readouterr().err
    assert "log of another tournament (bots random,random, seed 3)" in err
    assert log.read_text() == before
    log.write_text("shopping list\n")
    assert main(["tournament", "--bots", "random,random", "--games", "3", "--log", str(log)]) == 2
    assert "is not a tournament log" in capsys.readouterr().err
    assert log.read_text() == "shopping list\n"


def test_ctrl_c_keeps_the_finished_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui.commands import tournament

    real = tournament.play_one
    played: list[int] = []

    def interrupted_after_two(*args: object) -> dict:  # type: ignore[type-arg]
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(tournament, "play_one", interrupted_after_two)
    log = tmp_path / "games.log"
    assert main(["tournament", "--bots", "random,random", "--games", "4", "--seed", "3", "--log", str(log)]) == 130
    assert "the finished games are kept" in capsys.readouterr().err
    assert len(log.read_text().splitlines()) == 1 + 2


def test_a_log_that_cannot_be_written_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--bots", "random,random", "--games", "1", "--log", str(tmp_path)]) == 2
    assert f"{tmp_path} is a folder, not a log file" in capsys.readouterr().err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_log_that_fails_mid_run_stops_with_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    """A full disk after the first game: one clear line instead of a traceback, and the logged game is kept."""
    from tui.commands import tournament

    written: list[int] = []

    def fsync(fd: int) -> None:
        if written:
            raise OSError(28, "No space left on device")
        written.append(fd)

    monkeypatch.setattr(tournament.os, "fsync", fsync)
    log = tmp_path / "games.log"
    assert main(["tournament", "--bots", "random,random", "--games", "6", "--seed", "3", "--log", str(log),
                 "--jobs", jobs]) == 2
    err = capsys.readouterr().err
    assert f"cannot write to {log}: No space left on device; the games logged before are kept" in err
    assert "Traceback" not in err
    assert len([json.loads(x) for x in log.read_text().splitlines()]) >= 1 + 1


def test_a_game_record_has_every_logged_field() -> None:
    from tui.commands.tournament import GAME_FIELDS, LATER_FIELDS, play_one

    game = play_one({"map": "imperium", "players": 2}, 3, ["random", "random"], 7)
    assert game.keys() == GAME_FIELDS | LATER_FIELDS and game["game"] == 7
