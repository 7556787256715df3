"""The components of Massilia: names of colours, dice, figures and gods, and the numbers from ``data/components.json``.

Every component value lives in the one data file, loaded and validated once (``components()``). The file's
top-level ``stand_ins`` lists the values that are ours and not the printed game's (rule spec ids ``ST-…``);
``STAND_INS`` gives their short notes so the UI can say so.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.core.data import read_json
from engine.core.errors import GameDataError

GOODS: tuple[str, ...] = ("pink", "orange", "violet", "beige")
"""The goods cubes: the three main colours, then beige (the wild good). Goods counts are lists in this order."""
PINK, ORANGE, VIOLET, BEIGE = 0, 1, 2, 3
MAIN: tuple[int, ...] = (PINK, ORANGE, VIOLET)

PRICE_SLOTS: tuple[str, ...] = ("temple", "violet", "orange", "pink")
"""Where the four price tiles lie, in the order of R-PRICE's rotation (temple -> violet -> orange -> pink)."""
TEMPLE_SLOT = 0
SLOT_OF_GOOD: tuple[int, ...] = (3, 2, 1)
"""The price slot of each main good (pink, orange, violet)."""

DICE: tuple[str, ...] = ("beige", "brown", "black", "grey")
"""Die colours; each names its action (R-BEIGE, R-BROWN, R-BLACK, R-GREY)."""
D_BEIGE, D_BROWN, D_BLACK, D_GREY = 0, 1, 2, 3

FIGURES: tuple[str, ...] = ("consul", "pink", "orange", "violet")
"""The figures on the path: the white consul and the three customers (customer i buys good i - 1)."""
CONSUL = 0

GODS: tuple[str, ...] = ("jupiter", "neptunus", "mars", "mercurius", "pluto", "minerva", "phoebus", "juno", "venus")

DISPLAY_SLOTS = 2
"""Face-up god cards (Ruling, question 4)."""


@dataclass(frozen=True, slots=True)
class Components:
    """The numbers of the game (see the data file for which of them are stand-ins)."""

    rounds: int
    start_money: tuple[int, ...]
    keep_cost: int
    goods: tuple[int, ...]
    """Cubes per colour in the game, in ``GOODS`` order."""
    price_tiles: tuple[int, ...]
    price_min: int
    price_max: int
    marker_min: int
    marker_max: int
    marker_start: int
    round_tiles: dict[int, tuple[int, ...]]
    """Player count -> the round tiles in play, highest first."""
    stones_per_player: int
    stall_tiles: int
    stall_tiles_options: tuple[int, ...]
    stall_capacity: int
    build_cost: int
    tax_per_cube: int
    hand_limit: int
    gods: dict[str, int]
    spaces: int
    quadrants: tuple[tuple[int, ...], ...]
    figure_starts: tuple[int, ...]
    stall_points: tuple[int, ...]
    """Points for 0, 1, 2 ... stalls; the last entry counts for that many or more."""
    stone_penalty: tuple[int, ...]
    """Points lost for 0, 1, 2 ... stones; the last entry counts for that many or more."""
    money_per_point: int
    player_colours: tuple[str, ...]
    stand_ins: tuple[str, ...]

    @property
    def deck_size(self) -> int:
        return sum(self.gods.values())

    def quadrant_of(self, space: int) -> int:
        """The quadrant of a stall space, or -1 for the side-middle spaces."""
        for q, spaces in enumerate(self.quadrants):
            if space in spaces:
                return q
        return -1

    def stall_score(self, stalls: int) -> int:
        return self.stall_points[min(stalls, len(self.stall_points) - 1)]

    def stone_score(self, stones: int) -> int:
        return self.stone_penalty[min(stones, len(self.stone_penalty) - 1)]


def _int(d: dict[str, Any], key: str, lo: int = 0, hi: int = 10**6) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise GameDataError(f"components.json: {key} must be a whole number from {lo} to {hi}")
    return v


def _ints(v: Any, what: str, lo: int = 0, hi: int = 10**6) -> tuple[int, ...]:
    if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi for x in v):
        raise GameDataError(f"components.json: {what} must be a list of whole numbers from {lo} to {hi}")
    return tuple(v)


