"""The game's components, loaded once from ``data/components.json`` and validated on load.

Every component value lives in that one file; values no source gives (the spec's ``S-…`` stand-ins) are
named in its ``stand_ins`` field, and ``STAND_INS`` lists them in words so the UI can say that they are not
the printed game's. Inside the engine everything is a small int, for speed:

* card types (building materials) ``0..3`` = water, grain, wood, stone (letters W G H S);
* display rows ``0..5`` = stable, storage, river, grain, forest, mountain; landscape ``k`` is row ``2 + k``
  and produces card type ``k`` (river -> water, grain -> grain, forest -> wood, mountain -> stone);
* landscape tiles ``0..3`` = the landscapes, ``4`` = a stable with 1 wheel, ``5`` = a stable with 2 wheels;
* consul fields ``0..6`` clockwise, each of kind ``A`` (storage), ``B`` (tile or build) or ``D``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.core.data import read_json
from engine.core.errors import GameDataError

CARD_TYPES: tuple[str, ...] = ("water", "grain", "wood", "stone")
"""Building-material card types, in the engine's order."""
LETTERS: tuple[str, ...] = ("W", "G", "H", "S")
"""One letter per card type, as the spec writes costs (H = Holz, wood)."""
LANDSCAPES: tuple[str, ...] = ("river", "grain", "forest", "mountain")
"""Landscape ``k`` produces card type ``k``."""
ROWS: tuple[str, ...] = ("stable", "storage", *LANDSCAPES)
"""The 6 rows of a player's display (R-END-ROWS scores a majority in each)."""
STABLE_ROW = 0
STORAGE_ROW = 1
STABLE1 = 4
STABLE2 = 5
TILE_NAMES: tuple[str, ...] = (*LANDSCAPES, "stable1", "stable2")
"""Landscape tiles by int: the 4 landscapes, then stables with 1 and 2 wheels."""
STACK_NAMES: tuple[str, ...] = ("I", "II", "III")
SCORE_KINDS: tuple[str, ...] = (*LANDSCAPES, "stable")
"""What a scoring can score (R-SCORE): landscape ``k`` (``0..3``) or the stable (``4``)."""
STABLE_SCORING = 4


def wheels_of(tile: int) -> int:
    """Wheels a tile adds to the stable row: 1 or 2 for a stable, 0 for a landscape."""
    return tile - 3 if tile >= STABLE1 else 0


@dataclass(frozen=True, slots=True)
class Part:
    """A Colosseum part (R-ACT-C1): its printed cost per card type and fame."""

    id: str
    """``A1`` … ``C7``; the letter is its stack group."""
    cost: tuple[int, int, int, int]
    """Cards of each type (water, grain, wood, stone)."""
    fame: int

    @property
    def letter(self) -> str:
        return self.id[0]

    def cost_text(self) -> str:
        """The cost as the spec writes it: ``W2 S1``."""
        return " ".join(f"{LETTERS[t]}{n}" for t, n in enumerate(self.cost) if n)


@dataclass(frozen=True, slots=True)
class Components:
    """Every component value of the game (see the module docstring for the int encodings)."""

    min_players: int
    max_players: int
    track: tuple[str, ...]
    """Kind of each consul field, clockwise: "A", "B" or "D" (S-TRACK)."""
    blue_index: tuple[int, ...]
    """Per field: the landscape row / part slot it owns (0..3 for B fields), -1 for the others."""
    start_field: int
    cards_per_type: int
    storage_tiles: int
    hand_limit: int
    storage_bonus: int
    start_wheels: int
    start_fame: tuple[int, ...]
    start_displays: tuple[tuple[int, int], ...]
    """Per start display: its two landscapes (S-START)."""
    row_length: int
    stacks: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    """Tiles of stacks I, II, III (each as a sorted multiset of tile ints, S-TILES)."""
    parts: tuple[Part, ...]
    part_display: int
    sections: int
    chips: dict[int, int]
    """Section number (1-based) -> fame on its chip (S-CHIPS)."""
    majority_alone: int
    majority_tied: int
    cards_per_fame: int
    substitute: int
    """Cards of one other type that replace one missing card (R-ACT-C2)."""
    stand_ins: dict[str, str]
    """Data field -> why its value is ours, not the printed game's."""

    by_id: dict[str, Part]
    """Part id -> part."""

    def part(self, part_id: str) -> Part:
        return self.by_id[part_id]

    def parts_by_id(self) -> dict[str, Part]:
        return self.by_id

    def all_tiles(self) -> list[int]:
        """Every landscape tile of the game (stacks I, II and III)."""
        return [t for stack in self.stacks for t in stack]


