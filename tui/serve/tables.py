"""The tables: games owned by the serve process, each seat seeing only its own ``view``.

A ``Table`` is one game reached only through the game registry (``engine.core.games``): its config, seed
and the log of decisions are the whole of it, and the state is always ``new_game(config, seed)`` with the
log applied (``parse_action`` accepts only legal actions, so a table file cannot smuggle in a position).
What a seat is sent is the game's own ``state.view(seat)`` (spectators: ``view(-1)``, the public part),
passed through the game's ``GameInfo.extras["private"](view, seat)`` where it has one (what a game hides
only when every seat has its own screen, such as Concordia's Legatus recommendation),
the legal actions only to the seat that must decide, and of the log only its own decisions: each game says
in ``view`` what is private, and nothing else of the state ever leaves the server. The view's ``events``
(what the latest decision caused, as the engine words it for that seat) go with it, for the log. Once the
game is over nothing is private any more (the final scoring counts every hand and purse): every connection
then gets the whole final state, so each screen's score table is the true one.

Undo at a shared table: a person may take back their own latest decision until another person has decided
after it; the bots' decisions after it are taken back with it.
"""

from __future__ import annotations

import random
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core import games
from engine.core.errors import GameError
from engine.core.seeds import SEED_LIMIT
from tui.i18n import N_, t_for

MAX_NAME = 40
SEAT_KINDS = ("free", "person", "bot")
DEFAULT_BOT = "random"
DEFAULT_TIMER_BOT = "normal"
TIMER_LIMITS = (1, 7 * 24 * 3600)
"""A turn timer's seconds: at least 1, at most a week (the lobby asks for minutes)."""


class TableError(GameError):
    """A request a table refuses (not your turn, not an action, seat taken ...): one line for the player.

    Made from English words marked with ``N_`` and their fields, ``TableError(N_("seat must be 0 to {last}"),
    last=3)``: ``str`` is the English line, ``words(lang, ascii)`` the line in one reader's language, so the
    table server words each refusal for the connection that reads it.
    """

    def __init__(self, text: str, **fields: Any) -> None:
        self.text, self.fields = text, fields
        super().__init__(text.format(**fields) if fields else text)

    def words(self, lang: str, ascii_mode: bool = False) -> str:
        """The refusal in ``lang`` (``tui.i18n.t_for``: the shell's catalog)."""
        return said(self.text, lang, ascii_mode, **self.fields)


def said(text: str, lang: str, ascii_mode: bool = False, **fields: Any) -> str:
    """English words marked with ``N_`` in ``lang`` with their fields filled in: what the server tells one reader."""
    words = t_for(lang, text, ascii_mode)
    try:
        return words.format(**fields) if fields else words
    except (KeyError, IndexError, ValueError):  # a translation that names a field wrongly: the English is right
        return text.format(**fields)


@dataclass
class Seat:
    """Who sits in one seat: nobody yet, a person (by key fingerprint), or a bot (by name)."""

    kind: str = "free"
    key: str | None = None
    """The person's key fingerprint (a seat belongs to a key, not to a user name). A bot seat may keep one:
    the seat's person handed it to a bot (the host did for an absent friend, or they left a running game) and
    may take it back."""
    name: str = ""
    bot: str | None = None
    timed: bool = False
    """A bot plays the seat because its person's turn timer ran out: it is theirs again when they come back."""

    def to_dict(self) -> dict[str, Any]:
        out = {"kind": self.kind, "key": self.key, "name": self.name, "bot": self.bot}
        return out | {"timed": True} if self.timed else out

    @classmethod
    def from_dict(cls, d: Any) -> Seat:
        if not isinstance(d, dict) or d.get("kind") not in SEAT_KINDS:
            raise TableError("a seat must be free, a person or a bot")
        key, name, bot = d.get("key"), d.get("name", ""), d.get("bot")
        if not (key is None or isinstance(key, str)) or not isinstance(name, str) or not (
                bot is None or isinstance(bot, str)):
            raise TableError("a seat's key, name and bot must be texts")
        return cls(str(d["kind"]), key, name[:MAX_NAME], bot, d.get("timed") is True)


@dataclass
class Decision:
    """One entry of a table's log: who decided what, and whether a person (not a bot) did.

    ``turn`` (the game's turn number before it) and ``events`` (what it caused, unfiltered, as the engine
    said it) are kept in memory for the history a late joiner is sent (``Table.history_for``), not saved:
    replaying the log makes them again.
    """

    seat: int
    action: str
    person: bool
    turn: int = 0
    events: list[Any] = field(default_factory=list)


