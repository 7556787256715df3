"""R-PREFECT and the Praefectus Magnus: production for every owner, the cash bonus, doubling and passing."""

from __future__ import annotations

import pytest

from engine.concordia import GameState, IllegalAction
from engine.concordia.actions import Cash, Produce
from tests.engine.helpers import discard, game, legal_texts, ok, play, set_goods, turn_of


def locris() -> GameState:
    """The rulebook example on Hellas: Locris (bonus cloth) has a brick city with houses of Red (P1) and Blue (P2)
    and a cloth city with a house of Yellow (P3)."""
    s = game("hellas", 3, "venus", 1)
    turn_of(s, 0)
    s.pm = 2
    s.tiles.update({"thermos": "brick", "delphi": "cloth"})
    s.bonus["locris"] = "cloth"
    s.players[0].houses = {"thermos"}
    s.players[1].houses = {"thermos"}
    s.players[2].houses = {"delphi"}
    for p in range(3):
        set_goods(s, p)
    return ok(s)


def test_r_prefect_example_locris_bonus_and_production_for_every_owner() -> None:
    s = locris()
    play(s, "play prefect")
    assert "produce locris" in legal_texts(s)
    play(s, "produce locris")
    assert s.players[0].goods == [1, 0, 0, 0, 1]  # 1 cloth bonus + 1 brick from Thermos
    assert s.players[1].goods == [1, 0, 0, 0, 0]  # 1 brick
    assert s.players[2].goods == [0, 0, 0, 0, 1]  # 1 cloth
    assert "locris" not in s.active_markers, "the marker shows its coin side"
    assert s.pm == 2, "P1 does not hold the Praefectus Magnus: it stays"
    assert s.active == 1


def test_r_prefect_province_without_houses_gives_only_the_bonus() -> None:
    s = locris()
    s.bonus["sporades"] = "wine"
    play(s, "play prefect", "produce sporades")
    assert [pl.goods for pl in s.players] == [[0, 0, 0, 1, 0], [0] * 5, [0] * 5]


def test_r_prefect_flipped_province_cannot_produce() -> None:
    s = locris()
    s.active_markers.discard("locris")
    play(s, "play prefect")
    assert Produce("locris") not in s.legal_actions()
    with pytest.raises(IllegalAction, match="not legal"):
        s.apply("produce locris")


def test_r_prefect_cash_bonus_is_the_sum_of_coins_and_flips_all_back() -> None:
    s = locris()
    # 4 flipped markers of non-cloth goods (2 coins each) and 2 of cloth (1 coin each): 10 sestertii
    flipped = ["epirus", "locris", "thessalia", "euboea", "sporades", "cyclades"]
    for prov, good in zip(flipped, ["brick", "food", "tool", "wine", "cloth", "cloth"], strict=True):
        s.bonus[prov] = good
        s.active_markers.discard(prov)
    s.players[0].money = 0
    play(s, "play prefect")
    assert "cash" in legal_texts(s)
    play(s, "cash")
    assert s.players[0].money == 10
    assert s.active_markers == set(s.map.provinces)


def test_r_prefect_cash_exact_amount() -> None:
    s = locris()
    s.players[0].money = 0
    for prov, good in (("epirus", "cloth"), ("achaia", "tool")):
        s.bonus[prov] = good
        s.active_markers.discard(prov)
    play(s, "play prefect", "cash")
    assert s.players[0].money == 3


def test_r_prefect_no_cash_offered_while_every_marker_is_goods_side_up() -> None:
    s = locris()
    play(s, "play prefect")
    assert Cash() not in s.legal_actions()


def test_r_prefect_praefectus_magnus_doubles_the_bonus_and_passes_to_the_right() -> None:
    s = locris()
    s.pm = 0
    play(s, "play prefect", "produce locris")
    assert s.players[0].goods == [1, 0, 0, 0, 2], "2 cloth bonus (not the house's brick doubled)"
    assert s.players[1].goods == [1, 0, 0, 0, 0]
    assert s.players[2].goods == [0, 0, 0, 0, 1]
    assert s.pm == 2, "right neighbour = the previous seat (anticlockwise)"


def test_r_prefect_praefectus_magnus_passes_from_seat_3_to_seat_2() -> None:
    s = locris()
    turn_of(s, 2)
    s.pm = 2
    play(s, "play prefect", "produce locris")
    assert s.players[2].goods == [0, 0, 0, 0, 3]  # 2 bonus cloth + 1 from Delphi
    assert s.pm == 1


def test_r_prefect_praefectus_magnus_not_with_the_cash_bonus() -> None:
    s = locris()
    s.pm = 0
    s.players[0].money = 0
    s.active_markers.discard("epirus")
    s.bonus["epirus"] = "wine"
    play(s, "play prefect", "cash")
    assert s.players[0].money == 2, "no doubled cash"
    assert s.pm == 0, "the Praefectus Magnus is not passed"


def test_r_prefect_praefectus_magnus_through_the_diplomat() -> None:
    s = locris()
    s.pm = 0
    turn_of(s, 0)
    # P2 played a Prefect last; P1 (holding the Praefectus Magnus) copies it with the Diplomat
    discard(s, 1, next(c for c in s.players[1].hand if c == "start-prefect"))
    play(s, "play diplomat")
    assert "copy 2" in legal_texts(s)
    play(s, "copy 2", "produce locris")
    assert s.players[0].goods == [1, 0, 0, 0, 2]
    assert s.pm == 2


def test_r_prefect_magister_repeats_a_prefect_and_the_magnus_doubles_only_once() -> None:
    s = locris()
    s.pm = 0
    discard(s, 0, "start-prefect")
    play(s, "play magister")
    assert s.decision == "prefect"
    play(s, "produce locris")
    assert s.players[0].goods == [1, 0, 0, 0, 2]
    assert s.pm == 2
