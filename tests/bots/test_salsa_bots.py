"""The bots with Concordia Salsa: the evaluation counts salt and forum cards, and the bots play them."""

from __future__ import annotations

import random

from engine.concordia import GameConfig, new_game
from engine.concordia.actions import ForumTake, ForumUse
from engine.concordia.bots import GreedyBot
from engine.concordia.bots.evaluation import (
    PATRICIAN_VP,
    citizen_money,
    forum_value,
    player_value,
    ready_houses,
    salt_value,
)
from engine.concordia.model import forum
from engine.concordia.scoring import score_player
from engine.concordia.validate import check_state
from tests.engine.helpers import discard, play, set_colonists
from tests.engine.salsa_helpers import give_forum, salsa, set_salt, set_tableau


def test_r_salsa_salt_is_a_joker_worth_the_dearest_good_still_lacking() -> None:
    """Salt pays for the dearest lacking good (cloth 7 x 1.25, then wine 6 x 1.25), else the dearest surplus."""
    lacking = [0, 0, 0, 1, 1]  # a wine and a cloth are needed
    assert salt_value(1, lacking) == 7 * 1.25
    assert salt_value(2, lacking) == 7 * 1.25 + 6 * 1.25
    assert salt_value(3, lacking) == 7 * 1.25 + 6 * 1.25 + 7 * 0.8


def test_r_salsa_score_salt_counts_for_vesta_in_the_evaluation_as_in_the_projection() -> None:
    """R-SALSA-SCORE: 7 sestertii per salt for Vesta; the score projection (the engine's) and the evaluation
    both rise when a salt is added."""
    s = salsa(map="hispania")
    p = s.active
    set_salt(s, p, 0, brick=1)
    s.players[p].money = 3
    before = (score_player(s, p).total, player_value(s, p, remaining=0.0))
    set_salt(s, p, 1, brick=1)
    after = (score_player(s, p).total, player_value(s, p, remaining=0.0))
    assert after[1] > before[1]
    assert after[0] >= before[0]


def test_r_salsa_salt_fills_the_missing_good_of_a_ready_house() -> None:
    s = salsa(map="imperium", salt=True)
    p = s.active
    city = next(c for c, g in s.tiles.items() if g == "brick")
    route = next(r for r, x in s.map.routes.items() if city in (x.a, x.b) and x.kind == "land")
    set_colonists(s, p, ("land", route))
    s.players[p].houses = set()
    s.players[p].money = 30
    set_salt(s, p, 0)
    assert ready_houses(s, p) == 0
    set_salt(s, p, 2)  # a brick house costs 2 bricks: both paid with salt
    assert ready_houses(s, p) >= 1


def test_r_forum_cards_are_valued_by_their_effect() -> None:
    s = salsa(salt=False)
    p = s.active
    assert set(PATRICIAN_VP) == set(forum().patricians)
    assert citizen_money(s, p, "laurentius") == 3 + 4  # a brick and a food at their prices
    s.players[p].houses = set(list(s.tiles)[:1])
    assert citizen_money(s, p, "numerius") == 2
    give_forum(s, p, "appius-arcadius", "laurentius")
    assert forum_value(s, p, 1.0, 0.38) == PATRICIAN_VP["appius-arcadius"] + 0.8 * 0.38 * 7
    assert forum_value(s, p, 0.0, 0.08) < forum_value(s, p, 1.0, 0.38)


def test_r_salsa_forum_take_greedy_takes_the_card_worth_most() -> None:
    s = salsa(salt=False)
    p = s.active
    discard(s, p, "start-architect", "start-prefect", "start-prefect", "start-mercator", "start-diplomat",
            "start-senator")
    set_tableau(s, "claudius-pompeius", "appius-arcadius", "numerius", "commodus", top="tiberius")
    play(s, "play tribune")
    assert s.decision == "forumtake"
    choice = GreedyBot(seconds=None).choose(s.view(p), s.legal_actions(), random.Random(1))
    assert choice == ForumTake(2), "Appius Arcadius (+1 movement, 5 VP over a game) beats the rest in reach"


def test_r_salsa_forum_use_greedy_uses_laurentius_when_its_goods_build_a_house() -> None:
    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "laurentius")
    city = next(c for c, g in s.tiles.items() if g == "food")
    route = next(r for r, x in s.map.routes.items() if city in (x.a, x.b) and x.kind == "land")
    set_colonists(s, p, ("land", route))
    set_salt(s, p, 0, brick=0, food=0, tool=1)
    s.players[p].money = 20
    play(s, "play architect")
    legal = s.legal_actions()
    assert ForumUse("laurentius") in legal
    bot, rng, turn = GreedyBot(seconds=None), random.Random(2), s.turn
    while s.turn == turn:
        s.apply(bot.choose(s.view(p), s.legal_actions(), rng))
    assert "laurentius" not in s.players[p].forum and len(s.players[p].houses) >= 1, (
        "its brick and food pay for a house near the colonist in this Architect")


def test_greedy_bots_play_a_whole_salsa_game_on_hispania() -> None:
    s = new_game(GameConfig(map="hispania", players=2, salt=True, forum=True), 11)
    bots = [GreedyBot(seconds=None), GreedyBot(seconds=None)]
    rng = random.Random(11)
    taken = used = 0
    while not s.is_over:
        p = s.current_player
        a = bots[p].choose(s.view(p), s.legal_actions(), rng)
        taken += isinstance(a, ForumTake) and a.position > 0
        used += isinstance(a, ForumUse)
        s.apply(a)
        assert check_state(s) == []
    assert taken >= 1, "greedy bots take forum cards with the Tribune"
    assert used >= 1, "and use citizens"


def test_the_hint_names_salt_and_forum_cards_in_its_reason() -> None:
    from engine.concordia.bots.greedy import reason

    s = salsa(salt=True)
    p = s.active
    give_forum(s, p, "spurius")
    after = s.clone()
    play(after, "forum use spurius")
    from tui.concordia.events import reason_text

    assert reason(s, after, p) == [("salt", {"amount": 1}), ("forum_uses", {"cards": ["spurius"]}),
                                   ("score", {"vp": 1})]  # Vesta: 7 more sestertii-worth
    assert reason_text(reason(s, after, p)) == "+1 salt; uses Spurius; score +1 VP now"
