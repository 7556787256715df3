"""Invariants of a game state: checked when a state is loaded from a dict and after every decision in tests.

``check_state`` returns a list of problems in words (empty when the state is consistent).
"""

from __future__ import annotations

from collections import Counter

from engine.core.seeds import SEED_LIMIT

from . import model
from .model import ANY, GOODS, KINDS, SALT
from .state import GameState

MAX_COUNT = 1_000_000
"""Largest money, turn number or interim score a state may hold (real games stay far below a thousand)."""

FRAME_KINDS = {
    "end", "refill", "tribune", "architect", "prefect", "mercator", "diplomat", "magister", "colonist", "buy",
    "overflow", "follow", "partnerplay", "recommend", "startcity", "keep", "forumtake", "bonussale",
}


def expected_cards(s: GameState) -> Counter[str]:
    """Every card that is in this game: starting hands and the stacks in play."""
    dk = model.deck(s.config.variant)
    c: Counter[str] = Counter()
    for i in range(s.n):
        hand = list(dk.hand)
        if s.config.is_team:
            first = (i - s.start_player) % s.n < s.n // 2
            hand.remove(dk.first_partner_returns if first else dk.second_partner_returns)
        c.update(hand)
    for stack in model.STACKS[: min(s.n, len(model.STACKS))]:
        c.update(dk.stacks[stack])
    return c


