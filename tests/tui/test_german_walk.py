"""German throughout: seeded games of all three games walked decision by decision with ``--lang de``.

Every decision's prompt (the header's decision line and every choice line), every log line (the engine's
events) and, for Concordia, the hint's reason of the chosen action go through the real wording functions;
the test fails on any English word of ``ENGLISH`` with the lines it was found in. The words are chosen so that
the rulebooks' German names (Senator, Mercator, Diplomat, Venus, Forum ...) do not trip it. It also checks that
the walk met the decision kinds and events it is meant to cover.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.concordia import GameConfig as ConcordiaConfig
from engine.concordia import new_game as concordia_game
from engine.concordia.bots.greedy import reason
from tui import i18n

ENGLISH_WORDS = """
the your you play plays gets get takes take card cards from with and for buy buys sell sells move moves build
builds pays pay copies copy house houses colonist colonists goods sestertii sestertius storehouse display done
nothing score left choose or of to their each instead keep keeps places place turn round points produce
produces cash back more no not is are has at on by game over none first last brick bricks food tool tools wine
cloth salt fame field tile tiles temple gives moves passes skips discard discards stack row empty
pile front reputation dice god gods day tribune prefect architect colonist consul would bot's decide
"""
ENGLISH = frozenset(ENGLISH_WORDS.split())
"""English words that no German line may contain (compared in lower case, as whole words)."""

SALSA_ACTIONS = ("Keep", "ForumTake", "ForumUse", "Titus", "Convert", "AsDiplomat", "CopyDisplay", "BonusSale")
"""Salsa's own actions (forum, salt): the salsa branch words them (``tui/concordia/salsa_text.py``); until that
is merged into this branch they show as the engine's text, so the walk checks their choice lines only when they
are worded (the events and hint reasons they cause are checked always)."""

SEATS = ["Du", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6"]


@pytest.fixture(autouse=True)
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def english_words(line: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z']+", line) if w.lower() in ENGLISH]


class Lines:
    """Every line the walk rendered, with where it came from, and the English ones."""

    def __init__(self) -> None:
        self.found: dict[str, str] = {}
        self.count = 0

    def check(self, where: str, line: str) -> None:
        self.count += 1
        words = english_words(line)
        if words and line not in self.found:
            self.found[line] = f"{where}: {' '.join(words)}"

    def report(self) -> str:
        return "\n".join(f"  {where}  <- {line!r}" for line, where in sorted(self.found.items(), key=lambda x: x[1]))


def walk(state: Any, seed: int, decide: Callable[[Any, list[Any], random.Random], Any],
         render: Callable[[Any, Any, Any], None], limit: int = 3000) -> Any:
    """Play ``state`` to its end (or ``limit`` decisions) with ``decide``; ``render(before, action, after)``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            break
        legal = list(state.legal_actions())
        action = decide(state, legal, rng)
        after = state.clone()
        after.apply(action)
        render(state, action, after)
        state = after
    return state


CONCORDIA_CONFIGS = [
    ConcordiaConfig(map="imperium", players=4),
    ConcordiaConfig(map="italia", players=3, variant="venus"),
    ConcordiaConfig(map="imperium", players=4, variant="venus-team", forum=True),
    ConcordiaConfig(map="hispania", players=4, salt=True, forum=True, variant="venus"),
    ConcordiaConfig(map="britannia", players=4, variant="venus-team", salt=True, forum=True),
]


