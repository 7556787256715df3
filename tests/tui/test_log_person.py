"""A log line's verb agrees with its seat: the single person's default name "1 You" / "1 Du" takes the second
person ("1 You take", "1 Du nimmst"), every other name the third ("2 Anna takes", "2 Anna nimmt"). Seen
before: "1 You takes 3 sestertii". Every event kind of Concordia and Colosseum that names its seat is checked
in both languages: no line about "You" carries a third-person verb form."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tui import i18n

THIRD_EN = re.compile(r"^1 You (takes|gets|pays|has|copies|repeats|keeps|uses|exchanges|carries|sells|starts|"
                      r"plays|looks|doubles|builds|moves|skips|gains|gives|resets|passes|chooses|discards)\b")
THIRD_DE = re.compile(r"^1 Du (nimmt|erhält|zahlt|hat|kann|führt|wiederholt|behält|tauscht|verkauft|beginnt|"
                      r"spielt|sieht|verdoppelt|baut|zieht|gibt|verzichtet|wirft)\b")


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _lines(game: str, lang: str, seed: int, turns: int) -> list[str]:
    """The log lines (decisions and events) of a seeded random game with seat 1 named You/Du."""
    from saves import Seat
    from tui.session import GameSession

    i18n.set_language(lang)
    if game == "concordia":
        from engine.concordia import GameConfig as ConcordiaConfig

        config: Any = ConcordiaConfig(players=4)
    else:
        from engine.colosseum import GameConfig as ColosseumConfig

        config = ColosseumConfig(players=4)
    seats = [Seat(i18n.t("You"), None), *(Seat(f"Bot {q}", None) for q in (2, 3, 4))]
    session = GameSession(config, seed, seats, game=game, make_bots=False)
    rng = random.Random(seed)
    out: list[str] = []
    for _ in range(turns):
        if session.state.is_over:
            break
        entry = session.apply(rng.choice(session.legal_actions()), autosave=False)
        out.extend(entry.events)
    return out


@pytest.mark.parametrize("game", ["concordia", "colosseum"])
@pytest.mark.parametrize(("lang", "third"), [("en", THIRD_EN), ("de", THIRD_DE)])
def test_no_log_line_about_you_has_a_third_person_verb(game: str, lang: str, third: re.Pattern[str]) -> None:
    lines = _lines(game, lang, seed=3, turns=400)
    yours = [line for line in lines if line.startswith("1 " + ("You" if lang == "en" else "Du") + " ")]
    assert len(yours) > 20  # the game really spoke about seat 1
    assert [line for line in yours if third.match(line)] == []
    others = [line for line in lines if line.startswith("2 Bot 2 ")]
    assert others and not any(re.match(r"^2 Bot 2 (take|get|pay|nimmst|erhältst|zahlst)\b", x) for x in others)


Case = tuple[Callable[[Any, list[str]], str], Any, str, str]


def _concordia(event: Any, names: list[str]) -> str:
    from tui.concordia.events import event_text

    return event_text(event, names)


def _colosseum(event: Any, names: list[str]) -> str:
    from tui.colosseum.text import event_text

    return event_text(event, names)


@pytest.mark.parametrize(("lang", "say", "event", "you", "other"), [
    ("en", _concordia, ("takes_money", {"player": 0, "amount": 3}), "1 You take 3 sestertii",
     "1 Anna takes 3 sestertii"),
    ("de", _concordia, ("takes_money", {"player": 0, "amount": 3}), "1 Du nimmst 3 Sesterzen",
     "1 Anna nimmt 3 Sesterzen"),
    ("en", _concordia, ("no_colonist", {"player": 0}),
     "1 You cannot place a colonist in the capital: it costs 1 food + 1 tool",
     "1 Anna cannot place a colonist in the capital: it costs 1 food + 1 tool"),
    ("de", _concordia, ("no_colonist", {"player": 0}),
     "1 Du kannst keinen Kolonisten in die Hauptstadt setzen: das kostet 1 Nahrung + 1 Werkzeug",
     "1 Anna kann keinen Kolonisten in die Hauptstadt setzen: das kostet 1 Nahrung + 1 Werkzeug"),
    ("en", _concordia, ("takes_back", {"player": 0, "cards": 1, "bonus": 0}), "1 You take back 1 card",
     "1 Anna takes back 1 card"),
    ("de", _concordia, ("takes_back", {"player": 0, "cards": 2, "bonus": 0}), "1 Du nimmst 2 Karten zurück",
     "1 Anna nimmt 2 Karten zurück"),
    ("en", _concordia, ("concordia_card", {"player": 0, "why": "houses"}),
     "1 You built your 15th house and take the Concordia card: the last round begins",
     "1 Anna built their 15th house and takes the Concordia card: the last round begins"),
    ("en", _colosseum, ("take", {"player": 0, "kind": "stone", "count": 1}), "1 You take 1 stone card",
     "1 Anna takes 1 stone card"),
    ("de", _colosseum, ("take", {"player": 0, "kind": "stone", "count": 2}), "1 Du nimmst 2 Karten Stein",
     "1 Anna nimmt 2 Karten Stein"),
    ("en", _colosseum, ("empty_pile", {"player": 0, "kind": "grain"}),
     "the grain pile is empty: 1 You get 1 fame instead", "the grain pile is empty: 1 Anna gets 1 fame instead"),
    ("de", _colosseum, ("reset", {"player": 0, "points": 1}), "1 Du setzt den Marker zurück (1 Pkt. zurück)",
     "1 Anna setzt den Marker zurück (1 Pkt. zurück)"),
    ("en", _colosseum, ("pass", {"player": 0}), "1 You pass", "1 Anna passes"),
])
def test_the_verb_agrees_with_the_seat(lang: str, say: Callable[[Any, list[str]], str], event: Any, you: str,
                                       other: str) -> None:
    i18n.set_language(lang)
    assert say(event, ["1 " + i18n.t("You")]) == you
    assert say(event, ["1 Anna"]) == other


def test_a_german_du_is_you_in_an_english_app_too() -> None:
    """A game started in German keeps its seat name "Du": the English log still says "1 Du take"."""
    assert i18n.is_you("1 Du") and i18n.is_you("1 You") and not i18n.is_you("1 Anna")
    assert _concordia(("takes_money", {"player": 0, "amount": 1}), ["1 Du"]) == "1 Du take 1 sestertius"