def _need(d: dict[str, Any], key: str, typ: type) -> Any:
    if key not in d:
        raise GameDataError(f"components.json: missing field {key!r}")
    v = d[key]
    if typ is int and (not isinstance(v, int) or isinstance(v, bool)):
        raise GameDataError(f"components.json: {key} must be a whole number")
    if not isinstance(v, typ):
        raise GameDataError(f"components.json: {key} must be a {typ.__name__}")
    return v


def _cost(text: str, part_id: str) -> tuple[int, int, int, int]:
    cost = [0, 0, 0, 0]
    for item in text.split():
        if len(item) < 2 or item[0] not in LETTERS or not item[1:].isdigit():
            raise GameDataError(f"components.json: part {part_id}: bad cost item {item!r}")
        cost[LETTERS.index(item[0])] += int(item[1:])
    return (cost[0], cost[1], cost[2], cost[3])


def parse(d: dict[str, Any]) -> Components:
    """Validate the plain data of ``components.json`` and build ``Components``; ``GameDataError`` if wrong."""
    if not isinstance(d, dict):
        raise GameDataError("components.json: not an object")
    if tuple(_need(d, "card_types", list)) != CARD_TYPES or tuple(_need(d, "card_letters", list)) != LETTERS:
        raise GameDataError("components.json: card types must be water, grain, wood, stone (W G H S)")
    if tuple(_need(d, "landscapes", list)) != LANDSCAPES:
        raise GameDataError("components.json: landscapes must be river, grain, forest, mountain")
    players = _need(d, "players", dict)
    lo, hi = _need(players, "min", int), _need(players, "max", int)
    if not 2 <= lo <= hi <= 4:
        raise GameDataError("components.json: players must lie within 2..4")
    track = tuple(_need(d, "track", list))
    if len(track) != 7 or sorted(track) != ["A", "A", "B", "B", "B", "B", "D"]:
        raise GameDataError("components.json: the track has 7 fields: 2 A, 4 B, 1 D")
    blue, k = [], 0
    for kind in track:
        blue.append(k if kind == "B" else -1)
        k += kind == "B"
    start_field = _need(d, "start_field", int)
    if not 0 <= start_field < 7:
        raise GameDataError("components.json: start_field must be a field 0..6")
    start_fame = tuple(_need(d, "start_fame", list))
    if len(start_fame) != hi or any(not isinstance(x, int) or x < 0 for x in start_fame):
        raise GameDataError("components.json: start_fame needs one number per seat")
    displays = []
    for pair in _need(d, "start_displays", list):
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1] or not set(pair) <= set(LANDSCAPES):
            raise GameDataError(f"components.json: bad start display {pair!r}")
        displays.append((LANDSCAPES.index(pair[0]), LANDSCAPES.index(pair[1])))
    if len(displays) != hi or len(set(displays)) != len(displays):
        raise GameDataError("components.json: one different start display per seat")
    stacks_d = _need(d, "tile_stacks", dict)
    if list(stacks_d) != list(STACK_NAMES):
        raise GameDataError("components.json: tile_stacks must be I, II, III")
    stacks: list[tuple[int, ...]] = []
    for name in STACK_NAMES:
        counts = stacks_d[name]
        if not isinstance(counts, dict) or set(counts) != set(TILE_NAMES):
            raise GameDataError(f"components.json: stack {name} must count every tile kind")
        tiles: list[int] = []
        for t, tname in enumerate(TILE_NAMES):
            n = counts[tname]
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise GameDataError(f"components.json: stack {name}: bad count for {tname}")
            tiles += [t] * n
        stacks.append(tuple(tiles))
    row_length = _need(d, "row_length", int)
    if len(stacks[0]) != 4 * row_length:
        raise GameDataError("components.json: stack I must fill the 4 rows exactly (R-SETUP-ROWS)")
    if sum(len(s) for s in stacks) != _need(d, "landscape_tiles", int):
        raise GameDataError("components.json: the stacks do not add up to landscape_tiles")
    parts: list[Part] = []
    for item in _need(d, "parts", list):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not isinstance(item.get("cost"), str):
            raise GameDataError(f"components.json: bad part {item!r}")
        pid = item["id"]
        fame = item.get("fame")
        if pid[:1] not in ("A", "B", "C") or not isinstance(fame, int) or isinstance(fame, bool) or fame < 1:
            raise GameDataError(f"components.json: part {pid}: bad letter or fame")
        cost = _cost(item["cost"], pid)
        if sum(cost) == 0:
            raise GameDataError(f"components.json: part {pid} costs nothing")
        parts.append(Part(pid, cost, fame))
    if len(parts) != _need(d, "part_count", int) or len({p.id for p in parts}) != len(parts):
        raise GameDataError("components.json: parts must be part_count parts with distinct ids")
    sections = _need(d, "sections", int)
    part_display = _need(d, "part_display", int)
    if part_display != 4 or len(parts) < sections + part_display - 1:
        raise GameDataError("components.json: too few parts to fill every section with 4 on display")
    chips_d = _need(d, "chips", dict)
    chips: dict[int, int] = {}
    for key, val in chips_d.items():
        if not str(key).isdigit() or not 1 <= int(key) <= sections or not isinstance(val, int) or val < 1:
            raise GameDataError(f"components.json: bad chip {key!r}: {val!r}")
        chips[int(key)] = val
    majority = _need(d, "majority", dict)
    stand_ins = _need(d, "stand_ins", dict)
    for key, why in stand_ins.items():
        if key not in d or not isinstance(why, str) or not why:
            raise GameDataError(f"components.json: stand_ins names {key!r}, which is not a field with a reason")
    comp = Components(
        min_players=lo,
        max_players=hi,
        track=track,
        blue_index=tuple(blue),
        start_field=start_field,
        cards_per_type=_need(d, "cards_per_type", int),
        storage_tiles=_need(d, "storage_tiles", int),
        hand_limit=_need(d, "hand_limit", int),
        storage_bonus=_need(d, "storage_bonus", int),
        start_wheels=_need(d, "start_wheels", int),
        start_fame=start_fame,
        start_displays=tuple(displays),
        row_length=row_length,
        stacks=(stacks[0], stacks[1], stacks[2]),
        parts=tuple(parts),
        part_display=part_display,
        sections=sections,
        chips=chips,
        majority_alone=_need(majority, "alone", int),
        majority_tied=_need(majority, "tied", int),
        cards_per_fame=_need(d, "cards_per_fame", int),
        substitute=_need(d, "substitute", int),
        stand_ins={str(k): str(v) for k, v in stand_ins.items()},
        by_id={p.id: p for p in parts},
    )
    if comp.cards_per_type < 1 or comp.start_wheels < 1 or comp.cards_per_fame < 1:
        raise GameDataError("components.json: counts must be positive")
    return comp


@cache
def components() -> Components:
    """The validated components (loaded once)."""
    return parse(read_json("engine.colosseum", "components.json"))


STAND_INS: list[str] = list(components().stand_ins.values())
"""In words: every component value that is ours, not the printed game's (for the rules and new-game screens)."""
