"""R-END-*: the end, the final scoring with its breakdown, the tie-break; worked examples E7 (end) and E8."""

from __future__ import annotations

from engine.colosseum import GameConfig, GameState, new_game
from engine.colosseum.components import components

from .helpers import decide_on_field, fresh, hand


def _table(s: GameState, table: list[tuple[list[int], int, int]]) -> GameState:
    """Each seat: rows (stable, storage, river, grain, forest, mountain), cards in hand, fame."""
    for p, (rows, cards, fame) in enumerate(table):
        pl = s.players[p]
        pl.rows = list(rows)
        pl.hand = hand(f"W{cards}")
        pl.fame = fame
    return s


def test_e8_final_scoring_three_players() -> None:
    """E8: rows X 8, Y 10, Z 6; cards X 2, Y 1, Z 0; totals 42, 42, 39; X wins on cards (7 > 5)."""
    s = _table(fresh(3), [
        ([2, 3, 1, 3, 0, 2], 7, 32),
        ([2, 2, 2, 1, 2, 2], 5, 31),
        ([1, 3, 0, 3, 2, 0], 2, 33),
    ])
    result = s.final_scores()
    x, y, z = result.players
    assert x.breakdown == {"fame": 32, "stable": 2, "storage": 2, "river": 0, "grain": 2, "forest": 0,
                           "mountain": 2, "cards": 2}
    assert y.breakdown == {"fame": 31, "stable": 2, "storage": 0, "river": 4, "grain": 0, "forest": 2,
                           "mountain": 2, "cards": 1}
    assert z.breakdown == {"fame": 33, "stable": 0, "storage": 2, "river": 0, "grain": 2, "forest": 2,
                           "mountain": 0, "cards": 0}
    assert [x.total, y.total, z.total] == [42, 42, 39]
    assert result.winner == 0 and result.tie_break and result.winners == [0]
    assert result.total(2) == 39


def test_e8_a_row_nobody_has_scores_nothing() -> None:
    """E8 / R-END-ROWS (Ruling #16): if nobody had a mountain tile, nobody would score that row."""
    s = _table(fresh(3), [
        ([2, 3, 1, 3, 0, 0], 7, 32),
        ([2, 2, 2, 1, 2, 0], 5, 31),
        ([1, 3, 0, 3, 2, 0], 2, 33),
    ])
    assert [sc.breakdown["mountain"] for sc in s.final_scores().players] == [0, 0, 0]
    assert [sc.total for sc in s.final_scores().players] == [40, 40, 39]


def test_e8_the_rulebooks_own_example() -> None:
    """E8 / R's example: stables and mountains tied (2 each), Klaus alone in river and grain, Jürgen in storage and
    forest (4 each); Klaus 4 cards -> +1, Jürgen 2 cards -> 0: Klaus +13, Jürgen +12."""
    s = _table(fresh(2), [
        ([2, 1, 3, 3, 1, 2], 4, 0),
        ([2, 3, 1, 1, 3, 2], 2, 0),
    ])
    klaus, jurgen = s.final_scores().players
    assert (klaus.total, jurgen.total) == (13, 12)
    assert klaus.breakdown["cards"] == 1 and jurgen.breakdown["cards"] == 0


def test_r_end_rows_alone_four_tied_two_second_nothing() -> None:
    """R-END-ROWS: tiles (not wheels) count; alone 4, every tied leader 2, second place 0."""
    s = _table(fresh(4), [
        ([3, 1, 0, 0, 0, 0], 0, 0),
        ([1, 1, 0, 0, 0, 0], 0, 0),
        ([3, 1, 0, 0, 0, 0], 0, 0),
        ([2, 1, 0, 0, 0, 0], 0, 0),
    ])
    s.players[1].wheels = 12  # wheels do not count
    assert [sc.breakdown["stable"] for sc in s.final_scores().players] == [2, 0, 2, 0]
    assert [sc.breakdown["storage"] for sc in s.final_scores().players] == [2, 2, 2, 2]


def test_r_end_cards_one_fame_per_three() -> None:
    """R-END-CARDS: 7 cards -> 2, 5 -> 1, 2 -> 0 (any types)."""
    s = fresh(3)
    s.players[0].hand = hand("W2 G2 H2 S1")
    s.players[1].hand = hand("S5")
    s.players[2].hand = hand("G1 H1")
    assert [sc.breakdown["cards"] for sc in s.final_scores().players] == [2, 1, 0]


