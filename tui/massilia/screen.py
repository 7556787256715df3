"""The Massilia game screen: a whole game, from the start stalls to the score table after Sunday.

It shows ``session.state`` through the viewer's ``view`` (nothing behind another merchant's screen is drawn)
and offers exactly the session's ``legal_actions()`` in the decision panel, one line each, grouped by kind and worded
for a player; Enter or a click chooses. Bots think in worker threads and post their plan; the screen applies
it at the chosen pace. Below 120x36 the board panels share the top-left place (keys m, b, p, l switch); from
120x36 the market and the players stand on the left, the harbour, temple and gods in the middle, the decision
under them, and on the right the own screen (as tall as its lines) above the log.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll

from engine.massilia.actions import Pass
from tui import glyphs
from tui.i18n import t
from tui.play_screen import LEAVE_KEYS, LOG_KEYS, PLAY_KEYS, PlayScreen, View
from tui.screens.confirm import ConfirmScreen
from tui.widgets.choice_list import ChoiceList
from tui.widgets.log import LogPanel, entry_text, last_bot_turn, wrap_block
from tui.widgets.text_panel import TextPanel

from .board import CELL, board_text, market_text, overflow, own_text, players_text
from .text import choice_lines, choice_shorts, day_name, dice_words, frame_value

WIDE = (120, 36)
"""From this size on every panel is shown at once."""
LARGE = (160, 45)
"""From this size on the market's spaces are wider (the cubes spaced out)."""
LARGE_CELL = 13

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


