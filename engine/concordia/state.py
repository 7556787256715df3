"""The state of a game of Concordia: what is where, whose decision it is, and the public API.

Everything the rules change lives here as plain data (lists, dicts, ints), so that ``clone`` is a cheap
hand-written copy and ``to_dict`` a plain JSON-compatible form. The rules themselves live in
``engine.concordia.rules``; ``legal_actions`` and ``apply`` dispatch to them and are the only way to change
a state from outside.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from engine.core import actiontext
from engine.core.errors import GameDataError, StateFormatError
from engine.core.scores import Scores
from engine.core.state import FrameStack, copier, copy_frame

from . import model
from .actions import Action
from .actions import parse as parse_text
from .config import GameConfig
from .model import GOODS, LAND, SEA, CardDef, GameMap

Frame = dict[str, Any]
"""A pending decision: ``{"k": kind, "p": player, ...}``; the top of ``GameState.frames`` is decided next."""
Event = tuple[str, dict[str, Any]]
"""What an ``apply`` did besides the action itself: ``("takes_money", {"player": 0, "amount": 5})``; seats are
0-based, roles and goods are ids, city and province names are the map's. The UI (``tui.concordia.events``) puts
them into words in the player's language."""


class PlayerState:
    """One seat's belongings: money, storehouse, houses, colonists and cards."""

    __slots__ = ("colonists", "discard", "forum", "goods", "hand", "houses", "interim", "money", "salt", "store")

    def __init__(self) -> None:
        self.money = 0
        self.goods: list[int] = [0] * len(GOODS)
        """Goods in the storehouse, in ``GOODS`` order."""
        self.store: list[int] = [0, 0]
        """Colonists still in the storehouse: [land, sea]."""
        self.houses: set[str] = set()
        self.hand: list[str] = []
        """Card ids in hand."""
        self.discard: list[str] = []
        """Card ids on the discard pile, bottom first; the last one is the visible top card."""
        self.colonists: list[tuple[str, str]] = []
        """Colonists on the board as (kind, location); a location is a place id or a route id."""
        self.interim: int = -1
        """R-INTERIM: the interim score, or -1 before the first Tribune."""
        self.salt = 0
        """R-SALSA-SALT: salt in the storehouse (apart from ``goods``, so old games keep their goods lists)."""
        self.forum: list[str] = []
        """R-SALSA-FORUM-*: the forum cards the player owns (public), in the order acquired."""

    def copy(self) -> PlayerState:
        return _copy_player(self)

    @property
    def free_slots(self) -> int:
        """Storehouse slots free for goods (R-TURN-4)."""
        return self.slots - self.store[0] - self.store[1] - sum(self.goods) - self.salt

    @property
    def slots(self) -> int:
        """Storehouse slots: 12, or 16 with R-FORUM-CLAUDIA-AGRIPPINA."""
        return model.components().store_slots + (4 if "claudia-agrippina" in self.forum else 0)

    def good(self, g: str) -> int:
        return self.goods[GOODS.index(g)]

    def cards(self) -> list[str]:
        """Every card the player owns (hand and discard pile)."""
        return self.hand + self.discard

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "money": self.money,
            "goods": dict(zip(GOODS, self.goods, strict=True)),
            "store": {"land": self.store[0], "sea": self.store[1]},
            "houses": sorted(self.houses),
            "hand": list(self.hand),
            "discard": list(self.discard),
            "colonists": [[k, loc] for k, loc in self.colonists],
            "interim": self.interim,
        }
        if self.salt:  # Salsa parts only when there are any: a game without them writes the old form
            d["salt"] = self.salt
        if self.forum:
            d["forum"] = list(self.forum)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlayerState:
        p = cls()
        p.money = int(d["money"])
        p.goods = [int(d["goods"][g]) for g in GOODS]
        p.store = [int(d["store"]["land"]), int(d["store"]["sea"])]
        p.houses = {str(h) for h in d["houses"]}
        p.hand = [str(c) for c in d["hand"]]
        p.discard = [str(c) for c in d["discard"]]
        p.colonists = [(str(k), str(loc)) for k, loc in d["colonists"]]
        p.interim = int(d.get("interim", -1))
        p.salt = int(d.get("salt", 0))
        p.forum = [str(c) for c in d.get("forum", [])]
        return p


