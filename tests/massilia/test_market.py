"""R-BROWN, R-CUST (customers), R-CONSUL (the consul), R-GOD-5 (Pluto) and the worked examples E5 and E6."""

from __future__ import annotations

from engine.massilia.state import GameState

from .helpers import after_setup, clear_market, give, set_temple, set_turn, stall, texts

CONSUL, PINK_C, ORANGE_C, VIOLET_C = 0, 1, 2, 3
PINK, ORANGE, VIOLET, BEIGE = 0, 1, 2, 3


def e5(owner: int = 0) -> GameState:
    """E5: temple tile 2; violet marker 2, pink marker 1; G's stall at 5 holds violet 2, orange, beige."""
    s = after_setup(2, 1)
    clear_market(s)
    stall(s, owner, 5, violet=2, orange=1, beige=1)
    stall(s, 1 - owner, 12)
    s.prices = [2, 2, 2, 2]
    s.markers = [1, 2, 2]
    s.figures = [14, 2, 10, 2]  # consul, pink, orange, violet
    s.players[0].money = 0
    s.players[0].rep = 0
    set_temple(s, "brown3", "brown6")
    set_turn(s, 0)
    return s


def move(s: GameState, text: str, die: str = "brown3") -> GameState:
    c = s.clone()
    c.apply(f"take {die}")
    c.apply(f"as brown {die[-1]}")
    c.apply(text)
    return c


def test_r_brown_1_exactly_v_fields_either_way() -> None:
    s = e5()
    s.apply("take brown3")
    s.apply("as brown 3")
    assert texts(s) == [
        "move consul 1", "move consul 11",  # 14 + 3 wraps to 1; 14 - 3 = 11
        "move pink 5", "move pink 15",
        "move orange 7", "move orange 13",
        "move violet 5", "move violet 15",
    ]


def test_r_cust_2_e5_violet_customer_buys_violet() -> None:
    """E5: the violet customer moves 2 -> 5: +4 sesterces, +4 reputation, violet marker 3."""
    c = move(e5(), "move violet 5")
    assert c.figures[VIOLET_C] == 5
    assert c.players[0].money == 4 and c.players[0].rep == 4
    assert c.markers[VIOLET] == 3
    assert c.stock[5] == [0, 1, 0, 1]  # orange and beige stay


def test_r_cust_1_e5_pink_customer_buys_beige_instead() -> None:
    """E5 variant / R-CUST-1 Ruling: no pink cube there, so the pink customer buys the beige: +2, +0, marker 1."""
    c = move(e5(), "move pink 5")
    assert c.players[0].money == 2 and c.players[0].rep == 0
    assert c.markers[PINK] == 1
    assert c.stock[5] == [0, 1, 2, 0]


def test_r_god_6_e5_mercurius_on_the_sale() -> None:
    """E5 variant: Mercurius +1 on the temple tile: +6 sesterces."""
    s = e5()
    give(s, 0, "mercurius")
    c = move(s, "move violet 5 mercurius+")
    assert c.players[0].money == 6 and c.players[0].rep == 4 and c.prices[0] == 2
    assert "move violet 15 mercurius+" not in texts(s.clone())  # no sale there: Mercurius would have no effect


def test_r_cust_1_e5_foreign_stall_nothing_happens() -> None:
    """E5 variant: the stall at 5 is Y's: nothing happens (Ruling 22: the USE is still legal)."""
    s = e5(owner=1)
    c = move(s, "move violet 5")
    assert c.figures[VIOLET_C] == 5
    assert c.players[0].money == 0 and c.players[0].rep == 0 and c.stock[5] == [0, 1, 2, 1]


def test_r_cust_2_marker_capped_at_3() -> None:
    s = e5()
    s.markers[VIOLET] = 3
    c = move(s, "move violet 5")
    assert c.players[0].rep == 6 and c.markers[VIOLET] == 3


def e6() -> GameState:
    """E6: Blue (seat 2) stalls at 1 (empty) and 8 (pink 2, orange, beige), 2 sesterces; Red (seat 1) 7 sesterces,
    stalls at 5 (violet 2) and 12, 3 tiles in supply. The consul stands on 4."""
    s = after_setup(2, 1)
    clear_market(s)
    stall(s, 1, 1)
    stall(s, 1, 8, pink=2, orange=1, beige=1)
    stall(s, 0, 5, violet=2)
    stall(s, 0, 12)
    s.players[1].money = 2
    s.players[0].money = 7
    s.figures = [4, 2, 6, 10]
    set_temple(s, "brown4", "brown3", "brown6")
    set_turn(s, 0)
    return s


