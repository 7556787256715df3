"""A seat at a table of ``concordia serve``, as a session the game's own screen can play (``PlaySession``).

The game screens (``tui/<id>/screen.py``) draw ``session.state`` and offer ``session.legal_actions()``. Here the
state is the seat's ``view`` as the table server sent it (spectators: the public view), rebuilt with the
game's ``state_from_dict``, and ``legal_actions()`` answers exactly the actions the server said this seat may
take now (nothing while it is another seat's decision, or while our decision is on its way). So the screen
never sees more than the seat may know, and never decides for anyone else. The view itself stays as the
engine made it: its own ``legal_actions()`` are the rules' (the deciding seat's, as far as the view shows).

- ``apply`` sends the decision to the server and returns at once; the server's update (a moment later) is the
  new state. A refusal is told to the player (``on_refused``) and the decision is offered again.
- ``undo`` asks the server, which allows it as the issue says: your own latest decision, until another person
  has decided after it (the bots' decisions after it go with it).
- ``bot_request`` is always None: bots think on the server. ``autosave`` does nothing: the server saves the
  table after every decision.
- ``receive(update)`` takes each update of the table; ``on_change`` then redraws the screen.

The log is built from the updates: your own decisions in words, another seat's as what it caused (the view's
``events``, which the engine words for this seat), so no other seat's choice text is ever sent here. A
connection that joins a running table (a spectator, a person coming back) gets the whole log from the history
the server sends with its first update (every decision's events as this seat may read them).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from engine.core import games as core_games
from engine.core.errors import GameError, IllegalAction
from saves import Seat
from tui import games, glyphs
from tui.i18n import t
from tui.session import BotRequest, LogEntry

from .tables import TableError


class RemoteSession:
    """One connection's seat (or spectator place) at one table; implements ``tui.session.PlaySession``."""

    def __init__(self, client: Any, update: dict[str, Any]) -> None:
        self.client = client
        """The ``TableClient`` decisions and undo requests go through."""
        self.table: str = update["table"]
        self.game: str = update["game"]
        self.info = core_games.get(self.game)
        self.ui = games.get(self.game)
        self.viewer: int | None = update["seat"]
        """This connection's seat; None for a spectator."""
        self.seed = 0
        """Unknown here (it would give hidden things away); only seeds the screen's own hints."""
        self.title = ""
        self.game_id = self.table
        self.store = None
        self.bots: dict[int, Any] = {}
        self.seats: list[Seat] = []
        self.person: list[bool] = []
        self.kinds: list[str] = []
        """Each seat's kind as the server said: ``free``, ``person`` or ``bot``."""
        self.away: list[bool] = []
        """Each seat: a person's (or a person's seat a bot plays for now) whose person has no connection now."""
        self.actions: list[str] = []
        """The decisions so far as far as this seat knows them: its own as their text, another seat's as ``?``."""
        self.log: list[LogEntry] = []
        self._by_event: set[int] = set()
        """Decisions (by index) whose log line is their first event, for want of their words."""
        self.version = 0
        self.autosave_error = ""
        self.update: dict[str, Any] = {}
        self.pending = False
        """A decision or undo of ours is on its way to the server: nothing is offered until its answer."""
        self._said: dict[str, str] = {}
        """Our decision's text -> its words, made with the state before it (for our log entry)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.on_change: Callable[[], None] | None = None
        """Called after every change (an update, a refusal): the screen redraws."""
        self.on_refused: Callable[[str], None] | None = None
        """Called with the server's one-line reason when it refused our decision or undo."""
        self.state: Any = None
        self._offered: list[Any] = []
        """The actions the server allows this seat in the newest update (as the game's action objects)."""
        histories = getattr(client, "histories", {})
        self._history: list[Any] | None = histories.pop(self.table, None) if "history" not in update else None
        """The log so far as the server sent it when this connection began to follow the table."""
        self.receive(update)
        words = getattr(client, "words", {}).pop(self.table, None)
        if words:  # the server's words for the log arrived before this screen opened
            self.take_words(words)

    # ------------------------------------------------------------------------------------ updates
    def receive(self, update: dict[str, Any], redraw: bool = True) -> None:
        """Take the server's next update of the table: the view, the legal actions, the seats, the log.

        ``redraw`` False: a newer update is already waiting, so the screen is not drawn for this one.
        """
        state = self.info.state_from_dict(update["view"])
        offered = self._legal(state, update.get("legal") or [])
        lobby = update.get("lobby") or {}
        if lobby.get("seats"):
            self.seats = [Seat(str(s.get("name") or t("Seat {n}").format(n=i + 1)),
                               s.get("bot") if s.get("kind") == "bot" else None)
                          for i, s in enumerate(lobby["seats"])]
            self.person = [s.get("kind") == "person" for s in lobby["seats"]]
            self.kinds = [str(s.get("kind")) for s in lobby["seats"]]
            self.away = ["online" in s and not s["online"] for s in lobby["seats"]]
            self.title = str(lobby.get("title", ""))
        if len(self.seats) < state.config.players:
            self.seats += [Seat(t("Seat {n}").format(n=i + 1)) for i in range(len(self.seats), state.config.players)]
            self.person += [False] * (state.config.players - len(self.person))
            self.kinds += ["bot"] * (state.config.players - len(self.kinds))
        history = update.get("history", self._history)
        self._history = None
        if "history" in update:
            getattr(self.client, "histories", {}).pop(self.table, None)  # taken: not for a later screen
        if isinstance(history, list):
            self._take_history(history)
        self._extend_log(update, state)
        self.state = state
        self._offered = offered
        self.update = update
        self.pending = False
        self.version += 1
        if redraw and self.on_change is not None:
            self.on_change()

    def _legal(self, state: Any, texts: list[str]) -> list[Any]:
        """The server's legal actions (texts) as the game's action objects, found among the view's own."""
        if not texts:
            return []
        try:
            by_text = {str(a): a for a in state.legal_actions()}
        except GameError:
            by_text = {}
        out = []
        for text in texts:
            action = by_text.get(text)
            if action is None:
                try:
                    action = self.info.parse_action(state, text)
                except GameError:
                    continue  # the view cannot read it (it never happened in the tests): not offered
            out.append(action)
        return out

    def _extend_log(self, update: dict[str, Any], state: Any) -> None:
        """The log up to the update: cut back after an undo, one entry for the newest decision.

        A connection that joins late (or whose updates were dropped) gets one line for the decisions it missed.
        """
        count = int(update["decisions"])
        known = len(self.actions)
        if count <= known:
            if count < known:
                del self.actions[count:]
                self.log = [e for e in self.log if e.index < count]
            return
        names = self.log_names()
        last = update.get("last") or {}
        seat = int(last.get("seat", 0))
        turn = self._turn(self.state if self.state is not None else state)
        missed = count - known - 1
        if missed > 0:
            self.log.append(LogEntry(count - 2, turn, seat, False,
                                     t("({n} decisions before you came)").format(n=missed), ()))
        self.actions += ["?"] * missed
        events = tuple(self._event_text(e, names) for e in update.get("events", []))
        action = last.get("action")
        if action is not None:
            if seat == self.viewer:
                text = self._said.pop(action, action)
            else:  # another seat's public decision, worded with the view before it (if we saw that one)
                text = self._worded(action, names) if missed <= 0 else action
            self.actions.append(action)
        else:
            text = events[0] if events else t("decided")
            events = events[1:]
            self.actions.append("?")
        holder, opens = self._seat_turn(self.state) if missed <= 0 else (-1, False)
        self.log.append(LogEntry(count - 1, turn, seat, not last.get("person", True), text, events, holder, opens))

    def _worded(self, text: str, names: list[str]) -> str:
        """Another seat's decision ``text`` in the player's words, read against the view before it was made.

        The view's own ``legal_actions()`` (the rules', not what the server offered this seat) give the
        deciding seat's actions to find it among; the text itself where that fails.
        """
        before = self.state
        if before is None:
            return text
        try:
            action = next((a for a in before.legal_actions() if str(a) == text), None)
            return text if action is None else str(self.ui.action_text(before, action, names))
        except (GameError, KeyError, IndexError, TypeError, ValueError, AttributeError):
            return text

    def _take_history(self, history: list[Any]) -> None:
        """The whole log from the server's history (a late join, a reconnect): each decision as what it caused.

        As for another seat's decision in ``_extend_log``, a decision is told by its first event; our own
        (the server sends their text) by their text where they caused no event.
        """
        names = self.log_names()
        self.actions = []
        self.log = []
        self._by_event = set()
        for i, (seat, person, turn, action, events) in enumerate(history):
            texts = tuple(self._event_text(e, names) for e in events)
            if texts:
                text, texts = texts[0], texts[1:]
                self._by_event.add(i)
            else:
                text = str(action) if action is not None else t("decided")
            self.actions.append(str(action) if action is not None else "?")
            self.log.append(LogEntry(i, int(turn), int(seat), not person, text, texts))

    def take_words(self, said: dict[str, Any]) -> None:
        """The server's words for the decisions before this connection joined (``{"event": "words"}``): each
        readable one's line becomes its words, as a screen that followed the table live wrote it, and what it
        caused stays beneath; a word None (a decision this seat may not read) leaves its line as it is. Each
        entry gets its turn (holder, opens), so the log groups a turn's decisions as it does live."""
        words, turns = list(said.get("words") or []), list(said.get("turns") or [])
        at = {e.index: n for n, e in enumerate(self.log)}
        for i in range(max(len(words), len(turns))):
            n = at.get(i)
            if n is None:
                continue
            e = self.log[n]
            text, events = e.text, e.events
            word = words[i] if i < len(words) else None
            if isinstance(word, str) and word:
                events = (e.text, *e.events) if i in self._by_event else e.events
                text = word
                self._by_event.discard(i)
            holder, opens = e.holder, e.opens
            turn = turns[i] if i < len(turns) else None
            if isinstance(turn, list) and len(turn) == 2:
                holder, opens = int(turn[0]), bool(turn[1])
            self.log[n] = LogEntry(e.index, e.turn, e.seat, e.bot, text, events, holder, opens)
        self.version += 1

    def _seat_turn(self, state: Any) -> tuple[int, bool]:
        """Whose turn the next decision belongs to, as the game says (``GameUI.seat_turn``), read from the view
        before it; (-1, False) when unknown (the log then groups by seat)."""
        if state is None:
            return -1, False
        try:
            holder, opens = self.ui.seat_turn(state)
            return int(holder), bool(opens)
        except (GameError, KeyError, IndexError, TypeError, ValueError, AttributeError):
            return -1, False

    def _turn(self, state: Any) -> int:
        try:
            return int(self.ui.turn(state))
        except (GameError, AttributeError, TypeError, ValueError):
            return 0

    def _event_text(self, event: Any, names: list[str]) -> str:
        if isinstance(event, list):  # JSON made the engine's (id, params) a list
            event = tuple(event)
        try:
            return str(self.ui.event_text(event, names))
        except (GameError, KeyError, IndexError, TypeError, ValueError):
            return str(event)

    # ------------------------------------------------------------------------------------ seats
    def is_human(self, seat: int) -> bool:
        """A person decides for ``seat`` at this screen: only our own seat, and not while our decision travels.

        Another person's seat counts as a person too except while it decides (the screen must not offer
        their decision here; it waits, as it does for a bot, until the server's update).
        """
        if seat == self.viewer:  # not while a bot plays our seat (the host gave it, or we left): T takes it back
            return not self.pending and not self.state.is_over and not self.is_bot(seat)
        return 0 <= seat < len(self.person) and self.person[seat] and seat != self.state.current_player

    def is_bot(self, seat: int) -> bool:
        """A bot plays ``seat`` at the server: never a seat a person took (ours or another's, deciding or not),
        nor a free one (a table not started yet)."""
        return 0 <= seat < len(self.kinds) and self.kinds[seat] == "bot"

    @property
    def waiting_note(self) -> str:
        """What the status line says instead of who decides while the host has not started the table."""
        return "" if self.update.get("started", True) else t("waiting for the host to start the table")

    def humans(self) -> list[int]:
        return [] if self.viewer is None else [self.viewer]

    def seat_name(self, seat: int) -> str:
        """``1 Anna``; ``1 Anna (away)`` while Anna has no connection to the server (the status line, the
        turn's title); ``1 Anna (bot)`` while a bot plays her seat."""
        name = self._plain_name(seat)
        if 0 <= seat < len(self.kinds) and self.kinds[seat] == "bot" and self._held(seat):
            name += " (" + t("bot") + ")"
        if 0 <= seat < len(self.away) and self.away[seat]:
            name += " (" + t("away") + ")"
        return name

    def _held(self, seat: int) -> bool:
        lobby = self.update.get("lobby") or {}
        seats = lobby.get("seats") or []
        return 0 <= seat < len(seats) and bool(seats[seat].get("held"))

    def _plain_name(self, seat: int) -> str:
        return f"{glyphs.player_letter(seat)} {self.seats[seat].name if 0 <= seat < len(self.seats) else '?'}"

    def names(self) -> list[str]:
        """The seats' names as the panels show them, with the marks of ``seat_name``."""
        return [self.seat_name(i) for i in range(len(self.seats))]

    def log_names(self) -> list[str]:
        """The seats' names for the log's lines, which stay as they were written: without online marks."""
        return [self._plain_name(i) for i in range(len(self.seats))]

    # ------------------------------------------------------------------------------------ play
    def legal_actions(self) -> list[Any]:
        """The actions the server allows this seat now; none while our decision or undo is on its way."""
        return [] if self.pending else list(self._offered)

    def apply(self, action: Any, autosave: bool = True, *, known_legal: bool = False) -> LogEntry:
        """Send our decision to the server (``IllegalAction`` when it is not one the server offered; the server
        checks it again, whatever ``known_legal`` says)."""
        legal = self.legal_actions()
        if isinstance(action, str):
            action = next((a for a in legal if str(a) == action), action)
        if action not in legal:
            raise IllegalAction(t("That is not possible now."))
        text = str(action)
        try:
            said = str(self.ui.action_text(self.state, action, self.log_names()))
        except (GameError, KeyError, IndexError, TypeError, ValueError):
            said = text
        self._said[text] = said
        self.pending = True
        self.version += 1
        self._send("act", action=text)
        seat = self.viewer if self.viewer is not None else 0
        return LogEntry(len(self.log), self._turn(self.state), seat, False, said, ())

    def can_undo(self) -> bool:
        return bool(self.update.get("can_undo")) and not self.pending

    def undo(self) -> bool:
        """Ask the server to take back our latest decision; False when it would not allow it now."""
        if not self.can_undo():
            return False
        self.pending = True
        self.version += 1
        self._send("undo")
        return True

    def bot_request(self, limit: int = 1) -> BotRequest | None:
        return None

    def autosave(self) -> None:
        """Nothing to do: the server saves the table after every decision."""

    def _send(self, op: str, **fields: Any) -> None:
        task = asyncio.get_running_loop().create_task(self._request(op, **fields))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _request(self, op: str, **fields: Any) -> None:
        try:
            await self.client.request(op, table=self.table, **fields)
        except TableError as exc:
            self.pending = False
            self.version += 1
            if self.on_refused is not None:
                self.on_refused(str(exc))
            if self.on_change is not None:
                self.on_change()