def test_r_end_win_shared_when_fame_and_cards_tie() -> None:
    """R-END-WIN: same fame and same cards -> several winners; ``winner`` is the first of them."""
    s = _table(fresh(3), [
        ([1, 1, 1, 1, 0, 0], 3, 10),
        ([1, 1, 0, 0, 1, 1], 3, 10),
        ([1, 1, 0, 0, 0, 0], 3, 9),
    ])
    result = s.final_scores()
    assert [sc.total for sc in result.players] == [23, 23, 14]
    assert result.winners == [0, 1] and result.winner == 0 and result.tie_break


def test_r_end_win_most_fame_wins_without_tie_break() -> None:
    s = _table(fresh(2), [([1, 1, 1, 1, 0, 0], 0, 3), ([1, 1, 0, 0, 1, 1], 9, 20)])
    result = s.final_scores()
    assert result.winner == 1 and not result.tie_break and result.winners == [1]


def test_r_end_trigger_final_scores_after_the_17th_part() -> None:
    """R-END-TRIGGER: after the 17th part, final_scores includes that build's fame and chip."""
    s = fresh(2)
    s.slots[0] = "A1"
    s.built = [[f"X{i}", 1] for i in range(16)]
    s.players[0].hand = hand("W2 S1")
    decide_on_field(s, 1, 0)
    assert [str(a) for a in s.legal_actions()] == ["tile", "build"]
    s.apply("build")
    assert s.is_over and s.final_scores().players[0].breakdown["fame"] == 4 + 4


def test_r_end_guard_max_turns_truncates() -> None:
    """R-END-GUARD: with max_turns 6 the game stops after 6 turns, marked truncated, and is scored."""
    s = new_game(GameConfig(players=3, max_turns=6), 8)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.turn == 6 and s.truncated and s.final_scores().truncated
    assert s.legal_actions() == []
    assert len(s.final_scores().players) == 3


def test_r_end_stall_a_game_that_can_never_end_stops() -> None:
    """R-END-STALL: field D ``card`` with every pile empty, every row and stack empty, no cards, points or fame:
    every decision is forced and changes nothing; after 7 x n such turns (the position repeats exactly) the game
    ends, truncated. (With ``exchange``, ``fame``, ``own_reset`` or ``tile`` the second case ends it at once:
    see the tests of ``no_part_can_be_built`` below.)"""
    s = fresh(2, field_d="card")
    s.land_rows = [[], [], [], []]
    s.stack2, s.stack3 = [], []
    s.supply = [0, 0, 0, 0]
    for pl in s.players:
        pl.marker = pl.wheels - 1
        pl.fame = 0
    from .helpers import ready

    ready(s)
    assert s.is_over and s.truncated and s.turn == 14
    assert ("game_over", {"truncated": True, "reason": "stalled", "turns": 14}) in s.events
    assert s.final_scores().truncated


def test_r_end_stall_not_while_anyone_has_a_choice() -> None:
    """R-END-STALL: the base game's field D always offers a choice, so idle turns never reach 7 x n there."""
    s = fresh(2)
    s.land_rows = [[], [], [], []]
    s.stack2, s.stack3 = [], []
    for pl in s.players:
        pl.marker = pl.wheels - 1
        pl.fame = 0
    from .helpers import ready

    ready(s)
    assert not s.is_over and s.decision == "choice"


def _exhausted(field_d: str, hands: list[str], slots: list[str | None]) -> GameState:
    """A 2-player game of ``field_d`` with every landscape row and both stacks empty, these hands and parts."""
    s = fresh(2, field_d=field_d)
    s.land_rows = [[], [], [], []]
    s.stack2, s.stack3 = [], []
    s.slots = list(slots)
    for pl, text in zip(s.players, hands, strict=True):
        pl.hand = hand(text)
    return s


def _end_one_turn(s: GameState) -> None:
    """Seat 0 moves 1 field (from D to the first blue field), then takes the first option until the turn passed."""
    s.consul = 0
    s._legal = None
    s.apply("move 1")
    while not s.is_over and s.active == 0:
        s.apply(s.legal_actions()[0])


