"""Seeded random playouts for 2, 3 and 4 players (base game and every field-D mode), with the invariants
checked after EVERY decision: cards and pieces conserved, no negative stock, options until the end, every
legal action's text read back, clones independent, and the plain form round trip now and then."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.colosseum import D_MODES, GameConfig, GameState, new_game, parse_action
from engine.colosseum.components import components
from engine.colosseum.validate import check_state

MAX_DECISIONS = 20_000
GAMES = {2: 40, 3: 40, 4: 40}
"""120 games in all; about a third of them in one of the field-D variants (each of them twice at least). The
210 games this test played before (70 per player count) are a soak in ``make bench``
(tests/bench/test_colosseum_playouts_soak.py)."""
ROUND_TRIP_EVERY = 53
CLONE_EVERY = 29


def invariants(s: GameState) -> list[str]:
    """The issue's invariants, counted here independently of ``check_state``."""
    comp = components()
    problems = []
    for t in range(4):
        if s.supply[t] < 0 or s.supply[t] + sum(pl.hand[t] for pl in s.players) != comp.cards_per_type:
            problems.append(f"cards of type {t} not conserved")
    if s.storage < 0 or s.storage + sum(pl.rows[1] - 1 for pl in s.players) != comp.storage_tiles:
        problems.append("storage tiles not conserved")
    tiles_out = len(s.stack2) + len(s.stack3) + sum(len(r) for r in s.land_rows)
    taken = sum(sum(pl.rows) - pl.rows[1] - 3 for pl in s.players)  # start display: a stable, 2 landscapes
    if tiles_out + taken != len(comp.all_tiles()):
        problems.append("landscape tiles not conserved")
    parts = Counter([p for p in s.slots if p] + s.parts + [b[0] for b in s.built])
    if parts != Counter(p.id for p in comp.parts):
        problems.append("parts not conserved")
    for i, pl in enumerate(s.players):
        if pl.fame < 0 or min(pl.hand) < 0 or min(pl.rows) < 0 or not 0 <= pl.marker < pl.wheels:
            problems.append(f"seat {i} has a negative count")
        if pl.cards > pl.limit and not (s.phase == "discard" and s.decider == i):
            problems.append(f"seat {i} over the hand limit")
    if s.is_over != (not s.legal_actions()):
        problems.append("options and the end disagree")
    return problems


def _configs(games_per_count: dict[int, int] = GAMES) -> list[tuple[int, int, str]]:
    out = []
    for players, games in games_per_count.items():
        for seed in range(games):
            mode = "score_any" if seed % 3 else D_MODES[(seed // 3) % len(D_MODES)]
            out.append((players, seed, mode))
    return out


def play_checked(players: int, seed: int, mode: str) -> GameState:
    max_turns = 0 if mode == "score_any" else 500
    s = new_game(GameConfig(players=players, field_d=mode, max_turns=max_turns), seed)
    rng = random.Random(seed * 7 + players)
    assert invariants(s) == [] and check_state(s) == []
    for step in range(MAX_DECISIONS):
        if s.is_over:
            break
        legal = s.legal_actions()
        assert legal, "no option before the end"
        assert len(set(legal)) == len(legal)
        for a in legal:
            assert parse_action(s, str(a)) == a
        if step % CLONE_EVERY == 0:
            c = s.clone()
            before = s.to_dict()
            c.apply(rng.choice(legal))
            assert s.to_dict() == before, "a clone shares state"
        if step % ROUND_TRIP_EVERY == 0:
            assert GameState.from_dict(s.to_dict()).to_dict() == s.to_dict()
        s.apply(rng.choice(legal))
        problems = invariants(s) + check_state(s)
        assert problems == [], f"decision {step}: {problems}"
    assert s.is_over, "the game did not end"
    assert len(s.built) == components().sections or s.truncated
    return s


@pytest.mark.slow
@pytest.mark.parametrize("players", sorted(GAMES))
def test_random_playouts(players: int) -> None:
    check_playouts(players, GAMES)


def check_playouts(players: int, games_per_count: dict[int, int]) -> None:
    """The seeded playouts of ``players`` (``games_per_count[players]`` games), each checked after every decision."""
    ends = Counter()
    modes: set[str] = set()
    for p, seed, mode in _configs(games_per_count):
        if p != players:
            continue
        s = play_checked(p, seed, mode)
        result = s.final_scores()
        assert result.winner in result.winners and len(result.players) == players
        ends["built" if not s.truncated else "truncated"] += 1
        modes.add(mode)
    assert modes == set(D_MODES)
    assert ends["built"] >= games_per_count[players] * 2 // 3  # every base game ends by the 17th part
