"""R-END-1 (final scoring), R-TIE and the worked example E8."""

from __future__ import annotations

from engine.massilia.state import GameState

from .helpers import after_setup, clear_market, give


def e8() -> GameState:
    """E8: reputation / stalls / sesterces / stones: A 41 / 3 / 14 / 5 (and 2 cards), B 36 / 4 / 9 / 0,
    C 30 / 5 / 7 / 9, D 39 / 4 / 10 / 1."""
    s = after_setup(4, 1)
    clear_market(s)
    spaces = iter(range(16))
    for p, (rep, stalls, money, stones) in enumerate([(41, 3, 14, 5), (36, 4, 9, 0), (30, 5, 7, 9), (39, 4, 10, 1)]):
        pl = s.players[p]
        pl.rep, pl.money, pl.stones = rep, money, stones
        for _ in range(stalls):
            s.owner[next(spaces)] = p
    give(s, 0, "venus", "pluto")
    return s


def test_r_end_1_e8_final_scores() -> None:
    fs = e8().final_scores()
    assert [ps.total for ps in fs.players] == [45, 55, 42, 55]
    assert fs.players[0].breakdown == {"reputation": 41, "stalls": 9, "money": 4, "stones": -9}
    assert fs.players[1].breakdown == {"reputation": 36, "stalls": 16, "money": 3, "stones": 0}
    assert fs.players[2].breakdown == {"reputation": 30, "stalls": 25, "money": 2, "stones": -15}
    assert fs.players[3].breakdown == {"reputation": 39, "stalls": 16, "money": 3, "stones": -3}


def test_r_tie_e8_d_wins_on_sesterces() -> None:
    fs = e8().final_scores()
    assert fs.winner == 3 and fs.winners == [3] and fs.tie_break
    assert fs.ranking == [3, 1, 0, 2]
    assert fs.total(3) == 55


def test_r_end_1_tables() -> None:
    s = e8()
    for stalls, points in ((1, 0), (2, 4), (3, 9), (4, 16), (5, 25), (6, 25)):
        s.owner = [0] * stalls + [-1] * (16 - stalls)
        assert s.final_scores().players[0].breakdown["stalls"] == points
    for stones, minus in ((0, 0), (1, 3), (2, 3), (3, 6), (4, 6), (5, 9), (6, 9), (7, 12), (8, 12), (9, 15), (30, 15)):
        s.players[0].stones = stones
        assert s.final_scores().players[0].breakdown["stones"] == -minus


def test_r_end_1_total_may_fall_below_zero_and_cards_and_goods_score_nothing() -> None:
    s = e8()
    s.players[0].rep, s.players[0].money, s.players[0].stones = 0, 2, 9
    s.stock[0] = [3, 3, 0, 0]
    assert s.final_scores().players[0].total == 0 + 9 + 0 - 15


def test_r_tie_stones_then_a_shared_win() -> None:
    s = e8()
    s.players[1].money = 10  # B and D now equal in reputation, stalls and sesterces
    fs = s.final_scores()
    assert fs.winners == [1] and fs.winner == 1 and fs.tie_break  # B has fewer stones (0 < 1)
    s.players[1].stones = 1  # 36 + 16 + 3 - 3 = 52 < 55: no longer tied
    s.players[1].rep = 39
    fs = s.final_scores()
    assert fs.total(1) == 55 and fs.winners == [1, 3] and fs.tie_break  # every tie-break equal: shared