def test_r_end_stall_no_part_can_be_built_in_the_fame_variant() -> None:
    """R-END-STALL, second case: field D ``fame`` brings no card, rows and stacks are empty, and the parts on
    offer (A1 costs W2 S1; B1 costs W2 H2) are out of reach of hands W1 G1 H1 and S3 (R-ACT-C2: a missing card
    takes 3 spare cards of one other type, and neither hand has 3 spare cards of a type): no part can ever be
    built, so the game ends at the end of this turn, truncated, with reason ``no_build``, and is scored."""
    from engine.colosseum.rules.turn import no_part_can_be_built

    s = _exhausted("fame", ["W1 G1 H1", "S3"], ["A1", "B1", None, None])
    assert components().by_id["A1"].cost == (2, 0, 0, 1) and components().by_id["B1"].cost == (2, 0, 2, 0)
    assert no_part_can_be_built(s)
    _end_one_turn(s)
    assert s.is_over and s.truncated and s.turn == 1
    assert ("game_over", {"truncated": True, "reason": "no_build", "turns": 1}) in s.events
    assert s.final_scores().truncated


def test_r_end_stall_not_while_a_seat_can_still_pay() -> None:
    """Seat 1 holds W2 S1, the cost of A1: a build is still possible, so the fame game goes on."""
    from engine.colosseum.rules.turn import no_part_can_be_built

    s = _exhausted("fame", ["W1 G1 H1", "W2 S1"], ["A1", "B1", None, None])
    assert not no_part_can_be_built(s)
    _end_one_turn(s)
    assert not s.is_over and s.turn == 1


def test_r_end_stall_not_while_cards_can_still_come() -> None:
    """The base game's field D scores for everyone, ``card`` gives a card, and a row or stack with a tile can still
    be scored: none of these positions ends, whatever the hands."""
    from engine.colosseum.rules.turn import no_part_can_be_built

    for mode in ("score_any", "card"):
        assert not no_part_can_be_built(_exhausted(mode, ["", ""], ["A1", None, None, None]))
    s = _exhausted("fame", ["", ""], ["A1", None, None, None])
    assert no_part_can_be_built(s)
    s.stack3 = [1]
    assert not no_part_can_be_built(s)
    s.stack3, s.land_rows[2] = [], [1]
    assert not no_part_can_be_built(s)


def test_r_end_stall_exchange_counts_two_cards_for_one() -> None:
    """With ``exchange`` a hand may still pay after trading 2 cards for 1 of a chosen type: A1 (W2 S1) is within
    reach of W2 G2 (W2 matched, G G -> S), not of W2 G1 (one card left over, S missing) nor of W1 H3 (W1 matched,
    H H -> W, one H left, S missing)."""
    from engine.colosseum.rules.turn import could_pay_with_exchanges, no_part_can_be_built

    cost = components().by_id["A1"].cost
    assert could_pay_with_exchanges(hand("W2 G2"), cost)
    assert not could_pay_with_exchanges(hand("W2 G1"), cost)
    assert not could_pay_with_exchanges(hand("W1 H3"), cost)
    assert could_pay_with_exchanges(hand("W1 H4"), cost)
    assert not no_part_can_be_built(_exhausted("exchange", ["W2 G2", ""], ["A1", None, None, None]))
    assert no_part_can_be_built(_exhausted("exchange", ["W2 G1", "W1 H3"], ["A1", None, None, None]))
    assert no_part_can_be_built(_exhausted("tile", ["W2 G2", ""], ["A1", None, None, None]))  # no exchanges here


def test_every_variant_game_ends() -> None:
    """Seeded random games of every field D mode and player count end by the 17th part or by R-END-STALL, well
    before the decision guard (the fame variant used to run for ever once the rows were empty)."""
    import random

    from engine.colosseum import D_CHOICES

    reasons: set[str] = set()
    for mode in D_CHOICES:
        for players in (2, 3, 4):
            for seed in range(4):
                s = new_game(GameConfig(players=players, field_d=mode), seed)
                rng = random.Random(seed)
                for _ in range(20_000):
                    if s.is_over:
                        break
                    legal = s.legal_actions()
                    s.apply(legal[rng.randrange(len(legal))])
                assert s.is_over, (mode, players, seed)
                (reason,) = [e[1]["reason"] for e in s.events if e[0] == "game_over"]
                assert reason in ("built", "stalled", "no_build")
                assert (reason == "built") == (not s.truncated)
                reasons.add(reason)
    assert {"built", "no_build"} <= reasons
