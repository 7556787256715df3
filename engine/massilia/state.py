"""The state of a game of Massilia: what is where, whose decision it is, and the public API.

Everything the rules change is plain data (ints and lists), so ``clone`` is a cheap hand-written copy and
``to_dict`` a JSON-compatible form. The rules live in ``engine.massilia.rules``; ``legal_actions`` and
``apply`` dispatch to them and are the only way to change a state from outside.

The dice generator is part of the state (``rng``, one 64-bit integer): every roll during play comes from it,
so a replay rolls the same and an undo (a restored copy) cannot re-roll. ``view(player)`` removes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import actiontext
from engine.core.errors import IllegalAction
from engine.core.scores import Scores, SeatScore
from engine.core.state import FrameStack, copier, copy_frame

from . import rules
from .actions import Action
from .actions import parse as parse_text
from .components import components
from .config import GameConfig
from .rules.dice import Context

Frame = dict[str, Any]
"""A pending decision: ``{"k": kind, "p": seat, ...}`` with flat ints and lists of ints; the top is decided next."""

Event = tuple[str, dict[str, Any]]
"""What happened besides the action: an event id and plain parameters (the UI words them)."""


FULL = -1
"""``viewer`` of a full state (the server's, a save's): nothing hidden."""
SPECTATOR = -2
"""``viewer`` of a spectator's view (``view(-1)``): a view for no seat, every screen and hand hidden."""

_PHASE_TURNS: dict[str, int] = {"setup": 0, "keep": 1, "actions": 2}
"""``GameState.turn`` within a day by phase; "over" counts as 3 (one past the last market)."""


class PlayerState:
    """One merchant: what lies behind his screen (money, stones, used dice), his kept dice, cards and reputation."""

    __slots__ = ("fresh", "hand", "kept", "known", "money", "passed", "rep", "screen", "stones", "tile")

    def __init__(self) -> None:
        self.money = 0
        """Sesterces behind the screen (-1 in another seat's view: hidden)."""
        self.rep = 0
        """Reputation (Ansehen), public."""
        self.stones = 0
        """Penalty stones behind the screen (-1 in another seat's view: hidden)."""
        self.hand: list[str] = []
        """God cards in hand (in a view of another seat only the publicly known ones)."""
        self.known: list[bool] = []
        """Per hand card: taken face up from the display, so every seat knows it."""
        self.fresh: list[bool] = []
        """Per hand card: taken since this player's turn began, so not yet playable (R-GOD-2)."""
        self.kept: list[int] = []
        """Dice kept in front of the screen this round (sorted die codes), usable only by him."""
        self.screen: list[int] = [0, 0, 0, 0]
        """Dice behind the screen, counted per colour (their faces do not matter: they are re-rolled)."""
        self.tile = 0
        """The round tile taken when passing this round (0: none)."""
        self.passed = False

    def copy(self) -> PlayerState:
        return _copy_player(self)

    def to_dict(self) -> dict[str, Any]:
        return {
            "money": self.money,
            "rep": self.rep,
            "stones": self.stones,
            "hand": self.hand[:],
            "known": self.known[:],
            "fresh": self.fresh[:],
            "kept": self.kept[:],
            "screen": self.screen[:],
            "tile": self.tile,
            "passed": self.passed,
        }


@dataclass(frozen=True)
class PlayerScore(SeatScore):
    """One player's final reputation, per source (R-END-1): ``reputation`` (during play), ``stalls``, ``money``
    (sesterces // 3) and ``stones`` (negative); the counts below break a tie (R-TIE)."""

    stalls: int
    money: int
    stones: int


@dataclass(frozen=True)
class FinalScores(Scores[PlayerScore]):
    """The result: every player's score, the winner after R-TIE, and whether a tie-break decided it (the most
    reputation was shared and stalls, sesterces or stones decided, or the win is shared)."""

    winners: list[int] = field(default_factory=list)
    """Every seat that shares the win (R-TIE: more than one only if every tie-break is equal)."""
    ranking: list[int] = field(default_factory=list)
    """Seats from first to last place."""