def test_concordia_speaks_german_in_prompts_log_and_hints() -> None:
    from tui.concordia import events, text

    lines = Lines()
    decisions: set[str] = set()
    kinds: set[str] = set()
    for n, config in enumerate(CONCORDIA_CONFIGS):
        names = SEATS[: config.players]

        def render(before: Any, action: Any, after: Any, names: list[str] = names) -> None:
            decisions.add(before.decision)
            lines.check(f"decision {before.decision}", text.decision_text(before, names))
            for a in before.legal_actions()[:40]:
                line = text.action_text(before, a, names)
                if type(a).__name__ in SALSA_ACTIONS and line == str(a):
                    continue
                lines.check(f"choice in {before.decision}", line)
            for e in after.events:
                kinds.add(e[0])
                lines.check(f"event {e[0]}", text.event_text(e, names))
            lines.check("hint reason", events.reason_text(reason(before, after, before.current_player)))

        def decide(state: Any, legal: list[Any], rng: random.Random) -> Any:
            return rng.choice(legal)

        end = walk(concordia_game(config, seed=100 + n), 100 + n, decide, render)
        lines.check("game over", text.decision_text(end, names))
    assert not lines.found, f"English in {len(lines.found)} German lines:\n{lines.report()}"
    assert lines.count > 1000
    assert {"play", "architect", "prefect", "mercator", "tribune", "buy", "colonist", "diplomat"} <= decisions
    assert {"startcity", "partnerplay", "recommend", "forumtake", "keep", "bonussale", "overflow", "magister"} \
        <= decisions
    assert {"takes_money", "gets", "builds", "takes_back", "team_role"} <= kinds


def test_concordia_plurals_in_both_languages() -> None:
    from tui.concordia.events import event_text, good_count, money_text

    assert (money_text(1), money_text(2)) == ("1 Sesterz", "2 Sesterzen")
    assert event_text(("takes_back", {"player": 0, "cards": 1, "bonus": 0}), SEATS) == "Du nimmst 1 Karte zurück"
    assert good_count("tool", 2) == "2 Werkzeuge"
    i18n.set_language("en")
    assert (money_text(1), money_text(2)) == ("1 sestertius", "2 sestertii")
    assert event_text(("takes_back", {"player": 0, "cards": 1, "bonus": 0}), ["Anna"]) == "Anna takes back 1 card"
    assert event_text(("takes_back", {"player": 0, "cards": 5, "bonus": 2}), ["Anna"]) == (
        "Anna takes back 5 cards and 2 sestertii")
    assert (good_count("brick", 1), good_count("brick", 2), good_count("food", 2)) == ("1 brick", "2 bricks", "2 food")


def test_the_movement_points_and_the_purchase_have_their_plural() -> None:
    from engine.concordia.actions import Buy
    from tui.concordia import text

    s = concordia_game(ConcordiaConfig(map="imperium", players=2), seed=5)
    s.apply(next(a for a in s.legal_actions() if str(a).startswith("play mercator")))
    buy = next(a for a in s.legal_actions() if isinstance(a, Buy) and a.count == 2 and a.good == "brick")
    i18n.set_language("en")
    assert text.action_text(s, buy) == "Buy 2 bricks for 6 sestertii"
    s2 = concordia_game(ConcordiaConfig(map="imperium", players=2), seed=5)
    s2.apply(next(a for a in s2.legal_actions() if str(a).startswith("play architect")))
    s2.frames[-1]["pts"] = 1
    assert text.decision_text(s2).endswith("(1 movement point left)")
    i18n.set_language("de")
    assert text.decision_text(s2).endswith("(noch 1 Bewegungspunkt)")


def test_colosseum_speaks_german_in_prompts_and_log() -> None:
    from engine.colosseum import GameConfig, new_game
    from tui.colosseum import text

    lines = Lines()
    kinds: set[str] = set()
    for seed in (1, 2):
        names = SEATS[:3]

        def render(before: Any, action: Any, after: Any, names: list[str] = names) -> None:
            lines.check("decision", text.decision_text(before, names))
            for a in before.legal_actions()[:40]:
                lines.check("choice", text.choice_text(before, a))
            lines.check("log", text.action_text(before, action, names))
            for e in after.events:
                kinds.add(e[0])
                lines.check(f"event {e[0]}", text.event_text(e, names))

        walk(new_game(GameConfig(players=3), seed=seed), seed, lambda s, legal, rng: rng.choice(legal), render)
    assert not lines.found, f"English in {len(lines.found)} German lines:\n{lines.report()}"
    assert {"move", "build", "game_over"} <= kinds


