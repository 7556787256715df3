"""R-SETUP-*, R-PLAYERS-1, the components (S-*) and worked example E1."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.colosseum import STAND_INS, GameConfig, GameDataError, new_game
from engine.colosseum.components import components

from .helpers import texts


def test_s_track_and_components_as_the_spec_lists_them() -> None:
    """S-TRACK, S-START, S-TILES, S-CARDS, S-PARTS, S-CHIPS: the data file holds the spec's values."""
    comp = components()
    assert comp.track == ("D", "B", "A", "B", "B", "A", "B")
    assert comp.blue_index == (-1, 0, -1, 1, 2, -1, 3)
    assert comp.start_field == 0
    # S-START: grain+river, forest+mountain, grain+forest, river+mountain (river 0, grain 1, forest 2, mountain 3)
    assert comp.start_displays == ((1, 0), (2, 3), (1, 2), (0, 3))
    # S-TILES: I 16, II 21, III 21 = 58
    assert [len(st) for st in comp.stacks] == [16, 21, 21]
    assert Counter(comp.stacks[0]) == {0: 3, 1: 3, 2: 3, 3: 3, 4: 2, 5: 2}
    assert Counter(comp.stacks[1]) == {0: 4, 1: 4, 2: 4, 3: 4, 4: 3, 5: 2}
    assert Counter(comp.stacks[2]) == {0: 4, 1: 4, 2: 4, 3: 4, 4: 2, 5: 3}
    assert comp.cards_per_type == 18 and comp.storage_tiles == 16
    assert len(comp.parts) == 20 and comp.sections == 17
    assert Counter(p.letter for p in comp.parts) == {"A": 6, "B": 7, "C": 7}
    assert comp.part("A1").cost == (2, 0, 0, 1) and comp.part("A1").fame == 4  # R's example: W2 S1 for 4 fame
    assert comp.part("C6").cost_text() == "W1 G1 H2 S2" and comp.part("C6").fame == 7
    assert all(p.fame == sum(p.cost) + 1 for p in comp.parts)
    assert comp.chips == {15: 1, 16: 2, 17: 4}