class GameScreen(PlayScreen):
    """Plays a Massilia ``session`` to its end; dismisses with it (and posts ``PlayScreen.Quit``) on leaving."""

    # the view keys are named on the status line (small terminals only: a wide screen shows every panel), so
    # the footer keeps its room at 80 columns for leaving and saving
    VIEWS = (View("market", "m", "Market"), View("board", "b", "Harbour"), View("players", "p", "Players"),
             View("log", "l", "Log"))
    BINDINGS: ClassVar[list[BindingType]] = [*PLAY_KEYS, *LOG_KEYS, *LEAVE_KEYS]

    def set_up(self) -> None:
        self.cell = CELL
        """Characters per market space (wider on large terminals)."""
        self.choices: list[tuple[str, Any]] = []
        """The decision panel's lines and their actions (exactly the legal actions when a person decides)."""
        self._shown_version = -1

    # ------------------------------------------------------------------------------------ layout
    def compose_panels(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="main"):
                with Horizontal(id="top"):
                    with Vertical(id="views"):
                        yield VerticalScroll(TextPanel(id="market"), id="market-view", classes="panel view")
                        with VerticalScroll(id="board-view", classes="panel view compact-only"):
                            yield TextPanel(id="board-c")
                        with VerticalScroll(id="players-view", classes="panel view compact-only"):
                            yield TextPanel(id="players-c")
                        yield LogPanel(id="log-view", classes="panel view compact-only")
                        yield VerticalScroll(TextPanel(id="players"), id="players-panel", classes="panel wide-only")
                    with (Vertical(id="middle", classes="wide-only"),
                          VerticalScroll(id="board-panel", classes="panel")):
                        yield TextPanel(id="board")
                    yield VerticalScroll(TextPanel(id="own-c"), id="own-c-panel", classes="panel compact-only")
                with Vertical(id="prompt", classes="panel"):
                    yield TextPanel(id="prompt-head")
                    yield ChoiceList(id="choices")
                    yield TextPanel(id="waiting")
                    yield TextPanel(id="hint")
            with Vertical(id="right", classes="wide-only"):
                yield VerticalScroll(TextPanel(id="own"), id="own-panel", classes="panel")
                yield LogPanel(id="log-panel", classes="panel")

    def panel_titles(self) -> dict[str, str]:
        return {
            "#market-view": t("Market"), "#board-view": t("Harbour, temple and gods"),
            "#board-panel": t("Harbour, temple and gods"), "#players-view": t("Players"),
            "#players-panel": t("Players"), "#log-view": t("Log"), "#log-panel": t("Log"),
            "#own-panel": t("Your screen"), "#own-c-panel": t("Your screen"), "#prompt": t("Decision"),
        }

    def _apply_layout(self, width: int, height: int) -> None:
        self.compact = width < WIDE[0] or height < WIDE[1]
        self.cell = LARGE_CELL if width >= LARGE[0] and height >= LARGE[1] else CELL
        views = self.query_one("#views")
        views.styles.width = views_width = 5 * self.cell + 4 + (2 if self.compact else 4)
        main = self.query_one("#main")
        if self.compact:
            main.styles.width = "1fr"
        else:  # the log takes the whole height on the right, about as wide as the middle column
            middle = max(34, (width - views_width) // 2)
            self.query_one("#middle").styles.width = middle
            main.styles.width = views_width + middle
        self.set_class(self.compact, "compact")
        self.set_class(not self.compact, "wide")
        for view in self.view_names():
            for node in self.query(f"#{view}-view"):
                node.set_class(view == self.view or (not self.compact and view == "market"), "shown")

    # ------------------------------------------------------------------------------------ state
    def viewer_without_people(self) -> int | None:
        """Only bots play: nobody's screen is shown (each merchant's goods stay hidden)."""
        return None

    def refresh_panels(self) -> None:
        """Bring every panel up to the session's state, drawn from the viewer's view only."""
        s = self.state
        session = self.session
        names = session.names()
        bots = self.bot_seats()
        seat = self.viewer()
        shown = s.view(seat if seat is not None else -1) if not s.is_over else s
        q = self.query_one
        self._update_status()
        q("#market", TextPanel).show_text(market_text(shown, self.cell))
        board_panel = q("#board-c" if self.compact else "#board", TextPanel)
        board = board_text(shown, names, board_panel.content_region.width or 5 * self.cell + 4)
        panel = q("#players-c" if self.compact else "#players", TextPanel)
        players = players_text(shown, names, bots, panel.content_region.width or self._players_width())
        own_panel = q("#own" if not self.compact else "#own-c", TextPanel)
        own = own_text(shown, seat, names, own_panel.content_region.width or 26)
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

    def _players_width(self) -> int:
        """The players panel's inner width before it is laid out (from the terminal's width)."""
        return 5 * self.cell + 4

    def _update_prompt(self) -> None:
        s = self.state
        mine = self.human_to_decide()
        version = self.session.version if mine else -1 - self.session.version
        if version == self._shown_version:
            return
        self._shown_version = version
        head = Text(no_wrap=True, overflow=overflow())
        if mine:
            self.choices = choice_lines(s, self.legal(), self.session.names())
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
                head.append(t("game over — press s for the scores"), style="bold")
            else:
                head.append(t("{name} to decide").format(name=self.session.seat_name(s.current_player)), style="dim")
        self.query_one("#prompt-head", TextPanel).show_text(head)
        shorts = choice_shorts(s, self.choices, self.session.names()) if self.choices else []
        choices = self.query_one("#choices", ChoiceList)
        choices.set_choices([line for line, _a in self.choices], shorts)
        waiting = self.query_one("#waiting", TextPanel)
        waiting.display = not mine and not s.is_over
        choices.display = not waiting.display
        if waiting.display:
            waiting.show_text(self.bot_turn_text())
        self.show_hint("")

    def bot_turn_text(self) -> Text:
        """While others decide, the decision panel shows the latest bot turn (as the log's box does), so a
        player on a small terminal, where the log is a view of its own, sees what the bots do as they do it;
        what does not fit says where the rest is."""
        entries = last_bot_turn(self.session.log)
        if not entries:
            return Text()
        names = self.session.names()
        prompt = self.query_one("#prompt")
        width = max(20, (prompt.content_region.width or self.size.width) - 1)
        rows = max(2, (prompt.content_region.height or 8) - 1)
        out = [Text(t("Last bot turn"), style="bold")]
        for i, entry in enumerate(entries):
            out.extend(wrap_block(entry_text(entry, names, continued=i > 0), width).split("\n"))
        if len(out) > rows:
            out = [*out[: rows - 1], Text(t("... more in the log"), style="dim")]
        return Text("\n", no_wrap=True).join(out)

    def show_hint(self, text: str) -> None:
        """The hint line under the choices (hidden while there is none, so the choices get the room)."""
        hint = self.query_one("#hint", TextPanel)
        hint.display = bool(text)
        hint.show_text(Text(text, no_wrap=True, overflow=overflow()))

    def highlight(self, action: Any) -> None:
        for i, (_line, a) in enumerate(self.choices):
            if a == action:
                self.query_one("#choices", ChoiceList).highlighted = i
                break

    def status_parts(self) -> list[str]:
        """The game and the day; after Sunday the game only, so that the end's words and the views fit 80
        columns in German too."""
        s = self.state
        if s.is_over:
            return [self.session.info.title]
        return [self.session.info.title, f"{day_name(s.round)} ({s.round}/7)"]

    def show_status(self, text: str) -> None:
        if glyphs.ascii_mode():
            text = text.replace("·", "|").replace("—", "-")
        self.query_one("#status", TextPanel).show_text(Text(text, no_wrap=True, overflow=overflow()))

    # ------------------------------------------------------------------------------------ choosing
    def ask_first(self, action: Any) -> bool:
        if not isinstance(action, Pass):
            return False
        question = t("Pass for the rest of the day?")
        self.app.push_screen(ConfirmScreen(question), lambda yes: self._confirmed(action, yes))
        return True

    def _confirmed(self, action: Any, yes: bool | None) -> None:
        if yes and self.human_to_decide():
            self._apply(action)

    def on_choice_list_selected(self, message: ChoiceList.Selected) -> None:
        if 0 <= message.index < len(self.choices):
            self.choose(self.choices[message.index][1])

    # ------------------------------------------------------------------------------------ actions
    def log_panel(self) -> LogPanel:
        """The log view on a small terminal (``l``), the log panel on the right from 120x36 on."""
        return self.query_one("#log-view" if self.compact else "#log-panel", LogPanel)

    def undone(self) -> None:
        self._shown_version = -1

    def suggest(self, view: Any, legal: list[Any], seed: int) -> tuple[Any, str]:
        """The game's greedy bot's choice (its one-step look with the Massilia evaluation)."""
        import random

        from .hint import greedy_choice

        action = greedy_choice(view, legal, random.Random(seed))
        return action, t("The greedy bot would choose: {action}").format(
            action=dict((a, line) for line, a in choice_lines(view, legal, None))[action])