@dataclass(frozen=True)
class PlayerScore:
    """One player's final score: VP per god, the Concordia card, and the total."""

    player: int
    gods: dict[str, int]
    concordia: int
    total: int
    venus: bool = True
    """The game has the Venus cards; without them ``breakdown`` leaves Venus out (it can only score 0)."""

    @property
    def breakdown(self) -> dict[str, int]:
        """Points per source (the state protocol's ``breakdown``): every god of the game, then the Concordia
        card (a game without Venus has no Venus row: ``concordia replay``, the load screen)."""
        gods = self.gods if self.venus else {g: n for g, n in self.gods.items() if g != "venus"}
        return {**gods, "concordia": self.concordia}


@dataclass(frozen=True)
class FinalScores(Scores[PlayerScore]):
    """The result of a game: every player's score, the winner (team game: a seat of the winning team), and
    whether a tie-break (the Praefectus Magnus, R-TIE) decided it."""

    teams: list[tuple[int, ...]] = field(default_factory=list)
    team_totals: list[int] = field(default_factory=list)


class GameState(FrameStack):
    """A game of Concordia in progress (or finished).

    Use ``engine.concordia.new_game`` to make one. ``current_player`` decides next; ``legal_actions()`` lists
    every choice; ``apply(action)`` carries one out or raises ``IllegalAction``.
    """

    game = "concordia"

    def __init__(self, config: GameConfig, seed: int) -> None:
        self.config = config
        self.seed = seed
        self.map: GameMap = model.game_map(config.map, config.map_variant)
        self.players: list[PlayerState] = [PlayerState() for _ in range(config.players)]
        self.tiles: dict[str, str] = {}
        """city id -> the good of its city tile."""
        self.bonus: dict[str, str] = {}
        """province id -> the good of its bonus marker."""
        self.active_markers: set[str] = set()
        """Provinces whose bonus marker shows its goods side (the province may produce)."""
        self.routes: dict[str, int] = {}
        """Occupied route id -> the player whose colonist stands there."""
        self.display: list[str | None] = []
        """The 7 display slots, slot 1 first; None is an empty slot (only during a purchase action)."""
        self.deck: list[str] = []
        """Purchasable cards not yet displayed; the last one is the top (stack I before II ...)."""
        self.deck_hidden = False
        """True in a ``view``: the order inside each stack is unknown (sorted, not shuffled)."""
        self.hidden_hand_sizes: dict[int, int] = {}
        """In a team-game ``view``: seat -> number of cards of a hand not shown (that hand is an empty list)."""
        self.start_player = 0
        self.active = 0
        """Whose turn it is (who played the card being carried out)."""
        self.turn = 0
        """Number of turns finished."""
        self.pm = 0
        """Holder of the Praefectus Magnus."""
        self.concordia = -1
        """Holder of the Concordia card (who triggered the end), or -1."""
        self.final_turns = -1
        """Turns still to play after the end was triggered (-1: not triggered)."""
        self.trigger_pending = False
        """True while the player who triggered the end is still finishing their turn."""
        self.frames: list[Frame] = []
        self.copied: list[str] = []
        """R-DIPLOMAT loop guard: roles resolved through copying in this turn (diplomat, magister)."""
        self.team_copied: list[list[Any]] = []
        """R-TEAM-DIPLOMAT: [team, seat, pile size] of top cards a team has copied."""
        self.interim_paid = False
        self.chosen_bonus: dict[str, str] = {}
        """R-MAP-CRETA: province without a fixed marker -> the good its producer chose (its coin side)."""
        self.forum_deck: list[str] = []
        """R-SALSA-FORUM-SETUP: the face-up forum deck; the last one is the top."""
        self.forum_table: list[str] = []
        """The forum tableau, position 1 first (up to 4 cards)."""
        self.forum_discard: list[str] = []
        """Used citizens (face up)."""
        self.forum_gap: list[int] = []
        """SEED-S rule 08: while the second partner of a team Tribune chooses, [the first one's unused count]."""
        self.over = False
        self.events: list[Event] = []
        """What the last ``apply`` did besides the action itself, as ``(id, params)`` (the UI words them)."""

    # ----------------------------------------------------------------------------------------- queries
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def decision(self) -> str:
        """The kind of decision pending: "play", "architect", "prefect", "overflow", ..."""
        return str(self.frames[-1]["k"]) if self.frames else ("over" if self.over else "play")

    @property
    def frame(self) -> Frame | None:
        return self.frames[-1] if self.frames else None

    def card(self, card_id: str) -> CardDef:
        return model.cards()[card_id]

    def top_card(self, player: int) -> str | None:
        d = self.players[player].discard
        return d[-1] if d else None

    def partner(self, player: int) -> int:
        """The team partner of ``player`` (R-TEAM-SEATS), or -1 in the individual game."""
        if not self.config.is_team:
            return -1
        return (player + self.n // 2) % self.n

    def team_of(self, player: int) -> int:
        return player % (self.n // 2) if self.config.is_team else player

    def teams(self) -> list[tuple[int, ...]]:
        if not self.config.is_team:
            return [(p,) for p in range(self.n)]
        half = self.n // 2
        return [(t, t + half) for t in range(half)]

    def spendable(self, player: int) -> int:
        """Money a player can pay: their own, plus the partner's in the team game (R-TEAM-MONEY)."""
        q = self.partner(player)
        return self.players[player].money + (self.players[q].money if q >= 0 else 0)

    def colonists_on_board(self, player: int) -> int:
        return len(self.players[player].colonists)

    def houses_left(self, player: int) -> int:
        return model.components().houses - len(self.players[player].houses)

    def house_count(self, city: str) -> int:
        return sum(1 for p in self.players if city in p.houses)

    def legal_actions(self) -> list[Action]:
        """Every legal choice of ``current_player`` now; empty when the game is over."""
        from . import rules

        return rules.legal_actions(self)

    def apply(self, action: Action | str) -> None:
        """Carry out ``action`` (or its text). Raises ``IllegalAction`` (state unchanged) if it is not legal."""
        from . import rules

        if isinstance(action, str):
            action = parse_text(action)
            legal = self.legal_actions()
            if actiontext.legal_instance(action, legal) is None:
                # a payment in another order (R-SALSA-DECISIONS) means the legal one
                from .actions import payment_key

                same = [a for a in legal if payment_key(a) == payment_key(action)]
                action = same[0] if len(same) == 1 else action
        else:
            legal = self.legal_actions()
        # checked first: a refusal changes nothing (a malformed action, Accept(goods=None), may not even be
        # explainable: ``why_not`` says so plainly)
        self.apply_legal(actiontext.chosen(action, legal, lambda: rules.why_illegal(self, action, legal)))

    def apply_legal(self, action: Action) -> None:
        """Carry out ``action``, known to be one of ``legal_actions()`` now (taken from that list, or returned
        by ``parse_action``), without checking it again: ``apply``'s check derives every legal action, which
        costs about as much as the step itself (the bots' roll-outs, replays, a bot's decision in the app)."""
        from . import rules

        self.events = []
        rules.apply(self, action)

    def final_scores(self) -> FinalScores:
        """Scores per player and god, the Concordia card, and the winner after the tie-break (R-SCORE, R-TIE).

        Also callable before the end: the projection "if the game ended now".
        """
        from . import scoring

        return scoring.final_scores(self)

    # ----------------------------------------------------------------------------------- copies, views
    def clone(self) -> GameState:
        """A deep copy, field by field (much faster than ``copy.deepcopy``); the map, ``tiles`` and ``bonus``
        are shared: they never change after setup."""
        return _clone(self)

    def detached(self) -> GameState:
        """A copy that shares no mutable object with this state, for a bot run by the guard (``engine.bots.safe``).

        ``clone`` shares what the engine never writes after setup (``tiles``, ``bonus`` and the board's
        dicts); a third-party bot could write into them and so change the live game. This copy gives it its
        own: the containers are copied, their contents (strings, tuples, frozen dataclasses) cannot change.
        The engine's own loops keep using ``clone``, which is faster.
        """
        c = self.clone()
        c.tiles = dict(self.tiles)
        c.bonus = dict(self.bonus)
        board = copy.copy(self.map)
        for name in ("provinces", "cities", "routes", "routes_at", "route_next"):
            object.__setattr__(board, name, dict(getattr(self.map, name)))  # a frozen dataclass
        c.map = board
        return c

    def view(self, player: int) -> GameState:
        """What ``player`` may know: everything but the order of the cards inside each deck stack.

        In Concordia all hands are public through the open history (every card played and bought is seen),
        so only the deck order is hidden: the view's deck keeps each stack's cards, sorted, and its ``seed`` is
        -1 (the setup seed would reveal the order). Bots decide from
        a view and may ``determinize`` it with their own RNG. Team game (R-LEGATUS: the Legatus is the only
        way to look into the partner's hand): the partner's hand is an empty list and its size is in
        ``hidden_hand_sizes``, except while ``player`` recommends a card with the Legatus.
        """
        v = self.clone()
        order = {s: i for i, s in enumerate(model.STACKS)}
        cards = model.cards()
        v.deck = sorted(self.deck, key=lambda c: (-order[cards[c].stack], c))
        v.deck_hidden = True
        v.seed = -1  # the setup seed would give the deck order away (new_game(config, seed).deck)
        keeping = [fr for fr in v.frames if fr["k"] == "keep"]
        if keeping:  # R-SALSA-FORUM-SETUP: dealt patricians are private, returned ones go back face down
            for fr in keeping:
                if fr["p"] != player:
                    v.forum_deck.extend(fr["offer"])
                    fr["offer"] = []
            v.forum_deck = sorted(v.forum_deck)
        elif self.config.forum_hide_next:  # R-SALSA-FORUM-SETUP option: not even the top card is seen
            v.forum_deck = sorted(v.forum_deck)
        elif len(v.forum_deck) > 1:  # R-SALSA-FORUM-SETUP: the face-up deck shows its top card, not the order below
            v.forum_deck = sorted(v.forum_deck[:-1]) + v.forum_deck[-1:]
        if self.config.is_team:  # R-LEGATUS: the partner's hand is seen only while resolving a Legatus
            q = self.partner(player)
            f = self.frames[-1] if self.frames else None
            if not (f is not None and f["k"] == "recommend" and f["p"] == player):
                v.hidden_hand_sizes[q] = self.hidden_hand_sizes.get(q, 0) + len(v.players[q].hand)
                v.players[q].hand = []
            # R-LEGATUS: the recommended card is private between the partners; others see that one was made
            for fr in v.frames:
                if fr["k"] == "partnerplay" and fr.get("rec") and player not in (fr["p"], fr["by"]):
                    fr["rec"] = "?"
        return v

    def determinize(self, rng: random.Random) -> GameState:
        """A copy whose hidden deck order is one random guess (each stack shuffled on its own).

        Hidden hands (``hidden_hand_sizes``) are dealt back from the cards that are nowhere else.
        """
        c = self.clone()
        if c.deck_hidden:
            cards = model.cards()
            by_stack: dict[str, list[str]] = {}
            for cid in c.deck:
                by_stack.setdefault(cards[cid].stack, []).append(cid)
            deck: list[str] = []
            for s in reversed(model.STACKS):
                part = by_stack.get(s, [])
                rng.shuffle(part)
                deck.extend(part)
            c.deck = deck
            c.deck_hidden = False
            hidden_keeps = [fr for fr in c.frames if fr["k"] == "keep" and not fr["offer"]]
            if hidden_keeps or any(fr["k"] == "keep" for fr in c.frames) or c.config.forum_hide_next:
                rng.shuffle(c.forum_deck)
                for fr in hidden_keeps:  # deal the other players' two patricians again
                    patricians = [x for x in c.forum_deck if model.forum().cards[x].kind == "patrician"][:2]
                    for x in patricians:
                        c.forum_deck.remove(x)
                    fr["offer"] = sorted(patricians)
            else:
                below = c.forum_deck[:-1]
                rng.shuffle(below)
                c.forum_deck = below + c.forum_deck[-1:]
        if c.hidden_hand_sizes:
            # every player's cards are their starting hand plus their purchases, all public: the cards
            # found nowhere else are the hidden hands (with one hidden hand, exactly that hand)
            from .validate import expected_cards

            unknown = expected_cards(c)
            unknown.subtract(x for x in c.display if x is not None)
            unknown.subtract(c.deck)
            for pl in c.players:
                unknown.subtract(pl.hand)
                unknown.subtract(pl.discard)
            pool = sorted(unknown.elements())
            rng.shuffle(pool)
            for seat, size in sorted(c.hidden_hand_sizes.items()):
                c.players[seat].hand, pool = pool[:size], pool[size:]
            c.hidden_hand_sizes = {}
        return c

    # ------------------------------------------------------------------------------------ plain form
    def to_dict(self) -> dict[str, Any]:
        """A plain, JSON-compatible form of the whole state (also used to write test positions by hand)."""
        d: dict[str, Any] = {
            "game": self.game,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "players": [p.to_dict() for p in self.players],
            "tiles": dict(sorted(self.tiles.items())),
            "bonus": dict(sorted(self.bonus.items())),
            "active_markers": sorted(self.active_markers),
            "routes": dict(sorted(self.routes.items())),
            "display": list(self.display),
            "deck": list(self.deck),
            "deck_hidden": self.deck_hidden,
            "start_player": self.start_player,
            "active": self.active,
            "turn": self.turn,
            "pm": self.pm,
            "concordia": self.concordia,
            "final_turns": self.final_turns,
            "trigger_pending": self.trigger_pending,
            "frames": [copy_frame(f) for f in self.frames],
            "copied": list(self.copied),
            "team_copied": [list(x) for x in self.team_copied],
            "interim_paid": self.interim_paid,
            "over": self.over,
        }
        if self.hidden_hand_sizes:  # only a team-game view has any
            d["hidden_hand_sizes"] = {str(k): v for k, v in sorted(self.hidden_hand_sizes.items())}
        if self.chosen_bonus:  # Creta's Gavdos after its first production
            d["chosen_bonus"] = dict(sorted(self.chosen_bonus.items()))
        if self.config.forum:
            d["forum_deck"] = list(self.forum_deck)
            d["forum_table"] = list(self.forum_table)
            d["forum_discard"] = list(self.forum_discard)
            d["forum_gap"] = list(self.forum_gap)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        """Rebuild a state from ``to_dict``'s form; raises ``StateFormatError`` if it is malformed."""
        from .validate import check_state

        try:
            config = GameConfig.from_dict(d["config"])
            s = cls(config, int(d["seed"]))
            s.players = [PlayerState.from_dict(p) for p in d["players"]]
            s.tiles = {str(k): str(v) for k, v in d["tiles"].items()}
            s.bonus = {str(k): str(v) for k, v in d["bonus"].items()}
            s.active_markers = {str(x) for x in d["active_markers"]}
            s.routes = {str(k): int(v) for k, v in d["routes"].items()}
            s.display = [None if c is None else str(c) for c in d["display"]]
            s.deck = [str(c) for c in d["deck"]]
            s.deck_hidden = bool(d.get("deck_hidden", False))
            s.hidden_hand_sizes = {int(k): int(v) for k, v in d.get("hidden_hand_sizes", {}).items()}
            s.start_player = int(d["start_player"])
            s.active = int(d["active"])
            s.turn = int(d["turn"])
            s.pm = int(d["pm"])
            s.concordia = int(d["concordia"])
            s.final_turns = int(d["final_turns"])
            s.trigger_pending = bool(d["trigger_pending"])
            s.frames = [copy_frame(f) for f in d["frames"]]
            s.copied = [str(x) for x in d.get("copied", [])]
            s.team_copied = [list(x) for x in d.get("team_copied", [])]
            s.interim_paid = bool(d.get("interim_paid", False))
            s.chosen_bonus = {str(k): str(v) for k, v in d.get("chosen_bonus", {}).items()}
            s.forum_deck = [str(c) for c in d.get("forum_deck", [])]
            s.forum_table = [str(c) for c in d.get("forum_table", [])]
            s.forum_discard = [str(c) for c in d.get("forum_discard", [])]
            s.forum_gap = [int(x) for x in d.get("forum_gap", [])]
            s.over = bool(d["over"])
        except StateFormatError:
            raise
        except GameDataError as exc:  # a config that cannot be played (unknown map, bad player count)
            raise StateFormatError(f"malformed game state: {exc}") from exc
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:  # inf: OverflowError
            raise StateFormatError(f"malformed game state: {exc.__class__.__name__}: {exc}") from exc
        problems = check_state(s)
        if problems:
            raise StateFormatError("inconsistent game state: " + "; ".join(problems[:5]))
        return s

    def __repr__(self) -> str:
        return (
            f"<GameState {self.config.map} {self.config.variant} {self.n}p turn={self.turn} "
            f"decision={self.decision} player={self.current_player}>"
        )


_copy_player = copier(PlayerState, same="money interim salt", list="goods store hand discard colonists forum",
                      set="houses")
_clone = copier(
    GameState,
    same="config seed map tiles bonus deck_hidden start_player active turn pm concordia final_turns "
    "trigger_pending interim_paid over",
    list="display deck copied forum_deck forum_table forum_discard forum_gap events", lists="team_copied",
    set="active_markers", dict="routes hidden_hand_sizes chosen_bonus", frames="frames", copies="players",
)


def kind_index(kind: str) -> int:
    return 0 if kind == LAND else 1 if kind == SEA else -1