def test_stand_ins_are_listed_for_the_ui() -> None:
    assert len(STAND_INS) == 7
    assert all(isinstance(x, str) and x.startswith("S-") for x in STAND_INS)
    assert set(components().stand_ins) == {"track", "start_field", "start_displays", "tile_stacks",
                                           "cards_per_type", "parts", "chips"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r_setup_seats_fame_by_seat(players: int) -> None:
    """R-SETUP-SEATS: seat i starts with i fame; seat 0 is the start player and chooses first."""
    s = new_game(GameConfig(players=players), 5)
    assert [pl.fame for pl in s.players] == [0, 1, 2, 3][:players]
    assert s.current_player == 0 and s.active == 0


def test_r_setup_display_one_start_display_each() -> None:
    """R-SETUP-DISPLAY: different start displays; stable (3 wheels), storage, 2 landscapes; p = 0, P = 2."""
    s = new_game(GameConfig(players=4), 11)
    comp = components()
    assert sorted(pl.display for pl in s.players) == [0, 1, 2, 3]
    for pl in s.players:
        a, b = comp.start_displays[pl.display]
        expected = [1, 1, 0, 0, 0, 0]
        expected[2 + a] = expected[2 + b] = 1
        assert pl.rows == expected
        assert (pl.wheels, pl.marker, pl.points, pl.limit) == (3, 0, 2, 4)


def test_r_setup_board_piles_consul_and_storage() -> None:
    """R-SETUP-BOARD: 4 piles of 18 cards, the consul on field 0, 16 storage tiles."""
    s = new_game(GameConfig(players=2), 1)
    assert s.supply == [18, 18, 18, 18]
    assert s.consul == 0 and s.storage == 16


def test_r_setup_rows_from_stack_i_nothing_scored() -> None:
    """R-SETUP-ROWS: stack I makes 4 rows of 4; II and III stay separate face-down stacks; nothing scored."""
    comp = components()
    s = new_game(GameConfig(players=3), 2)
    assert [len(r) for r in s.land_rows] == [4, 4, 4, 4]
    assert Counter(t for r in s.land_rows for t in r) == Counter(comp.stacks[0])
    assert Counter(s.stack2) == Counter(comp.stacks[1]) and Counter(s.stack3) == Counter(comp.stacks[2])
    assert all(pl.hand == [0, 0, 0, 0] for pl in s.players)
    assert [pl.fame for pl in s.players] == [0, 1, 2]


def test_r_setup_parts_a_on_top_four_on_display() -> None:
    """R-SETUP-PARTS: stacked C, B, A; the top 4 (all A) face up at B1..B4; 16 left: 2 A on top, 7 B, 7 C."""
    s = new_game(GameConfig(players=4), 3)
    assert all(pid is not None and pid[0] == "A" for pid in s.slots)
    assert [p[0] for p in s.parts] == ["C"] * 7 + ["B"] * 7 + ["A"] * 2
    assert len(set(s.parts) | {p for p in s.slots if p}) == 20


def test_r_setup_card_each_seat_in_order() -> None:
    """R-SETUP-CARD: each seat in seat order takes 1 card of its choice (D-START-CARD)."""
    s = new_game(GameConfig(players=3), 4)
    assert s.decision == "card"
    assert texts(s) == ["card water", "card grain", "card wood", "card stone"]
    s.apply("card grain")
    assert s.current_player == 1 and s.decision == "card"
    s.apply("card grain")
    s.apply("card stone")
    assert s.decision == "move" and s.current_player == 0
    assert [pl.hand for pl in s.players] == [[0, 1, 0, 0], [0, 1, 0, 0], [0, 0, 0, 1]]
    assert s.supply == [18, 16, 18, 17]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r_players_1_nothing_changes_with_the_count(players: int) -> None:
    """R-PLAYERS-1: every count plays with 16 storage tiles, 4 rows, 17 sections and all 72 cards."""
    s = new_game(GameConfig(players=players), 9)
    assert s.storage == 16 and len(s.land_rows) == 4 and sum(s.supply) == 72
    assert components().sections == 17 and len(s.players) == players


def test_setup_is_drawn_from_the_seed() -> None:
    a = new_game(GameConfig(players=4), 42).to_dict()
    assert a == new_game(GameConfig(players=4), 42).to_dict()
    assert a != new_game(GameConfig(players=4), 43).to_dict()


def test_e1_setup_and_first_move() -> None:
    """E1: 3 players: fame 0/1/2, 1 card each, limit 4, W 3, p 0, P 2, consul on 0; seat 0 may move 1..3."""
    s = new_game(GameConfig(players=3), 7)
    for _ in range(3):
        s.apply("card wood")
    assert [pl.fame for pl in s.players] == [0, 1, 2]
    assert all(pl.cards == 1 and pl.limit == 4 and pl.wheels == 3 and pl.marker == 0 and pl.points == 2
               for pl in s.players)
    assert s.consul == 0
    assert texts(s) == ["move 1", "move 2", "move 3"]
    with pytest.raises(ValueError, match="move 4 is not possible"):
        s.apply("move 4")  # needs 1 fame
    s.players[0].fame = 2
    s._legal = None
    assert texts(s) == ["move 1", "move 2", "move 3", "move 4", "move 5"]
    s.apply("move 5")
    assert (s.players[0].marker, s.players[0].fame, s.consul) == (2, 0, 5)
    assert components().track[5] == "A" and s.decision == "storage"


def test_config_validate_and_round_trip() -> None:
    cfg = GameConfig(players=3, field_d="exchange", max_turns=50)
    assert GameConfig.from_dict(cfg.to_dict()) == cfg
    assert GameConfig.from_dict({}) == GameConfig()
    for bad in ({"players": 5}, {"players": 1}, {"players": "3"}, {"players": True}, {"field_d": "dice"},
                {"field_d": 3}, {"max_turns": -1}, {"max_turns": 2.5}, {"colour": "red"}, [3]):
        with pytest.raises(GameDataError):
            GameConfig.from_dict(bad)  # type: ignore[arg-type]
    with pytest.raises(GameDataError, match="2 to 4 players"):
        new_game(GameConfig(players=5), 1)