def check_state(s: GameState) -> list[str]:
    problems: list[str] = []
    comp = model.components()
    gm = s.map
    cards = model.cards()
    n = s.n
    if s.config.players != n:
        problems.append(f"{n} players but the config says {s.config.players}")
    for name in ("active", "pm", "start_player"):
        if not 0 <= getattr(s, name) < n:
            problems.append(f"{name} is not a seat")
    if not -1 <= s.concordia < n:
        problems.append("concordia holder is not a seat")
    if not -1 <= s.seed < SEED_LIMIT:  # -1: a player's view, whose seed is hidden
        problems.append("the seed is out of range")
    if not 0 <= s.turn <= MAX_COUNT:
        problems.append("the turn number is out of range")
    if not -1 <= s.final_turns <= n:
        problems.append("the count of final turns is out of range")
    tile_kinds = (*GOODS, SALT) if s.config.salt else GOODS
    if set(s.tiles) != set(gm.cities) or any(g not in tile_kinds for g in s.tiles.values()):
        problems.append("city tiles do not match the map's cities")
    if set(s.bonus) != set(gm.provinces) or any(
        g not in GOODS and not (g == ANY and prov in gm.variable_bonus) for prov, g in s.bonus.items()
    ):
        problems.append("bonus markers do not match the map's provinces")
    if any(prov not in gm.variable_bonus or g not in GOODS for prov, g in s.chosen_bonus.items()):
        problems.append("a chosen bonus good belongs to a province with a fixed marker")
    if not s.active_markers <= set(gm.provinces):
        problems.append("an active bonus marker names an unknown province")
    occupied: dict[str, int] = {}
    for p, pl in enumerate(s.players):
        who = f"P{p + 1}"
        if pl.money < 0:
            problems.append(f"{who} has negative money")
        elif pl.money > MAX_COUNT:
            problems.append(f"{who}'s money is out of range")
        if not -1 <= pl.interim <= MAX_COUNT:
            problems.append(f"{who}'s interim score is out of range")
        if any(g < 0 for g in pl.goods) or any(x < 0 for x in pl.store) or pl.salt < 0:
            problems.append(f"{who} has a negative count in the storehouse")
        if pl.salt and not s.config.salt:
            problems.append(f"{who} has salt in a game without salt")
        if sum(pl.goods) + sum(pl.store) + pl.salt > pl.slots:
            problems.append(f"{who}'s storehouse holds more than {pl.slots}")
        for i, kind in enumerate(KINDS):
            on_board = sum(1 for k, _ in pl.colonists if k == kind)
            if on_board + pl.store[i] != comp.colonists_per_type:
                problems.append(f"{who} has {on_board + pl.store[i]} {kind} colonists, not {comp.colonists_per_type}")
        for kind, loc in pl.colonists:
            if kind not in KINDS:
                problems.append(f"{who} has a colonist of unknown kind {kind}")
            elif loc in gm.routes:
                r = gm.routes[loc]
                if r.kind != kind or not r.stop:
                    problems.append(f"{who}'s {kind} colonist stands on route {loc}")
                if loc in occupied:
                    problems.append(f"route {loc} holds two colonists")
                occupied[loc] = p
            elif loc not in gm.capitals and loc not in gm.cities:
                problems.append(f"{who}'s colonist stands on unknown place {loc}")
        if len(pl.houses) > comp.houses:
            problems.append(f"{who} has more than {comp.houses} houses")
        if not pl.houses <= set(gm.cities):
            problems.append(f"{who} has a house outside the map's cities")
        if any(c not in cards for c in pl.hand + pl.discard):
            problems.append(f"{who} holds an unknown card")
    if occupied != s.routes:
        problems.append("the route occupancy does not match the colonists")
    if len(s.display) != 7:
        problems.append("the display does not have 7 slots")
    placed: Counter[str] = Counter(c for c in s.display if c is not None)
    placed.update(s.deck)
    for pl in s.players:
        placed.update(pl.hand)
        placed.update(pl.discard)
    expected = expected_cards(s)
    hidden = sum(s.hidden_hand_sizes.values())  # a team-game view: cards of the partner's hand not shown
    extra = placed - expected
    missing = expected - placed
    if extra or sum(missing.values()) != hidden:
        problems.append(f"cards are not each in one place (extra {dict(extra)}, missing {dict(missing)})")
    for seat, size in s.hidden_hand_sizes.items():
        if not 0 <= seat < n or size < 0 or s.players[seat].hand:
            problems.append(f"a hidden hand ({seat}: {size}) is not an empty hand of a seat")
    for f in s.frames:
        if not isinstance(f, dict) or not isinstance(f.get("k"), str) or f["k"] not in FRAME_KINDS \
                or not _is_int(f.get("p")):
            problems.append(f"unknown pending decision {f!r}")
        elif not 0 <= f["p"] < n:
            problems.append("a pending decision belongs to no seat")
        elif not _frame_fields_ok(s, f):
            problems.append(f"a pending {f['k']} decision has bad details {f!r}")
    if s.config.forum and not problems:  # the forum check relies on well-formed decisions
        from .rules.forum import check_forum

        problems.extend(check_forum(s))
    elif s.forum_deck or s.forum_table or s.forum_discard or any(pl.forum for pl in s.players):
        problems.append("forum cards in a game without the forum")
    if s.over and s.frames:
        problems.append("the game is over but decisions are pending")
    problems += _copy_records(s)
    if not problems and not s.over:
        problems += _decision_problems(s)
    return problems


