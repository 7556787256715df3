"""``concordia replay`` of a Colosseum and of a Massilia save: the save is replayed through its own game and
printed readably: a heading with the game and its setup, one line per decision (turn, seat, name, the action's
text), the seats, and the score per source with the winner (issues 17 and 19, "replay the save")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core import games
from saves import SaveStore
from tests.tui.cli_run import run_cli


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONCORDIA_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


LINE = re.compile(r"^turn +(\d+)  P(\d) (.*?\S) {2,}(\S.*)$")
"""A decision: its turn, the seat, the seat's name (padded to the longest) and the action's text."""


@pytest.mark.parametrize(("game", "options", "setup", "sources"), [
    ("colosseum", ["--max-turns", "500"], "field d score_any, max turns 500", ["Fame", "Stable", "Cards"]),
    ("massilia", ["--stall-tiles", "6"], "stall tiles 6", ["Reputation", "Stalls", "Money", "Stones"]),
])
def test_replay_of_a_finished_save(capsys: pytest.CaptureFixture[str], isolated: Path, game: str,
                                   options: list[str], setup: str, sources: list[str]) -> None:
    records = isolated / "records"
    code, _, err = run_cli(capsys, "simulate", "--game", game, "--players", "3", *options, "--games", "1",
                           "--seed", "7", "--bots", "random", "--save-dir", str(records))
    assert code == 0, err
    (header,) = SaveStore(records).list()
    saved = SaveStore(records).load(header.path)
    code, out, err = run_cli(capsys, "replay", str(header.path))
    assert code == 0, err
    lines = out.splitlines()
    title = games.get(game).title
    assert " ".join(" ".join(lines[:2]).split()).startswith(f"simulate seed 7: {title}, {setup}, 3 players, seed 7, "
                                          f"{len(saved.actions)} decisions")
    moves = [m for m in map(LINE.match, lines) if m]
    assert [m.group(4) for m in moves] == saved.actions  # every decision, in order, as its text
    turns = [int(m.group(1)) for m in moves]
    assert turns[0] == 1 and turns == sorted(turns) and turns[-1] > 1
    state = games.get(game).new_game(saved.config, saved.seed)
    for m, text in zip(moves, saved.actions, strict=True):  # each line names the seat that decided
        assert int(m.group(2)) == state.current_player + 1
        assert m.group(3).startswith(saved.seats[state.current_player].name)
        state.apply(text)
    for i, seat in enumerate(saved.seats):
        assert f"P{i + 1}: {seat.name} (random)" in lines
    assert "Final scores" in out
    scores = saved.state.final_scores()
    rows = {line.split()[0]: line.split()[1:] for line in lines if line.strip() and line.split()[0] in
            [*sources, "Total"]}
    assert rows["Total"] == [str(ps.total) for ps in scores.players]
    for source in sources:
        assert rows[source] == [str(ps.breakdown[source.lower()]) for ps in scores.players]
    assert lines[-1].startswith(f"winner: P{scores.winner + 1} {saved.seats[scores.winner].name}")


@pytest.mark.parametrize("game", ["colosseum", "massilia"])
def test_replay_of_a_running_save_and_of_the_wrong_game(capsys: pytest.CaptureFixture[str], isolated: Path,
                                                        game: str) -> None:
    import random

    from saves import SavedGame, Seat

    info = games.get(game)
    config = info.config_from_dict({"players": 2})
    saved = SavedGame.new(config, 5, [Seat("Anna", None), Seat("Bruno", "greedy")], title="half", game=game)
    rng = random.Random(5)
    state = info.new_game(config, 5)
    for _ in range(30):
        action = rng.choice(state.legal_actions())
        saved.actions.append(str(action))
        state.apply(action)
    saved.state = state
    store = SaveStore(isolated / "saves")
    path = store.save(saved)
    code, out, err = run_cli(capsys, "replay", str(path))
    assert code == 0, err
    words = " ".join(out.split())
    assert f"Not finished (after {state.turn} turns): the scores if it ended now" in words and "winner" not in out
    assert len([line for line in out.splitlines() if LINE.match(line)]) == 30
    other = "massilia" if game == "colosseum" else "colosseum"
    code, _, err = run_cli(capsys, "replay", "--game", other, str(path))
    assert code != 0 and f"holds a game of {info.title}, not of {games.get(other).title}" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
