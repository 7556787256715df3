"""The state of a game of Die Baumeister des Colosseum, and the public API of the engine.

Everything the rules change is plain data (ints and lists of ints, see ``components`` for the encodings), so
``clone`` is a cheap hand-written copy and ``to_dict`` a plain JSON-compatible form. The rules live in
``engine.colosseum.rules``; ``legal_actions`` and ``apply`` dispatch to them and are the only way to change a
state from outside.

Whose decision it is: ``phase`` names the pending decision point and ``decider`` the seat that makes it (not
always the active player: every seat takes or declines at a scoring, any seat may have to discard).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.core import actiontext
from engine.core.scores import Scores, SeatScore
from engine.core.state import copier

from .actions import Action
from .actions import parse as parse_text
from .components import CARD_TYPES, ROWS, STORAGE_ROW, TILE_NAMES, components
from .config import GameConfig

Event = tuple[str, dict[str, Any]]
"""``(event_id, params)``: something the last ``apply`` did besides the action itself (plain values only)."""

PHASES: tuple[str, ...] = ("card", "move", "storage", "blue", "choice", "take", "reset", "discard", "var", "over")
"""Decision points: D-START-CARD, D-MOVE, D-STORAGE, D-BLUE, D-SCORE-CHOICE, D-TAKE, D-RESET, D-DISCARD,
D-VAR-*, and ``over`` when nothing is left to decide."""
AFTER: tuple[str, ...] = ("setup", "scoring", "turn")
"""What follows once a seat's cards are within the hand limit: the next start card, the next seat of the
scoring, or the end of the turn."""


class PlayerState:
    """One seat: fame, hand, display rows, stable wheels and the movement marker."""

    __slots__ = ("display", "fame", "hand", "marker", "rows", "wheels")

    def __init__(self, display: int = 0) -> None:
        comp = components()
        self.display = display
        """Index of the start display (S-START); its two landscapes count 1 tile each (Ruling #15)."""
        self.fame = 0
        self.hand: list[int] = [0, 0, 0, 0]
        """Cards per type (water, grain, wood, stone)."""
        a, b = comp.start_displays[display]
        self.rows: list[int] = [1, 1, 0, 0, 0, 0]
        """Tiles per display row (stable, storage, river, grain, forest, mountain), start segments included."""
        self.rows[2 + a] = 1
        self.rows[2 + b] = 1
        self.wheels = comp.start_wheels
        """W: wheels in the stable row (3 on the start display + those of stable tiles)."""
        self.marker = 0
        """p: the wheel the movement marker stands on, 0 = leftmost."""

    @property
    def points(self) -> int:
        """Movement points left: ``P = W - 1 - p`` (none on the rightmost wheel, Ruling #7)."""
        return self.wheels - 1 - self.marker

    @property
    def limit(self) -> int:
        """R-HAND-LIMIT: 4 + 2 per storage tile taken (the start segment is the first tile of the row)."""
        comp = components()
        return comp.hand_limit + comp.storage_bonus * (self.rows[STORAGE_ROW] - 1)

    @property
    def cards(self) -> int:
        return self.hand[0] + self.hand[1] + self.hand[2] + self.hand[3]

    def copy(self) -> PlayerState:
        return _copy_player(self)

    def to_dict(self) -> dict[str, Any]:
        return {
            "display": self.display,
            "fame": self.fame,
            "hand": dict(zip(CARD_TYPES, self.hand, strict=True)),
            "rows": dict(zip(ROWS, self.rows, strict=True)),
            "wheels": self.wheels,
            "marker": self.marker,
        }


_copy_player = copier(PlayerState, same="display fame wheels marker", list="hand rows")


@dataclass(frozen=True)
class PlayerScore(SeatScore):
    """One seat's score: fame taken during play plus the end scoring, per source (R-END): ``fame`` (held now),
    one entry per display row (majorities, R-END-ROWS) and ``cards`` (R-END-CARDS)."""

    cards: int
    """Cards left in hand: the tie-break (R-END-WIN)."""


@dataclass(frozen=True)
class FinalScores(Scores[PlayerScore]):
    """The result (or, before the end, the projection "if it ended now"). ``winner``: the winning seat; with
    a shared win (``winners`` has several) the first of them in seat order. ``tie_break``: several seats had
    the most fame (then cards in hand decided, or the win is shared)."""

    winners: list[int] = field(default_factory=list)
    """Every winner: more than one only when fame and cards in hand are both tied (a shared win)."""
    truncated: bool = False
    """True when the game did not end by the 17th part: stopped by the ``max_turns`` guard (R-END-GUARD) or
    because it could never end (R-END-STALL)."""


class GameState:
    """A game in progress (or finished). Make one with ``engine.colosseum.new_game``."""

    game = "colosseum"

    def __init__(self, config: GameConfig, seed: int) -> None:
        comp = components()
        self.config = config
        self.seed = seed
        self.players: list[PlayerState] = [PlayerState(i) for i in range(config.players)]
        self.supply: list[int] = [comp.cards_per_type] * 4
        """Cards on each supply pile (R-HAND-SUPPLY)."""
        self.storage = comp.storage_tiles
        """Storage tiles left on the stack."""
        self.consul = comp.start_field
        self.land_rows: list[list[int]] = [[], [], [], []]
        """The 4 landscape rows, one per blue field, each listed front (next to the board) first."""
        self.stack2: list[int] = []
        """Face-down stack II; the last tile is the top."""
        self.stack3: list[int] = []
        self.slots: list[str | None] = [None] * 4
        """The part on offer at each blue field (None: the parts stack ran out)."""
        self.parts: list[str] = []
        """The face-down parts stack; the last one is the top."""
        self.built: list[list[Any]] = []
        """Sections built, I first: ``[part id, seat]``."""
        self.d_mode = "score_any"
        """R-VAR: the mode field D has in this game (``random`` in the config is drawn at setup)."""
        self.hidden = False
        """True in a ``view``: the order of stacks II, III and the parts stack is unknown (kept sorted)."""
        self.active = 0
        """Whose turn it is."""
        self.turn = 0
        """Turns finished."""
        self.phase = "card"
        self.decider = 0
        self.after = "setup"
        self.score_kind = -1
        """The scoring under way (0..3 a landscape, 4 the stable), or -1."""
        self.score_queue: list[int] = []
        """Seats still to act in the scoring under way, in order (R-SCORE-ORDER)."""
        self.idle = 0
        """R-END-STALL: turns in a row in which every decision was forced and changed nothing but the
        consul's place."""
        self.busy = False
        """Whether the turn under way had a real decision or a forced one that changed something."""
        self.over = False
        self.truncated = False
        self.events: list[Event] = []
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------------------------------------ queries
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def current_player(self) -> int:
        """The seat that must decide now."""
        return self.decider

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def decision(self) -> str:
        """The pending decision point (one of ``PHASES``)."""
        return self.phase

    def legal_actions(self) -> list[Action]:
        """Every legal choice of ``current_player`` now; empty when the game is over."""
        return list(self._legal_now())

    def _legal_now(self) -> list[Action]:
        """The legal actions, computed once per decision and shared (callers must not change the list)."""
        if self._legal is None:
            self._legal = _rules().legal_actions(self)
        return self._legal

    def apply(self, action: Action | str) -> None:
        """Carry out ``action`` (or its text). Raises ``IllegalAction`` (state unchanged) if it is not legal.

        A decision that then has a single legal option is carried out at once (the spec allows it); the
        ``events`` name it as ``forced``.
        """
        rules = _RULES[0] if _RULES else _rules()
        # legal actions are shared instances: identity first, equality (same class) only for parsed text
        found = actiontext.to_carry_out(action, parse_text, self._legal_now, lambda a: rules.why_illegal(self, a))
        self.events = []
        rules.apply(self, found)

    def final_scores(self) -> FinalScores:
        """Scores per seat and source and the winner after the tie-break (R-END); before the end, a projection."""
        from . import scoring

        return scoring.final_scores(self)

    # ----------------------------------------------------------------------------------- copies, views
    def clone(self) -> GameState:
        """An independent copy, field by field (much faster than ``copy.deepcopy``); ``_legal`` is shared, as
        it is never changed in place, only replaced."""
        return _clone(self)

    def view(self, player: int) -> GameState:
        """What ``player`` may know: all but the order of the face-down stacks (R-HAND-SUPPLY).

        Hands, fame and the supply are public (every change happens openly, Ruling #18: R lets a player keep
        fame secret, "darf ... geheim gehalten werden", which a UI may honour by not showing it); the order of
        landscape stacks II and III and of the parts stack is not: the view keeps each stack's tiles sorted
        and its ``seed`` is -1 (the setup seed would give the order away). ``determinize`` samples it.
        """
        v = self.clone()
        v.stack2.sort()
        v.stack3.sort()
        v.parts.sort(key=_part_rank().__getitem__)
        v.hidden = True
        v.seed = -1
        return v

    def determinize(self, rng: random.Random) -> GameState:
        """A copy whose hidden stack orders are one random guess (parts: each letter shuffled in its place)."""
        c = self.clone()
        if c.hidden:
            rng.shuffle(c.stack2)
            rng.shuffle(c.stack3)
            groups: dict[str, list[str]] = {"C": [], "B": [], "A": []}
            for pid in c.parts:
                groups[pid[0]].append(pid)
            c.parts = []
            for letter in ("C", "B", "A"):
                rng.shuffle(groups[letter])
                c.parts += groups[letter]
            c.hidden = False
        return c

    # ------------------------------------------------------------------------------------ plain form
    def to_dict(self) -> dict[str, Any]:
        """A plain, JSON-compatible form of the whole state (also used to write test positions by hand)."""
        return {
            "game": self.game,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "players": [p.to_dict() for p in self.players],
            "supply": dict(zip(CARD_TYPES, self.supply, strict=True)),
            "storage": self.storage,
            "consul": self.consul,
            "land_rows": [[TILE_NAMES[t] for t in r] for r in self.land_rows],
            "stack2": [TILE_NAMES[t] for t in self.stack2],
            "stack3": [TILE_NAMES[t] for t in self.stack3],
            "slots": list(self.slots),
            "parts": list(self.parts),
            "built": [list(b) for b in self.built],
            "d_mode": self.d_mode,
            "hidden": self.hidden,
            "active": self.active,
            "turn": self.turn,
            "phase": self.phase,
            "decider": self.decider,
            "after": self.after,
            "score_kind": self.score_kind,
            "score_queue": list(self.score_queue),
            "idle": self.idle,
            "busy": self.busy,
            "over": self.over,
            "truncated": self.truncated,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        """Rebuild a state from ``to_dict``'s form; raises ``StateFormatError`` (only) if it is malformed."""
        from .validate import state_from_dict

        return state_from_dict(d)

    def __repr__(self) -> str:
        return f"<colosseum {self.n}p turn={self.turn} phase={self.phase} player={self.decider}>"


_clone = copier(
    GameState,
    same="config seed storage consul d_mode hidden active turn phase decider after score_kind idle busy over "
    "truncated _legal",
    list="supply stack2 stack3 slots parts score_queue events", lists="land_rows built", copies="players",
)


@cache
def _part_rank() -> dict[str, int]:
    """Part id -> its place in a view's sorted parts stack: C parts at the bottom, then B, A on top."""
    letters = {"C": 0, "B": 1, "A": 2}
    ids = sorted(components().by_id, key=lambda pid: (letters[pid[0]], pid))
    return {pid: i for i, pid in enumerate(ids)}


_RULES: list[Any] = []


def _rules() -> Any:
    """``engine.colosseum.rules`` (imported on first use: it imports this module)."""
    if not _RULES:
        from . import rules

        _RULES.append(rules)
    return _RULES[0]


def parse_action(state: GameState, text: str) -> Action:
    """Read an action's text (``str(action)``) back, checking that it is legal in ``state``.

    Raises ``IllegalAction`` with a one-line message for text that is malformed or not legal now.
    """
    return actiontext.read_legal(state, text, parse_text, lambda s, a, _legal: _rules().why_illegal(s, a))
