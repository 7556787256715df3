"""The evaluation the greedy and search bots share: exact at the end, team-aware, and greedy beats random."""

from __future__ import annotations

import random

from engine.bots import RandomBot
from engine.concordia import GameConfig, new_game
from engine.concordia.bots import GreedyBot
from engine.concordia.bots.evaluation import (
    DEFAULT,
    Weights,
    player_value,
    progress,
    ready_houses,
    relative_value,
    side_value,
)
from engine.concordia.runner import play_game
from engine.concordia.scoring import score_player


def finished(config: GameConfig, seed: int) -> object:
    s = new_game(config, seed)
    rng = random.Random(seed)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_r_score_value_at_the_end_is_the_score_plus_a_little_wealth() -> None:
    s = finished(GameConfig(players=3, variant="venus", map="hellas"), 2)
    assert progress(s) == 1.0  # type: ignore[arg-type]
    for p in range(3):
        pl = s.players[p]  # type: ignore[attr-defined]
        wealth = pl.money + sum(n * price for n, price in zip(pl.goods, (3, 4, 5, 6, 7), strict=True))
        value = player_value(s, p, 0.0)  # type: ignore[arg-type]
        assert score_player(s, p).total <= value <= score_player(s, p).total + 0.08 * wealth * 1.25 + 1e-9  # type: ignore[arg-type]


def test_r_team_a_partner_counts_for_the_side() -> None:
    s = new_game(GameConfig(players=4, variant="venus-team"), 3)
    assert s.partner(0) == 2
    assert side_value(s, 0) == player_value(s, 0) + player_value(s, 2)
    opponents = side_value(s, 1)
    assert relative_value(s, 0) == side_value(s, 0) - opponents


def test_at_the_start_nothing_is_decided() -> None:
    s = new_game(GameConfig(players=4), 1)
    assert progress(s) == 0.0
    values = [player_value(s, p) for p in range(4)]
    assert max(values) - min(values) < 3  # only the starting money differs


def test_r_architect_build_ready_houses_are_paid_from_the_goods_and_money_in_hand() -> None:
    # Seed 1, Imperium: both colonists in Roma give 2 movement points; within 2 steps lie the brick cities
    # Novaria, Sirmium, Vindobona (land) and Carthago (sea): 1 food + 1 sestertius each (R-ARCHITECT-BUILD).
    s = new_game(GameConfig(players=4), 1)
    pl = s.players[0]
    pl.goods = [0, 4, 0, 0, 0]
    pl.money = 10
    assert ready_houses(s, 0) == 3  # at most one Architect's worth (READY_HOUSES)
    pl.money = 2
    assert ready_houses(s, 0) == 2
    pl.goods = [0, 1, 0, 0, 0]
    assert ready_houses(s, 0) == 1
    pl.goods = [0, 0, 0, 0, 0]
    pl.money = 50
    assert ready_houses(s, 0) == 0  # every city needs a food or a brick
    pl.goods = [1, 1, 0, 0, 0]
    pl.money = 2  # a food city: 1 brick + 1 food + 2 sestertii, or one brick city for 1 food + 1
    assert ready_houses(s, 0) == 1
    # another seat's house doubles the money: with 1 sestertius only brick cities nobody else built in count
    pl.goods = [0, 1, 0, 0, 0]
    pl.money = 1
    for city in ("novaria", "sirmium", "vindobona"):
        s.players[1].houses.add(city)
    assert ready_houses(s, 0) == 1  # Carthago
    s.players[2].houses.add("carthago")
    assert ready_houses(s, 0) == 0


def test_ready_houses_make_a_brick_and_a_food_worth_more_together() -> None:
    s = new_game(GameConfig(players=4), 1)
    pl = s.players[0]
    pl.goods = [0, 0, 0, 0, 0]
    pl.money = 1
    without = player_value(s, 0)
    pl.goods = [0, 1, 0, 0, 0]
    food_alone = player_value(s, 0) - without
    plain = Weights(ready=0.0)
    pl.goods = [0, 0, 0, 0, 0]
    plain_without = player_value(s, 0, w=plain)
    pl.goods = [0, 1, 0, 0, 0]
    assert food_alone - (player_value(s, 0, w=plain) - plain_without) == DEFAULT.ready  # remaining is 1


def test_r_end_trigger_greedy_bots_build_and_the_game_ends() -> None:
    # goods held for houses must never stall a game of bots: building always beats holding the goods
    rec = play_game(GameConfig(players=4), 0, [GreedyBot(seconds=None) for _ in range(4)])
    assert rec.state.turn == 106
    assert [len(p.houses) for p in rec.state.players] == [8, 12, 11, 9]
    assert [p.total for p in rec.scores.players] == [101, 84, 112, 92]


def test_greedy_beats_random_two_player() -> None:
    wins = 0
    for seed in (1, 2):
        bots = [GreedyBot(), RandomBot()] if seed % 2 else [RandomBot(), GreedyBot()]
        rec = play_game(GameConfig(players=2), seed, bots)
        greedy_seat = 0 if seed % 2 else 1
        wins += rec.scores.winner == greedy_seat
        assert rec.scores.players[greedy_seat].total > 100
    assert wins == 2


def test_explain_gives_reasons_as_ids_with_parameters() -> None:
    """The hint's reasons are ids with parameters, like the engine's events; the UI words them."""
    s = new_game(GameConfig(players=2), 6)
    hints = GreedyBot().explain(s.view(s.current_player), s.legal_actions(), random.Random(1), top=5)
    assert len(hints) == 5
    known = {"builds", "buys", "places", "goods", "salt", "forum_takes", "forum_uses", "money", "takes_back", "score",
             "keeps"}
    for _a, _v, why in hints:
        assert why and all(kind in known and isinstance(params, dict) for kind, params in why)


def test_reason_lists_what_the_turn_changes_for_the_player() -> None:
    from engine.concordia.bots.greedy import reason

    s = new_game(GameConfig(players=2), 6)
    after = s.clone()
    after.players[0].money += 3
    after.players[0].goods[0] -= 1  # a brick paid: +3 sestertii and -1 brick leave the score as it was
    assert reason(s, after, 0) == [("goods", {"changes": [["brick", -1]]}), ("money", {"amount": 3})]
    assert reason(s, s.clone(), 0) == [("keeps", {})]
