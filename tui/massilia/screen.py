"""The Massilia game screen: a whole game, from the start stalls to the score table after Sunday.

It shows ``session.state`` through the viewer's ``view`` (nothing behind another merchant's screen is drawn)
and offers exactly ``state.legal_actions()`` in the decision panel, one line each, grouped by kind and worded
for a player; Enter or a click chooses. Bots think in worker threads and post their plan; the screen applies
it at the chosen pace. Below 120x36 the board panels share the top-left place (keys m, b, p, l switch).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer

from engine.core.errors import IllegalAction
from engine.massilia.actions import Pass
from tui import glyphs
from tui.i18n import t
from tui.screens.confirm import ConfirmScreen
from tui.screens.hotseat import HotseatScreen
from tui.session import BotRequest, GameSession, bot_plan
from tui.thinking import thinking_text
from tui.widgets.choice_list import ChoiceList
from tui.widgets.log import LogPanel
from tui.widgets.text_panel import TextPanel

from .board import CELL, board_text, dice_legend, market_text, overflow, own_text, players_text
from .game_over import GameOverScreen
from .text import choice_lines, day_name, dice_words, frame_value

PACES: dict[str, float] = {"slow": 1.5, "normal": 0.6, "fast": 0.15, "instant": 0.0}
WIDE = (120, 36)
"""From this size on every panel is shown at once."""
LARGE = (160, 45)
"""From this size on the market's spaces are wider (the cubes spaced out)."""
LARGE_CELL = 13
VIEWS = ("market", "board", "players", "log")

PHASE_TITLES: dict[str, str] = {
    "start": "Setup: place a start stall",
    "keep": "Phase II: keep dice",
    "turn": "Phase III: your turn",
    "use": "Your use: add a die or choose the action",
    "beige": "Beige action: buy goods",
    "place": "Place the bought cubes on your stalls",
    "black": "Black action: buy reputation",
    "offer": "Grey action: sacrifice cubes",
    "god": "Take a god card",
    "brown": "Brown action: move a figure",
    "pluto": "The consul at your stall: play Pluto?",
    "tax": "The consul's tax at your stall",
    "build": "Build a stall where the consul stands?",
    "shift": "Move cubes onto the new stall",
    "venus": "End of your turn: play Venus?",
}
"""The heading of the decision panel for each kind of decision (``state.decision``)."""


