"""One game being played: the state, the seats, the action log, undo, the bots and the autosave.

A ``GameSession`` is the only owner of the state the game screen shows; it plays any game of the registry
(``engine.core.games``) through the state protocol and words the log with the game's UI (``tui.games``). Every
decision, a person's or a bot's, goes through ``apply`` so that the action log (what a save file stores), the
log in words, the undo snapshots and the autosave stay in step. The session never imports Textual: the screen
runs the bots in worker threads with the inputs ``bot_request`` hands out and gives their choice back to
``apply``. In the app the built-in bots think in the app's worker process instead (``think_in``, issue 21):
the worker thread only waits for its answer, and while a person decides, the worker thinks ahead
(``ponder``); tests and the headless commands keep the bots in threads.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from engine.bots import clock as bot_clock
from engine.bots.thinker import PONDER_DEPTH, PONDER_TOP, ProcessBot, Thinker
from engine.bots.worker import PluginBot
from engine.core import games as core_games
from engine.core.errors import GameError, IllegalAction
from tui import bots as bot_registry
from tui import games, glyphs, thinking
from tui.i18n import t

if TYPE_CHECKING:
    from saves import SavedGame, SaveLock, SaveStore, Seat


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One decision in words, with what it caused (the engine's events)."""

    index: int
    """Position of the action in the action log."""
    turn: int
    seat: int
    bot: bool
    text: str
    events: tuple[str, ...]
    holder: int = -1
    """The seat whose turn the decision belongs to (``GameUI.seat_turn``; -1: not known, as on a shared table)."""
    opens: bool = False
    """The decision opens its holder's turn (the log's "Last bot turn" box looks back no further)."""


@dataclass(frozen=True, slots=True)
class BotRequest:
    """What the bots need to decide, prepared on the UI thread: the worker thread touches no shared state.

    ``state`` is a private copy: the worker plays the bots' decisions on it, up to ``limit`` of them and never
    past a person's decision, and hands back the actions for the session to apply.
    """

    seat: int
    """The seat that decides first."""
    bots: dict[int, Any]
    state: Any
    seed: int
    first_index: int
    """Position in the action log of the first decision (each decision's RNG is seeded with it)."""
    limit: int
    token: int
    """The session's ``version`` when asked: an answer for an older version is stale (undo happened)."""
    budget: float | None = None
    """The longest the first bot's decision may take in seconds (its time budget), None when unknown: the
    status shows it counting down (``tui.thinking``)."""


