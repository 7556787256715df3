"""Save -> load at every decision of seeded games gives the identical state and the identical legal actions."""

from __future__ import annotations

import pytest

from engine.concordia import GameConfig, new_game
from saves import SavedGame, decode, encode

from .helpers import log_of, seats_for

GAMES = [
    pytest.param(GameConfig(map="ionium", players=2, variant="base", small=True), 23, id="base-2p-ionium-small"),
    pytest.param(GameConfig(map="hellas", players=2, variant="venus"), 10, id="venus-2p-hellas"),
]
TEAM_GAME = (GameConfig(map="imperium", players=4, variant="venus-team"), 3)
"""The team game's save and load at every decision is a soak in ``make bench`` (tests/bench/test_roundtrip_soak.py,
about 40 s of a core: a load replays the whole log, so a long game costs the square of its length); ``make test``
checks it at every third decision."""


def _roundtrip_each(config: GameConfig, seed: int, every: int, game_id: str) -> int:
    """Play the game, saving and loading after every ``every``-th decision (and after the last one)."""
    log = log_of(config, seed)
    state = new_game(config, seed)
    game = SavedGame.new(config, seed, seats_for(config), title=f"{config.variant} {seed}")
    game.game_id = game_id
    checked = 0
    for i in range(len(log) + 1):
        if i % every == 0 or i == len(log):
            game.actions = list(log[:i])
            game.state = state
            loaded = decode(encode(game))
            assert loaded.state.to_dict() == state.to_dict(), f"state differs after decision {i}"
            assert [str(a) for a in loaded.state.legal_actions()] == [str(a) for a in state.legal_actions()]
            assert loaded.actions == list(log[:i])
            assert (loaded.game_id, loaded.seats, loaded.title, loaded.seed) == (
                game.game_id, game.seats, game.title, seed)
            assert loaded.config == config
            checked += 1
        if i < len(log):
            state.apply(log[i])
    assert state.is_over
    return checked


@pytest.mark.parametrize(("config", "seed"), GAMES)
def test_roundtrip_at_every_decision(config: GameConfig, seed: int) -> None:
    checked = _roundtrip_each(config, seed, every=1, game_id=f"{seed:032x}")
    assert checked == len(log_of(config, seed)) + 1


@pytest.mark.slow
def test_roundtrip_team_game_every_third_decision() -> None:
    config, seed = TEAM_GAME
    checked = _roundtrip_each(config, seed, every=3, game_id=f"{seed:032x}")
    n = len(log_of(config, seed))
    assert checked == n // 3 + 1 + (1 if n % 3 else 0)


def test_roundtrip_five_players_every_tenth_decision() -> None:
    config = GameConfig(map="imperium", players=5, variant="base")
    checked = _roundtrip_each(config, 10, every=10, game_id="5" * 32)
    assert checked >= len(log_of(config, 10)) // 10


def test_finished_game_keeps_scores_and_status() -> None:
    config = GameConfig(map="ionium", players=2, variant="base", small=True)
    log = list(log_of(config, 23))
    game = SavedGame.new(config, 23, seats_for(config))
    game.actions = log
    from .helpers import state_after

    game.state = state_after(config, 23, log)
    loaded = decode(encode(game))
    assert loaded.status == "finished"
    assert loaded.scores() == [p.total for p in game.state.final_scores().players]
    assert loaded.state.final_scores() == game.state.final_scores()