@dataclass
class Table:
    """One game at the server: seats, host, the decisions so far and the state they lead to."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[Seat]
    host: str
    """The key fingerprint of the person who created the table (only they may start it, give seats to bots)."""
    started: bool = False
    log: list[Decision] = field(default_factory=list)
    timer: int = 0
    """Seconds a person has for a decision before a bot (``timer_bot``) plays their seat until they come back;
    0: no timer (the default)."""
    timer_bot: str = DEFAULT_TIMER_BOT
    state: Any = None

    # ------------------------------------------------------------------------------------ making
    @classmethod
    def create(cls, game: str, options: Any, seats: list[Seat], host: str, seed: int | None = None) -> Table:
        """A new table; ``options`` are the game's config as plain data (checked by the game)."""
        info = games.get(game)
        if not isinstance(options, dict):
            raise TableError(N_("options must be an object"))
        if not info.min_players <= len(seats) <= info.max_players:  # before the game's own (English) check
            raise TableError(N_("{game} is for {least} to {most} players"), game=info.title, least=info.min_players,
                             most=info.max_players)
        config = info.config_from_dict({**options, "players": len(seats)})
        table = cls(uuid.uuid4().hex, game, config.to_dict(), secrets.randbelow(SEED_LIMIT) if seed is None else seed,
                    seats, host)
        table.rebuild()
        return table

    def rebuild(self) -> None:
        """The state from scratch: ``new_game(config, seed)`` with every logged decision applied."""
        info = games.get(self.game)
        state = info.new_game(info.config_from_save(self.options), self.seed)
        for entry in self.log:
            entry.turn = int(getattr(state, "turn", 0))
            info.apply_known(state, info.parse_action(state, entry.action))
            entry.events = list(getattr(state, "events", []))
        self.state = state

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "options": self.options, "seed": self.seed,
            "seats": [s.to_dict() for s in self.seats], "host": self.host, "started": self.started,
            "log": [[e.seat, e.action, e.person] for e in self.log],
            "timer": self.timer, "timer_bot": self.timer_bot,
        }

    @classmethod
    def from_dict(cls, d: Any) -> Table:
        """A table as saved, replayed through the engine (``GameError`` for anything malformed)."""
        if not isinstance(d, dict):
            raise TableError("a table must be an object")
        try:
            log = [Decision(int(s), str(a), bool(p)) for s, a, p in d["log"]]
            table = cls(str(d["id"]), str(d["game"]), dict(d["options"]), int(d["seed"]),
                        [Seat.from_dict(s) for s in d["seats"]], str(d["host"]), bool(d["started"]), log,
                        timer=int(d.get("timer", 0)), timer_bot=str(d.get("timer_bot", DEFAULT_TIMER_BOT)))
        except (KeyError, TypeError, ValueError) as exc:
            raise TableError(f"a damaged table: {exc}") from exc
        table.rebuild()
        return table

    # ----------------------------------------------------------------------------------- reading
    @property
    def over(self) -> bool:
        return bool(self.state.is_over)

    @property
    def deciding(self) -> int | None:
        """The seat that must decide now (None before the start and after the end)."""
        if not self.started or self.over:
            return None
        return int(self.state.current_player)

    def seat_of(self, key: str) -> int | None:
        """The seat that belongs to ``key``: the person's own, or theirs that a bot plays for now."""
        return next((i for i, s in enumerate(self.seats) if s.kind != "free" and s.key == key), None)

    def plays(self, seat: int | None) -> bool:
        """A person (not a bot playing for them) decides at ``seat``."""
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat].kind == "person"

    def summary(self, online: set[str]) -> dict[str, Any]:
        """What the lobby shows of the table: game, options, seats (free / person / bot) and its status."""
        info = games.get(self.game)
        seats = []
        for s in self.seats:
            entry: dict[str, Any] = {"kind": s.kind, "name": s.name}
            if s.kind == "bot":
                entry["bot"] = s.bot
                entry["held"] = s.key is not None  # a person's seat a bot plays until they take it back
            if s.key is not None:
                entry["online"] = s.key in online
            seats.append(entry)
        status = "finished" if self.over else "playing" if self.started else "open"
        return {"id": self.id, "game": self.game, "title": info.title, "options": self.options, "seats": seats,
                "status": status, "decisions": len(self.log), "timer": self.timer}

    def update_for(self, seat: int | None) -> dict[str, Any]:
        """Everything one connection of ``seat`` is sent (``None``: a spectator): its view, nothing more."""
        viewer = -1 if seat is None else seat
        if self.over:  # the final scoring is open: every hand (Concordia's team game) and purse (Massilia) counts
            view = self.state.clone()
        else:
            view = self.state.view(viewer)
            private = games.get(self.game).extras.get("private")
            if callable(private):  # what a game hides only where every seat has a screen of its own
                view = private(view, viewer)
        deciding = self.deciding
        decides = self.plays(seat) and deciding == seat  # not while a bot plays the seat for its person
        legal = [str(a) for a in self.state.legal_actions()] if decides else None
        can_undo = seat is not None and self.plays(seat) and self.undo_point(seat) is not None
        own = [e.action for e in self.log if seat is not None and e.seat == seat]
        last = None
        if self.log:  # who made the latest decision; its text to the seat that made it, or to all if it is public
            entry = self.log[-1]
            last = {"seat": entry.seat, "person": entry.person, "action": self._readable(entry, seat)}
        return {
            "event": "table", "table": self.id, "game": self.game, "seat": seat, "started": self.started,
            "over": self.over, "deciding": deciding, "decisions": len(self.log), "view": view.to_dict(),
            "legal": legal, "mine": own[-20:], "can_undo": can_undo,
            "events": list(getattr(view, "events", [])), "last": last,
        }

    def history_for(self, seat: int | None) -> list[list[Any]]:
        """The log as ``seat`` (``None``: a spectator) may read it, for a connection that joins late.

        One ``[seat, person, turn, action, events]`` per decision: ``action`` is the text of the seat's own
        decisions and of public ones (None for the others, as in ``update_for``), and ``events`` what each
        decision caused as the game lets this seat read it (``GameInfo.extras["events_for"]``, Massilia's roll
        behind another screen and a card another seat drew unseen are left out; the other games' events are all
        public).
        Once the game is over nothing is private any more: every decision's events are told as they were.
        """
        viewer = -1 if seat is None else seat
        readable = games.get(self.game).extras.get("events_for")
        out: list[list[Any]] = []
        for e in self.log:
            events = e.events if self.over or not callable(readable) else readable(e.events, viewer)
            out.append([e.seat, e.person, e.turn, self._readable(e, seat), [list(x) for x in events]])
        return out

    def words_for(self, seat: int | None, log: list[Decision],
                  word: Callable[[Any, str | None], Any]) -> list[Any]:
        """What ``word(view, text)`` says of each decision of ``log`` (a copy of the table's, taken before: this
        may run in a thread), given the reader's own view just before it (the view a screen that followed the
        table live had) and the decision's text where ``seat`` may read it (``_readable``; else None). It
        replays the game from its start: for a connection that joins late."""
        info = games.get(self.game)
        viewer = -1 if seat is None else seat
        private = info.extras.get("private")
        state = info.new_game(info.config_from_save(self.options), self.seed)
        out: list[Any] = []
        for e in log:
            view = state.view(viewer)
            out.append(word(private(view, viewer) if callable(private) else view, self._readable(e, seat)))
            info.apply_known(state, info.parse_action(state, e.action))
        return out

    def _readable(self, entry: Decision, seat: int | None) -> str | None:
        """A decision's text as ``seat`` may read it: its own decisions always; another seat's (and every
        decision for a spectator) only where the game calls it public (``GameInfo.extras["public_decision"]``:
        Concordia all but a Legatus recommendation, Colosseum all; a game without the hook tells nobody else)."""
        if seat is not None and entry.seat == seat:
            return entry.action
        public = games.get(self.game).extras.get("public_decision")
        return entry.action if callable(public) and public(entry.action) else None

    # ---------------------------------------------------------------------------------- changing
    def decide(self, seat: int, text: str, person: bool = True) -> None:
        """``seat`` takes the action whose text is ``text`` (refused unless it is that seat's legal decision)."""
        if self.deciding is None:
            raise TableError(N_("the game is not running"))
        if self.deciding != seat:
            raise TableError(N_("it is not your decision"))
        info = games.get(self.game)
        action = info.parse_action(self.state, text)
        turn = int(getattr(self.state, "turn", 0))
        info.apply_known(self.state, action)
        self.log.append(Decision(seat, str(action), person, turn, list(getattr(self.state, "events", []))))

    def undo_point(self, seat: int) -> int | None:
        """Where the log would be cut to undo ``seat``'s latest decision; None when undo is not allowed.

        Allowed while no other person has decided after it (bots' decisions after it go with it).
        """
        for i in range(len(self.log) - 1, -1, -1):
            entry = self.log[i]
            if entry.seat == seat and entry.person:
                return i if not self.over else None
            if entry.person:
                return None
        return None

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s latest decision and the bots' after it; the number of decisions taken back."""
        point = self.undo_point(seat)
        if point is None:
            raise TableError(N_("nothing of yours to undo (another person has decided since)"))
        taken = len(self.log) - point
        del self.log[point:]
        self.rebuild()
        return taken


def make_bot(game: str, spec: str) -> Any:
    """A bot for ``game`` by name (``random``, ``easy``, ``normal``, ``hard``, a plugin): ``engine.bots``' registry."""
    from engine.bots import make_bot as registry_make_bot

    return registry_make_bot(spec, game=game)


def choose(bot: Any, view: Any, legal: list[Any], rng: random.Random) -> str:
    """The bot's decision as text; a bot that fails or answers something illegal gets a random legal action.

    ``view`` and ``legal`` are the bot's own copies (taken before it thinks, so it may run in a thread).
    """
    texts = [str(a) for a in legal]
    try:
        answer = str(bot.choose(view, list(legal), rng))
    except Exception:  # a bot's bug must not stop a shared table
        answer = ""
    return answer if answer in texts else texts[rng.randrange(len(texts))]
