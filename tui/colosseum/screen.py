"""The game screen of Die Baumeister des Colosseum: a whole game, from the start cards to the final scoring.

The screen shows ``session.state`` and offers exactly ``state.legal_actions()`` in its decision list, one
line per action, worded for a player (``text.choice_text``); it never works out a rule itself. People decide
with the arrow keys and Enter (or a number key for one of the first nine lines) or a click. Bots think in
worker threads that only compute and post a message; the screen applies their choice and waits the
configured pace before the next one. Undo, hint (the game's greedy bot), hotseat and autosave go through the
shell's ``GameSession`` as on Concordia's screen.
"""

from __future__ import annotations

import random
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
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from engine.core.errors import IllegalAction
from tui import glyphs
from tui.colosseum import render
from tui.colosseum.text import choice_text, decision_text
from tui.i18n import t
from tui.screens.hotseat import HotseatScreen
from tui.session import BotRequest, GameSession, bot_plan
from tui.thinking import thinking_text
from tui.widgets.choice_list import ChoiceList
from tui.widgets.log import LogPanel
from tui.widgets.text_panel import TextPanel

PACES: dict[str, float] = {"slow": 1.5, "normal": 0.6, "fast": 0.15, "instant": 0.0}
"""Seconds between two shown bot decisions (the shell's settings name them)."""

WIDE = (120, 36)
"""From this terminal size on every panel is shown at once; below it the compact layout switches views."""

VIEWS = ("board", "players", "log")
"""The panels the compact layout shows one at a time on its left side."""

HELP_EN = """Up/Down and Enter (or a click) choose a line of the Decision panel; 1-9 choose the first nine lines.
u undo · h hint (the greedy bot's choice) · s scores at the end · q leave (the game is saved)
b board · p displays · l log (in a small terminal the left side shows one of them)

Board: the consul track (fields 1-7: A storage, B tile or build, D scoring); the consul's field in [ ].
Each B field has its landscape row (front tile first; R river, G grain, F forest, M mountain,
1/2 stables with 1 or 2 wheels) and the Colosseum part on offer (cost W water, G grain, H wood, S stone).
Displays: fame, hand against the limit, stable wheels with the movement marker, storage, landscapes."""

HELP_DE = """Pfeiltasten und Enter (oder ein Klick) wählen eine Zeile der Entscheidung; 1-9 die ersten neun.
u zurück · h Tipp (Wahl des Greedy-Bots) · s Wertung am Ende · q verlassen (das Spiel wird gespeichert)
b Spielplan · p Auslagen · l Protokoll (im kleinen Terminal zeigt die linke Seite eines davon)

Spielplan: die Konsulbahn (Felder 1-7: A Lager, B Plättchen oder Bauen, D Wertung); das Konsulfeld in [ ].
Jedes B-Feld hat seine Landschaftsreihe (vorderes Plättchen zuerst; R Fluss, G Getreide, F Wald, M Gebirge,
1/2 Ställe mit 1 oder 2 Rädern) und das Bauteil in der Auslage (Kosten W Wasser, G Getreide, H Holz, S Stein).
Auslagen: Ruhm, Hand gegen das Limit, Stallräder mit Bewegungsmarker, Lager, Landschaften."""