class GameSession:
    """A game in progress with its seats; replays ``actions`` (texts) from the seed when given.

    ``game`` is the game's id in the registry (``engine.core.games``); ``game_id`` is the save's own id.
    """

    read_only = False
    """True for a game looked at while another window plays it (``ReadOnlySession``): nothing is decided or saved."""
    make_bots = True
    """``from_saved`` makes the seats' bots (a read-only session has none: nobody decides there)."""

    def __init__(
        self,
        config: Any,
        seed: int,
        seats: Sequence[Seat],
        actions: list[str] | None = None,
        game_id: str | None = None,
        title: str = "",
        store: SaveStore | None = None,
        *,
        game: str = core_games.DEFAULT,
        make_bots: bool = True,
    ) -> None:
        if len(seats) != config.players:
            raise GameError(f"the game has {config.players} seats, but {len(seats)} were given")
        self.game = game
        self.info = core_games.get(game)
        self.ui = games.get(game)
        self.config = config
        self.seed = seed
        self.seats: list[Seat] = list(seats)
        self.game_id = game_id or uuid.uuid4().hex
        self.title = title
        self.store = store
        self.created = 0.0
        """Creation time (Unix) of the save this session came from, 0 for a new game (the store sets it)."""
        self.state: Any = self.info.new_game(config, seed)
        self.actions: list[str] = []
        self.log: list[LogEntry] = []
        self.version = 0
        """Grows with every change of the state (apply or undo); the screen redraws when it changes."""
        self.autosave_error = ""
        """The last autosave failure in words, or empty."""
        self._undo: list[tuple[int, int, Any]] = []
        """(action count, deciding seat, state) before each human decision."""
        self.bots: dict[int, Any] = {}
        self.thinker: Thinker | None = None
        """The app's worker process the built-in bots think in (``think_in``), None: they think in threads."""
        self.save_lock: SaveLock | None = None
        """This process's claim on the game's save while the app plays it (``SaveStore.claim``: one writer)."""
        for i, seat in enumerate(self.seats):
            if seat.bot and make_bots:
                # a third-party bot plays in a worker process of its own, behind the guard (PluginBot)
                self.bots[i] = bot_registry.seat_bot(seat.bot, game)
        for text in actions or []:
            self.apply(text, autosave=False)

    # ------------------------------------------------------------------------------------ saves
    @classmethod
    def from_saved(cls, saved: SavedGame, store: SaveStore | None = None) -> GameSession:
        """Resume a saved game by replaying its action log."""
        session = cls(
            saved.config,
            saved.seed,
            list(saved.seats),
            list(saved.actions),
            game_id=saved.game_id,
            title=saved.title,
            store=store,
            game=games.game_of(saved),
            make_bots=cls.make_bots,
        )
        session.created = saved.created
        return session

    def to_saved(self) -> SavedGame:
        """The session as a ``saves.SavedGame`` (config, seed, seats, action log and the current state)."""
        from saves import SavedGame

        # a save format that names the game gets it; the one-game format holds the default game only
        named = {"game": self.game} if "game" in getattr(SavedGame, "__dataclass_fields__", {}) else {}
        if not named and self.game != core_games.DEFAULT:
            raise GameError(f"this version cannot save a game of {self.info.title}")
        return SavedGame(
            game_id=self.game_id,
            config=self.config,
            seed=self.seed,
            seats=list(self.seats),
            actions=list(self.actions),
            state=self.state,
            title=self.title,
            created=self.created,
            **named,
        )

    def autosave(self) -> None:
        """Write the autosave; a failure is remembered (``autosave_error``) instead of stopping the game."""
        if self.store is None:
            return
        try:
            self.store.autosave(self.to_saved())
            self.autosave_error = ""
        except (OSError, GameError, ValueError) as exc:
            self.autosave_error = t("Autosave failed: {error}").format(error=exc)

    # ------------------------------------------------------------------------------------ seats
    def is_human(self, seat: int) -> bool:
        return not self.seats[seat].bot

    def is_bot(self, seat: int) -> bool:
        """A bot plays ``seat`` (the screens mark it so); at one keyboard, every seat no person plays."""
        return bool(self.seats[seat].bot)

    def humans(self) -> list[int]:
        return [i for i in range(len(self.seats)) if self.is_human(i)]

    def reader(self) -> int | None:
        """Who reads this screen's log: the one person's seat; -1 (no seat: public things only) when several
        people share the keyboard, since the log stays on screen after a hand-over; None when bots play every
        seat (someone watching bots may see all)."""
        humans = self.humans()
        if not humans:
            return None
        return humans[0] if len(humans) == 1 else -1

    def readable(self, events: list[Any]) -> list[Any]:
        """The events of a decision as this screen's reader may read them (``GameInfo.extras["events_for"]``:
        Massilia's roll behind another screen and a card drawn face down are the drawer's alone)."""
        reader = self.reader()
        events_for = self.info.extras.get("events_for")
        if reader is None or not callable(events_for):
            return events
        return list(events_for(events, reader))

    def seat_name(self, seat: int) -> str:
        """The seat's name with its symbol on the map: ``1 Anna``."""
        return glyphs.shown(f"{glyphs.player_letter(seat)} {self.seats[seat].name}")

    def names(self) -> list[str]:
        return [self.seat_name(i) for i in range(len(self.seats))]

    # ------------------------------------------------------------------------------------ play
    def turn(self, state: Any = None) -> int:
        """The turn in progress (from 0) in ``state`` (default: the session's), as the game counts it."""
        return self.ui.turn(self.state if state is None else state)

    def legal_actions(self) -> list[Any]:
        """What may be decided now: here the whole state's ``legal_actions()``. The screens ask the session,
        not the state, because a shared table's session offers only what the server allows its seat."""
        return self.state.legal_actions()

    def apply(self, action: Any, autosave: bool = True, *, known_legal: bool = False) -> LogEntry:
        """Carry out one decision of ``state.current_player``; logs it and autosaves after a completed turn.

        ``action`` is one of ``legal_actions()`` or its text. Raises ``IllegalAction`` (state unchanged) when
        it is not legal now. ``known_legal``: the caller knows it is legal in this very state (a bot's plan
        for the current ``version``), so the game need not check it again; a text is checked as it is read.
        """
        s = self.state
        if isinstance(action, str):
            action = self.info.parse_action(s, action)
            known_legal = True
        seat = s.current_player
        before_turn = self.turn(s)
        holder, opens = self.ui.seat_turn(s)
        text = self.ui.action_text(s, action, self.names())
        snapshot = s.clone() if self.is_human(seat) else None
        if known_legal:
            self.info.apply_known(s, action)
        else:
            s.apply(action)
        if snapshot is not None:
            self._undo.append((len(self.actions), seat, snapshot))
        entry = LogEntry(
            len(self.actions),
            before_turn,
            seat,
            not self.is_human(seat),
            text,
            tuple(self.ui.event_text(e, self.names()) for e in self.ui.log_events(action, self.readable(s.events))),
            holder,
            opens,
        )
        self.actions.append(str(action))
        self.log.append(entry)
        self.version += 1
        if autosave and (self.turn(s) != before_turn or s.is_over):
            self.autosave()
        return entry

    def can_undo(self) -> bool:
        if not self._undo:
            return False
        _count, seat, snapshot = self._undo[-1]
        if all(self.is_human(q) is False for q in range(len(self.seats)) if q != seat):
            return True
        # other people play too: only the own decisions of the turn in progress
        return self.turn(snapshot) == self.turn() and seat == self.state.current_player

    def undo(self) -> bool:
        """Back to before the last human decision; False if there is nothing the rules of undo allow."""
        if not self.can_undo():
            return False
        count, _seat, snapshot = self._undo.pop()
        self.state = snapshot
        del self.actions[count:]
        del self.log[count:]
        self.version += 1
        self.autosave()
        return True

    def think_in(self, thinker: Thinker) -> None:
        """Let the built-in bots of the seats think in ``thinker``'s worker process (the app's, issue 21);
        plugin bots keep their own worker. The process starts now, so it is ready by the first bot's turn."""
        self.thinker = thinker
        for seat, bot in self.bots.items():
            if not isinstance(bot, PluginBot | ProcessBot):
                self.bots[seat] = ProcessBot(str(self.seats[seat].bot), self.game, thinker, bot)
        if self.bots:
            thinker.start()

    def ponder(self, depth: int | None = None) -> bool:
        """While a person decides: the worker thinks ahead for the bots after the person's likely moves
        (``engine.bots.thinker``), at most ``depth`` (``PONDER_DEPTH``) decisions after each; whether it was
        asked to. A later call replaces the earlier one."""
        s = self.state
        if self.thinker is None or s.is_over or not self.is_human(s.current_player):
            return False
        bots = {str(q): bot.spec for q, bot in self.bots.items() if isinstance(bot, ProcessBot) and not bot.in_thread}
        if not bots:
            return False
        n = len(self.actions)
        self.thinker.ponder({
            "game": self.game, "state": s.to_dict(), "seat": s.current_player, "bots": bots,
            "seeds": [bot_seed(self.seed, n + k) for k in range(1, (depth or PONDER_DEPTH) + 1)], "top": PONDER_TOP,
            "clock": bot_clock.current(),
        })
        return True

    def stop_pondering(self) -> None:
        """Nothing the worker thinks ahead for is needed any more (the game is left)."""
        if self.thinker is not None:
            self.thinker.stop()

    def bot_request(self, limit: int = 1) -> BotRequest | None:
        """The inputs for the bots that decide now (at most ``limit`` decisions), or None when a person decides."""
        s = self.state
        if s.is_over:
            return None
        p = s.current_player
        if p not in self.bots:
            return None
        bot = self.bots[p]
        budget = thinking.budget_of(bot.inner if isinstance(bot, ProcessBot) else bot)
        return BotRequest(p, self.bots, s.clone(), self.seed, len(self.actions), limit, self.version, budget)


