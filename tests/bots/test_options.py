"""Issue 15 item 8: every option of a built-in bot is checked (type and range) before the bot is made.

A bot spec comes from the command line, the new-game form or a save file; a bad one is one clear line
(``UnknownBot``), never a TypeError, an AttributeError or a bot that thinks for hours in a thread nobody
can stop. Time budgets above ``MAX_SECONDS`` are refused, and the search keeps its deadline whatever its
options say.
"""

from __future__ import annotations

import random
import time

import pytest

from engine.bots import MAX_SECONDS, UnknownBot, make_bot
from engine.bots.options import BadOption, BotOption, check_options
from engine.bots.registry import declared_options
from engine.concordia import GameConfig, new_game


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("mcts:width=abc", "width=abc is not allowed: width must be a whole number from 1 to 50"),
        ("greedy:weights=3", "unknown option 'weights'"),
        ("normal:confidence=1e300:seconds=1e9", "confidence=1e+300 is not allowed"),
        ("normal:seconds=1e9", "seconds must be a number from 0.01 to 60 or none"),
        ("hard:seconds=61", "seconds=61"),
        ("mcts:seconds=nan", "seconds=nan"),
        ("mcts:seconds=inf", "seconds=inf"),
        ("mcts:seconds=-1", "seconds=-1"),
        ("hard:iterations=0", "iterations must be a whole number from 1 to 100000 or none"),
        ("hard:iterations=2.5", "iterations=2.5"),
        ("hard:iterations=10000000", "iterations=10000000"),
        ("easy:temperature=true", "temperature must be a number"),
        ("hard:opponents=3", "opponents must be one of play, skip"),
        ("greedy:house=1e9", "house=1000000000.0 is not allowed"),
        ("normal:min_rounds=none", "min_rounds=none"),
        ("random:speed=2", "unknown option 'speed' (options: none)"),
    ],
)
def test_bad_options_are_one_clear_line(spec: str, says: str) -> None:
    with pytest.raises(UnknownBot) as err:
        make_bot(spec)
    text = str(err.value)
    assert says in text
    assert "\n" not in text and len(text) < 300
    assert spec.split(":")[0] in text


@pytest.mark.parametrize("spec", ["mcts:width=abc", "greedy:temperature=x", "normal:seconds=1e9"])
def test_the_generic_bots_check_their_options_too(spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.bots.hooks as hooks_mod
    from engine.bots.hooks import GameHooks, hooks_of

    real = hooks_of("concordia")
    monkeypatch.setitem(hooks_mod._cache, "concordia", GameHooks("concordia", real.evaluate, real.determinize))
    with pytest.raises(UnknownBot, match="is not allowed"):
        make_bot(spec)


def test_good_options_pass_with_their_types() -> None:
    bot = make_bot("hard:iterations=20:width=2:confidence=0:seconds=none:opponents=skip")
    assert (bot.iterations, bot.width, bot.confidence, bot.seconds, bot.opponents) == (20, 2, 0.0, None, "skip")
    assert isinstance(bot.confidence, float)
    assert make_bot(f"normal:seconds={MAX_SECONDS:g}").seconds == MAX_SECONDS
    assert make_bot("greedy:house=-2").weights.house == -2.0


def test_every_builtin_option_is_declared_with_a_rule() -> None:
    for name in ("easy", "greedy", "normal", "hard", "mcts"):
        declared = declared_options(name)
        assert "seconds" in declared
        for option in declared.values():
            assert option.rule()
    assert declared_options("seconds-bot") == {}


def test_check_options_refuses_bools_as_numbers() -> None:
    with pytest.raises(BadOption, match="w=true"):
        check_options({"w": True}, {"w": BotOption("w", int, 0, 3)})
    assert check_options({"w": 2}, {"w": BotOption("w", float, 0, 3)}) == {"w": 2.0}


def test_search_keeps_its_own_deadline_with_an_iteration_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the options say, Concordia's search stops at MAX_SECONDS: it checks the clock."""
    import engine.concordia.bots.search as search

    monkeypatch.setattr(search, "MAX_SECONDS", 0.3)
    s = new_game(GameConfig(players=4), 3)
    bot = make_bot("hard:iterations=100000:confidence=0:min_rounds=1000")
    t0 = time.perf_counter()
    action = bot.choose(s.view(s.current_player), s.legal_actions(), random.Random(1))
    assert time.perf_counter() - t0 < 0.3 * 1.2
    assert action in s.legal_actions()
    assert bot.last_playouts < 100000  # on a busy machine the ranking may take the whole budget: 0 playouts


def test_a_budget_above_the_cap_is_refused_by_the_bot_itself() -> None:
    from engine.bots import SearchBot
    from engine.concordia.bots import GreedyBot as ConcordiaGreedy
    from engine.concordia.bots import SearchBot as ConcordiaSearch

    for make in (lambda: ConcordiaSearch(seconds=1e9), lambda: ConcordiaGreedy(seconds=1e9),
                 lambda: SearchBot(lambda s, p: 0.0, seconds=1e9)):
        with pytest.raises(ValueError, match="at most 60"):
            make()


def test_the_bots_own_checks_name_the_option_and_its_value() -> None:
    """A bot made directly (past ``BotMaker``) checks its options with the shared helpers of
    ``engine.bots.options``: one line that names the option, what it must be and the value given."""
    from engine.bots import GreedyBot, SearchBot
    from engine.concordia.bots import SearchBot as ConcordiaSearch
    from engine.massilia.bots.lookahead import LookaheadBot

    def zero(s: object, p: int) -> float:
        return 0.0

    cases = [
        (lambda: GreedyBot(zero, seconds=0), r"the time budget \(seconds\) must be more than 0, not 0"),
        (lambda: GreedyBot(zero, temperature=-1), "temperature must be 0 or more, not -1"),
        (lambda: SearchBot(zero, iterations=0), "iterations must be more than 0, not 0"),
        (lambda: SearchBot(zero, playout_width=0), "playout_width must be more than 0, not 0"),
        (lambda: SearchBot(zero, confidence=float("nan")), "confidence must be 0 or more, not nan"),
        (lambda: SearchBot(zero, policy="dice"), "policy must be one of greedy, random, not 'dice'"),
        (lambda: ConcordiaSearch(opponents="all"), "opponents must be one of play, skip, not 'all'"),
        (lambda: ConcordiaSearch(iterations=-5), "iterations must be more than 0, not -5"),
        (lambda: LookaheadBot(samples=0), "samples must be more than 0, not 0"),
        (lambda: LookaheadBot(prune=-0.5), "prune must be 0 or more, not -0.5"),
        (lambda: LookaheadBot(seconds=-1), r"the time budget \(seconds\) must be more than 0, not -1"),
    ]
    for make, says in cases:
        with pytest.raises(ValueError, match=says):
            make()
    assert LookaheadBot(seconds=None, follow=0, prune=0).seconds is None  # no time limit, 0 allowed
    assert SearchBot(zero, seconds=None, iterations=10, depth=0, confidence=0).iterations == 10
