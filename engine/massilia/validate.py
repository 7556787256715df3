"""Reading a state back from plain data (``GameState.from_dict``): every field is type- and range-checked, then
the whole is checked for consistency (cubes, stones, dice and cards are conserved; frames fit the phase).

Anything wrong raises ``StateFormatError`` with a short reason, never another exception: a damaged save must
give one clear line.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.errors import GameDataError, StateFormatError

from .components import GODS, MAIN, components
from .config import GameConfig
from .dice import MASK
from .state import FULL, SPECTATOR, GameState, PlayerState

PHASES = ("setup", "keep", "actions", "over")
FRAME_KEYS: dict[str, tuple[str, ...]] = {
    "start": (),
    "keep": ("rolled",),
    "turn": (),
    "use": ("g", "src"),
    "beige": ("v",),
    "black": ("v",),
    "brown": ("v",),
    "offer": ("r", "s"),
    "place": ("x", "rx", "rb", "s"),
    "god": ("second",),
    "venus": (),
    "pluto": ("m", "f"),
    "tax": ("m", "f"),
    "build": ("f",),
    "shift": ("f", "s"),
}
FRAME_PHASE = {"start": "setup", "keep": "keep"}


class Bad(Exception):
    """One problem found while reading (turned into ``StateFormatError``)."""


def _int(v: Any, what: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise Bad(f"{what} must be a whole number from {lo} to {hi}")
    return v


def _ints(v: Any, what: str, lo: int, hi: int, length: int | None = None) -> list[int]:
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise Bad(f"{what} must be a list" + (f" of {length}" if length is not None else ""))
    return [_int(x, what, lo, hi) for x in v]


def _bool(v: Any, what: str) -> bool:
    if not isinstance(v, bool):
        raise Bad(f"{what} must be true or false")
    return v


def _bools(v: Any, what: str, length: int) -> list[bool]:
    if not isinstance(v, list) or len(v) != length:
        raise Bad(f"{what} must be a list of {length} flags")
    return [_bool(x, what) for x in v]


def _gods(v: Any, what: str) -> list[str]:
    if not isinstance(v, list) or not all(isinstance(x, str) and x in GODS for x in v):
        raise Bad(f"{what} must be a list of god names")
    return list(v)


def _dict(v: Any, what: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(v, dict) or set(v) != set(keys):
        raise Bad(f"{what} must have exactly the fields {', '.join(keys)}")
    return v


PLAYER_KEYS = ("money", "rep", "stones", "hand", "known", "fresh", "kept", "screen", "tile", "passed")
STATE_KEYS = (
    "game", "config", "seed", "rng", "viewer", "players", "round", "phase", "prices", "markers", "harbour",
    "supply", "owner", "stock", "figures", "temple", "deck", "display", "discard", "round_tiles", "order",
    "turn_pos", "active", "queue", "last_passer", "played", "frames", "over", "hidden_cards", "hidden_fresh",
)


def _player(v: Any, what: str, hidden: bool) -> PlayerState:
    comp = components()
    d = _dict(v, what, PLAYER_KEYS)
    p = PlayerState()
    low = -1 if hidden else 0
    p.money = _int(d["money"], f"{what} money", low, 10**6)
    p.rep = _int(d["rep"], f"{what} reputation", 0, 10**6)
    p.stones = _int(d["stones"], f"{what} stones", low, 10**4)
    p.hand = _gods(d["hand"], f"{what} hand")
    if len(p.hand) > comp.hand_limit:
        raise Bad(f"{what} holds more than {comp.hand_limit} god cards")
    p.known = _bools(d["known"], f"{what} known", len(p.hand))
    p.fresh = _bools(d["fresh"], f"{what} fresh", len(p.hand))
    p.kept = _ints(d["kept"], f"{what} kept dice", 0, 23)
    if p.kept != sorted(p.kept):
        raise Bad(f"{what} kept dice are not sorted")
    p.screen = _ints(d["screen"], f"{what} screen dice", 0, 99, 4)
    p.tile = _int(d["tile"], f"{what} round tile", 0, 99)
    p.passed = _bool(d["passed"], f"{what} passed")
    return p


def _frame(v: Any, n: int, spaces: int, view: bool) -> dict[str, Any]:
    if not isinstance(v, dict) or not isinstance(v.get("k"), str) or v["k"] not in FRAME_KEYS:
        raise Bad("a pending decision has an unknown kind")
    kind = v["k"]
    d = _dict(v, f"the {kind} decision", ("k", "p", *FRAME_KEYS[kind]))
    f: dict[str, Any] = {"k": kind, "p": _int(d["p"], "a decision's seat", 0, n - 1)}
    for key in FRAME_KEYS[kind]:
        val = d[key]
        if key == "rolled":
            f[key] = _ints(val, "rolled dice", -4 if view else 0, 23)
        elif key == "g":
            f[key] = _ints(val, "a USE's dice", 0, 23)
            if not f[key]:
                raise Bad("a USE without dice")
        elif key == "src":
            f[key] = _ints(val, "a USE's dice sources", 0, 1, len(f["g"]))
        elif key in ("v", "r"):
            f[key] = _int(val, "a USE's value", 1, 999)
        elif key in ("rx", "rb"):
            f[key] = _int(val, "cubes to place", 0, 999)
        elif key == "x":
            f[key] = _int(val, "the colour bought", 0, len(MAIN) - 1)
        elif key == "second":
            f[key] = _int(val, "the Jupiter card", 0, 1)
        elif key == "m":
            f[key] = _int(val, "the consul's mover", 0, n - 1)
        else:  # "f", "s": a stall space (s may be one past the last)
            f[key] = _int(val, "a stall space", 0, spaces if key == "s" else spaces - 1)
    if kind == "place" and f["rx"] + f["rb"] == 0:
        raise Bad("a placement with nothing to place")
    return f


def _read(d: Any) -> GameState:
    comp = components()
    if isinstance(d, dict) and "counted" in d and d.get("viewer") != FULL:
        counted = d["counted"]  # a view's public count (a full state's form leaves it out: it is its money)
        d = _dict({k: v for k, v in d.items() if k != "counted"}, "the state", STATE_KEYS)
    else:
        counted = None
        d = _dict(d, "the state", STATE_KEYS)
    if d["game"] != "massilia":
        raise Bad("not a Massilia state")
    try:
        config = GameConfig.from_dict(d["config"])
    except GameDataError as exc:
        raise Bad(str(exc)) from exc
    n = config.players
    spaces = comp.spaces
    seed = d["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise Bad("seed must be a whole number")
    s = GameState(config, seed)
    s.rng = _int(d["rng"], "rng", 0, MASK)
    s.viewer = _int(d["viewer"], "viewer", SPECTATOR, n - 1)
    view = s.viewer != FULL
    if not isinstance(d["players"], list) or len(d["players"]) != n:
        raise Bad(f"players must list {n} seats")
    s.players = [_player(v, f"seat {i + 1}", view and i != s.viewer) for i, v in enumerate(d["players"])]
    s.round = _int(d["round"], "round", 1, comp.rounds)
    if d["phase"] not in PHASES:
        raise Bad("unknown phase")
    s.phase = d["phase"]
    s.prices = _ints(d["prices"], "prices", comp.price_min, comp.price_max, 4)
    s.markers = _ints(d["markers"], "markers", comp.marker_min, comp.marker_max, 3)
    s.harbour = _ints(d["harbour"], "harbour", 0, 999, 4)
    s.supply = _int(d["supply"], "stone supply", 0, 10**4)
    s.owner = _ints(d["owner"], "stall owners", -1, n - 1, spaces)
    if not isinstance(d["stock"], list) or len(d["stock"]) != spaces:
        raise Bad(f"stock must list {spaces} stall spaces")
    s.stock = [_ints(x, "stall goods", 0, comp.stall_capacity, 4) for x in d["stock"]]
    s.figures = _ints(d["figures"], "figures", 0, spaces - 1, 4)
    s.temple = _ints(d["temple"], "temple dice", 0, 23)
    s.deck = _gods(d["deck"], "deck")
    if not isinstance(d["display"], list) or len(d["display"]) != 2:
        raise Bad("display must have 2 slots")
    s.display = [None if c is None else _gods([c], "display")[0] for c in d["display"]]
    s.discard = _gods(d["discard"], "discard pile")
    s.round_tiles = _ints(d["round_tiles"], "round tiles", 1, 99)
    s.order = _ints(d["order"], "turn order", 0, n - 1, n)
    s.turn_pos = _int(d["turn_pos"], "turn position", -1, n - 1)
    s.active = _int(d["active"], "active seat", 0, n - 1)
    s.queue = _ints(d["queue"], "queue", 0, n - 1)
    s.last_passer = _int(d["last_passer"], "last passer", -1, n - 1)
    s.played = _gods(d["played"], "gods played")
    if not isinstance(d["frames"], list):
        raise Bad("frames must be a list")
    s.frames = [_frame(f, n, spaces, view) for f in d["frames"]]
    s.over = _bool(d["over"], "over")
    s.hidden_cards = _ints(d["hidden_cards"], "hidden cards", 0, comp.hand_limit, n)
    s.hidden_fresh = _ints(d["hidden_fresh"], "hidden fresh cards", 0, comp.hand_limit, n)
    if counted is not None:
        if not isinstance(counted, list) or len(counted) != n:
            raise Bad(f"counted must list {n} seats")
        s.counted = [_ints(c, f"seat {i + 1} counted", 0, 10**6, 2) for i, c in enumerate(counted)]
    elif view:
        s.counted = [[-1, -1] for _ in range(n)]  # a view without it (an older server): nothing counted
    else:
        s.counted = [[pl.money, pl.stones] for pl in s.players]
    s.cubes = s.count_cubes()
    return s


def problems(s: GameState) -> list[str]:
    """What is inconsistent in a state read from plain data (empty: nothing)."""
    comp = components()
    n = s.n
    out: list[str] = []
    view = s.viewer != FULL
    if s.temple != sorted(s.temple):
        out.append("temple dice are not sorted")
    if sorted(s.order) != list(range(n)):
        out.append("the turn order is not a permutation of the seats")
    if s.round_tiles != sorted(s.round_tiles) or not Counter(s.round_tiles) <= Counter(comp.round_tiles[n]):
        out.append("round tiles are not the game's")
    taken = [pl.tile for pl in s.players if pl.tile]
    if sorted(taken + s.round_tiles) != sorted(comp.round_tiles[n]):
        out.append("round tiles are lost or doubled")
    for q, pl in enumerate(s.players):
        if (pl.tile and not pl.passed) or (pl.passed and not pl.tile and q != s.last_passer):
            out.append(f"seat {q + 1} passed without a round tile, or holds one without passing")
    if s.last_passer >= 0 and not all(pl.passed for pl in s.players):
        out.append("a last passer while some seats still play")
    for i in range(comp.spaces):
        if s.owner[i] < 0 and any(s.stock[i]):
            out.append(f"cubes on the empty space {i}")
        if sum(s.stock[i]) > comp.stall_capacity:
            out.append(f"more than {comp.stall_capacity} cubes on the stall at {i}")
    for p in range(n):
        if s.owner.count(p) > s.config.stall_tiles:
            out.append(f"seat {p + 1} has more stalls than tiles")
        if s.phase != "setup" and s.owner.count(p) == 0:
            out.append(f"seat {p + 1} has no stall")
        for c in s.players[p].hand:
            if c not in GODS:
                out.append("unknown god card")
    # goods
    goods = list(s.harbour)
    for st in s.stock:
        for i in range(4):
            goods[i] += st[i]
    for f in s.frames:
        if f["k"] == "place":
            goods[f["x"]] += f["rx"]
            goods[3] += f["rb"]
    if goods != list(comp.goods):
        out.append("goods cubes are not conserved")
    # dice
    dice = [0, 0, 0, 0]
    for d in s.temple:
        dice[d // 6] += 1
    for pl in s.players:
        for d in pl.kept:
            dice[d // 6] += 1
        for colour in range(4):
            dice[colour] += pl.screen[colour]
    for f in s.frames:
        for d in f.get("g", []) + f.get("rolled", []):
            dice[d // 6 if d >= 0 else -1 - d] += 1
    if dice != [n + 1] * 4:
        out.append("dice are not conserved")
    # stones and cards
    if not view:
        if s.supply + sum(pl.stones for pl in s.players) != comp.stones_per_player * n:
            out.append("penalty stones are not conserved")
        if any(s.hidden_cards) or any(s.hidden_fresh):
            out.append("hidden cards outside a view")
    cards = Counter(s.deck) + Counter(s.discard) + Counter(c for c in s.display if c is not None)
    for pl in s.players:
        cards += Counter(pl.hand)
    if cards != Counter(comp.gods):
        out.append("god cards are not conserved")
    if view and sum(s.hidden_cards) > len(s.deck):
        out.append("more hidden cards than unseen ones")
    if any(hf > hc for hf, hc in zip(s.hidden_fresh, s.hidden_cards, strict=True)):
        out.append("more fresh hidden cards than hidden ones")
    # flow
    if s.over != (s.phase == "over") or s.over == bool(s.frames):
        out.append("the game's end does not match its pending decisions")
    if len(s.frames) > 1:
        out.append("more than one pending decision")
    for f in s.frames:
        if f["k"] == "turn" and s.players[f["p"]].passed:
            out.append("a turn of a seat that has passed")
        if f.get("m", f["p"]) != s.active:
            out.append("a pending decision of a seat whose turn it is not")
        want = FRAME_PHASE.get(f["k"], "actions")
        if s.phase != want:
            out.append(f"a {f['k']} decision in phase {s.phase}")
    return out


def state_from_dict(d: Any) -> GameState:
    try:
        s = _read(d)
    except Bad as exc:
        raise StateFormatError(f"malformed Massilia state: {exc}") from None
    except (LookupError, TypeError, ValueError, AttributeError) as exc:  # a shape the checks above did not foresee
        raise StateFormatError(f"malformed Massilia state: {exc.__class__.__name__}") from None
    found = problems(s)
    if found:
        raise StateFormatError("inconsistent Massilia state: " + "; ".join(found[:4]))
    if not s.over and s.viewer == FULL:
        try:
            legal = s.legal_actions()
        except (LookupError, ValueError, TypeError, ZeroDivisionError, AssertionError) as exc:
            why = f"its pending decision cannot be made ({exc})"
            raise StateFormatError(f"inconsistent Massilia state: {why}") from None
        if not legal:
            raise StateFormatError("inconsistent Massilia state: its pending decision has no option")
    return s