class ReadOnlySession(GameSession):
    """A saved game as it stood when opened, while another window plays it (and alone writes its save).

    The game's own screen shows it as its player would see it (the one person's hand; none between several
    people at one keyboard), but nobody decides here: no decision is offered, no bot thinks, nothing is undone
    and nothing is saved (``store`` is None). The app offers it when ``SaveStore.claim`` is refused; a copy
    (``Save a copy``) plays on in a save of its own.
    """

    read_only = True
    make_bots = False
    _opened = False
    """False while the save's decisions are replayed (``from_saved``), True from then on."""

    def is_human(self, seat: int) -> bool:
        """Nobody decides at this screen."""
        return False

    def humans(self) -> list[int]:
        """The seats people play (the screen shows the hand of the one person, as it would to them)."""
        return [i for i, seat in enumerate(self.seats) if not seat.bot]

    def legal_actions(self) -> list[Any]:
        return []

    def apply(self, action: Any, autosave: bool = True, *, known_legal: bool = False) -> LogEntry:
        """Only the replay of the save decides here; afterwards every decision is refused."""
        if self._opened:
            raise IllegalAction(t("This game is open read-only: it is played in another window."))
        return super().apply(action, autosave=False, known_legal=known_legal)

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def bot_request(self, limit: int = 1) -> BotRequest | None:
        return None

    def autosave(self) -> None:
        """Nothing: the window that plays the game writes its save."""

    @classmethod
    def from_saved(cls, saved: SavedGame, store: SaveStore | None = None) -> GameSession:
        """The saved game replayed, then closed to decisions (``store`` is ignored: nothing is saved)."""
        session = super().from_saved(saved, None)
        assert isinstance(session, ReadOnlySession)
        session._opened = True
        return session


