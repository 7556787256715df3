"""Issue 21: the built-in bots think in a worker process of the app and think ahead while the person decides.

One worker process serves the whole module (starting one costs an interpreter and the engine's import);
the bots have fixed playout budgets (``iterations``), so every choice here is reproducible.
"""

from __future__ import annotations

import functools
import json
import os
import random
import signal
import threading
import time
from typing import Any

import pytest

from engine.bots import clock, make_bot
from engine.bots.thinker import PonderClock, ProcessBot, Thinker, decision_key, rng_from_state, rng_state
from engine.bots.worker import WorkerFailed
from engine.core import games
from saves import Seat
from tui.session import GameSession, bot_plan

SPEC = "hard:iterations=12"
SPECS = {"concordia": SPEC, "colosseum": "hard:seconds=none:width=2:rounds=1", "massilia": "hard:seconds=none:width=2"}
"""A reproducible hard bot per game (Colosseum's and Massilia's own hard have no playouts to count: no time
limit instead)."""
"""A hard bot with a fixed number of playouts: the same choice wherever and whenever it thinks."""



def positions(game: str, count: int, seed: int = 7) -> list[Any]:
    """States of a randomly played game of ``game`` (4 players) where the seat to decide has a choice."""
    info = games.get(game)
    s = info.new_game(info.config_from_dict({"players": 4}), seed)
    rng = random.Random(seed)
    found = []
    while not s.is_over and len(found) < count:
        legal = s.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            found.append(s.clone())
        s.apply(legal[rng.randrange(len(legal))])
    return found


def session(thinker: Thinker | None, game: str = "concordia", seed: int = 2026) -> GameSession:
    """A person (seat 1) and three bots of the game's ``SPECS``; in the worker when ``thinker`` is given."""
    info = games.get(game)
    seats = [Seat("Anna")] + [Seat(f"Bot {i}", SPECS[game]) for i in (2, 3, 4)]
    config = info.config_from_dict({"players": 4, **({"map": "imperium"} if game == "concordia" else {})})
    found = GameSession(config, seed, seats, game=game)
    if thinker is not None:
        found.think_in(thinker)
    return found


# ------------------------------------------------------------------------------------------- the clock


def test_a_thread_reads_its_own_clock_and_a_stop_passes_every_deadline() -> None:
    stop = threading.Event()
    seen: dict[str, float] = {}

    def think() -> None:
        with clock.in_this_thread(clock.CPU, stop):
            deadline = clock.now() + 5.0
            seen["before"] = clock.now() - deadline
            stop.set()
            seen["after"] = clock.now() - deadline
        seen["outside"] = clock.now()

    worker = threading.Thread(target=think)
    worker.start()
    worker.join()
    assert seen["before"] < 0 < seen["after"]  # a stopped thread's deadlines have all passed
    assert clock.now() > 0 and clock.current() == clock.WALL  # the other threads keep the process's clock
    with pytest.raises(ValueError, match="the clock must be one of"), clock.in_this_thread("sundial"):
        pass


def test_a_pondered_decision_runs_on_cpu_time_until_the_person_plays_into_it() -> None:
    """CPU time while the person decides; once followed at least wall time from then (the rest of the budget
    takes no longer than a fresh decision's); stopped: past every deadline."""
    ahead = PonderClock()
    start = ahead.read()
    time.sleep(0.2)  # sleeping uses no CPU: the decision's budget is untouched
    assert ahead.read() - start < 0.1
    ahead.follow()
    mark = ahead.read()
    time.sleep(0.2)
    assert ahead.read() - mark >= 0.19  # now the budget runs out with the wall clock at the latest
    ahead.stop.set()
    assert ahead.read() > start + 1e6
    benchmark = PonderClock(wall=False)  # the app measures CPU budgets: pondering stays on CPU time
    benchmark.follow()
    mark = benchmark.read()
    time.sleep(0.2)
    assert benchmark.read() - mark < 0.1