def parse_components(d: Any) -> Components:
    """Validate the data file's content; ``GameDataError`` names the first problem."""
    if not isinstance(d, dict):
        raise GameDataError("components.json: not an object")
    stand = d.get("stand_ins")
    if not isinstance(stand, list) or not all(
        isinstance(s, dict) and isinstance(s.get("field"), str) and isinstance(s.get("note"), str) and s["field"] in d
        for s in stand
    ):
        raise GameDataError("components.json: stand_ins must list {field, id, note} of fields in the file")
    goods = d.get("goods")
    if not isinstance(goods, dict) or list(goods) != list(GOODS):
        raise GameDataError(f"components.json: goods must give counts for {', '.join(GOODS)}")
    gods = d.get("gods")
    if not isinstance(gods, dict) or list(gods) != list(GODS):
        raise GameDataError(f"components.json: gods must give counts for {', '.join(GODS)}")
    market = d.get("market")
    if not isinstance(market, dict):
        raise GameDataError("components.json: market must be an object")
    spaces = _int(market, "spaces", 4, 64)
    quadrants = tuple(_ints(q, "market.quadrants", 0, spaces - 1) for q in market.get("quadrants") or [None])
    flat = [s for q in quadrants for s in q]
    if len(quadrants) != 4 or len(set(flat)) != len(flat):
        raise GameDataError("components.json: market.quadrants must be 4 disjoint lists of spaces")
    starts = _ints(market.get("figure_starts"), "market.figure_starts", 0, spaces - 1)
    if len(starts) != len(FIGURES):
        raise GameDataError("components.json: market.figure_starts needs one field per figure")
    pr = _ints(d.get("price_range"), "price_range", 1, 99)
    mr = _ints(d.get("marker_range"), "marker_range", 0, 99)
    if len(pr) != 2 or len(mr) != 2 or pr[0] > pr[1] or mr[0] > mr[1]:
        raise GameDataError("components.json: price_range and marker_range must be [low, high]")
    tiles = _ints(d.get("price_tiles"), "price_tiles", pr[0], pr[1])
    if len(tiles) != len(PRICE_SLOTS):
        raise GameDataError("components.json: there must be one price tile per price slot")
    rt = d.get("round_tiles")
    if not isinstance(rt, dict) or sorted(rt) != ["2", "3", "4"]:
        raise GameDataError("components.json: round_tiles must list the tiles for 2, 3 and 4 players")
    round_tiles = {int(k): tuple(sorted(_ints(v, "round_tiles", 1, 99), reverse=True)) for k, v in rt.items()}
    for n, ts in round_tiles.items():
        if len(ts) != n - 1:
            raise GameDataError(f"components.json: {n} players need {n - 1} round tiles")
    start_money = _ints(d.get("start_money"), "start_money", 0, 999)
    colours = d.get("player_colours")
    if len(start_money) < 4 or not isinstance(colours, list) or len(colours) < 4:
        raise GameDataError("components.json: start_money and player_colours need 4 entries")
    options = _ints(d.get("stall_tiles_options"), "stall_tiles_options", 1, 16)
    c = Components(
        rounds=_int(d, "rounds", 1, 99),
        start_money=start_money,
        keep_cost=_int(d, "keep_cost", 0, 99),
        goods=tuple(_ints([goods[g] for g in GOODS], "goods", 4, 999)),
        price_tiles=tiles,
        price_min=pr[0],
        price_max=pr[1],
        marker_min=mr[0],
        marker_max=mr[1],
        marker_start=_int(d, "marker_start", mr[0], mr[1]),
        round_tiles=round_tiles,
        stones_per_player=_int(d, "stones_per_player", 0, 999),
        stall_tiles=_int(d, "stall_tiles", 2, 16),
        stall_tiles_options=options,
        stall_capacity=_int(d, "stall_capacity", 3, 99),
        build_cost=_int(d, "build_cost", 0, 99),
        tax_per_cube=_int(d, "tax_per_cube", 0, 99),
        hand_limit=_int(d, "hand_limit", 1, 99),
        gods={g: int(n) for g, n in zip(GODS, _ints([gods[g] for g in GODS], "gods", 1, 99), strict=True)},
        spaces=spaces,
        quadrants=quadrants,
        figure_starts=starts,
        stall_points=_ints(d.get("stall_points"), "stall_points", 0, 999),
        stone_penalty=_ints(d.get("stone_penalty"), "stone_penalty", 0, 999),
        money_per_point=_int(d, "money_per_point", 1, 99),
        player_colours=tuple(str(x) for x in colours),
        stand_ins=tuple(str(s["note"]) for s in stand),
    )
    if c.stall_tiles not in c.stall_tiles_options:
        raise GameDataError("components.json: stall_tiles must be one of stall_tiles_options")
    if not c.stall_points or not c.stone_penalty:
        raise GameDataError("components.json: stall_points and stone_penalty must not be empty")
    if c.deck_size < DISPLAY_SLOTS + 4 * c.hand_limit + 1:
        raise GameDataError("components.json: too few god cards for the display and full hands")
    return c


@cache
def components() -> Components:
    """The game's components, read from ``data/components.json`` and validated (once)."""
    return parse_components(read_json("engine.massilia", "components.json"))


STAND_INS: list[str] = list(components().stand_ins)
"""What is not the printed game's: short notes, one per stand-in value (for the UI to show)."""
