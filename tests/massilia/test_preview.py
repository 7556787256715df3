"""``engine.massilia.preview``: what a choice will do, checked against what applying it does (R-CUST-2,
R-CONSUL-1..4, R-PASS, R-DIE-3, R-BEIGE), on the worked example E5's market."""

from __future__ import annotations

from engine.massilia.actions import Move, Take
from engine.massilia.preview import (
    ConsulStop,
    buy_marker,
    consul_stop,
    least_stones,
    pass_tile,
    pluto_may_come,
    sale_gain,
)
from engine.massilia.state import GameState

from .helpers import after_setup, clear_market, give, set_temple, set_turn, stall
from .test_market import e5

CONSUL, PINK_C, ORANGE_C, VIOLET_C = 0, 1, 2, 3
VIOLET = 2


def at_brown(value: int = 3) -> object:
    s = e5()
    s.apply(f"take brown{value}")
    s.apply(f"as brown {value}")
    return s


def test_r_cust_2_the_sale_preview_is_what_the_sale_brings() -> None:
    """E5: the violet customer from 2 to 5 buys G's 2 violet at the temple's 2 and the violet marker's 2."""
    s = at_brown()
    move = Move(VIOLET_C, 5)
    gain = sale_gain(s, move)
    assert gain is not None
    assert (gain.good, gain.count, gain.money, gain.reputation) == (VIOLET, 2, 4, 4)
    assert (gain.marker, gain.marker_after) == (2, 3)
    money, rep = s.players[0].money, s.players[0].rep
    s.apply(move)
    assert (s.players[0].money - money, s.players[0].rep - rep, s.markers[VIOLET]) == (4, 4, 3)
    assert sale_gain(at_brown(), Move(CONSUL, 1)) is None


def test_r_consul_the_stop_preview_names_tax_closing_last_stall_and_free_space() -> None:
    s = at_brown()
    assert consul_stop(s, Move(PINK_C, 5)) is None
    stop = consul_stop(s, Move(CONSUL, 1))  # 14 + 3: a free space
    assert stop is not None and (stop.kind, stop.owner) == ("free", -1)
    s2 = after_setup(2, 1)
    clear_market(s2)
    stall(s2, 1, 4, pink=2, beige=1)
    stall(s2, 1, 8)
    stall(s2, 1, 9)
    stall(s2, 0, 12)
    s2.figures = [1, 2, 10, 2]
    set_temple(s2, "brown3")
    set_turn(s2, 0)
    s2.apply("take brown3")
    s2.apply("as brown 3")
    tax = consul_stop(s2, Move(CONSUL, 4))
    assert tax is not None and (tax.kind, tax.owner, tax.cubes, tax.tax) == ("tax", 1, 3, 3)
    s2.stock[4] = [0, 0, 0, 0]
    s2.touch()
    close = consul_stop(s2, Move(CONSUL, 4))
    assert close is not None and (close.kind, close.owner) == ("close", 1)


def test_r_pass_the_round_tile_or_none_for_the_last() -> None:
    s = e5()
    assert pass_tile(s) == s.round_tiles[-1]
    tile = s.round_tiles[-1]
    s.apply("pass")
    assert s.players[0].money >= tile and s.players[0].tile == tile
    assert pass_tile(s) == 0  # the other merchant is the last to pass: no tile


def test_r_die_3_least_stones_after_taking_a_die() -> None:
    s = e5()  # G has no money: a beige die buys nothing, so used alone it changes colour (1 stone)
    set_temple(s, "brown3", "beige4")
    assert least_stones(s, Take(6 + 2)) == 0
    assert least_stones(s, Take(3)) == 1


def test_r_beige_a_purchase_lowers_its_marker_not_below_the_minimum() -> None:
    s = e5()
    assert buy_marker(s, VIOLET) == (2, 1)
    s.markers[VIOLET] = 1
    assert buy_marker(s, VIOLET) == (1, 1)


def tax_position() -> GameState:
    """Seat 0 may move the consul to seat 1's stall at 4 (3 cubes: a tax)."""
    s = after_setup(2, 1)
    clear_market(s)
    stall(s, 1, 4, pink=2, beige=1)
    stall(s, 1, 8)
    stall(s, 0, 12)
    s.figures = [1, 2, 10, 2]
    set_temple(s, "brown3")
    set_turn(s, 0)
    return s


def test_r_god_5_the_stop_preview_says_pluto_may_come_from_the_movers_knowledge() -> None:
    """R-GOD-5: the owner of a taxed or closed stall may play Pluto. The mover's preview says "may" when the
    owner holds a live Pluto taken face up, or a live card taken face down while a Pluto is unseen; not when
    the owner's cards are all known and none is Pluto, nor when his face-down card is fresh (R-GOD-2)."""
    def stop_after(s: GameState) -> ConsulStop:
        s.apply("take brown3")
        s.apply("as brown 3")
        stop = consul_stop(s, Move(CONSUL, 4))
        assert stop is not None
        return stop

    plain = tax_position()
    assert (stop_after(plain).kind, stop_after(tax_position()).pluto) == ("tax", False)
    known = tax_position()
    give(known, 1, "pluto")
    assert stop_after(known).pluto is True
    for card in ("pluto", "venus"):  # face down: the same answer whether it is Pluto or not
        hidden = tax_position()
        give(hidden, 1, card, known=False)
        assert stop_after(hidden).pluto is True, card
        assert pluto_may_come(hidden.view(0), 0, 1) is True
    fresh = tax_position()
    give(fresh, 1, "pluto", known=False, fresh=True)
    assert stop_after(fresh).pluto is False
    gone = tax_position()
    for _ in range(gone.deck.count("pluto")):
        gone.deck.remove("pluto")
        gone.discard.append("pluto")
    give(gone, 1, "venus", known=False)
    assert stop_after(gone).pluto is False  # every Pluto is in the discard
