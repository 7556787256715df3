"""Seeded random team games (R-TEAM-*) to the end, with the engine invariants after every decision.

4 and 6 players on the maps that hold six players' colonists sensibly (Imperium, Ionium, Cyprus). Along the
way: ``to_dict``/``from_dict`` round trips, the partner's hand hidden in views and dealt back exactly by
``determinize``, the team end sequence (R-TEAM-END) and team scores.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.bots import make_bot
from engine.concordia import GameConfig, GameState, new_game
from engine.concordia.runner import play_game
from engine.concordia.validate import check_state

MAPS = ("imperium", "ionium", "cyprus")
SEEDS = (11, 12, 13)


def _check_view(s: GameState, rng: random.Random) -> None:
    p = s.current_player
    v = s.view(p)
    assert check_state(v) == []
    q = s.partner(p)
    if s.decision == "recommend":
        assert v.players[q].hand == s.players[q].hand, "the Legatus player sees the partner's hand"
    else:
        assert v.players[q].hand == [] and v.hidden_hand_sizes == {q: len(s.players[q].hand)}
    d = v.determinize(rng)
    assert all(Counter(d.players[x].hand) == Counter(s.players[x].hand) for x in range(s.n))
    assert d.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_team_playout_keeps_the_invariants(map_id: str, players: int, seed: int) -> None:
    s = new_game(GameConfig(map=map_id, players=players, variant="venus-team"), seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    decisions = 0
    while not s.is_over:
        legal = s.legal_actions()
        assert legal, f"no legal action at {s!r}"
        kinds.add(s.decision)
        if decisions % 40 == 7:
            _check_view(s, rng)
            d = s.to_dict()
            r = GameState.from_dict(d)
            assert r.to_dict() == d
            assert r.legal_actions() == legal
        s.apply(legal[rng.randrange(len(legal))])
        decisions += 1
        problems = check_state(s)
        assert problems == [], (decisions, problems)
        assert decisions < 5000
    assert {"startcity", "play", "partnerplay", "recommend"} <= kinds
    scores = s.final_scores()
    assert scores.teams == s.teams() and len(scores.team_totals) == players // 2
    assert scores.team_totals == [sum(scores.total(p) for p in team) for team in scores.teams]
    best = max(scores.team_totals)
    assert scores.team_totals[s.team_of(scores.winner)] == best
    assert s.concordia >= 0
    assert s.legal_actions() == []


@pytest.mark.parametrize("players", [4, 6])
def test_random_bots_play_full_team_games_from_their_views(players: int) -> None:
    record = play_game(GameConfig(map="imperium", players=players, variant="venus-team"), 5,
                       [make_bot("random") for _ in range(players)])
    assert record.state.is_over and len(record.scores.team_totals) == players // 2
    replay = new_game(record.config, record.seed)
    for text in record.actions:
        replay.apply(text)
    assert replay.to_dict() == record.state.to_dict(), "the action texts replay the game exactly"
