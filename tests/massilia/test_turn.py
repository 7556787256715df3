"""``GameState.turn``: the turn the shell counts (save headers, the load list), one per day and phase.

Concordia and Colosseum count single players' turns in their state; Massilia's turn is derived from the day
(``round``) and the phase, so its saved form (``to_dict``) and the golden trace stay as they were. Saves written
before the state counted turns say turn 0 in their header and still load.
"""

from __future__ import annotations

import random
from pathlib import Path

import msgpack

from engine.massilia import GameConfig, GameState, new_game
from saves import SavedGame, SaveStore, Seat, decode, encode
from saves.codec import FORMAT_VERSION, frame, split


def _played(players: int, seed: int, decisions: int) -> tuple[GameState, list[str]]:
    s = new_game(GameConfig(players=players), seed)
    rng = random.Random(seed)
    log: list[str] = []
    while not s.is_over and len(log) < decisions:
        a = rng.choice(s.legal_actions())
        log.append(str(a))
        s.apply(a)
    return s, log


def test_turn_is_day_and_phase() -> None:
    """Monday: start stalls 0, keeping 1, market 2; Tuesday's keeping 4 (no setup after Monday); the end 21."""
    s = new_game(GameConfig(players=3), 4)
    assert (s.phase, s.turn) == ("setup", 0)
    rng = random.Random(4)
    seen: dict[tuple[int, str], int] = {}
    while not s.is_over:
        seen[(s.round, s.phase)] = s.turn
        s.apply(rng.choice(s.legal_actions()))
    assert seen[(1, "keep")] == 1 and seen[(1, "actions")] == 2
    assert seen[(2, "keep")] == 4 and seen[(2, "actions")] == 5
    assert seen[(7, "keep")] == 19 and seen[(7, "actions")] == 20
    assert (s.phase, s.turn) == ("over", 21)


def test_turn_never_goes_back_and_views_and_copies_agree() -> None:
    for players in (2, 3, 4):
        s = new_game(GameConfig(players=players), players)
        rng = random.Random(players)
        last = 0
        while not s.is_over:
            assert s.turn >= last
            last = s.turn
            assert s.view(s.current_player).turn == s.turn == s.clone().turn
            assert GameState.from_dict(s.to_dict()).turn == s.turn
            s.apply(rng.choice(s.legal_actions()))
        assert s.turn == 21


def _save(state: GameState, log: list[str], seed: int) -> SavedGame:
    seats = [Seat("A", None)] + [Seat(f"B{i}", "random") for i in range(1, state.n)]
    game = SavedGame.new(state.config, seed, seats, title="m", game="massilia")
    game.actions = log
    game.state = state
    return game


def test_save_header_and_load_list_show_the_turn(tmp_path: Path) -> None:
    state, log = _played(2, 7, 60)
    assert state.turn > 1
    store = SaveStore(tmp_path / "saves")
    store.save(_save(state, log, 7))
    (header,) = store.list()
    assert (header.game, header.turn) == ("massilia", state.turn)
    assert store.load(header.path).state.turn == state.turn


def test_a_save_from_before_turns_were_counted_still_loads() -> None:
    """Massilia saves written before ``turn`` existed have turn 0 in their header; they load as they are."""
    state, log = _played(2, 3, 50)
    data = encode(_save(state, log, 3))
    _version, header_raw, body_raw = split(data)
    header = msgpack.unpackb(header_raw, raw=False)
    assert header["turn"] == state.turn > 0
    header["turn"] = 0
    old = frame(FORMAT_VERSION, msgpack.packb(header, use_bin_type=True), body_raw)
    loaded = decode(old)
    assert loaded.state.to_dict() == state.to_dict() and loaded.state.turn == state.turn
