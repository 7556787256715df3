"""R-ACT-A, R-ACT-BC, R-ACT-B1..B4, R-ACT-C1..C3, R-ACT-D: the field actions; worked examples E3-E7, E9, E10."""

from __future__ import annotations

import pytest

from engine.colosseum import IllegalAction

from .helpers import decide_on_field, fresh, hand, rows, set_hand, texts, tiles


# ---------------------------------------------------------------------------------------------- R-ACT-A
def test_e10_r_act_a_storage_for_one_card() -> None:
    """E10 / R-ACT-A: hand G2 W2, limit 4: ``storage grain`` -> G1 W2, storage row 2, limit 6, stack 15."""
    s = fresh(3)
    set_hand(s, 0, "G2 W2")
    decide_on_field(s, 2, 0)
    assert s.decision == "storage"
    assert texts(s) == ["storage water", "storage grain", "pass"]
    s.apply("storage grain")
    pl = s.players[0]
    assert pl.hand == hand("W2 G1") and pl.rows[1] == 2 and pl.limit == 6 and s.storage == 15
    assert s.supply[1] == 17  # the discarded card went back to its pile
    assert s.active == 1 and s.decision == "move"


def test_r_act_a_empty_hand_only_pass() -> None:
    """R-ACT-A / E10: with an empty hand the only option is ``pass`` (carried out at once)."""
    s = decide_on_field(fresh(3), 5, 0)
    assert ("forced", {"player": 0, "action": "pass"}) in s.events
    assert s.players[0].rows[1] == 1 and s.storage == 16 and s.active == 1


def test_r_act_a_empty_storage_stack_only_pass() -> None:
    s = fresh(2)
    set_hand(s, 0, "W3")
    s.storage = 0
    decide_on_field(s, 2, 0)
    assert s.players[0].hand == [3, 0, 0, 0] and s.active == 1


def test_r_act_a_pass_keeps_the_card() -> None:
    """R-ACT-A: "Wirft der Spieler keine Karte ab, so bekommt er kein Lager"."""
    s = fresh(2)
    set_hand(s, 0, "S1")
    decide_on_field(s, 2, 0)
    s.apply("pass")
    assert s.players[0].hand == [0, 0, 0, 1] and s.players[0].rows[1] == 1 and s.storage == 16


# --------------------------------------------------------------------------------------------- R-ACT-BC
def test_r_act_bc_choose_tile_or_build_never_both() -> None:
    """R-ACT-BC: both possible -> both offered; the build ends the turn without a tile."""
    s = fresh(3)
    s.slots[0] = "A1"  # W2 S1
    set_hand(s, 0, "W2 S1")
    decide_on_field(s, 1, 0)
    assert texts(s) == ["tile", "build"]
    row_before = list(s.land_rows[0])
    s.apply("build")
    assert s.land_rows[0] == row_before and s.active == 1


def test_r_act_bc_only_one_possible_is_forced() -> None:
    """R-ACT-BC (Ruling #10): with the part unaffordable, ``tile`` is carried out at once."""
    s = fresh(3)
    s.land_rows[1] = tiles("forest", "river", "grain")
    rows(s, 0, forest=0)
    decide_on_field(s, 3, 0)
    assert ("forced", {"player": 0, "action": "tile"}) in s.events
    assert s.players[0].rows[4] == 1
    assert s.land_rows[1] == tiles("river", "grain")


def test_r_act_bc_neither_possible_is_skipped() -> None:
    """R-ACT-BC (Ruling #10): empty row and no affordable part: the action is skipped."""
    s = fresh(3)
    s.land_rows[2] = []
    decide_on_field(s, 4, 0)
    assert ("skip", {"player": 0, "field": 4}) in s.events
    assert s.active == 1 and s.decision == "move"


# ---------------------------------------------------------------------------------------- R-ACT-B1..B4
def test_e3_take_a_tile_shortage_and_limit() -> None:
    """E3 (R-ACT-B1, B2, B4, R-SCORE-ORDER, R-HAND-LIMIT): grain scored with only 2 grain on the pile."""
    s = fresh(3)
    s.land_rows[1] = tiles("grain", "grain", "forest")
    s.slots[1] = None
    rows(s, 1, grain=1, storage=1)
    set_hand(s, 1, "H1 S2")
    rows(s, 2, grain=2)
    s.players[2].fame = 2
    rows(s, 0, grain=0)
    s.supply[1] = 2
    decide_on_field(s, 3, 1)
    assert s.events[0] == ("forced", {"player": 1, "action": "tile"})
    assert s.players[1].rows[3] == 2
    assert s.land_rows[1] == tiles("grain", "forest")
    assert ("scoring", {"kind": "grain", "player": 1, "row": 1}) in s.events
    assert s.current_player == 1 and texts(s) == ["take 0", "take 1", "take 2"]
    s.apply("take 2")
    assert s.players[1].cards == 5 and s.decision == "discard" and s.current_player == 1
    assert texts(s) == ["discard grain", "discard wood", "discard stone"]
    stone_pile = s.supply[3]
    s.apply("discard stone")
    assert s.players[1].hand == hand("H1 S1 G2")
    assert s.supply[3] == stone_pile + 1 and s.supply[1] == 0
    assert s.players[2].fame == 3  # n = 2, pile empty: +1 fame, no decision
    assert ("empty_pile", {"player": 2, "kind": "grain"}) in s.events
    assert s.players[0].fame == 0  # n = 0: nothing
    assert s.active == 2 and s.decision == "move"