def test_r_consul_3_e6_tax_the_owner_keeps_what_he_pays_for() -> None:
    s = e6()
    assert s.tiles_left(0) == 3
    c = move(s, "move consul 8", "brown4")
    assert c.decision == "tax" and c.current_player == 1  # out of turn (D-TAX)
    assert "pay pink2" in texts(c) and "pay pink2 orange1" not in texts(c)  # he has 2 sesterces
    harbour = list(c.harbour)
    c.apply("pay pink2")
    assert c.players[1].money == 0
    assert c.stock[8] == [2, 0, 0, 0] and c.owner[8] == 1  # the stall stays
    assert c.harbour == [harbour[0], harbour[1] + 1, harbour[2], harbour[3] + 1]


def test_r_consul_3_the_stall_stays_even_if_empty() -> None:
    c = move(e6(), "move consul 8", "brown4")
    c.apply("pay none")
    assert c.stock[8] == [0, 0, 0, 0] and c.owner[8] == 1 and c.players[1].money == 2


def test_r_god_5_e6_pluto_stops_the_consul() -> None:
    s = e6()
    give(s, 1, "pluto")
    c = move(s, "move consul 8", "brown4")
    assert c.decision == "pluto" and c.current_player == 1
    c.apply("pluto")
    assert c.stock[8] == [2, 1, 0, 1] and c.players[1].money == 2 and c.discard == ["pluto"]
    assert c.players[1].hand == []


def test_r_god_2_e6_a_pluto_taken_in_the_last_turn_is_dead() -> None:
    s = e6()
    give(s, 1, "pluto", fresh=True)
    c = move(s, "move consul 8", "brown4")
    assert c.decision == "tax"  # no Pluto decision: the card is dead until Blue's next turn begins


def test_r_consul_2_e6_closing_and_building() -> None:
    """E6: the consul to 1 closes Blue's empty stall; Red builds there for 5 and moves his 2 violet from 5."""
    s = e6()
    c = move(s, "move consul 1", "brown3")
    assert c.owner[1] == -1 and c.tiles_left(1) == 4  # the tile goes back to Blue
    assert c.decision == "build" and texts(c) == ["build", "no build"]
    c.apply("build")
    assert c.players[0].money == 2 and c.owner[1] == 0
    assert c.decision == "shift"
    c.apply("shift 5 violet2")
    assert c.stock[1] == [0, 0, 2, 0] and c.stock[5] == [0, 0, 0, 0]
    assert c.owner.count(0) == 3


def test_r_consul_2_e6_last_stall_never_closes() -> None:
    s = e6()
    s.owner[1] = -1
    s.stock[8] = [0, 0, 0, 0]
    s.touch()
    c = move(s, "move consul 8", "brown4")
    assert c.owner[8] == 1 and ("last_stall", {"player": 1, "space": 8}) in c.events
    assert c.decision == "turn"  # no build, no tax


def test_r_consul_1_empty_space_build_needs_money_and_a_tile() -> None:
    s = e6()
    c = move(s, "move consul 7", "brown3")
    assert c.decision == "build"
    s.players[0].money = 4
    s.touch()
    c = move(s, "move consul 7", "brown3")
    assert ("auto", {"player": 0, "action": "no build"}) in c.events and c.owner[7] == -1


def test_r_consul_build_at_most_6_cubes_on_the_new_stall() -> None:
    s = e6()
    s.stock[5] = [0, 0, 2, 0]
    s.stock[12] = [3, 3, 0, 0]
    s.harbour[0] -= 3
    s.harbour[1] -= 3
    s.touch()
    c = move(s, "move consul 7", "brown3")
    c.apply("build")
    c.apply("shift 5 violet2")
    assert texts(c) == [t for t in texts(c) if sum(int(w[-1]) for w in t.split()[2:] if w != "none") <= 4]
    c.apply("shift 12 pink2 orange2")
    assert sum(c.stock[7]) == 6 and c.decision == "turn"


def test_r_consul_4_the_mover_is_hit_too() -> None:
    """R-CONSUL-4: the consul taxes the mover's own stall."""
    s = e6()
    s.figures[CONSUL] = 2
    s.touch()
    c = move(s, "move consul 5", "brown3")
    assert c.decision == "tax" and c.current_player == 0
    c.apply("pay violet1")
    assert c.players[0].money == 6 and c.stock[5] == [0, 0, 1, 0]
