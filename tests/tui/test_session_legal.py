"""Review item: Concordia derived its legal actions two or three times per decision on the session's paths.

Its ``state.apply`` derives every legal action to check the one it is given, so where the caller has just
derived them itself (a replayed text checked by ``parse_action``, a bot's choice among ``legal`` on the plan's
copy, that plan applied to the session's state of the same version) the game's ``apply_legal`` carries the
decision out without the second derivation (``GameInfo.apply_known``). Anything not known to be legal is
still checked.
"""

from __future__ import annotations

import random

import pytest

from engine.concordia import GameConfig, IllegalAction, new_game, rules
from engine.core import games as core_games
from engine.tournament import play_game
from saves import Seat
from tui.session import GameSession, bot_plan


class Counted:
    """``rules.legal_actions`` with a count of its calls."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        self._real = rules.legal_actions
        monkeypatch.setattr(rules, "legal_actions", self)

    def __call__(self, s: object) -> list[object]:
        self.calls += 1
        return self._real(s)  # type: ignore[arg-type]


def random_game(seed: int, decisions: int) -> list[str]:
    s = new_game(GameConfig(players=4), seed)
    rng = random.Random(seed)
    out = []
    for _ in range(decisions):
        action = rng.choice(s.legal_actions())
        out.append(str(action))
        s.apply(action)
    return out


def test_a_replayed_concordia_game_derives_the_legal_actions_once_per_decision(
        monkeypatch: pytest.MonkeyPatch) -> None:
    actions = random_game(3, 120)
    counted = Counted(monkeypatch)
    session = GameSession(GameConfig(players=4), 3, [Seat(f"P{i}") for i in range(4)], actions)
    assert session.actions == actions
    assert counted.calls == 120  # parse_action's check only (it was 240)


def test_a_bot_decision_through_the_session_derives_the_legal_actions_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession(GameConfig(players=4), 5, [Seat(f"B{i}", "random") for i in range(4)])
    counted = Counted(monkeypatch)
    for _ in range(80):
        request = session.bot_request(limit=1)
        assert request is not None
        for action, _problem in bot_plan(request):
            session.apply(action, known_legal=True)
    assert len(session.actions) == 80
    assert counted.calls == 80  # the bot's choice on the plan's copy only (it was 240)


def test_apply_legal_plays_exactly_as_the_checked_apply() -> None:
    checked = new_game(GameConfig(players=3), 8)
    known = new_game(GameConfig(players=3), 8)
    info = core_games.get("concordia")
    rng = random.Random(8)
    for _ in range(200):
        action = rng.choice(checked.legal_actions())
        checked.apply(action)
        info.apply_known(known, action)
        assert known.events == checked.events
    assert known.to_dict() == checked.to_dict()


def test_what_is_not_known_to_be_legal_is_still_checked() -> None:
    session = GameSession(GameConfig(players=2), 1, [Seat("Anna"), Seat("Bert")])
    with pytest.raises(IllegalAction):
        session.apply("no such action")
    massilia = core_games.get("massilia")  # no apply_legal: apply_known is the checked state.apply
    assert massilia.apply_legal is None
    s = massilia.new_game(massilia.config_from_dict({"players": 2}), 1)
    with pytest.raises(IllegalAction):
        massilia.apply_known(s, "no such action")


class _Cheat:
    name = "cheat"

    def choose(self, view: object, legal: object, rng: random.Random) -> str:
        return "pass"


def test_a_tournament_bot_s_illegal_answer_is_still_refused() -> None:
    with pytest.raises(IllegalAction):
        play_game("concordia", GameConfig(players=2), 1, [_Cheat(), _Cheat()])