@pytest.mark.parametrize(("choice", "fame", "grain"), [("take 0", 3, 0), ("take 1", 2, 1)])
def test_e3_had_seat_1_discarded_a_grain(choice: str, fame: int, grain: int) -> None:
    """E3, the other branch: a discarded grain is back on the pile in time for seat 2 (R-HAND-SUPPLY)."""
    s = fresh(3)
    s.land_rows[1] = tiles("grain", "grain", "forest")
    s.slots[1] = None
    rows(s, 1, grain=1)
    set_hand(s, 1, "H1 S2")
    rows(s, 2, grain=2)
    rows(s, 0, grain=0)
    s.players[2].fame = 2
    s.supply[1] = 2
    decide_on_field(s, 3, 1)
    s.apply("take 2")
    s.apply("discard grain")
    assert s.current_player == 2 and texts(s) == ["take 0", "take 1"]
    s.apply(choice)
    assert (s.players[2].fame, s.players[2].hand[1]) == (fame, grain)


def test_e4_stable_scored() -> None:
    """E4 (R-SCORE-STABLE): seat 0 resets (p 2 -> 0), seat 1 (p 0) is skipped, seat 2 declines (+1 fame)."""
    s = fresh(3)
    s.land_rows[0] = tiles("river", "stable2", "grain")
    s.slots[0] = None
    rows(s, 0, river=1)
    s.players[0].marker = 2
    s.players[2].wheels, s.players[2].marker, s.players[2].fame = 4, 1, 1
    rows(s, 2, stable=2)
    s.players[1].fame = 0
    decide_on_field(s, 1, 0)
    assert s.players[0].rows[2] == 2
    assert ("scoring", {"kind": "stable", "player": 0, "row": 0}) in s.events
    assert s.current_player == 0 and texts(s) == ["reset", "decline"]
    s.apply("reset")
    assert (s.players[0].marker, s.players[0].points) == (0, 2)
    assert s.current_player == 2 and texts(s) == ["reset", "decline"]
    assert s.players[1].fame == 0
    s.apply("decline")
    assert (s.players[2].fame, s.players[2].marker) == (2, 1)
    assert s.land_rows[0] == tiles("stable2", "grain")
    assert s.active == 1


def test_e5_taking_a_stable() -> None:
    """E5 (R-ACT-B1): W 3, p 2 (P 0) takes a 2-wheel stable: stable row 2, W 5, P 2; grain is scored."""
    s = fresh(3)
    s.land_rows[0] = tiles("stable2", "grain")
    s.slots[0] = None
    s.players[1].marker = 2
    rows(s, 1, grain=0)
    rows(s, 2, grain=1)
    rows(s, 0, grain=0)
    decide_on_field(s, 1, 1)
    pl = s.players[1]
    assert (pl.rows[0], pl.wheels, pl.marker, pl.points) == (2, 5, 2, 2)
    assert ("scoring", {"kind": "grain", "player": 1, "row": 0}) in s.events
    assert s.current_player == 2 and s.decision == "take"


def test_r_act_b1_a_new_landscape_starts_a_row() -> None:
    """R-ACT-B1: a landscape the player lacks opens its row with 1 tile."""
    s = fresh(2)
    rows(s, 0, mountain=0)
    s.land_rows[3] = tiles("mountain", "river")
    s.slots[3] = None
    decide_on_field(s, 6, 0)
    assert s.players[0].rows[5] == 1


