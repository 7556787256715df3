"""Reading a state back from plain data (``GameState.from_dict``): every field type-checked, then consistency.

A save file or a hand-written test position may be damaged or made up; whatever it holds, the only error
that comes out is ``StateFormatError`` with a one-line reason. Consistency means: every card, tile, storage
tile and part of the game is in exactly one place, the counters lie in their ranges, and the pending decision
fits the board (a storage decision on a red field, a discard only for a seat over its limit ...).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.errors import GameDataError, StateFormatError

from .components import CARD_TYPES, LANDSCAPES, ROWS, STABLE1, STABLE2, TILE_NAMES, components
from .config import D_MODES, GameConfig
from .state import AFTER, PHASES, GameState, PlayerState


def _int(v: Any, what: str, lo: int = 0, hi: int = 1 << 30) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise StateFormatError(f"malformed game state: {what} must be a whole number in {lo}..{hi}")
    return v


def _bool(v: Any, what: str) -> bool:
    if not isinstance(v, bool):
        raise StateFormatError(f"malformed game state: {what} must be true or false")
    return v


def _list(v: Any, what: str) -> list[Any]:
    if not isinstance(v, list):
        raise StateFormatError(f"malformed game state: {what} must be a list")
    return v


def _dict(v: Any, what: str, keys: tuple[str, ...] | None = None) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise StateFormatError(f"malformed game state: {what} must be a mapping")
    if keys is not None and set(v) != set(keys):
        raise StateFormatError(f"malformed game state: {what} must have exactly {', '.join(keys)}")
    return v


def _tiles(v: Any, what: str) -> list[int]:
    out = []
    for t in _list(v, what):
        if not isinstance(t, str) or t not in TILE_NAMES:
            raise StateFormatError(f"malformed game state: {what} holds an unknown tile")
        out.append(TILE_NAMES.index(t))
    return out


def _player(d: Any, i: int) -> PlayerState:
    what = f"player {i + 1}"
    d = _dict(d, what, ("display", "fame", "hand", "rows", "wheels", "marker"))
    comp = components()
    pl = PlayerState(_int(d["display"], f"{what} display", 0, len(comp.start_displays) - 1))
    pl.fame = _int(d["fame"], f"{what} fame")
    hand = _dict(d["hand"], f"{what} hand", CARD_TYPES)
    pl.hand = [_int(hand[t], f"{what} hand") for t in CARD_TYPES]
    rows = _dict(d["rows"], f"{what} rows", ROWS)
    pl.rows = [_int(rows[r], f"{what} rows") for r in ROWS]
    pl.wheels = _int(d["wheels"], f"{what} wheels", comp.start_wheels)
    pl.marker = _int(d["marker"], f"{what} marker", 0, pl.wheels - 1)
    return pl


def state_from_dict(d: Any) -> GameState:
    """``GameState.from_dict``: the state ``d`` describes; ``StateFormatError`` for anything malformed."""
    try:
        s = _read(d)
    except StateFormatError:
        raise
    except GameDataError as exc:
        raise StateFormatError(f"malformed game state: {exc}") from exc
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:  # defensive: _read checks types
        raise StateFormatError(f"malformed game state: {exc.__class__.__name__}") from exc
    problems = check_state(s)
    if problems:
        raise StateFormatError("inconsistent game state: " + "; ".join(problems[:3]))
    return s


_KEYS = ("game", "config", "seed", "players", "supply", "storage", "consul", "land_rows", "stack2", "stack3",
         "slots", "parts", "built", "d_mode", "hidden", "active", "turn", "phase", "decider", "after",
         "score_kind", "score_queue", "idle", "busy", "over", "truncated")


def _read(d: Any) -> GameState:
    d = _dict(d, "the state")
    missing = [k for k in _KEYS if k not in d]
    if missing:
        raise StateFormatError(f"malformed game state: missing {missing[0]!r}")
    if d["game"] != "colosseum":
        raise StateFormatError("malformed game state: not a game of Die Baumeister des Colosseum")
    config = GameConfig.from_dict(d["config"])
    comp = components()
    s = GameState(config, _int(d["seed"], "seed", -1, (1 << 63) - 1))
    players = _list(d["players"], "players")
    if len(players) != config.players:
        raise StateFormatError("malformed game state: the number of players does not match the config")
    s.players = [_player(p, i) for i, p in enumerate(players)]
    supply = _dict(d["supply"], "supply", CARD_TYPES)
    s.supply = [_int(supply[t], "supply", 0, comp.cards_per_type) for t in CARD_TYPES]
    s.storage = _int(d["storage"], "storage", 0, comp.storage_tiles)
    s.consul = _int(d["consul"], "consul", 0, len(comp.track) - 1)
    rows = _list(d["land_rows"], "land_rows")
    if len(rows) != 4:
        raise StateFormatError("malformed game state: there are 4 landscape rows")
    s.land_rows = [_tiles(r, "a landscape row") for r in rows]
    s.stack2 = _tiles(d["stack2"], "stack2")
    s.stack3 = _tiles(d["stack3"], "stack3")
    ids = set(comp.parts_by_id())
    slots = _list(d["slots"], "slots")
    if len(slots) != comp.part_display or any(x is not None and x not in ids for x in slots):
        raise StateFormatError("malformed game state: slots must be 4 part ids (or null)")
    s.slots = list(slots)
    parts = _list(d["parts"], "parts")
    if any(not isinstance(x, str) or x not in ids for x in parts):
        raise StateFormatError("malformed game state: parts holds an unknown part")
    s.parts = list(parts)
    built = []
    for b in _list(d["built"], "built"):
        b = _list(b, "a built section")
        if len(b) != 2 or not isinstance(b[0], str) or b[0] not in ids:
            raise StateFormatError("malformed game state: a built section is [part id, seat]")
        built.append([b[0], _int(b[1], "builder", 0, config.players - 1)])
    s.built = built
    if d["d_mode"] not in D_MODES:
        raise StateFormatError("malformed game state: unknown d_mode")
    s.d_mode = d["d_mode"]
    s.hidden = _bool(d["hidden"], "hidden")
    s.active = _int(d["active"], "active", 0, config.players - 1)
    s.turn = _int(d["turn"], "turn")
    if d["phase"] not in PHASES or d["after"] not in AFTER:
        raise StateFormatError("malformed game state: unknown phase")
    s.phase = d["phase"]
    s.after = d["after"]
    s.decider = _int(d["decider"], "decider", 0, config.players - 1)
    s.score_kind = _int(d["score_kind"], "score_kind", -1, 4)
    s.score_queue = [_int(x, "score_queue", 0, config.players - 1) for x in _list(d["score_queue"], "score_queue")]
    s.idle = _int(d["idle"], "idle", 0, 7 * config.players)
    s.busy = _bool(d["busy"], "busy")
    s.over = _bool(d["over"], "over")
    s.truncated = _bool(d["truncated"], "truncated")
    return s


def tile_problems(s: GameState) -> list[str]:
    """Every landscape tile is in a row, a stack or a display (stables: by count and by wheels)."""
    comp = components()
    problems = []
    total = Counter(comp.all_tiles())
    seen = Counter(s.stack2) + Counter(s.stack3)
    for r in s.land_rows:
        seen.update(r)
    if Counter(s.stack2) - Counter(comp.stacks[1]) or Counter(s.stack3) - Counter(comp.stacks[2]):
        problems.append("a stack holds a tile of another stack")
    for k, name in enumerate(LANDSCAPES):
        taken = 0
        for pl in s.players:
            taken += pl.rows[2 + k] - (1 if k in comp.start_displays[pl.display] else 0)
        if seen[k] + taken != total[k]:
            problems.append(f"{name} tiles are lost or doubled")
    stables = sum(pl.rows[0] - 1 for pl in s.players)
    wheels = sum(pl.wheels - comp.start_wheels for pl in s.players)
    one = total[STABLE1] - seen[STABLE1]
    two = total[STABLE2] - seen[STABLE2]
    if one < 0 or two < 0 or one + two != stables or one + 2 * two != wheels:
        problems.append("stable tiles or wheels are lost or doubled")
    return problems


def check_state(s: GameState) -> list[str]:
    """Every inconsistency found (empty if none)."""
    comp = components()
    problems: list[str] = []
    n = s.n
    if len({pl.display for pl in s.players}) != n:
        problems.append("two seats have the same start display")
    for t, name in enumerate(CARD_TYPES):
        if s.supply[t] + sum(pl.hand[t] for pl in s.players) != comp.cards_per_type:
            problems.append(f"{name} cards are lost or doubled")
    if s.storage + sum(pl.rows[1] - 1 for pl in s.players) != comp.storage_tiles:
        problems.append("storage tiles are lost or doubled")
    for i, pl in enumerate(s.players):
        if pl.rows[0] < 1 or pl.rows[1] < 1:
            problems.append(f"player {i + 1} lacks the start display's stable or storage")
        for k in comp.start_displays[pl.display]:
            if pl.rows[2 + k] < 1:
                problems.append(f"player {i + 1} lacks a landscape of the start display")
    problems += tile_problems(s)
    if any(len(r) > comp.row_length for r in s.land_rows):
        problems.append("a landscape row is too long")
    placed = [x for x in s.slots if x is not None] + s.parts + [b[0] for b in s.built]
    if sorted(placed) != sorted(comp.parts_by_id()):
        problems.append("Colosseum parts are lost or doubled")
    if any(_rank(a) > _rank(b) for a, b in zip(s.parts, s.parts[1:], strict=False)):
        problems.append("the parts stack is not stacked C, B, A")
    if len(s.built) > comp.sections:
        problems.append("more sections built than there are")
    if s.config.field_d != "random" and s.d_mode != s.config.field_d:
        problems.append("field D's mode does not match the config")
    problems += _decision_problems(s)
    if not problems:
        from . import rules

        try:
            legal = rules.legal_actions(s)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            legal = []
        if not legal and not s.over:
            problems.append("the pending decision has no option")
    return problems


def _rank(part_id: str) -> int:
    return {"C": 0, "B": 1, "A": 2}[part_id[0]]


def _decision_problems(s: GameState) -> list[str]:
    comp = components()
    problems: list[str] = []
    field = comp.track[s.consul]
    if s.over != (s.phase == "over"):
        problems.append("over and phase disagree")
    if s.over:
        if len(s.built) < comp.sections and not s.truncated:
            problems.append("the game is over before the Colosseum is built")
        return problems
    if s.truncated:
        problems.append("a game in progress cannot be truncated")
    if s.idle >= len(comp.track) * s.n:
        problems.append("a stalled game goes on")
    if len(s.built) >= comp.sections:
        problems.append("the Colosseum is built but the game goes on")
    if s.config.max_turns and s.turn >= s.config.max_turns:
        problems.append("the game went past max_turns")
    if s.phase == "card":
        if s.after != "setup" or s.turn != 0 or s.active != 0:
            problems.append("start cards are chosen only at setup")
    elif s.after == "setup" and s.phase != "discard":
        problems.append("setup is not finished")
    if s.phase in ("move", "storage", "blue", "choice", "var") and s.decider != s.active:
        problems.append("only the active seat moves and acts on a field")
    wanted = {"storage": "A", "blue": "B", "choice": "D", "var": "D"}.get(s.phase)
    if wanted is not None and field != wanted:
        problems.append("the decision does not fit the consul's field")
    if (s.phase == "choice") != (s.d_mode == "score_any") and s.phase in ("choice", "var"):
        problems.append("the decision does not fit field D's mode")
    if s.phase == "var" and s.d_mode == "fame":
        problems.append("field D's fame mode asks nothing")
    scoring = s.phase in ("take", "reset") or (s.phase == "discard" and s.after == "scoring")
    if scoring != (s.score_kind >= 0) or scoring != (s.after == "scoring"):
        problems.append("a scoring is half under way")
    if s.score_queue and not scoring:
        problems.append("seats wait for a scoring that is not under way")
    if len(set(s.score_queue)) != len(s.score_queue) or s.decider in s.score_queue:
        problems.append("the scoring order repeats a seat")
    if s.phase == "take" and (s.score_kind > 3 or s.players[s.decider].rows[2 + s.score_kind] < 1
                              or s.supply[s.score_kind] < 1):
        problems.append("a seat takes cards it is not entitled to")
    if s.phase == "reset" and (s.score_kind != 4 or s.players[s.decider].marker < 1):
        problems.append("a seat resets a marker at the wrong time")
    for i, pl in enumerate(s.players):
        over = pl.cards > pl.limit
        if over and not (s.phase == "discard" and s.decider == i):
            problems.append(f"player {i + 1} holds more cards than the limit")
        if not over and s.phase == "discard" and s.decider == i:
            problems.append(f"player {i + 1} must discard without being over the limit")
    return problems
