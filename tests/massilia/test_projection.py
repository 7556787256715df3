"""Each seat's projected final reputation (R-END-1) as another seat may work it out, and the public count of
sesterces and stones it rests on (ruling 21: money and stones, totals hidden, transactions public).

The property, checked with the twin (``engine.massilia.hidden.twin``) at every decision of random games: what a
seat's view says of every projection is the same for the state and a twin that differs only in what that seat
may not know, here the other seats' face-down cards, the deck, the dice generator, and their sesterces and
stones behind the screens as well. A projection that read a hidden total would differ; the mutation check at the
end shows that it does.
"""

from __future__ import annotations

import random

from engine.massilia.config import GameConfig
from engine.massilia.hidden import twin
from engine.massilia.rules import count_payments
from engine.massilia.scoring import projected, score_player
from engine.massilia.setup import new_game
from engine.massilia.state import GameState


def screens_twin(s: GameState, seat: int, rng: random.Random) -> GameState:
    """``twin`` with, besides, other sesterces and stones behind every other seat's screen (their counts kept)."""
    t = twin(s, seat, rng, dice=True)
    for q, pl in enumerate(t.players):
        if q != seat:
            pl.money += rng.randint(1, 9)
            pl.stones += rng.randint(1, 9)
    t.touch()
    return t


def random_games(seeds: range) -> list[tuple[GameState, int]]:
    """Every position of random games of 2, 3 and 4 players, with the seed of its game."""
    out = []
    for seed in seeds:
        s = new_game(GameConfig(players=2 + seed % 3), seed)
        rng = random.Random(seed)
        while not s.is_over:
            out.append((s.clone(), seed))
            s.apply(rng.choice(s.legal_actions()))
        out.append((s, seed))
    return out


POSITIONS = random_games(range(6))


def test_ruling_21_the_public_count_is_every_seats_money_and_stones() -> None:
    """The count made from the public events alone equals the totals behind the screens after every decision:
    no payment, gain or stone goes unseen (R-KEEP, R-BEIGE, R-BLACK, R-CONSUL, R-CUST-2, R-PASS, R-DIE-3,
    R-GOD-4), so ruling 21 holds in the engine."""
    for s, seed in POSITIONS:
        for q, pl in enumerate(s.players):
            assert s.counted[q] == [pl.money, pl.stones], (seed, q, s.round, s.phase)


def test_ruling_21_the_count_reads_public_events_only() -> None:
    """Exact numbers: a keep of 3 dice pays 2 for each beyond 2 (R-KEEP), a sale gains, a build costs 5 (R-CONSUL),
    a pass takes its tile (R-PASS), a use with 2 stones and a Venus returning 1 (R-GOD-4); a roll and a drawn
    card (private events) count nothing."""
    s = new_game(GameConfig(players=2), 1)
    s.counted = [[5, 0], [6, 0]]
    events = [
        ("keep", {"player": 0, "dice": [1, 2, 3], "paid": 2, "temple": []}),
        ("sale", {"player": 1, "space": 3, "good": 0, "count": 2, "money": 6, "reputation": 4}),
        ("build", {"player": 0, "space": 7}),
        ("pass", {"player": 1, "tile": 3}),
        ("use", {"player": 0, "dice": [4], "colour": 1, "value": 2, "stones": 2}),
        ("venus", {"player": 0, "stones": 1}),
        ("roll", {"player": 1, "dice": [1, 2]}),
        ("draw", {"player": 1, "card": "pluto"}),
    ]
    count_payments(s, events)
    assert s.counted == [[5 - 2 - 5, 1], [6 + 6 + 3, 0]]


def test_ruling_21_a_projection_is_the_same_for_twins_that_differ_behind_the_screens() -> None:
    """For every seat S and every position: S's view, and every projection worked out on it, is the same for the
    state and its twin with other cards, deck, dice and other money and stones behind the other screens; the
    projection equals the real final score if the game ended now (R-END-1), since every payment is public."""
    rng = random.Random(30)
    checked = 0
    for s, seed in POSITIONS[::7]:
        for seat in range(s.n):
            t = screens_twin(s, seat, rng)
            mine, theirs = s.view(seat), t.view(seat)
            assert mine.to_dict() == theirs.to_dict(), (seed, seat)
            for q in range(s.n):
                assert projected(mine, q) == projected(theirs, q) == score_player(s, q), (seed, seat, q)
                checked += 1
    assert checked > 500


def test_the_twin_check_finds_a_projection_that_reads_hidden_money() -> None:
    """Mutation check: the final score worked out on the full states (hidden totals read) differs between a
    state and its screens twin, so the property above would catch a projection that used them."""
    rng = random.Random(31)
    s, _seed = POSITIONS[len(POSITIONS) // 2]
    t = screens_twin(s, 0, rng)
    assert score_player(s, 1) != score_player(t, 1)
    assert projected(s.view(0), 1) == projected(t.view(0), 1)


def test_a_view_without_a_count_projects_nothing() -> None:
    """A view read from plain data without ``counted`` (an older server's) knows no other seat's money: no
    projection for the others, the viewer's own is exact."""
    s = POSITIONS[40][0]
    d = s.view(0).to_dict()
    del d["counted"]
    v = GameState.from_dict(d)
    assert projected(v, 1) is None
    assert projected(v, 0) == score_player(s, 0)
    full = GameState.from_dict(s.to_dict())
    assert "counted" not in s.to_dict() and full.counted == s.counted
