"""The play loop every game screen shares: bots, the pace, the status line, undo, hints, hotseat and leaving.

A game screen (``tui/<id>/screen.py``) subclasses ``PlayScreen`` and keeps what is its game's own: the panels
(``compose``, ``_apply_layout``, ``refresh_panels``), the decision list and how a decision is worded, the
status line's first words, the hint's bot and the help and game-over screens. The loop here is written
against ``tui.session.PlaySession``, so the same screen plays at one keyboard (``GameSession``) and at a
table of ``concordia serve`` (``RemoteSession``, whose ``bot_request`` answers None).

The loop: ``advance`` decides what comes next (the game-over screen, a bot, the hotseat screen or a person).
Bots think in a worker thread (``_think``) that only computes and posts ``BotDecided``; the screen applies
their plan and shows it for the pace, while the next bot already thinks (issue 21: the wait). The status
line says "is thinking · at most N s more" through a bot's whole turn, with a spinner (``tui.thinking``).
Undo drops a thinking bot's answer by the session's ``version`` (every answer carries the version it was
asked at). In the app the bots think in a worker process and think ahead while a person decides
(``GameSession.ponder``): a foreseen decision comes back at once and is shown at the pace. This module
imports no particular game (tests/tui/test_shell_boundary.py).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.timer import Timer

from engine.core.errors import IllegalAction
from tui import glyphs, turn_signal
from tui.i18n import N_, t_as
from tui.screens.hotseat import HotseatScreen
from tui.session import BotRequest, PlaySession, bot_plan
from tui.thinking import thinking_text
from tui.widgets.choice_list import ChoiceList
from tui.widgets.footer import FittingFooter
from tui.widgets.log import LogLines, LogPanel
from tui.widgets.text_panel import TextPanel

PACES: dict[str, float] = {"slow": 1.5, "normal": 0.6, "fast": 0.15, "instant": 0.0}
"""Seconds between two shown bot decisions (the shell's settings name them)."""

PLAY_KEYS = [
    Binding("u", "undo", "Undo"),
    Binding("ctrl+z", "undo", "Undo", show=False),
    Binding("h", "hint", "Hint"),
    Binding("question_mark", "help", "Help", key_display="?"),
    Binding("f1", "help", "Help", show=False),
]
"""Undo, hint and help: the first keys of every game screen's footer (a game puts its own before or after)."""

LOG_KEYS = [
    Binding("minus", "log_page(-1)", "Log back", show=False),
    Binding("plus", "log_page(1)", "Log on", show=False),
]
"""Paging the log a page back (older) or on from any panel (``PlayScreen.action_log_page``): for a game whose
screen has a log view and names its panel in ``log_panel``."""

LEAVE_KEYS = [
    Binding("s", "scores", "Scores", show=False),
    Binding("q", "leave", "Leave"),
    Binding("escape", "ask_leave", "Leave", show=False),
]
"""The scores at the end and leaving: the last keys of every game screen's footer. ``q`` leaves at once; Esc
asks first, since Esc is also the key that closes every dialog, and a second Esc after closing one must not
take a player out of their game (issue 18)."""


@dataclass(frozen=True)
class View:
    """One panel the compact layout shows at a time: its ``name`` (``PlayScreen.view``), the ``key`` that shows
    it and the ``label`` of that key's (hidden) binding. No key: the game opens the view its own way (Concordia's
    forum, ``f``, which also works on the wide layout)."""

    name: str
    key: str = ""
    label: str = ""


class PlayScreen(Screen[Any]):
    """Plays ``session`` to its end; dismisses with the session (and posts ``PlayScreen.Quit``) on leaving.

    A game's screen declares what is its own and inherits the rest (``docs/adding-a-game.md``): ``VIEWS``, whose
    keys become hidden ``view(...)`` bindings here; ``BINDINGS`` with its footer keys (``PLAY_KEYS`` ...
    ``LEAVE_KEYS``, ``LOG_KEYS`` when its log pages); its panels' styles in ``game.tcss`` beside its module
    (found here unless it names a ``CSS_PATH``); its own attributes in ``set_up``; its panels in
    ``compose_panels`` (the status line above them and the footer below are composed here). The focus starts on the
    decision list, ``#choices``, which every game screen has (``focus_decision``).
    """

    AUTO_FOCUS = "#choices"

    VIEWS: ClassVar[tuple[View, ...]] = ()
    """The panels the compact layout shows one at a time (keys switch them); the first is shown at the start."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's screen gets its views' keys and its ``game.tcss`` (before Textual merges the bindings)."""
        own = cls.__dict__
        if "VIEWS" in own:
            keys: list[BindingType] = [Binding(v.key, f"view({v.name!r})", v.label, show=False)
                                       for v in cls.VIEWS if v.key]
            cls.BINDINGS = [*own.get("BINDINGS", []), *keys]
        module = getattr(sys.modules.get(cls.__module__), "__file__", None)
        styles = Path(module).parent / "game.tcss" if module else None
        if "CSS_PATH" not in own and styles is not None and styles.is_file():
            cls.CSS_PATH = str(styles)
        super().__init_subclass__(**kwargs)

    class Quit(Message):
        """The player left the game screen (the app shell saves and goes back)."""

        def __init__(self, session: Any) -> None:
            self.session = session
            super().__init__()

    class BotDecided(Message):
        """A bots' worker thread finished choosing: their decisions, in order, each with a failure message."""

        def __init__(self, token: int, plan: list[tuple[Any, str]]) -> None:
            self.token = token
            self.plan = plan
            super().__init__()

    class HintReady(Message):
        """The hint worker finished: the suggested action (None when there is none) and the words."""

        def __init__(self, token: int, action: Any, text: str) -> None:
            self.token = token
            self.action = action
            self.text = text
            super().__init__()

    def __init__(self, session: PlaySession, pace: str = "normal", confirm_end_turn: bool = False) -> None:
        """The shell's call for every game; a game sets up what is its own in ``set_up``."""
        super().__init__()
        if pace not in PACES:
            raise ValueError(f"unknown pace {pace!r}; choose one of {', '.join(PACES)}")
        self.session: Any = session
        self.pace = pace
        self.confirm_end_turn = confirm_end_turn
        self.compact = False
        self.view = self.VIEWS[0].name if self.VIEWS else ""
        self.thinking: int | None = None
        """The seat whose bot is thinking now."""
        self._thinking_token = -1
        self._thinking_clock: tuple[float, float | None] = (0.0, None)
        """When the thinking bot was asked (``time.monotonic()``) and its time budget (``tui.thinking``)."""
        self._shown_until = 0.0
        """Until when (``time.monotonic()``) the last bot move stays on show before the next is applied."""
        self._shown_human: int | None = None
        """The person whose hand is on screen (hotseat: only after they confirmed)."""
        self._hotseat_open = False
        self._over_shown = False
        self._signalled: int | None = None
        """The seat whose turn the bell and title announced (None: no decision waits at this screen)."""
        self._spin = 0
        self._spinner: Timer | None = None
        self._next: Timer | None = None
        self.set_up()

    def say(self, text: str) -> str:
        """``text`` in the current language from the game's catalog first (as its footer keys), then the shell's:
        the loop's words stay as each game has worded them."""
        return t_as(type(self).__module__, text)

    # ------------------------------------------------------------------------------------ the game's hooks
    def set_up(self) -> None:
        """The game's own attributes (what its panels remember), set at the end of ``__init__``."""

    def panel_titles(self) -> dict[str, str]:
        """The border titles of the panels, by selector (set once on mount)."""
        return {}

    def _apply_layout(self, width: int, height: int) -> None:
        """Arrange the panels for a ``width`` x ``height`` terminal (sets ``compact``)."""

    def refresh_panels(self) -> None:
        """Bring every panel up to the session's state (calls ``_update_status``)."""
        self._update_status()

    def status_parts(self) -> list[str]:
        """The status line's first words: the game, its round or turn."""
        return [self.session.info.title]

    def status_separator(self) -> str:
        return " · "

    def game_over_words(self) -> str:
        return self.say(N_("game over — press s for the scores"))

    def views_words(self) -> str:
        """The compact layout's view keys, named on the status line."""
        return self.say(N_("views")) + ": " + " ".join(view.key for view in self.VIEWS if view.key)

    def show_status(self, text: str) -> None:
        """Put the status line's ``text`` on screen (one line, cut at the end: an ellipsis, cut in ASCII)."""
        overflow = "crop" if glyphs.ascii_mode() else "ellipsis"
        self.query_one("#status", TextPanel).show_text(Text(text, no_wrap=True, overflow=overflow))

    def ask_first(self, action: Any) -> bool:
        """With ``confirm_end_turn``: open a question before ``action`` when it needs one; True when asked."""
        return False

    def announce(self, action: Any) -> str:
        """A notification to show once ``action`` (about to be applied) went through; empty for none."""
        return ""

    def undone(self) -> None:
        """After an undo, before the next step: forget what the panels remember of the undone state."""

    def focus_decision(self) -> None:
        """A person decides now: the focus goes to the decision list."""
        choices = self.query_one("#choices", ChoiceList)
        if self.focused is not choices:
            choices.focus()

    def suggest(self, view: Any, legal: list[Any], seed: int) -> tuple[Any, str]:
        """The hint (runs in a worker thread): the action a bot suggests and the words that say so.

        Here the shell's bot for the game (normal, else greedy, else random) and the action's own text; a game
        words it for players.
        """
        import random

        from tui.bots import available, make_bot

        names = available(self.session.game)
        name = "normal" if "normal" in names else ("greedy" if "greedy" in names else "random")
        action = make_bot(name, self.session.game).choose(view, legal, random.Random(seed))
        return action, self.say(N_("The {bot} bot would choose: {action}")).format(bot=name, action=action)

    def log_panel(self) -> LogPanel | None:
        """The log panel on screen now, for paging it (``LOG_KEYS``); None: the game has none (a bell)."""
        return None

    def show_hint(self, text: str) -> None:
        """The hint's words under the decision list (empty: hidden)."""

    def highlight(self, action: Any) -> None:
        """Put the decision list's cursor on the line of ``action`` (the hint's suggestion)."""

    def help_screen(self) -> ModalScreen[Any] | None:
        """The keys and the board's signs, in the current language: the shell's help overlay with the game's
        ``GameUI.help`` (None: the game has no help; a bell)."""
        if self.session.ui.help is None:
            return None
        from tui.help_screen import HelpScreen

        parts = list(self.session.ui.help())
        footer = next(iter(self.query(FittingFooter)), None)
        left_out = [f"{key} {description}" for key, description in (footer.left_out if footer else [])]
        if left_out:  # a narrow footer left these keys out (they work all the same)
            parts.append(Text(self.say(N_("Keys the footer has no room for: {keys}")).format(
                keys=" · ".join(left_out))))
        return HelpScreen(parts)

    def game_over_screen(self) -> ModalScreen[str]:
        """The final scoring (``tui.game_over``, in the game's words); dismisses with "leave" or "board"."""
        from tui.game_over import GameOverScreen

        return GameOverScreen(self.session)

    def compose_panels(self) -> ComposeResult:
        """The game's panels between the status line and the footer; one is the decision list, ``#choices``."""
        yield from ()

    # ------------------------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        """The status line (``#status``, written by ``show_status``), the game's panels, the footer's keys."""
        yield TextPanel(id="status")
        yield from self.compose_panels()
        yield FittingFooter()

    def on_mount(self) -> None:
        for selector, title in self.panel_titles().items():
            self.query_one(selector).border_title = title
        self._spinner = self.set_interval(0.1, self._tick_spinner, pause=True)
        self._apply_layout(self.app.size.width, self.app.size.height)
        self.refresh_panels()
        self.call_after_refresh(self.advance)

    def on_resize(self, event: Resize) -> None:
        self._apply_layout(event.size.width, event.size.height)
        self.refresh_panels()

    # ------------------------------------------------------------------------------------ state
    @property
    def state(self) -> Any:
        return self.session.state

    def legal(self) -> list[Any]:
        """The session's ``legal_actions()`` (asked anew: a remote session offers none while its decision travels)."""
        return list(self.session.legal_actions())

    def bot_seats(self) -> list[bool]:
        """For each seat, whether a bot plays it (the players panels mark the bots)."""
        return [bool(self.session.is_bot(q)) for q in range(len(self.session.seats))]

    def human_to_decide(self) -> bool:
        """True when a person at this keyboard decides now and may see their hand."""
        s = self.state
        if s.is_over or self._hotseat_open:
            return False
        p = s.current_player
        return bool(self.session.is_human(p)) and self._shown_human == p

    def viewer(self) -> int | None:
        """Whose hand is on screen (None: hidden between two people at one keyboard)."""
        if self._hotseat_open:
            return None
        if self._shown_human is not None:
            return self._shown_human
        humans = self.session.humans()
        if not humans:
            return self.viewer_without_people()
        return int(humans[0]) if len(humans) == 1 else None

    def viewer_without_people(self) -> int | None:
        """Whose hand is on screen when only bots play: the seat to decide."""
        return int(self.state.current_player)

    def _update_status(self) -> None:
        s = self.state
        sep = self.status_separator()
        text = sep.join(self.status_parts())
        waiting = getattr(self.session, "waiting_note", "")  # a shared table its host has not started yet
        if s.is_over:
            text += sep + self.game_over_words()
        elif getattr(self.session, "read_only", False):  # another window plays it: nobody thinks or decides here
            text += sep + self.say(N_("{name} to decide")).format(name=self.session.seat_name(s.current_player))
            text += sep + self.say(N_("read-only"))
        elif waiting:
            text += sep + waiting
        elif self.thinking is not None or self.session.is_bot(s.current_player):
            # a bot's seat reads "is thinking" all through its turn, also while its last move is shown (the
            # pace's pause): it never flickers to "to decide" between two of its decisions; a person (here, or
            # at their own screen of a shared table) is never "thinking"
            seat = self.thinking if self.thinking is not None else s.current_player
            frames = glyphs.spinner_frames()
            text += sep + thinking_text(
                self.session.seat_name(seat), frames[self._spin % len(frames)],
                self._thinking_clock[1] if self.thinking is not None else None, self._thinking_clock[0], sep=sep
            )
        else:
            text += sep + self.say(N_("{name} to decide")).format(name=self.session.seat_name(s.current_player))
        if self.compact:  # the view keys are a reminder: said where the line has room, never at others' cost
            views = sep + self.views_words()
            if cell_len(text + views) <= self.query_one("#status", TextPanel).size.width:
                text += views
        if self.session.autosave_error:
            text += sep + self.session.autosave_error
        self.show_status(text)

    def _tick_spinner(self) -> None:
        self._spin += 1
        self._update_status()

    # ------------------------------------------------------------------------------------ flow
    def advance(self) -> None:
        """Whatever comes next: the game-over screen, a bot's turn, the hotseat screen or a person's decision."""
        self._next = None
        s = self.state
        if s.is_over:
            self._turn_signal(None)
            self.refresh_panels()
            if not self._over_shown:
                self._over_shown = True
                self.action_scores()
            return
        p = s.current_player
        if not self.session.is_human(p):
            self._turn_signal(None)
            self._start_bot()
            return
        if self._shown_human != p and len(self.session.humans()) > 1:
            if not self._hotseat_open:
                self._hotseat_open = True
                self.refresh_panels()
                self.app.push_screen(HotseatScreen(self.session.seat_name(p)), self._hotseat_done)
            return
        self._shown_human = p
        self._turn_signal(p)
        self.refresh_panels()
        self.focus_decision()
        ponder = getattr(self.session, "ponder", None)  # the bots think ahead while the person decides
        if callable(ponder):
            ponder()

    def _turn_signal(self, seat: int | None) -> None:
        """Bell and title once when a turn comes to a person here; the title rests when it goes elsewhere."""
        if seat == self._signalled:
            return
        if seat is None:
            turn_signal.rest(self.app)
        else:
            turn_signal.announce(self.app, self.session.seat_name(seat))
        self._signalled = seat

    def _hotseat_done(self, _ready: bool | None) -> None:
        self._hotseat_open = False
        self._shown_human = self.state.current_player
        self.advance()

    def _start_bot(self) -> None:
        request = self.session.bot_request(limit=100_000 if self.pace == "instant" else 1)
        if request is None or self._thinking_token == request.token:
            return
        self._thinking_token = request.token
        self.thinking = request.seat
        self._thinking_clock = (time.monotonic(), request.budget)
        if self._spinner is not None and self.pace != "instant":
            self._spinner.resume()
        if self.pace != "instant":
            self.refresh_panels()
        self._think(request)

    @work(thread=True, group="bots")
    def _think(self, request: BotRequest) -> None:
        """Worker thread: only the bots' computation; the answer goes back as a message."""
        self.post_message(self.BotDecided(request.token, bot_plan(request)))

    def on_play_screen_bot_decided(self, message: BotDecided) -> None:
        if message.token != self.session.version or message.token != self._thinking_token:
            return  # stale: an undo happened while the bot was thinking
        early = self._shown_until - time.monotonic()
        if early > 0:  # the previous bot move is still on show: this one follows when its time is up
            self._next = self.set_timer(early, lambda: self.on_play_screen_bot_decided(message))
            return
        self.thinking = None
        for action, problem in message.plan:
            if problem:
                self.notify(problem, severity="warning")
            self.session.apply(action, known_legal=True)  # played on a copy of this very state
        if self._spinner is not None and (self.state.is_over or self.session.is_human(self.state.current_player)):
            self._spinner.pause()  # a bot plays on: the spinner goes on through the pause between its moves
        delay = PACES[self.pace]
        if delay <= 0:
            self.advance()
            return
        self.refresh_panels()
        if self._next is not None:
            self._next.stop()
        self._shown_until = time.monotonic() + delay
        if not self.state.is_over and not self.session.is_human(self.state.current_player):
            self._start_bot()  # the next bot thinks while this move is shown (issue 21: the wait)
            return
        self._next = self.set_timer(delay, self.advance)

    def _stop_bots(self) -> None:
        self.thinking = None
        self._thinking_token = -1
        if self._spinner is not None:
            self._spinner.pause()
        if self._next is not None:
            self._next.stop()
            self._next = None

    # ------------------------------------------------------------------------------------ choosing
    def choose(self, action: Any) -> None:
        """Carry out a person's decision (after the end-of-turn question, when that is switched on)."""
        if not self.human_to_decide():
            self.app.bell()
            return
        if action not in self.legal():
            self.notify(self.say(N_("That is not possible now.")), severity="warning")
            return
        if self.confirm_end_turn and self.ask_first(action):
            return
        self._apply(action)

    def _apply(self, action: Any) -> None:
        said = self.announce(action)
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")
            return
        if said:
            self.notify(said)
        self.advance()

    # ------------------------------------------------------------------------------------ actions
    def action_undo(self) -> None:
        if not self.session.undo():
            self.notify(self.say(N_("Nothing to undo.")), severity="warning")
            return
        self._stop_bots()
        self.undone()
        self.advance()

    def action_hint(self) -> None:
        if not self.human_to_decide():
            self.app.bell()
            return
        self.show_hint(self.say(N_("Thinking about a hint")) + glyphs.glyph("thinking"))
        s = self.state
        self._hint(self.session.version, s.view(s.current_player), list(self.legal()),
                   self.session.seed + len(self.session.actions))

    @work(thread=True, exclusive=True, group="hint")
    def _hint(self, token: int, view: Any, legal: list[Any], seed: int) -> None:
        """Worker thread: the game's hint bot (``suggest``); the answer goes back as a message."""
        try:
            action, text = self.suggest(view, legal, seed)
        except Exception as exc:  # a bot may fail in any way; the hint just says so
            action, text = None, self.say(N_("No hint: {error}")).format(error=exc)
        self.post_message(self.HintReady(token, action, text))

    def on_play_screen_hint_ready(self, message: HintReady) -> None:
        if message.token != self.session.version:
            return
        self.show_hint(message.text)
        if message.action is not None:
            self.highlight(message.action)

    def action_help(self) -> None:
        screen = self.help_screen()
        if screen is None:
            self.app.bell()
            return
        self.app.push_screen(screen)

    def view_names(self) -> list[str]:
        """The names of ``VIEWS``, in order."""
        return [view.name for view in self.VIEWS]

    def action_view(self, view: str) -> None:
        if view in self.view_names():
            self.view = view
            self._apply_layout(self.app.size.width, self.app.size.height)
            self.refresh_panels()

    def action_log_page(self, pages: int) -> None:
        """Scroll the log a page back (older) or on, from any panel; in the compact layout the log view opens."""
        if self.compact and self.view != "log":
            self.action_view("log")
        panel = self.log_panel()
        if panel is None:
            self.app.bell()
            return
        panel.query_one(LogLines).page(pages)
        panel.update_pinned()

    def action_scores(self) -> None:
        if not self.state.is_over:
            self.app.bell()
            return
        self.app.push_screen(self.game_over_screen(), self._after_scores)

    def _after_scores(self, result: str | None) -> None:
        if result == "leave":
            self.action_leave()

    def action_ask_leave(self) -> None:
        """Esc: leave only after a yes (Esc or n again stays in the game)."""
        from tui.screens.confirm import ConfirmScreen

        question = self.say(N_("Leave the game? It is saved; you can continue it later."))
        self.app.push_screen(ConfirmScreen(question), self._leave_answered)

    def _leave_answered(self, yes: bool | None) -> None:
        if yes:
            self.action_leave()

    def action_leave(self) -> None:
        self._stop_bots()
        stop = getattr(self.session, "stop_pondering", None)
        if callable(stop):
            stop()
        self.app.post_message(self.Quit(self.session))
        self.dismiss(self.session)