def test_the_key_covers_everything_a_choice_depends_on() -> None:
    rng = random.Random("5:9")
    state = rng_state(rng)
    assert rng_from_state(json.loads(json.dumps(state))).random() == random.Random("5:9").random()
    key = decision_key("concordia", "hard", {"a": 1}, ["x", "y"], state)
    assert key == decision_key("concordia", "hard", {"a": 1}, ["x", "y"], rng_state(random.Random("5:9")))
    assert key != decision_key("concordia", "hard", {"a": 1}, ["y", "x"], state)
    assert key != decision_key("concordia", "normal", {"a": 1}, ["x", "y"], state)
    assert key != decision_key("concordia", "hard", {"a": 2}, ["x", "y"], state)
    assert key != decision_key("concordia", "hard", {"a": 1}, ["x", "y"], rng_state(random.Random("5:10")))


# ------------------------------------------------------------------------------------------- decisions


@pytest.mark.parametrize("game", ["concordia", "colosseum", "massilia"])
def test_a_decision_in_the_worker_is_the_one_in_a_thread(thinker: Thinker, game: str) -> None:
    """The same seeded decision in-thread and in the worker gives the same action, in every game."""
    for s in positions(game, 3):
        p = s.current_player
        legal = s.legal_actions()
        spec = SPECS[game]
        here = make_bot(spec, game=game).choose(s.view(p), legal, random.Random(f"{game}:{len(legal)}"))
        bot = ProcessBot(spec, game, thinker, make_bot(spec, game=game))
        there = bot.choose(s.view(p), legal, random.Random(f"{game}:{len(legal)}"))
        assert str(there) == str(here) and there in legal
        assert bot.failures == 0 and not bot.last_pondered


def test_a_killed_worker_gives_a_fallback_move_and_the_next_decision_a_new_worker() -> None:
    thinker = Thinker()
    try:
        s = positions("concordia", 1)[0]
        p = s.current_player
        legal = s.legal_actions()
        bot = ProcessBot("hard:seconds=20", "concordia", thinker, make_bot("hard:seconds=20"))
        answer: list[Any] = []
        deciding = threading.Thread(target=lambda: answer.append(bot.choose(s.view(p), legal, random.Random(1))))
        started = time.monotonic()
        deciding.start()
        while thinker.starts == 0 or not thinker._ready:
            time.sleep(0.05)
        time.sleep(0.3)  # the decision is under way
        proc = thinker._proc
        assert proc is not None
        os.killpg(proc.pid, signal.SIGKILL)
        deciding.join(30)
        assert answer and answer[0] in legal  # the fallback bot's move, long before the 20 s budget
        assert time.monotonic() - started < 15
        assert bot.failures == 1 and bot.strikes == 1 and not bot.in_thread
        again = ProcessBot(SPEC, "concordia", thinker, make_bot(SPEC))
        assert again.choose(s.view(p), legal, random.Random(2)) in legal
        assert again.failures == 0 and thinker.starts == 2
    finally:
        thinker.close()


def test_a_late_worker_is_ended_and_after_three_strikes_the_bot_thinks_in_a_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    thinker = Thinker()
    try:
        s = positions("massilia", 1)[0]
        p = s.current_player
        legal = s.legal_actions()
        spec = SPECS["massilia"]
        bot = ProcessBot(spec, "massilia", thinker, make_bot(spec, game="massilia"))
        monkeypatch.setattr(bot, "limit", lambda: 0.0)  # no worker can answer in no time
        monkeypatch.setattr("engine.bots.thinker.START_SECONDS", 0.0)
        for strike in (1, 2, 3):
            assert bot.choose(s.view(p), legal, random.Random(strike)) in legal
            assert bot.strikes == strike and not thinker.alive()
        assert bot.in_thread and bot.failures == 3
        starts = thinker.starts
        assert bot.choose(s.view(p), legal, random.Random(4)) in legal  # in a thread of the app now
        assert thinker.starts == starts and bot.failures == 3
    finally:
        thinker.close()