class GameState(FrameStack):
    """A game of Massilia in progress (or finished). Make one with ``engine.massilia.new_game``."""

    game = "massilia"

    __slots__ = (
        "_legal",
        "_use_ctx",
        "active",
        "config",
        "counted",
        "cubes",
        "deck",
        "discard",
        "display",
        "events",
        "figures",
        "frames",
        "harbour",
        "hidden_cards",
        "hidden_fresh",
        "last_passer",
        "markers",
        "order",
        "over",
        "owner",
        "phase",
        "played",
        "players",
        "prices",
        "queue",
        "rng",
        "round",
        "round_tiles",
        "seed",
        "stock",
        "supply",
        "temple",
        "turn_pos",
        "viewer",
    )
    """Slots, not an instance dict: the rules read the state's fields at every step, and a slot is read fastest
    (with more than 30 fields an instance dict would not even share its keys). No ``__dict__``: nothing sets
    an attribute that is not a field (a shared table's session keeps the server's offer itself)."""

    def __init__(self, config: GameConfig, seed: int) -> None:
        comp = components()
        n = config.players
        self.config = config
        self.seed = seed
        self.rng = 0
        """The dice generator's state (splitmix64); 0 in a view."""
        self.viewer = FULL
        """``FULL`` (-1) for a full state; in a ``view`` the seat it was made for, or ``SPECTATOR`` (-2)."""
        self.players: list[PlayerState] = [PlayerState() for _ in range(n)]
        self.round = 1
        """The day of the week, 1..7."""
        self.phase = "setup"
        """"setup" (start stalls), "keep" (phase II), "actions" (phase III) or "over"."""
        self.prices: list[int] = [2, 2, 2, 2]
        """Price tiles by slot: temple, violet, orange, pink (``PRICE_SLOTS``)."""
        self.markers: list[int] = [comp.marker_start] * 3
        """Point markers of pink, orange and violet."""
        self.harbour: list[int] = list(comp.goods)
        """Cubes in the harbour per colour."""
        self.supply = comp.stones_per_player * n
        """Penalty stones in the common supply."""
        self.owner: list[int] = [-1] * comp.spaces
        """Stall space -> the seat whose stall stands there, or -1."""
        self.stock: list[list[int]] = [[0, 0, 0, 0] for _ in range(comp.spaces)]
        """Stall space -> cubes on that stall per colour."""
        self.cubes: list[int] = [0] * n
        """Seat -> cubes on all his stalls: a running total kept by the rules that put cubes on stalls or take
        them off (every turn's options need it), equal to ``count_cubes()``; ``touch`` recounts it."""
        self.figures: list[int] = list(comp.figure_starts)
        """Path field of the consul and the pink, orange and violet customers."""
        self.temple: list[int] = []
        """Dice in the temple (sorted die codes), usable by everyone."""
        self.deck: list[str] = []
        """God cards face down, top last. In a view: every card no one may see (deck and hidden hands), sorted."""
        self.display: list[str | None] = [None, None]
        self.discard: list[str] = []
        self.round_tiles: list[int] = []
        """Round tiles still on the stack, lowest first (the top, taken next, is last)."""
        self.order: list[int] = list(range(n))
        """This round's turn order: the seat on order field 1 first."""
        self.turn_pos = -1
        """Index in ``order`` of the player whose phase III turn it is."""
        self.active = 0
        """The seat whose turn it is (the mover for customers and the consul)."""
        self.queue: list[int] = []
        """Seats still to place a start stall (setup) or to roll (phase II), next first."""
        self.last_passer = -1
        self.played: list[str] = []
        """Gods the active player has played in this turn (R-GOD-1: one per god per turn)."""
        self.frames: list[Frame] = []
        self.over = False
        self.events: list[Event] = []
        """What the last ``apply`` did besides the action itself."""
        self.counted: list[list[int]] = [[0, 0] for _ in range(n)]
        """Per seat, [sesterces, penalty stones] as the table can count them: the start money plus every payment
        and gain in the public events (ruling 21: totals lie behind the screens, every transaction is open),
        kept by ``rules.count_payments``. A view keeps it for every seat, so a seat's projection of another's
        final score (``scoring.projected``) never reads a hidden total; in a full state it equals money and
        stones (a test checks it after every decision)."""
        self.hidden_cards: list[int] = [0] * n
        """In a view: per seat, the hand cards not shown (they are in ``deck``'s pool)."""
        self.hidden_fresh: list[int] = [0] * n
        """In a view: how many of the hidden hand cards were taken since that seat's turn began."""
        self._legal: list[Action] | None = None
        self._use_ctx: Context | None = None
        """What the pending USE's options depend on besides its dice (``rules.dice.Context``), or None."""

    # ----------------------------------------------------------------------------------------- queries
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def is_view(self) -> bool:
        """True for a seat's or a spectator's ``view`` (something hidden), False for a full state."""
        return self.viewer != FULL

    @property
    def turn(self) -> int:
        """The turn in progress, from 0, as the shell counts turns (save headers, the load list, log groups,
        autosave): one per day and phase. Monday's start stalls are 0, its keeping (phase II) 1, its market
        (phase III) 2; each later day adds 3 (Tuesday's keeping is 4, as there is no setup after Monday); the
        end of the game is 21, one past Sunday's market.

        Concordia and Colosseum count single players' turns; Massilia's phase III turns go round until everyone
        has passed, and the state keeps no count of them (one would change its saved form, ``to_dict``), so a
        phase is the finest turn this game has. Derived, never stored: a save or a view has it too.
        """
        phase = _PHASE_TURNS.get(self.phase, 3)
        return (self.round - 1) * 3 + phase

    @property
    def decision(self) -> str:
        """The kind of decision pending: "start", "keep", "turn", "use", "beige", "place", ..., or "over"."""
        return str(self.frames[-1]["k"]) if self.frames else "over"

    @property
    def deck_size(self) -> int:
        """Cards in the face-down deck (in a view ``deck`` also holds the hidden hand cards)."""
        return len(self.deck) - sum(self.hidden_cards)

    def stalls_of(self, player: int) -> list[int]:
        """The stall spaces of ``player``'s stalls on the market, in space order."""
        owner = self.owner
        out: list[int] = []
        i = -1
        for _ in range(owner.count(player)):  # found by the list's own search: a player has only a few stalls
            i = owner.index(player, i + 1)
            out.append(i)
        return out

    def tiles_left(self, player: int) -> int:
        """Stall tiles of ``player`` not on the market."""
        return self.config.stall_tiles - self.owner.count(player)

    def live(self, player: int, god: str) -> int:
        """How many of ``god``'s cards ``player`` may play now (in hand and not taken since his turn began)."""
        p = self.players[player]
        if god not in p.hand:
            return 0
        count = 0  # a loop, not ``sum`` over a generator: asked at most turns
        for c, f in zip(p.hand, p.fresh, strict=True):
            if c == god and not f:
                count += 1
        return count

    def count_cubes(self) -> list[int]:
        """Seat -> cubes on his stalls, counted over the market (what ``cubes`` keeps as a running total)."""
        out = [0] * len(self.players)
        for o, st in zip(self.owner, self.stock, strict=True):
            if o >= 0:
                out[o] += sum(st)
        return out

    def touch(self) -> None:
        """Forget the cached legal actions and recount the cube totals after the state was edited by hand
        (test positions, editors)."""
        self._legal = None
        self._use_ctx = None
        self.cubes = self.count_cubes()

    def legal_actions(self) -> list[Action]:
        """Every legal choice of ``current_player`` now; empty when the game is over."""
        return self._legal_now()[:]

    def _legal_now(self) -> list[Action]:
        """The legal actions, computed once per decision and shared (callers must not change the list)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = rules.legal_actions(self)
        return legal

    def apply(self, action: Action | str) -> None:
        """Carry out ``action`` (or its text). Raises ``IllegalAction`` (state unchanged) if it is not legal."""
        if self.viewer != FULL:
            raise IllegalAction("a view is for looking; determinize it to play on")
        # usually the very object from legal_actions(), found by identity
        found = actiontext.to_carry_out(action, parse_text, self._legal_now, lambda a: rules.why_illegal(self, a))
        self.events = []
        self._legal = None
        rules.step(self, found)

    def final_scores(self) -> FinalScores:
        """Scores per source and the winner after R-TIE; before the end, the projection "if it ended now"."""
        from .scoring import final_scores

        return final_scores(self)

    # ----------------------------------------------------------------------------------- copies, views
    def clone(self) -> GameState:
        """A deep copy, field by field (much faster than ``copy.deepcopy``). ``_legal`` (a list of immutable
        actions, never changed in place) and ``_use_ctx`` (the same for both until one of them changes and drops
        it) are shared."""
        return _clone(self)

    def view(self, player: int) -> GameState:
        """What ``player`` may know (see the rules spec, "Hidden information"); ``player`` -1: a spectator.

        Removed: the dice generator and the seed (a seat must not predict rolls); the other seats' money and
        stones (-1: behind their screens); the cards of their hands that were drawn unseen from the deck (their
        number is in ``hidden_cards``, and they join the deck's cards in ``deck``, sorted, since the deck order
        is hidden too); the faces another seat has just rolled behind his screen (a pending keep shows colours
        only, as ``-1 - colour``); and events only another seat saw. A spectator (``player`` < 0; the view's
        ``viewer`` is ``SPECTATOR``) sits behind no screen: every seat's money, stones, unseen hand cards and
        fresh rolls are hidden from it, and it reads only public events. A view of a view hides nothing more.
        """
        v = self.clone()
        v.viewer = player if player >= 0 else SPECTATOR
        v.rng = 0
        v.seed = -1
        v.touch()
        pool = list(self.deck)
        for q, pl in enumerate(v.players):
            if q == player:
                continue
            pl.money = -1
            pl.stones = -1
            hidden = [i for i, k in enumerate(pl.known) if not k]
            pool.extend(pl.hand[i] for i in hidden)
            v.hidden_cards[q] += len(hidden)
            v.hidden_fresh[q] += sum(1 for i in hidden if pl.fresh[i])
            keep = [i for i, k in enumerate(pl.known) if k]
            pl.hand = [pl.hand[i] for i in keep]
            pl.known = [True] * len(keep)
            pl.fresh = [pl.fresh[i] for i in keep]
        v.deck = sorted(pool)
        for f in v.frames:
            if f["k"] == "keep" and f["p"] != player:
                f["rolled"] = sorted(-1 - d // 6 if d >= 0 else d for d in f["rolled"])
        v.events = rules.events_for(self.events, player)
        return v

    # ------------------------------------------------------------------------------------ plain form
    def to_dict(self) -> dict[str, Any]:
        """A plain, JSON-compatible form of the whole state (also used to write test positions by hand). A full
        state leaves ``counted`` out (there it equals money and stones, and ``from_dict`` takes it from them), so
        saves and test positions keep their form; a view carries it."""
        return {
            "game": self.game,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "rng": self.rng,
            "viewer": self.viewer,
            "players": [p.to_dict() for p in self.players],
            "round": self.round,
            "phase": self.phase,
            "prices": self.prices[:],
            "markers": self.markers[:],
            "harbour": self.harbour[:],
            "supply": self.supply,
            "owner": self.owner[:],
            "stock": [s[:] for s in self.stock],
            "figures": self.figures[:],
            "temple": self.temple[:],
            "deck": self.deck[:],
            "display": self.display[:],
            "discard": self.discard[:],
            "round_tiles": self.round_tiles[:],
            "order": self.order[:],
            "turn_pos": self.turn_pos,
            "active": self.active,
            "queue": self.queue[:],
            "last_passer": self.last_passer,
            "played": self.played[:],
            "frames": [copy_frame(f) for f in self.frames],
            "over": self.over,
            "hidden_cards": self.hidden_cards[:],
            "hidden_fresh": self.hidden_fresh[:],
        } | ({"counted": [x[:] for x in self.counted]} if self.viewer != FULL else {})

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        """Rebuild a state from ``to_dict``'s form; raises ``StateFormatError`` (only) if it is malformed."""
        from .validate import state_from_dict

        return state_from_dict(d)

    def __repr__(self) -> str:
        return f"<Massilia {self.n}p day {self.round} {self.decision} player={self.current_player}>"


_copy_player = copier(PlayerState, same="money rep stones tile passed", list="hand known fresh kept screen")
_clone = copier(
    GameState,
    same="config seed rng viewer round phase supply turn_pos active last_passer over _legal _use_ctx",
    list="prices markers harbour owner cubes figures temple deck display discard round_tiles order queue played "
    "events hidden_cards hidden_fresh",
    lists="stock counted", frames="frames", copies="players",
)