def test_e9_r_act_b3_row_refill_from_ii_then_iii() -> None:
    """E9 (R-ACT-B3): [mountain] taken; II = [forest], III top stable1, grain, river -> row of 4; forest scored."""
    s = fresh(3)
    s.land_rows[3] = tiles("mountain")
    s.slots[3] = None
    s.stack2 = tiles("forest")
    s.stack3 = tiles("mountain", "river", "grain", "stable1")  # the last is the top
    decide_on_field(s, 6, 0)
    assert s.land_rows[3] == tiles("forest", "stable1", "grain", "river")
    assert s.stack2 == [] and s.stack3 == tiles("mountain")
    assert ("refill", {"row": 3, "tiles": ["forest", "stable1", "grain", "river"]}) in s.events
    assert ("scoring", {"kind": "forest", "player": 0, "row": 3}) in s.events


def test_e9_r_act_b3_no_tiles_left_row_stays_empty() -> None:
    """E9: with II and III empty the row stays empty, nothing is scored, and B4 offers only C from then on."""
    s = fresh(3)
    s.land_rows[3] = tiles("mountain")
    s.slots[3] = None
    s.stack2, s.stack3 = [], []
    for p in range(3):
        rows(s, p, forest=1, mountain=1)
    decide_on_field(s, 6, 0)
    assert s.land_rows[3] == [] and ("row_empty", {"row": 3}) in s.events
    assert not any(e[0] == "scoring" for e in s.events)
    assert s.active == 1 and s.decision == "move"
    s.slots[3] = "A1"
    set_hand(s, 1, "W2 S1")
    decide_on_field(s, 6, 1)
    assert ("forced", {"player": 1, "action": "build"}) in s.events
    assert s.players[1].fame == 1 + 4


def test_r_act_b3_short_refill_mixes_ii_and_iii() -> None:
    """R-ACT-B3 (Ruling #17): 1 tile in II and 1 in III: the row is refilled with those 2."""
    s = fresh(2)
    s.land_rows[0] = tiles("grain")
    s.slots[0] = None
    s.stack2, s.stack3 = tiles("river"), tiles("forest")
    decide_on_field(s, 1, 0)
    assert s.land_rows[0] == tiles("river", "forest")


def test_r_act_b4_the_tile_just_taken_counts() -> None:
    """R-ACT-B4: R's example: a grain taken next to another grain: the taker gets 2 grain cards."""
    s = fresh(2)
    s.land_rows[0] = tiles("grain", "grain")
    s.slots[0] = None
    rows(s, 0, grain=1)
    rows(s, 1, grain=0)
    decide_on_field(s, 1, 0)
    assert texts(s) == ["take 0", "take 1", "take 2"]
    s.apply("take 2")
    assert s.players[0].hand == [0, 2, 0, 0] and s.supply[1] == 16


# ---------------------------------------------------------------------------------------- R-ACT-C1..C3
def test_e6_build_with_three_for_one() -> None:
    """E6 (R-ACT-C1, C2, C3): part W2 S1 (4 fame), 4 sections built, hand W2 G3 H1: only ``build G1``."""
    s = fresh(3)
    s.slots[2] = "A1"
    s.built = [[pid, 1] for pid in ("A2", "A3", "A4", "A5")]
    top = s.parts[-1]
    set_hand(s, 0, "W2 G3 H1")
    decide_on_field(s, 4, 0)
    assert [t for t in texts(s) if t.startswith("build")] == ["build G1"]
    s.apply("build G1")
    pl = s.players[0]
    assert pl.hand == hand("H1") and pl.fame == 4
    assert s.built[4] == ["A1", 0] and len(s.built) == 5  # section V
    assert s.slots[2] == top
    assert s.supply == [18, 18, 17, 18]  # W2 and G3 went back to the piles; the wood stays in hand
    assert ("build", {"player": 0, "part": "A1", "section": 5, "fame": 4, "chip": 0, "paid": [2, 3, 0, 0]}) in s.events


def test_e6_two_payments_and_none() -> None:
    """E6: W2 G3 H3 -> ``build G1`` and ``build H1``; W2 G2 H2 -> no build (triples of a type only)."""
    s = fresh(3)
    s.slots[2] = "A1"
    set_hand(s, 0, "W2 G3 H3")
    decide_on_field(s, 4, 0)
    assert [t for t in texts(s) if t.startswith("build")] == ["build G1", "build H1"]
    s = fresh(3)
    s.slots[2] = "A1"
    set_hand(s, 0, "W2 G2 H2")
    decide_on_field(s, 4, 0)
    assert ("forced", {"player": 0, "action": "tile"}) in s.events


def test_r_act_c2_only_missing_cards_may_be_replaced() -> None:
    """R-ACT-C2 (Ruling #11): with W2 S1 in hand and 3 grain too, the part is paid directly only."""
    s = fresh(2)
    s.slots[0] = "A1"
    set_hand(s, 0, "W2 S1 G3")
    decide_on_field(s, 1, 0)
    assert [t for t in texts(s) if t.startswith("build")] == ["build"]
    with pytest.raises(IllegalAction):
        s.apply("build G1")


