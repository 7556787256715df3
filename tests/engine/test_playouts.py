"""Random playouts: seeded games of random moves on every map, variant, display side, interim option and player
count, with the invariants checked after EVERY decision.

The always-run set is ``CONFIGS`` (48 configurations) x ``--playout-seeds`` seeds (default 5): 240 games, roughly
130 000 decisions, about 65 s of one core. ``pytest tests/engine/test_playouts.py --playout-seeds 10`` plays 480
games (the test ids name the seed, so the count is visible in the report).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.concordia import GameConfig, GameState, describe, new_game, parse_action
from engine.concordia.validate import check_state, expected_cards

MAX_DECISIONS = 5000
"""A random 5-player game takes ~800 decisions; far more means the game does not end."""

ROUND_TRIP_EVERY = 37
"""Every 37th decision: ``from_dict(to_dict(s))`` and ``clone()`` equal ``s``, an independent count of every card,
and the deciding player's ``view`` is consistent and offers the same choices."""
PARSE_EVERY = 17
"""Every 17th decision: ``parse_action(s, str(a)) == a`` for every legal action."""


def _configs() -> list[GameConfig]:
    """Every map (Ionium also small), base and Venus, 2-5 players, both display sides, interim on and off."""
    maps = [("imperium", False), ("italia", False), ("ionium", False), ("ionium", True), ("hellas", False),
            ("cyprus", False)]
    out: list[GameConfig] = []
    i = 0
    for map_id, small in maps:
        for variant in ("base", "venus"):
            for players in (2, 3, 4, 5):
                out.append(GameConfig(map=map_id, players=players, variant=variant, small=small,
                                      display="wine" if i % 3 == 1 else "cloth", interim_scoring=i % 4 == 2))
                i += 1
    return out


CONFIGS = _configs()


def _name(cfg: GameConfig) -> str:
    return (f"{cfg.map}{'-small' if cfg.small else ''}-{cfg.variant}-{cfg.players}p-{cfg.display}"
            f"{'-interim' if cfg.interim_scoring else ''}")


def other_invariants(s: GameState) -> list[str]:
    """The issue's invariants, computed here independently of ``check_state`` (cards: see ``cards_in_place``)."""
    problems = []
    on_routes: list[str] = []
    for p, pl in enumerate(s.players):
        if sum(pl.goods) + sum(pl.store) > 12:
            problems.append(f"P{p + 1} storehouse over 12")
        for i, kind in enumerate(("land", "sea")):
            if pl.store[i] + sum(1 for k, _ in pl.colonists if k == kind) != 3:
                problems.append(f"P{p + 1} has not 3 {kind} colonists")
        if len(pl.houses) > 15 or pl.money < 0 or min(pl.goods) < 0:
            problems.append(f"P{p + 1} houses/money/goods out of range")
        on_routes.extend(loc for _, loc in pl.colonists if loc in s.map.routes)
    if len(on_routes) != len(set(on_routes)) or set(on_routes) != set(s.routes):
        problems.append("a route holds two colonists, or the occupancy is wrong")
    return problems


def cards_in_place(s: GameState, cards: Counter[str]) -> list[str]:
    """Every card of the game is in exactly one place (display, deck, a hand or a discard pile)."""
    problems = []
    placed = Counter(c for c in s.display if c is not None) + Counter(s.deck)
    for pl in s.players:
        placed.update(pl.hand)
        placed.update(pl.discard)
    if placed != cards:
        problems.append("a card is lost or doubled")
    return problems


def playout(cfg: GameConfig, seed: int) -> GameState:
    s = new_game(cfg, seed)
    rng = random.Random(seed * 1_000_003 + 7)
    cards = expected_cards(s)
    assert check_state(s) == []
    last_round: list[int] = []  # who started a turn after the end was triggered
    for n in range(MAX_DECISIONS):
        if s.is_over:
            break
        legal = s.legal_actions()
        assert legal, f"no legal action before the end at decision {n}"
        if n % PARSE_EVERY == 0:
            for a in legal:
                assert parse_action(s, str(a)) == a
            assert describe(s) != s.decision, f"no words for the {s.decision} decision"
        if n % ROUND_TRIP_EVERY == 0:
            d = s.to_dict()
            assert GameState.from_dict(d).to_dict() == d
            assert s.clone().to_dict() == d
            assert cards_in_place(s, cards) == []
            v = s.view(s.current_player)
            assert check_state(v) == [] and v.legal_actions() == legal
        if s.decision == "play" and s.concordia >= 0:
            last_round.append(s.active)
        s.apply(legal[rng.randrange(len(legal))])
        problems = check_state(s) + other_invariants(s)
        assert problems == [], f"decision {n} ({s.events}): {problems}"
    assert s.is_over, f"the game did not end after {MAX_DECISIONS} decisions"
    assert s.legal_actions() == [] and s.concordia >= 0
    # R-END-TRIGGER: after the trigger turn, every other player has exactly one more turn, in turn order
    assert last_round == [(s.concordia + i) % cfg.players for i in range(1, cfg.players)]
    d = s.to_dict()
    assert GameState.from_dict(d).to_dict() == d
    fs = s.final_scores()
    best = max(p.total for p in fs.players)
    assert fs.players[fs.winner].total == best
    assert all(p.total == sum(p.gods.values()) + p.concordia for p in fs.players)
    return s


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "playout_case" in metafunc.fixturenames:
        seeds = int(metafunc.config.getoption("--playout-seeds"))
        cases = [(cfg, seed) for seed in range(1, seeds + 1) for cfg in CONFIGS]
        metafunc.parametrize("playout_case", cases, ids=[f"{_name(c)}-seed{s}" for c, s in cases])


def test_random_playouts_keep_every_invariant_after_every_decision(playout_case: tuple[GameConfig, int]) -> None:
    cfg, seed = playout_case
    playout(cfg, seed)


def test_random_playouts_cover_every_map_variant_player_count_side_and_option() -> None:
    assert {(c.map, c.small) for c in CONFIGS} == {("imperium", False), ("italia", False), ("ionium", False),
                                                   ("ionium", True), ("hellas", False), ("cyprus", False)}
    assert {c.variant for c in CONFIGS} == {"base", "venus"}
    assert {c.players for c in CONFIGS} == {2, 3, 4, 5}
    assert {c.display for c in CONFIGS} == {"cloth", "wine"}
    assert {c.interim_scoring for c in CONFIGS} == {True, False}
    assert len(CONFIGS) == 48


def test_random_playout_same_seed_same_game() -> None:
    cfg = GameConfig("imperium", 4, "venus")
    assert playout(cfg, 5).to_dict() == playout(cfg, 5).to_dict()