class GameScreen(Screen[GameSession]):
    """Plays a Massilia ``session`` to its end; dismisses with it (and posts ``GameScreen.Quit``) on leaving."""

    CSS_PATH = str(Path(__file__).resolve().parent / "game.tcss")
    AUTO_FOCUS = "#choices"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        Binding("ctrl+z", "undo", "Undo", show=False),
        Binding("h", "hint", "Hint"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f1", "help", "Help", show=False),
        Binding("m", "view('market')", "Market"),
        Binding("b", "view('board')", "Harbour"),
        Binding("p", "view('players')", "Players"),
        Binding("l", "view('log')", "Log"),
        Binding("s", "scores", "Scores", show=False),
        Binding("q", "leave", "Leave"),
        Binding("escape", "leave", "Leave", show=False),
    ]

    class Quit(Message):
        """The player left the game screen (the app shell saves and goes back)."""

        def __init__(self, session: GameSession) -> None:
            self.session = session
            super().__init__()

    class BotDecided(Message):
        def __init__(self, token: int, plan: list[tuple[Any, str]]) -> None:
            self.token = token
            self.plan = plan
            super().__init__()

    class HintReady(Message):
        def __init__(self, token: int, action: Any, text: str) -> None:
            self.token = token
            self.action = action
            self.text = text
            super().__init__()

    def __init__(self, session: GameSession, pace: str = "normal", confirm_end_turn: bool = False) -> None:
        super().__init__()
        if pace not in PACES:
            raise ValueError(f"unknown pace {pace!r}; choose one of {', '.join(PACES)}")
        self.session = session
        self.pace = pace
        self.confirm_end_turn = confirm_end_turn
        self.compact = False
        self.cell = CELL
        """Characters per market space (wider on large terminals)."""
        self.view = "market"
        self.thinking: int | None = None
        self._thinking_token = -1
        self._thinking_clock: tuple[float, float | None] = (0.0, None)
        """When the thinking bot was asked (``time.monotonic()``) and its time budget (``tui.thinking``)."""
        self._shown_until = 0.0
        """Until when (``time.monotonic()``) the last bot move stays on show before the next is applied."""
        self._shown_human: int | None = None
        self._hotseat_open = False
        self._over_shown = False
        self._spin = 0
        self._spinner: Timer | None = None
        self._next: Timer | None = None
        self.choices: list[tuple[str, Any]] = []
        """The decision panel's lines and their actions (exactly the legal actions when a person decides)."""
        self._shown_version = -1

    # ------------------------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield TextPanel(id="status")
        with Vertical(id="body"):
            with Horizontal(id="top"):
                with Vertical(id="views"):
                    with VerticalScroll(id="market-view", classes="panel view"):
                        yield TextPanel(id="market")
                    with VerticalScroll(id="board-view", classes="panel view compact-only"):
                        yield TextPanel(id="board-c")
                    with VerticalScroll(id="players-view", classes="panel view compact-only"):
                        yield TextPanel(id="players-c")
                    yield LogPanel(id="log-view", classes="panel view compact-only")
                    with VerticalScroll(id="own-panel", classes="panel wide-only"):
                        yield TextPanel(id="own")
                with Vertical(id="middle", classes="wide-only"):
                    with VerticalScroll(id="board-panel", classes="panel"):
                        yield TextPanel(id="board")
                    with VerticalScroll(id="players-panel", classes="panel"):
                        yield TextPanel(id="players")
                with VerticalScroll(id="own-c-panel", classes="panel compact-only"):
                    yield TextPanel(id="own-c")
                with Vertical(id="right", classes="wide-only"):
                    yield LogPanel(id="log-panel", classes="panel")
            with Vertical(id="prompt", classes="panel"):
                yield TextPanel(id="prompt-head")
                yield ChoiceList(id="choices")
                yield TextPanel(id="hint")
        yield Footer()

    def on_mount(self) -> None:
        titles = {
            "#market-view": t("Market"), "#board-view": t("Harbour, temple and gods"),
            "#board-panel": t("Harbour, temple and gods"), "#players-view": t("Players"),
            "#players-panel": t("Players"), "#log-view": t("Log"), "#log-panel": t("Log"),
            "#own-panel": t("Your screen"), "#own-c-panel": t("Your screen"), "#prompt": t("Decision"),
        }
        for selector, title in titles.items():
            self.query_one(selector).border_title = title
        self._spinner = self.set_interval(0.1, self._tick_spinner, pause=True)
        self._apply_layout(self.app.size.width, self.app.size.height)
        self.refresh_panels()
        self.call_after_refresh(self.advance)

    def on_resize(self, event: Resize) -> None:
        self._apply_layout(event.size.width, event.size.height)
        self.refresh_panels()

    def _apply_layout(self, width: int, height: int) -> None:
        self.compact = width < WIDE[0] or height < WIDE[1]
        self.cell = LARGE_CELL if width >= LARGE[0] and height >= LARGE[1] else CELL
        views = self.query_one("#views")
        views.styles.width = 5 * self.cell + 4 + (2 if self.compact else 4)
        self.set_class(self.compact, "compact")
        self.set_class(not self.compact, "wide")
        for view in VIEWS:
            for node in self.query(f"#{view}-view"):
                node.set_class(view == self.view or (not self.compact and view == "market"), "shown")

    # ------------------------------------------------------------------------------------ state
    @property
    def state(self) -> Any:
        return self.session.state

    def human_to_decide(self) -> bool:
        s = self.state
        if s.is_over or self._hotseat_open:
            return False
        p = s.current_player
        return self.session.is_human(p) and self._shown_human == p

    def viewer(self) -> int | None:
        """Whose screen is shown (None: hidden between two people at one keyboard)."""
        if self._hotseat_open:
            return None
        if self._shown_human is not None:
            return self._shown_human
        humans = self.session.humans()
        if not humans:
            return None
        return humans[0] if len(humans) == 1 else None

    def refresh_panels(self) -> None:
        """Bring every panel up to the session's state, drawn from the viewer's view only."""
        s = self.state
        session = self.session
        names = session.names()
        bots = [session.is_bot(q) for q in range(len(session.seats))]
        seat = self.viewer()
        shown = s.view(seat if seat is not None else -1) if not s.is_over else s
        q = self.query_one
        self._update_status()
        q("#market", TextPanel).show_text(market_text(shown, self.cell))
        board = board_text(shown, names)
        players = players_text(shown, names, bots)
        own = own_text(shown, seat, names)
        if not self.compact:
            own.append("\n" + dice_legend(), style="dim")
        q("#own" if not self.compact else "#own-c", TextPanel).show_text(own)
        if self.compact:
            q("#board-c", TextPanel).show_text(board)
            q("#players-c", TextPanel).show_text(players)
            if self.view == "log":
                q("#log-view", LogPanel).show(session.log, names)
        else:
            q("#board", TextPanel).show_text(board)
            q("#players", TextPanel).show_text(players)
            q("#log-panel", LogPanel).show(session.log, names)
        self._update_prompt()

    def _update_prompt(self) -> None:
        s = self.state
        mine = self.human_to_decide()
        version = self.session.version if mine else -1 - self.session.version
        if version == self._shown_version:
            return
        self._shown_version = version
        head = Text(no_wrap=True, overflow=overflow())
        if mine:
            self.choices = choice_lines(s, s.legal_actions(), self.session.names())
            title = PHASE_TITLES.get(s.decision, "")
            head.append(t(title) if title else self.session.seat_name(s.current_player), style="bold")
            value = frame_value(s)
            if value is not None and s.decision not in ("use", "keep"):
                head.append("  " + t("value {v}").format(v=value))
            if s.decision == "use":
                head.append("  " + dice_words(s.frames[-1]["g"]))
            head.append(f"  ({len(self.choices)})", style="dim")
        else:
            self.choices = []
            if s.is_over:
                head.append(t("Game over") + " - " + t("game over — press s for the scores"), style="bold")
            else:
                head.append(t("{name} to decide").format(name=self.session.seat_name(s.current_player)), style="dim")
        self.query_one("#prompt-head", TextPanel).show_text(head)
        self.query_one("#choices", ChoiceList).set_choices([line for line, _a in self.choices])
        self._set_hint("")

    def _set_hint(self, text: str) -> None:
        """The hint line under the choices (hidden while there is none, so the choices get the room)."""
        hint = self.query_one("#hint", TextPanel)
        hint.display = bool(text)
        hint.show_text(Text(text, no_wrap=True, overflow=overflow()))

    def _update_status(self) -> None:
        s = self.state
        text = " · ".join([self.session.info.title, day_name(s.round), t("day {n} of 7").format(n=s.round)])
        if s.is_over:
            text += " · " + t("game over — press s for the scores")
        elif self.thinking is not None or not self.session.is_human(s.current_player):  # a bot's turn: no flicker
            frames = glyphs.spinner_frames()
            text += " · " + thinking_text(
                self.session.seat_name(s.current_player if self.thinking is None else self.thinking),
                frames[self._spin % len(frames)],
                self._thinking_clock[1] if self.thinking is not None else None, self._thinking_clock[0], sep=" · "
            )
        else:
            text += " · " + t("{name} to decide").format(name=self.session.seat_name(s.current_player))
        if self.compact:
            text += " · " + t("views") + ": m b p l"
        if self.session.autosave_error:
            text += " · " + self.session.autosave_error
        if glyphs.ascii_mode():
            text = text.replace("·", "|").replace("—", "-")
        self.query_one("#status", TextPanel).show_text(Text(text, no_wrap=True, overflow=overflow()))

    def _tick_spinner(self) -> None:
        self._spin += 1
        self._update_status()

    # ------------------------------------------------------------------------------------ flow
    def advance(self) -> None:
        """What comes next: the score table, a bot's decision, the hotseat screen or a person's decision."""
        self._next = None
        s = self.state
        if s.is_over:
            self.refresh_panels()
            if not self._over_shown:
                self._over_shown = True
                self.action_scores()
            return
        p = s.current_player
        if not self.session.is_human(p):
            self._start_bot()
            return
        if self._shown_human != p and len(self.session.humans()) > 1:
            if not self._hotseat_open:
                self._hotseat_open = True
                self.refresh_panels()
                self.app.push_screen(HotseatScreen(self.session.seat_name(p)), self._hotseat_done)
            return
        self._shown_human = p
        self.refresh_panels()
        choices = self.query_one("#choices", ChoiceList)
        if self.focused is not choices:
            choices.focus()

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

    def on_game_screen_bot_decided(self, message: BotDecided) -> None:
        if message.token != self.session.version or message.token != self._thinking_token:
            return  # stale: an undo happened while the bot was thinking
        early = self._shown_until - time.monotonic()
        if early > 0:  # the previous bot move is still on show: this one follows when its time is up
            self._next = self.set_timer(early, lambda: self.on_game_screen_bot_decided(message))
            return
        self.thinking = None
        for action, problem in message.plan:
            if problem:
                self.notify(problem, severity="warning")
            self.session.apply(action)
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
        """Carry out a person's decision (one of the legal actions)."""
        if not self.human_to_decide():
            self.app.bell()
            return
        if action not in self.state.legal_actions():
            self.notify(t("That is not possible now."), severity="warning")
            return
        if self.confirm_end_turn and isinstance(action, Pass):
            question = t("Pass for the rest of the day?")
            self.app.push_screen(ConfirmScreen(question), lambda yes: self._confirmed(action, yes))
            return
        self._apply(action)

    def _confirmed(self, action: Any, yes: bool | None) -> None:
        if yes and self.human_to_decide():
            self._apply(action)

    def _apply(self, action: Any) -> None:
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")
            return
        self.advance()

    def on_choice_list_selected(self, message: ChoiceList.Selected) -> None:
        if 0 <= message.index < len(self.choices):
            self.choose(self.choices[message.index][1])

    # ------------------------------------------------------------------------------------ actions
    def action_undo(self) -> None:
        if not self.session.undo():
            self.notify(t("Nothing to undo."), severity="warning")
            return
        self._stop_bots()
        self._shown_version = -1
        self.advance()

    def action_hint(self) -> None:
        if not self.human_to_decide():
            self.app.bell()
            return
        self._set_hint(t("Thinking about a hint") + glyphs.glyph("thinking"))
        s = self.state
        p = s.current_player
        self._hint(self.session.version, s.view(p), s.legal_actions(), self.session.seed + len(self.session.actions))

    @work(thread=True, exclusive=True, group="hint")
    def _hint(self, token: int, view: Any, legal: list[Any], seed: int) -> None:
        """Worker thread: the game's greedy bot's choice (its one-step look with the Massilia evaluation)."""
        import random

        from .hint import greedy_choice

        try:
            action = greedy_choice(view, legal, random.Random(seed))
            text = t("The {bot} bot would choose: {action}").format(
                bot="greedy", action=dict((a, line) for line, a in choice_lines(view, legal, None))[action])
            self.post_message(self.HintReady(token, action, text))
        except Exception as exc:  # a bot may fail in any way; the hint just says so
            self.post_message(self.HintReady(token, None, t("No hint: {error}").format(error=exc)))

    def on_game_screen_hint_ready(self, message: HintReady) -> None:
        if message.token != self.session.version:
            return
        self._set_hint(message.text)
        for i, (_line, a) in enumerate(self.choices):
            if a == message.action:
                self.query_one("#choices", ChoiceList).highlighted = i
                break

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_view(self, view: str) -> None:
        if view in VIEWS:
            self.view = view
            self._apply_layout(self.app.size.width, self.app.size.height)
            self.refresh_panels()

    def action_scores(self) -> None:
        if not self.state.is_over:
            self.app.bell()
            return
        self.app.push_screen(GameOverScreen(self.session), self._after_scores)

    def _after_scores(self, result: str | None) -> None:
        if result == "leave":
            self.action_leave()

    def action_leave(self) -> None:
        self._stop_bots()
        self.app.post_message(self.Quit(self.session))
        self.dismiss(self.session)
