"""Massilia's own ``hard`` and ``normal`` (``engine.massilia.bots.lookahead``): the greedy choice at each D-TURN
checked against the other merchants' greedy replies up to the bot's next turn. Every check here is
reproducible: no time limit (``seconds=None``), fixed seeds."""

from __future__ import annotations

import random

import pytest

from engine.bots.greedy import FOLLOW, GreedyBot, follow_own
from engine.bots.registry import UnknownBot, make_bot
from engine.massilia import GameConfig, GameState, fingerprint, new_game
from engine.massilia.bots import determinize, evaluate, lookahead, projections
from engine.massilia.bots.lookahead import LookaheadBot, greedy_step, reply_value


def first_turn(seed: int, players: int = 4) -> GameState:
    """The game of ``seed`` played at random up to the first D-TURN of day 1 with more than 3 options."""
    s = new_game(GameConfig(players=players), seed)
    rng = random.Random(seed)
    while not (s.decision == "turn" and s.round == 1 and len(s.legal_actions()) > 3):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def greedy() -> GreedyBot:
    return GreedyBot(evaluate, determinize, seconds=None)


def test_evaluate_is_own_projection_minus_the_best_rival_to_the_last_bit() -> None:
    rng = random.Random(4)
    s = new_game(GameConfig(players=4), 4)
    for _ in range(150):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        totals = projections(s)
        for p in range(4):
            assert evaluate(s, p) == totals[p] - max(totals[q] for q in range(4) if q != p)


def test_greedy_step_plays_the_greedy_choice_with_its_follow_up() -> None:
    s = first_turn(3)
    p = s.current_player
    best = greedy().rank(s.clone(), s.legal_actions())[0][0]
    expected = s.clone()
    expected.apply(best)
    follow_own(expected, p, FOLLOW, evaluate)
    assert fingerprint(greedy_step(s, FOLLOW, None)) == fingerprint(expected)


def test_width_one_and_every_other_decision_are_the_greedy_bot_s() -> None:
    s = first_turn(5)
    view = s.view(s.current_player)
    legal = s.legal_actions()
    one = LookaheadBot(width=1, seconds=None)
    assert one.choose(view, legal, random.Random(1)) == greedy().choose(view, legal, random.Random(1))
    assert one.last_stop == "greedy"
    keep = new_game(GameConfig(players=4), 5)
    rng = random.Random(2)
    while keep.decision != "keep":
        legal = keep.legal_actions()
        keep.apply(legal[rng.randrange(len(legal))])
    view, legal = keep.view(keep.current_player), keep.legal_actions()
    hard = LookaheadBot(seconds=None)
    assert hard.choose(view, legal, random.Random(1)) == greedy().choose(view, legal, random.Random(1))
    assert hard.last_stop == "greedy"


def test_hard_takes_a_die_where_greedy_passes_when_the_replies_are_seen() -> None:
    """Seed 6, day 1 (after random keeps): greedy passes for the 4 sesterces of the top round tile; played on
    to his next turn, taking brown 6 now is worth more than passing (the others' replies do not take it all).
    The others' money is the table's count (5, 6, 5, 0 sesterces); with it guessed (``count=False``, 3, 10
    and 6 on this sample) the bot took brown 2."""
    s = first_turn(6)
    p = s.current_player
    view, legal = s.view(p), s.legal_actions()
    assert str(greedy().choose(view, legal, random.Random(0))) == "pass"
    hard = LookaheadBot(seconds=None)
    assert str(hard.choose(view, legal, random.Random(0))) == "take brown6"
    assert hard.last_stop == "searched"
    guess = determinize(view, random.Random(random.Random(0).getrandbits(32)))
    assert [pl.money for pl in guess.players] == [pl.money for pl in s.players] == [5, 6, 5, 0]
    values = {str(a): reply_value(guess, a, p, FOLLOW, None) for a in legal}
    assert values["take brown6"] == max(values.values()) > values["take brown2"] > values["pass"]
    assert str(LookaheadBot(seconds=None, count=False).choose(view, legal, random.Random(0))) == "take brown2"


def test_the_registry_makes_massilia_s_own_hard_and_normal() -> None:
    hard, normal = make_bot("hard", game="massilia"), make_bot("normal", game="massilia")
    assert isinstance(hard, LookaheadBot) and isinstance(normal, LookaheadBot)
    assert (hard.name, hard.width, hard.seconds) == ("hard", 3, 3.0)
    assert (normal.name, normal.width, normal.seconds) == ("normal", 2, 1.0)
    assert make_bot("hard:width=4:seconds=none:samples=2", game="massilia").samples == 2
    assert make_bot("hard", game="massilia").count and not make_bot("hard:count=false", game="massilia").count
    with pytest.raises(UnknownBot, match="width=0"):
        make_bot("hard:width=0", game="massilia")
    with pytest.raises(UnknownBot, match="unknown option 'iterations'"):
        make_bot("hard:iterations=5", game="massilia")


@pytest.mark.parametrize(("valued", "expected"), [(1, "pass"), (2, "take brown2")])
def test_out_of_time_the_candidates_played_on_so_far_decide(
    monkeypatch: pytest.MonkeyPatch, valued: int, expected: str
) -> None:
    """Seed 6 again (greedy's order: pass, take brown2, take brown6): the deadline passes while candidate
    ``valued + 1`` is played on; the ones before it are compared (the greedy best alone is taken as it is)."""
    calls: list[str] = []

    def fake(guess: GameState, action: object, p: int, follow: int, deadline: float | None) -> float:
        calls.append(str(action))
        if len(calls) > valued:
            raise lookahead.OutOfTime
        return {"pass": 0.0, "take brown2": 1.0}[str(action)]

    monkeypatch.setattr(lookahead, "reply_value", fake)
    s = first_turn(6)
    bot = LookaheadBot(seconds=None)
    assert str(bot.choose(s.view(s.current_player), s.legal_actions(), random.Random(0))) == expected
    assert bot.last_stop == "timeout"
    assert calls == ["pass", "take brown2", "take brown6"][: valued + 1]
