"""One game being played: the state, the seats, the action log, undo, the bots and the autosave.

A ``GameSession`` is the only owner of the ``GameState`` the game screen shows. Every decision, a person's
or a bot's, goes through ``apply`` so that the action log (what a save file stores), the log in words, the
undo snapshots and the autosave stay in step. The session never imports Textual: the screen runs the bots
in worker threads with the inputs ``bot_request`` hands out and gives their choice back to ``apply``.
"""

from __future__ import annotations

import dataclasses
import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.concordia import GameConfig, GameState, new_game
from engine.concordia.actions import Action
from engine.concordia.actions import parse as parse_action_text
from engine.core.errors import GameError
from tui import glyphs
from tui.i18n import t
from tui.text import action_text, event_text

if TYPE_CHECKING:
    from saves import SavedGame, SaveStore, Seat


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


@dataclass(frozen=True, slots=True)
class BotRequest:
    """What a bot needs to decide, prepared on the UI thread so that the worker thread touches no shared state."""

    seat: int
    bot: Any
    view: GameState
    legal: list[Action]
    rng: random.Random
    token: int
    """The session's ``version`` when asked: an answer for an older version is stale (undo happened)."""


class GameSession:
    """A game in progress with its seats; replays ``actions`` (texts) from the seed when given."""

    def __init__(
        self,
        config: GameConfig,
        seed: int,
        seats: Sequence[Seat],
        actions: list[str] | None = None,
        game_id: str | None = None,
        title: str = "",
        store: SaveStore | None = None,
    ) -> None:
        if len(seats) != config.players:
            raise GameError(f"the game has {config.players} seats, but {len(seats)} were given")
        self.config = config
        self.seed = seed
        self.seats: list[Seat] = list(seats)
        self.game_id = game_id or uuid.uuid4().hex
        self.title = title
        self.store = store
        self.created: Any = None
        """Creation time of the save this session came from (kept when saving again)."""
        self.state: GameState = new_game(config, seed)
        self.actions: list[str] = []
        self.log: list[LogEntry] = []
        self.version = 0
        """Grows with every change of the state (apply or undo); the screen redraws when it changes."""
        self.autosave_error = ""
        """The last autosave failure in words, or empty."""
        self._undo: list[tuple[int, int, GameState]] = []
        """(action count, deciding seat, state) before each human decision."""
        self.bots: dict[int, Any] = {}
        from engine.bots import make_bot

        for i, seat in enumerate(self.seats):
            if seat.bot:
                self.bots[i] = make_bot(seat.bot)
        for text in actions or []:
            self.apply(parse_action_text(text), autosave=False)

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
        )
        session.created = saved.created
        return session

    def to_saved(self) -> SavedGame:
        """The session as a ``saves.SavedGame`` (config, seed, seats, action log and the current state)."""
        from saves import SavedGame

        fresh = SavedGame.new(self.config, self.seed, list(self.seats))
        return dataclasses.replace(
            fresh,
            game_id=self.game_id,
            actions=list(self.actions),
            state=self.state,
            title=self.title,
            created=self.created if self.created is not None else fresh.created,
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

    def humans(self) -> list[int]:
        return [i for i in range(len(self.seats)) if self.is_human(i)]

    def seat_name(self, seat: int) -> str:
        """The seat's name with its map letter: ``A Anna``."""
        return f"{glyphs.player_letter(seat)} {self.seats[seat].name}"

    def names(self) -> list[str]:
        return [self.seat_name(i) for i in range(len(self.seats))]

    # ------------------------------------------------------------------------------------ play
    def apply(self, action: Action | str, autosave: bool = True) -> LogEntry:
        """Carry out one decision of ``state.current_player``; logs it and autosaves after a completed turn.

        Raises ``IllegalAction`` (state unchanged) when the action is not legal now.
        """
        s = self.state
        if isinstance(action, str):
            action = parse_action_text(action)
        seat = s.current_player
        before_turn = s.turn
        text = action_text(s, action, self.names())
        snapshot = s.clone() if self.is_human(seat) else None
        s.apply(action)
        if snapshot is not None:
            self._undo.append((len(self.actions), seat, snapshot))
        entry = LogEntry(
            len(self.actions),
            before_turn,
            seat,
            not self.is_human(seat),
            text,
            tuple(event_text(e, self.names()) for e in s.events),
        )
        self.actions.append(str(action))
        self.log.append(entry)
        self.version += 1
        if autosave and (s.turn != before_turn or s.is_over):
            self.autosave()
        return entry

    def can_undo(self) -> bool:
        if not self._undo:
            return False
        _count, seat, snapshot = self._undo[-1]
        if all(self.is_human(q) is False for q in range(len(self.seats)) if q != seat):
            return True
        # other people play too: only the own decisions of the turn in progress
        return snapshot.turn == self.state.turn and seat == self.state.current_player

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

    def bot_request(self) -> BotRequest | None:
        """The inputs for the bot that decides now, or None when a person (or nobody) decides."""
        s = self.state
        if s.is_over:
            return None
        p = s.current_player
        bot = self.bots.get(p)
        if bot is None:
            return None
        rng = random.Random(f"{self.seed}:{len(self.actions)}")
        return BotRequest(p, bot, s.view(p), s.legal_actions(), rng, self.version)


def bot_decide(request: BotRequest) -> tuple[Action, str]:
    """Let the bot choose (in any thread). A bot that fails or answers nonsense is replaced by the first legal choice.

    Returns the action and, when the bot failed, a message saying so.
    """
    legal = request.legal
    if len(legal) == 1:
        return legal[0], ""
    try:
        action = request.bot.choose(request.view, legal, request.rng)
    except Exception as exc:  # a plugin bot may fail in any way; the game goes on
        return legal[0], t("the bot failed ({error}); it takes the first choice").format(error=exc)
    if action not in legal:
        return legal[0], t("the bot chose an illegal action ({action}); it takes the first choice").format(
            action=action
        )
    return action, ""
