"""``concordia replay`` shows the Venus row only in a game with the Venus cards (issue 18 playtest): a base
game's breakdown has no Venus source, a Venus game's has one (R-VENUS-GOD scores there)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.concordia import GameConfig, new_game
from saves import SavedGame, SaveStore, Seat
from tests.tui.test_cli import run_cli


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONCORDIA_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


def _save(tmp_path: Path, variant: str) -> Path:
    """A 4-player game of ``variant`` after 30 random decisions, saved."""
    config = GameConfig(variant=variant)
    seats = [Seat("Anna", None), Seat("Bot 2", "random"), Seat("Bot 3", "random"), Seat("Bot 4", "random")]
    game = SavedGame.new(config, 3, seats)
    state = new_game(config, 3)
    rng = random.Random(3)
    for _ in range(30):
        action = rng.choice(state.legal_actions())
        game.actions.append(str(action))
        state.apply(action)
    game.state = state
    return SaveStore(tmp_path / "saves").save(game)


def _rows(out: str) -> list[str]:
    """The first word of each row of the score table."""
    table = out[out.index("Points"):]
    return [line.split()[0] for line in table.splitlines()[2:] if line.strip()]


def test_replay_of_a_base_game_has_no_venus_row(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run_cli(capsys, "replay", str(_save(tmp_path, "base")))
    assert code == 0, err
    assert _rows(out) == ["Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Concordia", "Total"]


def test_replay_of_a_venus_game_keeps_its_venus_row(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run_cli(capsys, "replay", str(_save(tmp_path, "venus")))
    assert code == 0, err
    assert _rows(out) == ["Vesta", "Jupiter", "Saturnus", "Venus", "Mercurius", "Mars", "Minerva", "Concordia",
                          "Total"]


def test_r_venus_god_breakdown_names_venus_only_with_the_venus_cards() -> None:
    """The engine's ``breakdown`` (the protocol the replay and the load screen read) follows the variant."""
    base = new_game(GameConfig(), 1).final_scores().players[0]
    venus = new_game(GameConfig(variant="venus"), 1).final_scores().players[0]
    assert "venus" not in base.breakdown and base.gods["venus"] == 0
    assert "venus" in venus.breakdown
    assert sum(base.breakdown.values()) == base.total and sum(venus.breakdown.values()) == venus.total