def test_a_late_reply_is_not_taken_for_the_next_request(thinker: Thinker) -> None:
    s = positions("concordia", 1)[0]
    p = s.current_player
    view = s.view(p)
    texts = [str(a) for a in s.legal_actions()]
    request = {"game": "concordia", "spec": "hard:iterations=400", "view": view.to_dict(), "legal": texts,
               "rng": rng_state(random.Random(1)), "clock": "wall"}
    thinker.decide({**request, "spec": "random"}, 60.0)  # a worker that has said hello (a first request may
    # wait for the interpreter's start as well, and then the slow one would be in time)
    with pytest.raises(WorkerFailed, match="took more than"):
        thinker.decide(request, 0.01)
    quick = {**request, "spec": "random", "rng": rng_state(random.Random(2))}
    reply = thinker.decide(quick, 60.0)
    expected = make_bot("random").choose(view, s.legal_actions(), random.Random(2))
    assert reply["text"] == str(expected)  # its own reply, not the slow request's late one


# ------------------------------------------------------------------------------------------- thinking ahead


def person_moves(s: GameSession) -> list[Any]:
    """The person's legal moves, the greedy bot's favourite first (what the worker thinks ahead for)."""
    state = s.state
    ranked = make_bot("greedy", game=s.game).explain(
        state.view(state.current_player), state.legal_actions(), random.Random(0), 2)
    return [a for a, _v, _w in ranked]


def hands_over(s: GameSession, action: Any) -> bool:
    """Whether the person's ``action`` gives the turn to a bot that has a choice."""
    after = s.state.clone()
    after.apply(action)
    return not after.is_over and not s.is_human(after.current_player) and len(after.legal_actions()) > 1


def unlikely_handover(s: GameSession) -> Any:
    """A move of the person that hands over to a bot and is not among the likely ones (None if there is none)."""
    likely = {str(a) for a in person_moves(s)}
    return next((a for a in s.state.legal_actions() if str(a) not in likely and hands_over(s, a)), None)


def at_a_handover(s: GameSession) -> GameSession:
    """``s`` played on (the bots in threads) to a person's decision where both the likely move and another one
    hand over to a bot with a choice."""
    for _ in range(500):
        state = s.state
        if s.is_human(state.current_player):
            if hands_over(s, person_moves(s)[0]) and unlikely_handover(s) is not None:
                return s
            s.apply(person_moves(s)[0])
            continue
        request = s.bot_request(limit=100)
        assert request is not None
        for action, _problem in bot_plan(request):
            s.apply(action)
    raise AssertionError("the person's likely move never handed over to a bot")


@functools.cache
def handover_actions(game: str) -> tuple[str, ...]:
    """The action log up to ``at_a_handover`` (played once per game for the whole module)."""
    return tuple(at_a_handover(session(None, game)).actions)


def at_the_handover(thinker: Thinker, game: str = "concordia") -> tuple[GameSession, GameSession]:
    """Two sessions of the same game at a person's decision whose likely move hands over to a bot: one whose
    bots think in the worker, one whose bots think in threads."""
    base = session(None, game)
    fresh = GameSession(base.config, base.seed, list(base.seats), list(handover_actions(game)), game=game)
    mine = GameSession(base.config, base.seed, list(base.seats), list(handover_actions(game)), game=game)
    mine.think_in(thinker)
    return mine, fresh


def both_decide(mine: GameSession, fresh: GameSession) -> tuple[Any, bool, Any]:
    """The next bot decision in both sessions, applied to both: (the worker's, whether it was pondered, the
    thread's)."""
    request, fresh_request = mine.bot_request(), fresh.bot_request()
    assert request is not None and fresh_request is not None
    bot = request.bots[request.seat]
    action = bot_plan(request)[0][0]
    theirs = bot_plan(fresh_request)[0][0]
    mine.apply(action)
    fresh.apply(theirs)
    return action, isinstance(bot, ProcessBot) and bot.last_pondered, theirs


@pytest.mark.parametrize("game", ["concordia", "massilia"])
def test_a_foreseen_move_gets_the_pondered_reply_which_is_the_fresh_one(thinker: Thinker, game: str) -> None:
    mine, fresh = at_the_handover(thinker, game)
    hits = thinker.hits
    assert mine.ponder(depth=1)
    assert thinker.wait_idle(120) and thinker.pondered() >= 1
    move = str(person_moves(mine)[0])
    mine.apply(move)
    fresh.apply(move)
    action, pondered, theirs = both_decide(mine, fresh)
    assert pondered and thinker.hits == hits + 1
    assert str(action) == str(theirs)