def bot_seed(seed: int, index: int) -> str:
    """The seed of the RNG of the decision at ``index`` of the action log (``bot_rng``)."""
    return f"{seed}:{index}"


def bot_rng(seed: int, index: int) -> random.Random:
    """The RNG of the decision at ``index`` of the action log: a replayed or undone game decides the same."""
    return random.Random(bot_seed(seed, index))


def bot_plan(request: BotRequest) -> list[tuple[Any, str]]:
    """Let the bots decide on the request's own copy of the state (in any thread), until a person decides.

    Returns each decision with a message when the bot failed (then the first legal choice was taken).
    """
    s = request.state
    info = core_games.get(s.game)
    out: list[tuple[Any, str]] = []
    while not s.is_over and s.current_player in request.bots and len(out) < request.limit:
        p = s.current_player
        legal = s.legal_actions()
        action, problem = bot_decide(
            request.bots[p], s.view(p), legal, bot_rng(request.seed, request.first_index + len(out))
        )
        info.apply_known(s, action)  # one of ``legal`` (``bot_decide`` makes sure)
        out.append((action, problem))
    return out


def bot_decide(bot: Any, view: Any, legal: list[Any], rng: random.Random) -> tuple[Any, str]:
    """One bot decision. A bot that fails or answers nonsense is replaced by the first legal choice.

    Returns the action and, when the bot failed, a message saying so.
    """
    if len(legal) == 1:
        return legal[0], ""
    try:
        action = bot.choose(view, legal, rng)
    except Exception as exc:  # a plugin bot may fail in any way; the game goes on
        return legal[0], t("the bot failed ({error}); it takes the first choice").format(error=exc)
    if action not in legal:
        return legal[0], t("the bot chose an illegal action ({action}); it takes the first choice").format(
            action=action
        )
    return action, ""


@runtime_checkable
class PlaySession(Protocol):
    """What a game screen (``tui/<id>/screen.py``) uses of its session: ``GameSession`` at one keyboard, and
    ``tui.serve.remote_session.RemoteSession`` at a table of ``concordia serve`` (one seat's view only).

    ``is_human(seat)`` means "a person at *this* screen decides for the seat": the screen offers the legal
    actions and the hand only then, and asks ``bot_request`` for every other seat (a remote session answers
    None: the server's bots and the other people decide elsewhere, and an update redraws the screen).
    ``is_bot(seat)`` is who plays the seat, for the bot mark: at a shared table another person's seat is not
    one this screen decides for, and not a bot either. ``legal_actions()`` is what the screen offers: the
    state's own at one keyboard, the actions the server allows the seat at a shared table (the screens never
    ask ``state.legal_actions()`` themselves).
    """

    game: str
    info: Any
    ui: Any
    seats: list[Seat]
    seed: int
    state: Any
    """What this screen may show: the whole state at one keyboard, the seat's ``view`` at a shared table."""
    actions: list[str]
    log: list[LogEntry]
    version: int
    autosave_error: str

    def is_human(self, seat: int) -> bool: ...
    def is_bot(self, seat: int) -> bool: ...
    def humans(self) -> list[int]: ...
    def seat_name(self, seat: int) -> str: ...
    def names(self) -> list[str]: ...
    def legal_actions(self) -> list[Any]: ...
    def apply(self, action: Any, autosave: bool = True, *, known_legal: bool = False) -> LogEntry: ...
    def can_undo(self) -> bool: ...
    def undo(self) -> bool: ...
    def bot_request(self, limit: int = 1) -> BotRequest | None: ...
    def autosave(self) -> None: ...