def test_massilia_speaks_german_in_prompts_and_log() -> None:
    from engine.massilia import GameConfig, new_game
    from tui.massilia import text
    from tui.massilia.screen import PHASE_TITLES

    lines = Lines()
    kinds: set[str] = set()
    for seed in (1, 2):
        names = SEATS[:3]

        def render(before: Any, action: Any, after: Any, names: list[str] = names) -> None:
            title = PHASE_TITLES.get(before.decision, "")
            if title:
                lines.check("decision", i18n.t(title))
            for line, _a in text.choice_lines(before, before.legal_actions(), names)[:40]:
                lines.check("choice", line)
            lines.check("log", text.action_text(before, action, names))
            for e in after.events:
                kinds.add(e[0])
                lines.check(f"event {e[0]}", text.event_text(e, names))

        walk(new_game(GameConfig(players=3), seed=seed), seed, lambda s, legal, rng: rng.choice(legal), render)
    assert not lines.found, f"English in {len(lines.found)} German lines:\n{lines.report()}"
    assert len(kinds) > 5


def test_the_hint_reason_in_both_languages() -> None:
    from tui.concordia.events import reason_text

    why = [("builds", {"cities": ["Roma"]}), ("goods", {"changes": [["brick", -1], ["tool", 2]]}),
           ("money", {"amount": -4}), ("score", {"vp": 5})]
    assert reason_text(why) == "baut in Roma; Waren -1 Ziegel, +2 Werkzeuge; -4 Sesterzen; Wertung jetzt +5 SP"
    i18n.set_language("en")
    assert reason_text(why) == "builds in Roma; goods -1 brick, +2 tools; -4 sestertii; score +5 VP now"
    assert reason_text([("money", {"amount": 1})]) == "+1 sestertius"


def test_events_in_english_and_german() -> None:
    from tui.concordia.events import event_text

    names = ["Anna", "Bruno", "Carla", "Dora"]
    cases = [
        (("takes_money", {"player": 0, "amount": 5}), "Anna takes 5 sestertii", "Anna nimmt 5 Sesterzen"),
        (("gets", {"player": 1, "gains": [1, 0, 1, 0, 0], "why": ("produce", {"province": "Italia"})}),
         "Bruno gets 1 brick, 1 tool (Italia produces)", "Bruno erhält 1 Ziegel, 1 Werkzeug (Italia produziert)"),
        (("gets", {"player": 1, "gains": [0, 2, 0, 0, 0], "why": ("specialist", {"count": 2, "good": "food"})}),
         "Bruno gets 2 food (2 food cities)", "Bruno erhält 2 Nahrung (2 Städte mit Nahrung)"),
        (("builds", {"player": 2, "money": 6, "goods": ["brick", "wine"], "salt": [], "city": "Roma"}),
         "Carla pays 6 sestertii and 1 brick, 1 wine for a house in Roma",
         "Carla zahlt 6 Sesterzen und 1 Ziegel, 1 Wein für ein Haus in Roma"),
        (("copies", {"player": 3, "role": "architect", "target": 0}), "Dora copies the Architect of Anna",
         "Dora führt die Rolle Architekt von Anna aus"),
        (("partner_money", {"player": 0, "amount": 2, "partner": 2}), "Anna takes 2 sestertii from partner Carla",
         "Anna nimmt 2 Sesterzen von der Partnerperson Carla"),
        (("partner_money", {"player": 0, "amount": 3, "partner": 2, "total": 12, "own": 9}),
         "Anna pays 12 sestertii: 9 of their own and 3 taken from partner Carla",
         "Anna zahlt 12 Sesterzen: 9 eigene und 3 von der Partnerperson Carla"),
        (("concordia_card", {"player": 1, "why": "houses"}),
         "Bruno built their 15th house and takes the Concordia card: the last round begins",
         "Bruno hat das 15. Haus gebaut und nimmt die Concordia-Karte: die letzte Runde beginnt"),
    ]
    for event, _english, german in cases:
        assert event_text(event, names) == german
    i18n.set_language("en")
    for event, english, _german in cases:
        assert event_text(event, names) == english
    assert event_text(("takes_money", {"player": 1, "amount": 1}), None) == "P2 takes 1 sestertius"
