"""Colosseum's ``hard`` and ``normal`` (``engine.colosseum.bots.lookahead``): the greedy bot's best candidates,
each played on through every seat's greedy decisions to the start of the bot's next turn (or a later one,
``rounds``), valued there by the bot's best greedy turn. Reproducible checks: no time limit, fixed seeds."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from engine.bots.registry import UnknownBot, make_bot
from engine.colosseum import GameConfig, GameState, fingerprint, new_game
from engine.colosseum.bots import POINT, POINTS_USEFUL, evaluate, lookahead
from engine.colosseum.bots.greedy import GreedyBot
from engine.colosseum.bots.lookahead import LookaheadBot, greedy_action, reply_value

from .helpers import fresh, part_three_fields_away


def mid_game(seed: int, turns: int = 12, players: int = 4) -> GameState:
    """The game of ``seed`` played by greedy bots to the first move decision after ``turns`` turns."""
    s = new_game(GameConfig(players=players), seed)
    while s.turn < turns or s.decision != "move":
        s.apply(greedy_action(s))
    return s


def test_hard_and_normal_are_the_lookahead_with_their_defaults() -> None:
    hard = make_bot("hard", game="colosseum")
    assert isinstance(hard, LookaheadBot) and hard.name == "hard"
    assert (hard.width, hard.rounds, hard.samples, hard.seconds, hard.point_cap) == (3, 1, 3, 3.0, None)
    normal = make_bot("normal", game="colosseum")
    assert isinstance(normal, LookaheadBot) and normal.name == "normal"
    assert (normal.width, normal.rounds, normal.samples, normal.seconds, normal.point_cap) == (3, 1, 1, 1.0, None)
    custom = make_bot("hard:rounds=3:samples=2:width=4:seconds=none", game="colosseum")
    assert (custom.width, custom.rounds, custom.samples, custom.seconds) == (4, 3, 2, None)
    with pytest.raises(UnknownBot, match="iterations"):
        make_bot("hard:iterations=5", game="colosseum")
    with pytest.raises(UnknownBot, match="rounds"):
        make_bot("hard:rounds=0", game="colosseum")
    with pytest.raises(ValueError):
        LookaheadBot(rounds=0)


@pytest.mark.parametrize("rounds", [1, 2])
def test_a_candidate_is_played_on_greedily_to_the_start_of_the_seats_next_turn(
    rounds: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = mid_game(7)
    p, start = s.current_player, s.turn
    action = s.legal_actions()[0]
    reached: list[GameState] = []

    def record(c: GameState, q: int, deadline: Any, judge: Any) -> float:
        reached.append(c)
        return 0.0

    monkeypatch.setattr(lookahead, "next_turn_value", record)
    reply_value(s, action, p, rounds, None)
    (end,) = reached
    # every seat, this one included, took exactly one more turn per round: four turns a round
    assert (end.phase, end.active, end.turn) == ("move", p, start + 4 * rounds)
    by_hand = s.clone()
    by_hand.apply(action)
    while by_hand.turn < start + 4 * rounds or by_hand.decision != "move":
        by_hand.apply(greedy_action(by_hand))
    assert fingerprint(by_hand) == fingerprint(end)


def test_width_one_is_the_greedy_bot() -> None:
    s = mid_game(3)
    view, legal = s.view(s.current_player), s.legal_actions()
    one = LookaheadBot(width=1, seconds=None, point_cap=None)
    assert one.choose(view, legal, random.Random(1)) == GreedyBot().choose(view, legal, random.Random(1))
    assert one.last_stop == "greedy"


def test_it_builds_a_part_it_can_pay_where_greedy_takes_the_tile() -> None:
    """R-ACT-C1 against R-ACT-B1, nothing hidden (the stacks are empty): seat 0 stands on B2 holding exactly
    A1's cost (W2 S1, 4 fame). Greedy once took the river tile (the cards held were worth more to its
    evaluation than the part's fame, issue 29); now a cost held is worth less than the part built, and greedy
    builds, as the look-ahead two rounds on does."""
    s = part_three_fields_away()
    s.parts, s.stack2, s.stack3 = [], [], []
    s.apply("move 3")
    view, legal = s.view(0), s.legal_actions()
    assert [str(a) for a in legal] == ["tile", "build"]
    assert str(GreedyBot().choose(view, legal, random.Random(0))) == "build"
    assert reply_value(s, legal[1], 0, 2, None) > reply_value(s, legal[0], 0, 2, None)
    two = LookaheadBot(rounds=2, seconds=None)
    assert str(two.choose(view, legal, random.Random(0))) == "build" and two.last_stop == "searched"
    s.apply("build")
    assert (s.players[0].fame, s.players[0].hand, s.built) == (4, [0, 0, 0, 0], [["A1", 0]])


def test_where_it_differs_from_greedy_the_others_replies_decide() -> None:
    """Over seeded greedy games, the first decision where the look-ahead leaves the greedy choice: its choice
    is worth more once the others have replied (on the same sampled stacks), the greedy one less."""
    for seed in range(1, 12):
        s = new_game(GameConfig(players=4), seed)
        while not s.over and s.turn < 60:
            legal = s.legal_actions()
            if len(legal) > 1:
                p = s.current_player
                view = s.view(p)
                bot = LookaheadBot(width=7, rounds=1, samples=1, seconds=None)
                chosen = bot.choose(view, legal, random.Random(seed))
                guess = view.determinize(random.Random(seed))
                greedy = GreedyBot().rank(guess, legal)[0][0]
                if chosen != greedy:
                    assert reply_value(guess, chosen, p, 1, None) > reply_value(guess, greedy, p, 1, None)
                    return
            s.apply(greedy_action(s))
    pytest.fail("the look-ahead chose as greedy everywhere in 11 games")


def test_without_a_time_limit_it_is_reproducible() -> None:
    s = mid_game(11)
    view, legal = s.view(s.current_player), s.legal_actions()
    first = LookaheadBot(seconds=None).choose(view, legal, random.Random(5))
    assert LookaheadBot(seconds=None).choose(view, legal, random.Random(5)) == first


def test_a_short_time_limit_still_gives_a_legal_action_in_time() -> None:
    s = mid_game(13)
    view, legal = s.view(s.current_player), s.legal_actions()
    bot = LookaheadBot(rounds=3, seconds=0.02)
    began = time.process_time()
    action = bot.choose(view, legal, random.Random(0))
    assert action in legal and bot.last_stop == "timeout"
    assert time.process_time() - began < 0.5


def test_with_a_point_cap_points_beyond_it_are_worth_nothing_to_the_bot() -> None:
    """R-MOVE-POINTS: a look-ahead bot given a ``point_cap`` stops counting movement points there."""
    s = fresh(3)
    s.players[0].wheels, s.players[0].marker = 12, 1  # 10 points
    capped = LookaheadBot(point_cap=4).judge
    uncapped = evaluate(s, 0, point_cap=100)
    assert capped(s, 0) == evaluate(s, 0, point_cap=4) == pytest.approx(uncapped - POINT * 6)
    assert evaluate(s, 0) == pytest.approx(uncapped - POINT * (10 - POINTS_USEFUL))  # the default cap
    s.players[0].marker = 7  # 4 points: below the cap they all count
    assert capped(s, 0) == evaluate(s, 0, point_cap=100)
    assert LookaheadBot().judge is evaluate


def test_hard_values_a_marker_reset_below_a_decline() -> None:
    """R-SCORE-STABLE, R-SCORE-FAME: to ``hard``'s own judgement the points of a marker reset (5 here) are worth
    less than the 1 fame of declining. With 4 points counted (``point_cap=4``, 1.2 fame) it reset at every
    stable scoring it called, spent the points moving 4 fields back to field D, and with the other seats moving
    1 field each the consul came back to the same fields every round: seed 1 of hard against three greedy bots
    ran to the 2000-turn guard."""
    s = fresh(3)
    judge = make_bot("hard", game="colosseum").judge
    s.players[0].wheels, s.players[0].marker = 6, 5  # 0 points
    before = judge(s, 0)
    s.players[0].marker = 0  # the marker reset: 5 points
    assert judge(s, 0) - before == pytest.approx(POINT * POINTS_USEFUL) == pytest.approx(0.6)
    assert judge(s, 0) - before < 1  # a decline's fame
    assert LookaheadBot(point_cap=4).judge(s, 0) - before == pytest.approx(1.2)  # the old judgement: > 1