class HelpScreen(ModalScreen[None]):
    """The keys and the board's letters, in the current language."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 96%; max-width: 112; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("enter", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
    ]

    def compose(self) -> ComposeResult:
        from tui.i18n import language

        with VerticalScroll():
            yield Static(Text(t("Colosseum keys"), style="bold"))
            text = HELP_DE if language() == "de" else HELP_EN
            if glyphs.ascii_mode():
                text = text.replace("·", "-").replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
            yield Static(Text(text))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class GameOverScreen(ModalScreen[str]):
    """The final scoring per source and seat, and the winner. Returns "board" or "leave"."""

    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen > Vertical { width: 96%; max-width: 110; height: auto; max-height: 100%;
        border: thick $success; background: $surface; padding: 0 1; }
    GameOverScreen VerticalScroll { height: auto; max-height: 1fr; width: 100%; }
    GameOverScreen Static { width: 100%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "leave", "Leave", key_display="Enter"),
        Binding("q", "leave", "Leave", show=False),
        Binding("escape", "board", "Look at the board"),
        Binding("b", "board", "Board", show=False),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        scores = self.session.state.final_scores()
        names = self.session.names()
        with Vertical():
            with VerticalScroll():
                yield Static(render.score_table(scores, names), id="score-table")
            yield Static(render.result_text(scores, names), id="result")
        yield Footer()

    def action_leave(self) -> None:
        self.dismiss("leave")

    def action_board(self) -> None:
        self.dismiss("board")


class ColosseumScreen(Screen[GameSession]):
    """Plays ``session`` to its end. Dismisses with the session (and posts ``ColosseumScreen.Quit``) on leaving."""

    CSS_PATH = str(Path(__file__).resolve().parent / "game.tcss")
    AUTO_FOCUS = "#choices"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        Binding("ctrl+z", "undo", "Undo", show=False),
        Binding("h", "hint", "Hint"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f1", "help", "Help", show=False),
        Binding("b", "view('board')", "Board", show=False),
        Binding("p", "view('players')", "Displays", show=False),
        Binding("l", "view('log')", "Log", show=False),
        Binding("s", "scores", "Scores", show=False),
        Binding("q", "leave", "Leave"),
        Binding("escape", "leave", "Leave", show=False),
        *[Binding(str(n), f"pick({n - 1})", str(n), show=False) for n in range(1, 10)],
    ]

    class Quit(Message):
        """The player left the game screen (the app shell saves and goes back)."""

        def __init__(self, session: GameSession) -> None:
            self.session = session
            super().__init__()

    class BotDecided(Message):
        """A bots' worker thread finished choosing: their decisions, in order, each with a failure message."""

        def __init__(self, token: int, plan: list[tuple[Any, str]]) -> None:
            self.token = token
            self.plan = plan
            super().__init__()

    class HintReady(Message):
        """The hint worker finished."""

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
        """Kept for the shell's call; every decision here is one atomic choice, so nothing asks again."""
        self.compact = False
        self.view = "board"
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
        self.choices: list[Any] = []
        """The actions behind the decision list's lines, in order (exactly the legal actions when a person decides)."""
        self._shown: object = None

    # ------------------------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield TextPanel(id="status")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                with VerticalScroll(id="board-view", classes="panel view"):
                    yield TextPanel(id="board")
                with VerticalScroll(id="players-view", classes="panel view"):
                    yield TextPanel(id="players")
                yield LogPanel(id="log-view", classes="panel view")
            with Vertical(id="side"):
                yield TextPanel(id="hand", classes="panel")
                with Vertical(id="prompt", classes="panel"):
                    yield TextPanel(id="decision")
                    yield ChoiceList(id="choices")
                    yield TextPanel(id="hint")
        yield Footer()

    def on_mount(self) -> None:
        titles = {"#board-view": t("Board"), "#players-view": t("Displays"), "#log-view": t("Log"),
                  "#hand": t("Hand"), "#prompt": t("Decision")}
        for selector, title in titles.items():
            self.query_one(selector).border_title = title
        self.query_one("#hint").display = False
        self._spinner = self.set_interval(0.1, self._tick_spinner, pause=True)
        self._apply_layout(self.app.size.width, self.app.size.height)
        self.refresh_panels()
        self.call_after_refresh(self.advance)

    def on_resize(self, event: Resize) -> None:
        self._apply_layout(event.size.width, event.size.height)
        self.refresh_panels()

    def _apply_layout(self, width: int, height: int) -> None:
        self.compact = width < WIDE[0] or height < WIDE[1]
        self.set_class(self.compact, "compact")
        self.set_class(not self.compact, "wide")
        for view in VIEWS:
            self.query_one(f"#{view}-view").set_class(view == self.view, "shown")

    # ------------------------------------------------------------------------------------ state
    @property
    def state(self) -> Any:
        return self.session.state

    def legal(self) -> list[Any]:
        return list(self.state.legal_actions())

    def human_to_decide(self) -> bool:
        """True when a person at this keyboard decides now."""
        s = self.state
        if s.is_over or self._hotseat_open:
            return False
        p = s.current_player
        return self.session.is_human(p) and self._shown_human == p

    def viewer(self) -> int | None:
        """Whose hand is on screen (None: hidden between two people at one keyboard)."""
        if self._hotseat_open:
            return None
        if self._shown_human is not None:
            return self._shown_human
        humans = self.session.humans()
        if not humans:
            return self.state.current_player
        return humans[0] if len(humans) == 1 else None

    def refresh_panels(self) -> None:
        """Bring every panel up to the session's state."""
        s = self.state
        session = self.session
        names = session.names()
        bots = [session.is_bot(q) for q in range(len(session.seats))]
        self._update_status()
        self.query_one("#board", TextPanel).show_text(render.board_text(s))
        self.query_one("#players", TextPanel).show_text(render.players_text(s, names, bots, self._players_width()))
        self.query_one("#hand", TextPanel).show_text(render.hand_text(s, self.viewer()))
        self.query_one("#log-view", LogPanel).show(session.log, names)
        mine = self.human_to_decide()
        shown = (session.version, mine)
        if shown != self._shown:
            self._shown = shown
            self.query_one("#decision", TextPanel).show_text(Text(decision_text(s, names)))
            self.choices = self.legal() if mine else []
            self.query_one("#choices", ChoiceList).set_choices(
                [f"{i + 1}. {choice_text(s, a)}" if i < 9 else f"   {choice_text(s, a)}"
                 for i, a in enumerate(self.choices)])
            self.set_hint("")

    def _players_width(self) -> int:
        """Columns the displays panel has (the left side without borders): decides how it is laid out."""
        side = 41 if self.compact else 48
        return max(20, self.app.size.width - side - 4)

    def set_hint(self, text: str) -> None:
        hint = self.query_one("#hint", TextPanel)
        hint.show_text(Text(text))
        hint.display = bool(text)

    def _update_status(self) -> None:
        s = self.state
        parts = [self.session.info.title, t("turn {n}").format(n=s.turn + 1)]
        if s.d_mode != "score_any":
            from tui.colosseum.text import D_MODE_TEXT

            parts.append(t("field D: {mode}").format(mode=t(D_MODE_TEXT.get(s.d_mode, s.d_mode))))
        sep = " - " if glyphs.ascii_mode() else " · "
        text = sep.join(parts)
        if s.is_over:
            text += sep + t("game over — press s for the scores").replace("—", "-" if glyphs.ascii_mode() else "—")
        elif self.thinking is not None or not self.session.is_human(s.current_player):  # a bot's turn: no flicker
            frames = glyphs.spinner_frames()
            text += sep + thinking_text(
                self.session.seat_name(s.current_player if self.thinking is None else self.thinking),
                frames[self._spin % len(frames)],
                self._thinking_clock[1] if self.thinking is not None else None, self._thinking_clock[0], sep=sep
            )
        else:
            text += sep + t("{name} to decide").format(name=self.session.seat_name(s.current_player))
        if self.compact:
            text += sep + t("views: b p l")
        if self.session.autosave_error:
            text += sep + self.session.autosave_error
        overflow = "crop" if glyphs.ascii_mode() else "ellipsis"
        self.query_one("#status", TextPanel).show_text(Text(text, no_wrap=True, overflow=overflow))

    def _tick_spinner(self) -> None:
        self._spin += 1
        self._update_status()

    # ------------------------------------------------------------------------------------ flow
    def advance(self) -> None:
        """Whatever comes next: the final scoring, a bot's decision, the hotseat screen or a person's decision."""
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

    def on_colosseum_screen_bot_decided(self, message: BotDecided) -> None:
        if message.token != self.session.version or message.token != self._thinking_token:
            return  # stale: an undo happened while the bot was thinking
        early = self._shown_until - time.monotonic()
        if early > 0:  # the previous bot move is still on show: this one follows when its time is up
            self._next = self.set_timer(early, lambda: self.on_colosseum_screen_bot_decided(message))
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
        if action not in self.legal():
            self.notify(t("That is not possible now."), severity="warning")
            return
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")
            return
        self.advance()

    def on_choice_list_selected(self, event: ChoiceList.Selected) -> None:
        event.stop()
        if 0 <= event.index < len(self.choices):
            self.choose(self.choices[event.index])

    def action_pick(self, index: int) -> None:
        if not self.human_to_decide() or index >= len(self.choices):
            self.app.bell()
            return
        self.choose(self.choices[index])

    # ------------------------------------------------------------------------------------ actions
    def action_undo(self) -> None:
        if not self.session.undo():
            self.notify(t("Nothing to undo."), severity="warning")
            return
        self._stop_bots()
        self.advance()

    def action_hint(self) -> None:
        if not self.human_to_decide():
            self.app.bell()
            return
        self.set_hint(t("Thinking about a hint") + glyphs.glyph("thinking"))
        s = self.state
        self._hint(self.session.version, s.view(s.current_player), self.legal(),
                   self.session.seed + len(self.session.actions))

    @work(thread=True, exclusive=True, group="hint")
    def _hint(self, token: int, view: Any, legal: list[Any], seed: int) -> None:
        """Worker thread: the game's greedy bot ranks the choices; the best three are shown with their value."""
        from engine.colosseum.bots import BOTS

        try:
            bot = BOTS["greedy"]()
            state = view.determinize(random.Random(seed))
            ranked = bot.rank(state, legal)
            lines = [f"{choice_text(view, a)} ({value:+.1f})" for a, value in ranked[:3]]
            text = t("The greedy bot suggests:") + "\n" + "\n".join(lines)
            self.post_message(self.HintReady(token, ranked[0][0], text))
        except Exception as exc:  # a bot may fail in any way; the hint just says so
            self.post_message(self.HintReady(token, None, t("No hint: {error}").format(error=exc)))

    def on_colosseum_screen_hint_ready(self, message: HintReady) -> None:
        if message.token != self.session.version:
            return
        self.set_hint(message.text)
        if message.action is not None and message.action in self.choices:
            self.query_one("#choices", ChoiceList).highlighted = self.choices.index(message.action)

    def action_help(self) -> None:
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
