"""Nothing private leaks, end to end (issue 28): what a seat's screen and connection actually receive.

``tests/test_hidden_information.py`` checks, for each seat S, that ``view(S)`` and who decides about what are
the same for a state and its twin (``GameInfo.twin``: a state differing only in what S may not know). This
file checks the rest of what S receives, on random seeded games of Concordia (the base game, the team game,
the Salsa forum), Colosseum and Massilia played at a shared table of bots:

* the events S may read (``extras["events_for"]``) and the log lines the game words from them for S;
* S's own options, and the hint S would get (a cheap greedy bot on ``view(S)``, no clock, a fixed generator);
* the bytes the shared table sends S's connection (``Table.update_for(S)`` as JSON: the view, the last
  decision as S may read it, S's own decisions, who decides);
* after S's own decision, carried out on both: who decides, about what, which events (kind and seat) S
  reads, and the whole view, unless the decision brought something hidden to light (``REVEALS``: a card
  turned up from the deck, dice rolled, a part drawn), where the twins' news differs by design.

Mutation check: ``test_the_check_finds_the_old_reaction_leak`` plays Massilia as it was before issue 28
(``legacy_reactions=True``: a stall owner asked about Pluto only when holding one, Venus at a turn's end and a
keep only Mars widens asked only of a holder) and expects the check to fail; it does within the first seeds.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from engine.bots.registry import make_bot
from engine.core import games
from tui import games as ui_games
from tui.serve.tables import Seat, Table

GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("concordia", {"players": 3}, 70),
    ("concordia", {"players": 4, "variant": "venus-team"}, 50),
    ("concordia", {"players": 3, "forum": True}, 60),
    ("colosseum", {"players": 3}, 70),
    ("massilia", {"players": 3}, 160),
    ("massilia", {"players": 2}, 120),
]
"""(game, options, decisions played) per case; two seeds each: together well under a minute."""
SEEDS = (1, 2)
REVEALS: dict[str, set[str]] = {
    "concordia": {"display", "deck", "players", "frames", "forum_table", "forum_deck"},
    "colosseum": {"parts", "stack2", "stack3", "slots", "land_rows"},
    "massilia": {"display", "deck", "discard", "temple", "players", "hidden_cards", "hidden_fresh"},
}
"""The view's fields in which a decision may bring something hidden to light (a card turned up from the deck,
dice rolled from the generator, a part drawn from a stack): where the twins' views differ there after S's
decision, the news differs by design and the streams may part; anywhere else they may not."""


def received(state: Any, seat: int, game: str) -> dict[str, Any]:
    """Everything ``seat`` learns of ``state`` at this moment, as plain data."""
    view = state.view(seat)
    readable = games.get(game).extras.get("events_for")
    events = list(state.events) if readable is None else readable(list(state.events), seat)
    ui = ui_games.get(game)
    return {
        "view": json.dumps(view.to_dict(), sort_keys=True, default=str),
        "deciding": None if state.is_over else state.current_player,
        "kind": None if state.is_over else getattr(state, "decision", None),
        "lines": [ui.event_text(e, None) for e in events],
        "legal": [str(a) for a in state.legal_actions()] if not state.is_over and state.current_player == seat
        else None,
    }


def stream(state: Any, seat: int, game: str) -> dict[str, Any]:
    """The public stream after a decision: who decides, about what, and which events ``seat`` reads (kinds and
    seats only: a card turned up from the deck is news, and the twin's deck order differs by design)."""
    seen = received(state, seat, game)
    readable = games.get(game).extras.get("events_for")
    events = list(state.events) if readable is None else readable(list(state.events), seat)
    return {"deciding": seen["deciding"], "kind": seen["kind"],
            "events": [(e[0], e[1].get("player")) if isinstance(e[1], dict) else e[0] for e in events]}


def hint(state: Any, seat: int, game: str) -> str:
    """A cheap hint: the greedy bot on ``seat``'s view, without a clock, with a fixed generator."""
    bot = make_bot("greedy", game)
    bot.seconds = None
    bot.follow = 0
    return str(bot.choose(state.view(seat), state.legal_actions(), random.Random(0)))


def table_bytes(table: Table, state: Any, seat: int) -> bytes:
    """What a shared table sends to ``seat``'s connection with ``state`` in place of its own."""
    twin_table = copy.copy(table)
    twin_table.state = state
    return json.dumps(twin_table.update_for(seat), sort_keys=True, default=str).encode()


def check_game(game: str, options: dict[str, Any], decisions: int, seed: int) -> None:
    """Play ``decisions`` random decisions at a shared table of bots, checking each for every seat (see the
    module docstring); an ``AssertionError`` names the first leak."""
    info = games.get(game)
    twin_of = info.twin
    assert twin_of is not None
    config = info.config_from_dict(options)
    table = Table.create(game, config.to_dict(), [Seat("bot", name="b") for _ in range(config.players)], "h", seed)
    table.started = True
    state = table.state
    rng = random.Random(seed)
    for step in range(decisions):
        if state.is_over:
            break
        mover = state.current_player
        action = rng.choice([str(a) for a in state.legal_actions()])
        for seat in range(config.players):
            twin = twin_of(state, seat, random.Random(seed * 1000 + step))
            where = f"{game} seed {seed} decision {step} seat {seat}"
            assert received(twin, seat, game) == received(state, seat, game), where
            assert table_bytes(table, twin, seat) == table_bytes(table, state, seat), where
            if seat == mover and step % 10 == 0:
                assert hint(twin, seat, game) == hint(state, seat, game), where
            if seat == mover:  # S's own decision, on both: the streams must not part unless news came to light
                twin.apply(action)
                after = state.clone()
                after.apply(action)
                a, b = twin.view(seat).to_dict(), after.view(seat).to_dict()
                if not {k for k in a if a[k] != b.get(k)} & REVEALS[game]:
                    assert stream(twin, seat, game) == stream(after, seat, game), f"{where} after {action}"
                    assert a == b, f"{where} after {action}"
        table.decide(mover, action, person=False)
        state = table.state


@pytest.mark.parametrize(("game", "options", "decisions"), GAMES,
                         ids=[f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o, _ in GAMES])
@pytest.mark.parametrize("seed", SEEDS)
def test_every_seat_receives_the_same_from_its_twin(game: str, options: dict[str, Any], decisions: int,
                                                    seed: int) -> None:
    check_game(game, options, decisions, seed)


def test_the_check_finds_the_old_reaction_leak() -> None:
    """The mutation check: Massilia as before issue 28 (``legacy_reactions=True``) fails it."""
    with pytest.raises(AssertionError):
        for seed in range(10):
            check_game("massilia", {"players": 3, "legacy_reactions": True}, 200, seed)