def _copy_records(s: GameState) -> list[str]:
    """R-DIPLOMAT / R-TEAM-DIPLOMAT records: roles copied this turn, and [team, seat, pile size] per team copy."""
    problems: list[str] = []
    if any(r not in model.role_names() for r in s.copied):
        problems.append("a copied role is not a role")
    if s.team_copied and not s.config.is_team:
        problems.append("a game without teams has a team's copy record")
    total = sum(expected_cards(s).values())
    for entry in s.team_copied:
        if not (isinstance(entry, list) and len(entry) == 3 and _in_range(entry[0], 0, max(1, s.n // 2))
                and _in_range(entry[1], 0, s.n) and _in_range(entry[2], 0, total + 1)):
            problems.append("a team's copy record is not [team, seat, pile size]")
            break
    return problems


def _decision_problems(s: GameState) -> list[str]:
    """A running game always has someone with a choice: never a marker on top, never no legal action."""
    from . import rules

    if s.frames and s.frames[-1]["k"] in rules.MARKERS:
        return [f"the pending decision is the marker {s.frames[-1]['k']!r}, which is never a choice"]
    try:
        legal = rules.legal_actions(s)
    except Exception as exc:  # a state no rule can read (inconsistent details the checks above miss)
        return [f"the rules cannot read the pending decision ({type(exc).__name__})"]
    return [] if legal else ["the game is not over but no one has a legal action"]


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _in_range(x: object, lo: int, hi: int) -> bool:
    """``x`` is a whole number (not a bool) with lo <= x < hi."""
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x < hi


def _frame_fields_ok(s: GameState, f: dict[str, object]) -> bool:
    """The details of an individual-game decision have the types and ranges the rules rely on."""
    k = f["k"]
    mark = f.get("for")  # team game: made for a seat's card (engine.concordia.context)
    if mark is not None and not (isinstance(mark, list) and len(mark) == 3 and _in_range(mark[0], 0, s.n)
                                 and mark[1] in model.cards() and mark[2] in ("team", "legatus", "prokonsul")):
        return False
    if k == "architect":
        vouchers = f.get("vouchers", [])
        flags = all(isinstance(f.get(x, False), bool) for x in ("locked", "mamilius", "annaeus", "julius"))
        return (_in_range(f.get("pts"), 0, 8) and isinstance(f.get("built"), bool) and flags
                and isinstance(vouchers, list) and all(v in ("mamercus", "marcus") for v in vouchers))
    if k == "tribune" and not isinstance(f.get("titus", False), bool):
        return False
    if k == "buy" and not isinstance(f.get("skip", ""), str):
        return False
    if k == "mercator":
        traded = f.get("traded")
        return isinstance(traded, list) and len(traded) <= 3 and all(g in GOODS for g in traded)
    if k == "colonist":
        return isinstance(f.get("placed"), bool)
    if k == "buy":
        return (f.get("mode") in ("senator", "consul", "praetor", "prokonsul") and _in_range(f.get("left"), 0, 3)
                and isinstance(f.get("refill", True), bool))
    if k == "overflow":
        offer = f.get("offer")
        size = len(GOODS) + (1 if s.config.salt else 0)  # salt games give six-entry gains (salt last)
        return (isinstance(offer, list) and len(offer) == size and all(_in_range(x, 0, 100) for x in offer)
                and isinstance(f.get("why"), str))
    if k == "magister":
        owner = f.get("owner")
        return (isinstance(owner, int) and _in_range(owner, 0, s.n)
                and _in_range(f.get("index"), 0, len(s.players[owner].discard)))
    if k == "follow":  # team game: the partner carries out ``role`` of ``card`` ("" = waiting for a copy)
        role = f.get("role")
        return (isinstance(role, str) and (role == "" or role in model.role_names())
                and isinstance(f.get("card"), str) and f["card"] in model.cards()
                and _in_range(f.get("owner"), 0, s.n) and _is_int(f.get("index")))
    if k == "partnerplay":
        return (f.get("mode") in ("legatus", "prokonsul") and _in_range(f.get("by"), 0, s.n)
                and isinstance(f.get("rec", ""), str))
    if k == "keep":
        offer = f.get("offer")
        # a view leaves the other players' offers out (``[]``): dealt cards are private
        return (s.config.forum and isinstance(offer, list) and len(offer) in (0, model.forum().dealt)
                and all(c in model.forum().patricians for c in offer))
    if k == "forumtake":
        return s.config.forum and _is_int(f.get("n")) and _is_int(f.get("budget")) and isinstance(f.get("shared"), bool)
    if k == "bonussale":
        gains = f.get("gains")
        return (s.config.forum and f.get("good") in GOODS and f.get("province") in s.map.provinces
                and isinstance(gains, list) and len(gains) % s.n == 0 and all(_in_range(x, 0, 100) for x in gains))
    if k == "recommend":
        seat = f["p"]
        return s.config.is_team and isinstance(seat, int) and f.get("partner") == s.partner(seat)
    return True
