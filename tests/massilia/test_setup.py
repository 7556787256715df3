"""R-SETUP, R-PLAYERS, the component data file and the config."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from engine.core.errors import GameDataError
from engine.massilia import STAND_INS, GameConfig, new_game
from engine.massilia.components import GODS, components, parse_components
from engine.massilia.dice import colour_of

from .helpers import after_setup, texts


def raw_components() -> dict[str, object]:
    text = resources.files("engine.massilia").joinpath("data/components.json").read_text(encoding="utf-8")
    data: dict[str, object] = json.loads(text)
    return data


def test_data_file_lists_its_stand_ins() -> None:
    raw = raw_components()
    fields = [s["field"] for s in raw["stand_ins"]]  # type: ignore[attr-defined,index]
    assert fields == ["market", "goods", "price_tiles", "round_tiles", "stall_tiles", "stones_per_player",
                      "player_colours"]
    assert len(STAND_INS) == 7
    assert STAND_INS[1] == "20 cubes of each colour"


def test_data_file_is_validated() -> None:
    raw = raw_components()
    bad = copy.deepcopy(raw)
    bad["price_tiles"] = [1, 2, 3]
    with pytest.raises(GameDataError, match="one price tile per price slot"):
        parse_components(bad)
    bad = copy.deepcopy(raw)
    bad["round_tiles"] = {"2": [2], "3": [3], "4": [4, 3, 2]}
    with pytest.raises(GameDataError, match="3 players need 2 round tiles"):
        parse_components(bad)
    bad = copy.deepcopy(raw)
    bad["stand_ins"] = [{"field": "nothing", "id": "ST-X", "note": "x"}]
    with pytest.raises(GameDataError, match="stand_ins"):
        parse_components(bad)


def test_components_facts() -> None:
    c = components()
    assert c.rounds == 7
    assert c.start_money[:4] == (5, 6, 7, 8)
    assert c.keep_cost == 2
    assert c.stall_capacity == 6 and c.build_cost == 5 and c.tax_per_cube == 1 and c.hand_limit == 3
    assert c.deck_size == 48
    assert c.gods == {"jupiter": 4, "neptunus": 4, "mars": 4, "mercurius": 5, "pluto": 5, "minerva": 6,
                      "phoebus": 6, "juno": 6, "venus": 8}
    assert c.quadrants == ((15, 0, 1), (3, 4, 5), (7, 8, 9), (11, 12, 13))


def test_config_validates_and_round_trips() -> None:
    assert GameConfig.from_dict({}) == GameConfig(players=4, stall_tiles=5)
    assert GameConfig.from_dict({"players": 2, "stall_tiles": 6}).to_dict() == {
        "players": 2, "stall_tiles": 6, "legacy_reactions": False}
    assert GameConfig.from_dict({"legacy_reactions": True}).legacy_reactions is True
    for bad, msg in (({"players": 5}, "2 to 4"), ({"players": "3"}, "whole number"), ({"players": True}, "whole"),
                     ({"stall_tiles": 4}, "5, 6"), ({"colour": 1}, "unknown option"),
                     ({"legacy_reactions": 1}, "true or false"), ([], "not a mapping")):
        with pytest.raises(GameDataError, match=msg):
            GameConfig.from_dict(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r_setup_2_to_12_and_r_players_table(n: int) -> None:
    """R-SETUP-2..12 and R-PLAYERS: harbour, stones, deck and display, figures, day 1, prices, tiles, markers, dice."""
    s = new_game(GameConfig(players=n), 7)
    assert s.harbour == [20, 20, 20, 20]  # R-SETUP-2 (ST-GOODS), before the start stalls
    assert s.supply == 10 * n  # 20 / 30 / 40
    assert len(s.deck) == 46 and all(c is not None for c in s.display)  # R-SETUP-3: 2 face up
    assert sorted(s.deck + [c for c in s.display if c]) == sorted(g for g in GODS for _ in range(components().gods[g]))
    assert sorted(s.figures) == [2, 6, 10, 14]  # R-SETUP-4
    assert s.round == 1  # R-SETUP-5
    assert sorted(s.prices) == [1, 2, 2, 3]  # R-SETUP-6
    assert s.round_tiles == {2: [2], 3: [2, 3], 4: [2, 3, 4]}[n]  # R-SETUP-7: highest on top (last)
    assert s.markers == [2, 2, 2]  # R-SETUP-8
    assert all(pl.rep == 0 for pl in s.players)  # R-SETUP-10
    assert s.order == list(range(n))  # R-SETUP-11: seats are the start order
    assert [pl.screen for pl in s.players] == [[1, 1, 1, 1]] * n  # R-SETUP-12
    assert sorted(colour_of(d) for d in s.temple) == [0, 1, 2, 3]
    assert [pl.money for pl in s.players] == [5, 6, 7, 8][:n]  # R-SETUP-14


def test_r_setup_13_start_stalls_one_per_quadrant() -> None:
    """R-SETUP-13: order 1..N, a free space of a quadrant without a stall, stocked pink, orange, violet."""
    s = new_game(GameConfig(players=3), 1)
    assert s.decision == "start" and s.current_player == 0
    assert texts(s) == [f"stall {x}" for x in (0, 1, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15)]  # no side-middle space
    s.apply("stall 4")
    assert s.stock[4] == [1, 1, 1, 0] and s.harbour == [19, 19, 19, 20]
    assert s.current_player == 1
    assert texts(s) == [f"stall {x}" for x in (0, 1, 7, 8, 9, 11, 12, 13, 15)]  # quadrant 1 is taken
    s.apply("stall 8")
    s.apply("stall 15")
    assert s.owner[4] == 0 and s.owner[8] == 1 and s.owner[15] == 2
    assert s.phase == "keep"  # day 1 begins


def test_r_setup_13_two_players_place_twice_in_order_1_2_2_1() -> None:
    s = new_game(GameConfig(players=2), 1)
    seats = []
    while s.phase == "setup":
        seats.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert seats[:3] == [0, 1, 1]  # the last of the four is forced into the last quadrant
    assert s.owner.count(0) == 2 and s.owner.count(1) == 2
    quads = {components().quadrant_of(x) for x, o in enumerate(s.owner) if o >= 0}
    assert quads == {0, 1, 2, 3}
    assert s.harbour == [16, 16, 16, 20]


def test_setup_is_deterministic_per_seed() -> None:
    a, b, c = after_setup(4, 3), after_setup(4, 3), after_setup(4, 4)
    assert a.to_dict() == b.to_dict()
    assert a.to_dict() != c.to_dict()


def test_new_game_refuses_bad_input() -> None:
    with pytest.raises(GameDataError):
        new_game(GameConfig(players=5), 1)
    with pytest.raises(GameDataError, match="seed"):
        new_game(GameConfig(players=2), "x")  # type: ignore[arg-type]


def test_r_setup_1_board_market_and_path() -> None:
    """R-SETUP-1 (ST-MARKET): 16 stall spaces in a ring, a closed path of 16 fields, empty before the start stalls."""
    s = new_game(GameConfig(players=4), 2)
    assert len(s.owner) == 16 and s.owner == [-1] * 16 and all(st == [0, 0, 0, 0] for st in s.stock)
    assert components().spaces == 16 and [components().quadrant_of(x) for x in (2, 6, 10, 14)] == [-1] * 4


def test_r_setup_9_reputation_has_no_ceiling() -> None:
    """R-SETUP-9: the 50-point tiles are bookkeeping: reputation is a plain number past 50."""
    s = after_setup(2, 1)
    s.players[0].rep = 73
    assert s.final_scores().players[0].breakdown["reputation"] == 73
