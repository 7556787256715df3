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