def test_a_move_nobody_foresaw_is_decided_fresh_with_the_same_choice(thinker: Thinker) -> None:
    mine, fresh = at_the_handover(thinker)
    hits = thinker.hits
    assert mine.ponder(depth=1)
    assert thinker.wait_idle(120)
    move = str(unlikely_handover(mine))
    mine.apply(move)
    fresh.apply(move)
    action, pondered, theirs = both_decide(mine, fresh)
    assert not pondered and thinker.hits == hits
    assert str(action) == str(theirs)


def test_the_line_goes_on_after_a_hit_and_a_bot_turn_is_all_foreseen(thinker: Thinker) -> None:
    """The worker thinks ahead for the bots' decisions after the likely move (here the next 3): after that
    move every one of them that has a choice comes from the pondering, and is the fresh one."""
    mine, fresh = at_the_handover(thinker)
    assert mine.ponder(depth=3)
    assert thinker.wait_idle(240)
    assert_the_next_bots_come_from_thinking_ahead(mine, fresh)


def test_a_move_played_while_the_worker_still_thinks_ahead_keeps_its_line_going() -> None:
    """The person moves as soon as the first reply after the likely move is ready: the worker goes on with
    that line (the decision under way is kept, the other line stopped), and the next bot decisions come from
    it, the same as fresh ones. (A worker of its own: nothing of this position thought ahead before.)"""
    thinker = Thinker()
    try:
        line_kept_going(thinker)
    finally:
        thinker.close()


def line_kept_going(thinker: Thinker) -> None:
    mine, fresh = at_the_handover(thinker)
    known = thinker.pondered()
    assert mine.ponder(depth=3)
    deadline = time.monotonic() + 120
    while thinker.pondered() == known and time.monotonic() < deadline:
        time.sleep(0.01)
    assert_the_next_bots_come_from_thinking_ahead(mine, fresh)
    assert thinker.wait_idle(60)


def test_a_stopped_pondering_is_thrown_away() -> None:
    """A stop in the middle of a pondered decision: nothing of it is kept (a cut decision is weaker)."""
    thinker = Thinker()
    try:
        mine, _fresh = at_the_handover(thinker)
        mine.bots = {q: ProcessBot("hard:iterations=100000", "concordia", thinker, make_bot("hard:iterations=10"))
                     for q in mine.bots}
        assert mine.ponder()
        deadline = time.monotonic() + 30
        while thinker._pondering is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert thinker._pondering is not None
        mine.stop_pondering()
        assert thinker.wait_idle(30)
        assert thinker.pondered() == 0
    finally:
        thinker.close()


def test_no_pondering_without_the_worker_or_when_a_bot_decides() -> None:
    assert not session(None).ponder()
    thinker = Thinker()
    try:
        seats = [Seat("Bot 1", SPEC), Seat("Anna")]
        bots_first = GameSession(games.get("concordia").config_from_dict({"players": 2}), 1, seats)
        bots_first.think_in(thinker)
        assert not bots_first.ponder()  # a bot decides now: nothing to think ahead for
    finally:
        thinker.close()


def assert_the_next_bots_come_from_thinking_ahead(mine: Any, fresh: Any) -> None:
    """The person plays the likely move in both sessions; the bots' next 3 decisions (at least 2 with a
    choice) all come from thinking ahead in ``mine``, and each is the one ``fresh`` decides without it."""
    move = str(person_moves(mine)[0])
    mine.apply(move)
    fresh.apply(move)
    decisions = pondered = 0
    first = len(mine.actions)
    while len(mine.actions) < first + 3 and not mine.is_human(mine.state.current_player):
        choices = len(mine.state.legal_actions())
        action, was_pondered, theirs = both_decide(mine, fresh)
        assert str(action) == str(theirs)
        decisions += choices > 1
        pondered += was_pondered
    assert decisions >= 2 and pondered == decisions
