"""R-BEIGE (buying goods), R-BLACK (buying reputation) and the worked example E4."""

from __future__ import annotations

from engine.massilia.state import GameState

from .helpers import after_setup, clear_market, give, set_temple, set_turn, stall, texts

VIOLET = 2


def e4(die: str = "beige4") -> GameState:
    """E4: violet tile 2, violet marker 3; Red has 9 sesterces, stalls at 3 (pink, orange, violet) and 9 (5 cubes)."""
    s = after_setup(2, 1)
    clear_market(s)
    stall(s, 0, 3, pink=1, orange=1, violet=1)
    stall(s, 0, 9, pink=2, orange=2, beige=1)
    stall(s, 1, 12, pink=1)
    s.prices = [2, 2, 3, 1]  # temple 2, violet 2, orange 3, pink 1
    s.markers = [2, 2, 3]
    s.players[0].money = 9
    set_temple(s, die, "brown6")
    set_turn(s, 0)
    return s


def buy(s: GameState, text: str) -> GameState:
    c = s.clone()
    c.apply(f"take beige{c.temple[0] % 6 + 1}")
    c.apply(f"as beige {c.frames[-1]['g'][0] % 6 + 1}")
    c.apply(text)
    return c


def test_r_beige_1_e4_purchase_and_placement() -> None:
    s = e4()
    s.apply("take beige4")
    s.apply("as beige 4")
    assert "buy violet 2" in texts(s)
    s.apply("buy violet 2")
    assert s.players[0].money == 3  # 2 x 2 + 2 x 1 = 6
    assert s.markers[VIOLET] == 2  # R-BEIGE-3
    assert s.decision == "place"
    assert "place 3 violet1 beige2" in texts(s)
    s.apply("place 3 violet1 beige2")  # violet 1 then goes to 9 by itself
    assert s.stock[3] == [1, 1, 2, 2] and s.stock[9] == [2, 2, 1, 1]
    assert s.decision == "turn" and s.current_player == 1


def test_r_beige_1_at_least_one_main_cube() -> None:
    """E4 variant: 4 beige alone is illegal (at least one cube of the chosen colour)."""
    s = e4()
    s.apply("take beige4")
    s.apply("as beige 4")
    assert all(a.count >= 1 for a in s.legal_actions())  # type: ignore[union-attr]
    assert "buy violet 0" not in texts(s)


def test_r_beige_2_room_limits_the_value() -> None:
    """E4 variant: a die of 5 is illegal as a purchase (room 4)."""
    s = e4("beige5")
    s.apply("take beige5")
    assert "as beige 5" not in texts(s) and "as beige 4" in texts(s)


def test_r_beige_2_money_and_harbour_limit_the_purchase() -> None:
    s = e4()
    s.players[0].money = 5
    s.harbour[VIOLET] = 1
    s.touch()
    s.apply("take beige4")
    s.apply("as beige 4")
    assert "buy violet 1" in texts(s)  # 2 + 3 = 5
    assert "buy violet 2" not in texts(s)  # only 1 violet in the harbour
    assert "buy orange 1" not in texts(s)  # 3 + 3 = 6 > 5


def test_r_beige_1_e4_neptunus_makes_the_two_dearest_free() -> None:
    s = e4()
    give(s, 0, "neptunus")
    c = buy(s, "buy violet 2 neptunus")
    assert c.players[0].money == 9 - 2


def test_r_god_6_e4_mercurius_on_the_purchase() -> None:
    """E4 variant / R-GOD-6: Mercurius -1 on violet: he pays 4; the tile stays 2."""
    s = e4()
    give(s, 0, "mercurius")
    c = buy(s, "buy violet 2 mercurius-")
    assert c.players[0].money == 9 - 4
    assert c.prices[1] == 2


def test_r_beige_3_e4_marker_moves_once_per_purchase() -> None:
    """E4 variant: violet x 4 costs 8 and the marker still moves only -1."""
    s = e4()
    c = buy(s, "buy violet 4")
    assert c.players[0].money == 1 and c.markers[VIOLET] == 2
    s.markers[VIOLET] = 1
    c = buy(s, "buy violet 4")
    assert c.markers[VIOLET] == 1  # floor 1


def test_r_black_1_reputation_at_the_temple_price() -> None:
    s = e4("black3")
    s.prices[0] = 3
    s.touch()
    s.apply("take black3")
    s.apply("as black 3")
    assert s.players[0].rep == 3 and s.players[0].money == 0  # 3 x 3 = 9


def test_r_black_1_cannot_pay_is_illegal_and_mercurius_helps() -> None:
    s = e4("black4")
    s.prices[0] = 3
    s.touch()
    s.apply("take black4")
    assert "as black 4" not in texts(s) and "as black 3" in texts(s)  # 12 > 9
    s = e4("black4")
    s.prices[0] = 3
    give(s, 0, "mercurius")
    s.apply("take black4")
    s.apply("as black 4")  # the only way to pay: Mercurius -1, carried out at once
    assert ("auto", {"player": 0, "action": "reputation mercurius-"}) in s.events
    assert s.players[0].rep == 4 and s.players[0].money == 1 and s.prices[0] == 3


def largest_purchase_by_trial(s: GameState, money: int, limit: int, merc: bool, nep: bool) -> int:
    """R-BEIGE-2 value by value: the largest V <= limit some main colour can be bought with (R-BEIGE-1 costs)."""
    from engine.massilia.rules.dice import purchase_cost

    best = 0
    for g, slot in ((0, 3), (1, 2), (2, 1)):
        price = s.prices[slot] - 1 if merc and s.prices[slot] > 1 else s.prices[slot]
        for value in range(1, limit + 1):
            count = max(1, value - s.harbour[3])
            if count <= s.harbour[g] and purchase_cost(price, count, value, nep) <= money:
                best = max(best, value)
    return best


def test_r_beige_2_purchase_max_is_the_largest_legal_value() -> None:
    """R-BEIGE-2: the value limit the dice options use (solved for V without Neptunus) is the largest purchase."""
    import random

    from engine.massilia.rules.dice import purchase_max

    s = after_setup(2, 1)
    s.harbour = [0, 3, 1, 2]
    s.prices = [1, 2, 3, 3]  # violet 2, orange 3, pink 3
    # orange at 3 (3 in the harbour): V=3 is 1 orange + 2 beige = 5, V=4 is 2 orange + 2 beige = 8;
    # violet at 2 (1 in the harbour): V=3 is 1 violet + 2 beige = 4, V=4 would need 2 violet
    assert purchase_max(s, 7, 20, False, False) == 3
    assert purchase_max(s, 8, 20, False, False) == 4
    assert purchase_max(s, 8, 3, False, False) == 3  # the room
    assert purchase_max(s, 1, 20, False, False) == 0  # no main cube costs 1
    assert purchase_max(s, 1, 20, True, False) == 1  # Mercurius: violet at 1
    rng = random.Random(7)
    for _ in range(3000):
        s.harbour = [rng.randrange(4), rng.randrange(4), rng.randrange(4), rng.randrange(5)]
        s.prices = [rng.randrange(1, 4) for _ in range(4)]
        money, limit, merc, nep = rng.randrange(16), rng.randrange(12), rng.random() < 0.5, rng.random() < 0.3
        assert purchase_max(s, money, limit, merc, nep) == largest_purchase_by_trial(s, money, limit, merc, nep)