def test_r_act_c2_two_missing_cards_mixed_triples() -> None:
    """R-ACT-C2: part W2 H2 (B1) from hand G3 S3: 4 missing... only 2 triples exist -> no build;
    from W1 H1 G3 S3: 2 missing -> G1S1 (one of each)."""
    s = fresh(2)
    s.slots[0] = "B1"
    set_hand(s, 0, "W1 H1 G3 S3")
    decide_on_field(s, 1, 0)
    assert [t for t in texts(s) if t.startswith("build")] == ["build G1S1"]
    s.apply("build G1S1")
    assert s.players[0].hand == [0, 0, 0, 0] and s.players[0].fame == 5


def test_r_act_c3_empty_parts_stack_leaves_the_slot_empty() -> None:
    """R-ACT-C3: no part left to lay: the slot stays empty and C is impossible there."""
    s = fresh(2)
    s.slots[0] = "A1"
    s.parts = []
    set_hand(s, 0, "W2 S1")
    decide_on_field(s, 1, 0)
    s.apply("build")
    assert s.slots[0] is None


def test_e7_the_last_part_ends_the_game() -> None:
    """E7 (R-END-TRIGGER): the 17th part (H2 S2 W1 G1, 7 fame) gives 7 + 4 (chip) = 11; the game ends at once."""
    s = fresh(3)
    s.slots[3] = "C6"
    s.built = [[f"X{i}", 1] for i in range(16)]
    set_hand(s, 0, "H2 S2 W1 G1")
    s.players[0].fame = 10
    decide_on_field(s, 6, 0)
    s.apply("build")
    assert s.players[0].fame == 21
    assert s.is_over and s.legal_actions() == [] and len(s.built) == 17
    assert ("game_over", {"truncated": False, "reason": "built", "turns": 0}) in s.events
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply("move 1")


@pytest.mark.parametrize(("section", "chip"), [(14, 0), (15, 1), (16, 2)])
def test_e7_chips_on_sections_xv_and_xvi(section: int, chip: int) -> None:
    """E7 / S-CHIPS: building section XV gives +1, XVI +2 (and XIV nothing)."""
    s = fresh(2)
    s.slots[0] = "A1"
    s.built = [[f"X{i}", 1] for i in range(section - 1)]
    set_hand(s, 0, "W2 S1")
    decide_on_field(s, 1, 0)
    s.apply("build")
    assert s.players[0].fame == 4 + chip and not s.is_over


# ---------------------------------------------------------------------------------------------- R-ACT-D
def test_r_act_d_choose_any_row_to_score_for_all() -> None:
    """R-ACT-D: field D offers all 4 landscapes and the stable; no tile is taken."""
    s = fresh(3)
    rows(s, 0, forest=2)
    rows(s, 1, forest=0)
    rows(s, 2, forest=1)
    decide_on_field(s, 0, 0)
    assert texts(s) == ["score river", "score grain", "score forest", "score mountain", "score stable"]
    before = [list(r) for r in s.land_rows]
    s.apply("score forest")
    assert s.land_rows == before
    assert s.current_player == 0 and texts(s) == ["take 0", "take 1", "take 2"]
    s.apply("take 2")
    assert s.current_player == 2 and texts(s) == ["take 0", "take 1"]


def test_r_act_b2_the_row_moves_up_without_a_replacement() -> None:
    """R-ACT-B2: after the front tile is taken the others move up; nothing is drawn while tiles are left."""
    s = fresh(2)
    s.land_rows[0] = tiles("forest", "river", "grain", "mountain")
    s.slots[0] = None
    sizes = (len(s.stack2), len(s.stack3))
    decide_on_field(s, 1, 0)
    assert s.land_rows[0] == tiles("river", "grain", "mountain")
    assert (len(s.stack2), len(s.stack3)) == sizes
    assert ("scoring", {"kind": "river", "player": 0, "row": 0}) in s.events


def test_r_act_c1_the_first_part_goes_into_section_i() -> None:
    """R-ACT-C1: the part goes into the next free section (I first); the builder gains its printed fame."""
    s = fresh(2)
    s.slots[3] = "B7"  # W1 H1 G1 S1, 5 fame
    set_hand(s, 1, "W1 H1 G1 S1")
    decide_on_field(s, 6, 1)
    s.apply("build")
    assert s.built == [["B7", 1]] and s.players[1].fame == 1 + 5
    assert s.players[1].hand == [0, 0, 0, 0] and s.supply == [18, 18, 18, 18]
