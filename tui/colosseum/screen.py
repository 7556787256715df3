"""The game screen of Die Baumeister des Colosseum: a whole game, from the start cards to the final scoring.

The screen shows ``session.state`` and offers exactly ``session.legal_actions()`` in its decision list, one
line per action, worded for a player (``text.choice_text``); it never works out a rule itself. People decide
with the arrow keys and Enter (or a number key for one of the first nine lines) or a click. Bots think in
worker threads that only compute and post a message; the screen applies their choice and waits the
configured pace before the next one. Undo, hint (the game's greedy bot), hotseat and autosave go through the
shell's ``GameSession`` as on Concordia's screen.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from tui import glyphs
from tui.colosseum import render
from tui.colosseum.choices import Previews
from tui.colosseum.last_round import Tracker, round_text, trail
from tui.colosseum.text import choice_text, decision_text
from tui.i18n import is_you, t
from tui.play_screen import LEAVE_KEYS, LOG_KEYS, PLAY_KEYS, PlayScreen, View
from tui.widgets.choice_list import ChoiceList
from tui.widgets.log import LogPanel
from tui.widgets.text_panel import TextPanel

WIDE = (120, 36)
"""From this terminal size on the log is on screen too; below it (the compact layout) ``l`` shows the log in
place of the board and the last round, ``b`` brings them back."""
HUGE = 170
"""From this width the board and the log stand side by side."""


class RoundLog(LogPanel):
    """The whole log without the shell's "Last bot turn" box: the Last round panel above it tells every other
    seat's turn since the player's own already, in short words and on screen at every size."""

    def update_pinned(self) -> None:
        self.query_one("#last-bot", Static).display = False


class ColosseumScreen(PlayScreen):
    """Plays ``session`` to its end. Dismisses with the session (and posts ``PlayScreen.Quit``) on leaving."""

    VIEWS = (View("board", "b", "Board"), View("log", "l", "Log"))
    """What the compact layout's left side shows: the board with the others' last round, or the whole log."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *PLAY_KEYS,
        *LOG_KEYS,
        *LEAVE_KEYS,
        *[Binding(str(n), f"pick({n - 1})", str(n), show=False) for n in range(1, 10)],
    ]

    def set_up(self) -> None:
        # the shell's confirm_end_turn asks nothing here: every decision is one atomic choice
        self.choices: list[Any] = []
        """The actions behind the decision list's lines, in order (exactly the legal actions when a person decides)."""
        self._shown: object = None
        self.previews = Previews(None, [])
        """Each choice of the decision on screen played once on a copy: its line and its longer preview."""
        self.tracker = Tracker()
        """The engine's events of every action since the screen opened: the others' last round."""

    # ------------------------------------------------------------------------------------ layout
    def compose_panels(self) -> ComposeResult:
        yield VerticalScroll(TextPanel(id="players"), id="players-view", classes="panel")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                with Vertical(id="notes"):
                    yield VerticalScroll(TextPanel(id="board"), id="board-view", classes="panel")
                    yield VerticalScroll(TextPanel(id="round"), id="round-view", classes="panel")
                yield RoundLog(id="log-view", classes="panel")
            with Vertical(id="side"), Vertical(id="prompt", classes="panel"):
                yield TextPanel(id="decision")
                yield ChoiceList(id="choices")
                yield TextPanel(id="preview")
                hint = TextPanel(id="hint")
                hint.display = False
                yield hint

    def panel_titles(self) -> dict[str, str]:
        return {"#board-view": t("Board"), "#players-view": t("Displays"), "#log-view": t("Log"),
                "#round-view": t("Last round"), "#prompt": t("Decision")}

    def _apply_layout(self, width: int, height: int) -> None:
        self.compact = width < WIDE[0] or height < WIDE[1]
        self.set_class(self.compact, "compact")
        self.set_class(not self.compact, "wide")
        self.set_class(not self.compact and width >= HUGE, "huge")
        log = self.compact and self.view == "log"
        self.set_class(log, "log-shown")

    def views_words(self) -> str:
        return t("l log")

    # ------------------------------------------------------------------------------------ panels
    def refresh_panels(self) -> None:
        """Bring every panel up to the session's state."""
        s = self.state
        session = self.session
        names = session.names()
        bots = self.bot_seats()
        viewer = self.viewer()
        self._update_status()
        self.tracker.update(session)
        turns = self.tracker.turns(viewer, len(s.players))
        wide = 0 if self.compact else max(38, self._board_width())
        self.query_one("#board", TextPanel).show_text(render.board_text(s, viewer, trail(turns), wide))
        self.query_one("#players", TextPanel).show_text(
            render.players_text(s, names, bots, self._players_width(), viewer))
        ongoing = self.tracker.state is not None and self.tracker.state.score_kind >= 0
        self.query_one("#round", TextPanel).show_text(round_text(turns, names, ongoing))
        view = self.query_one("#round-view", VerticalScroll)
        self.call_after_refresh(lambda: view.scroll_end(animate=False))  # the newest turn in view, once laid out
        self.query_one("#log-view", LogPanel).show(session.log, names)
        mine = self.human_to_decide()
        shown = (session.version, mine)
        if shown != self._shown:
            self._shown = shown
            self.query_one("#decision", TextPanel).show_text(Text(decision_text(s, names)))
            self.choices = self.legal() if mine else []
            self.previews = Previews(s, self.choices)  # a new decision: the old previews are stale
            lines = [self.previews.lines(i) for i in range(len(self.choices))]
            prefixes = [f"{i + 1}. " if i < 9 else "   " for i in range(len(self.choices))]
            self.query_one("#choices", ChoiceList).set_choices(
                [p + forms[0] for p, forms in zip(prefixes, lines, strict=True)],
                [[p + f for f in forms[1:]] for p, forms in zip(prefixes, lines, strict=True)])
            self._show_preview(0)
            self.show_hint("")

    def _players_width(self) -> int:
        """Columns the displays table has: the whole width without borders (and padding when wide)."""
        return max(20, self.app.size.width - (0 if self.compact else 4))

    def _board_width(self) -> int:
        """Columns the board panel has in the wide layouts (for wrapping the list of built sections)."""
        width = self.app.size.width
        if width >= HUGE:
            return 56
        return max(38, width - 60 - 4)

    def _show_preview(self, index: int) -> None:
        panel = self.query_one("#preview", TextPanel)
        text = Text()
        if 0 <= index < len(self.choices):
            text = self.previews.text(index, self.session.names())
        panel.show_text(text)
        panel.display = bool(text.plain)

    def on_choice_list_highlighted(self, event: ChoiceList.Highlighted) -> None:
        event.stop()
        self._show_preview(event.index)

    def log_panel(self) -> LogPanel:
        """The whole log: in the compact layout in the board's place (``l``), beside it from 120x36 on."""
        return self.query_one("#log-view", LogPanel)

    def show_hint(self, text: str) -> None:
        hint = self.query_one("#hint", TextPanel)
        hint.show_text(Text(text))
        hint.display = bool(text)

    def highlight(self, action: Any) -> None:
        if action in self.choices:
            self.query_one("#choices", ChoiceList).highlighted = self.choices.index(action)

    def status_parts(self) -> list[str]:
        s = self.state
        title = t("Colosseum") if self.compact else self.session.info.title  # 80 columns keep room for the rest
        parts = [title, t("turn {n}").format(n=s.turn + 1)]
        if not s.is_over and s.active != s.current_player:
            # a scoring or a discard asks another seat in the middle of a turn: name whose turn it is, so the
            # line never reads as if the deciding seat (often you) held the turn; at 80 columns the game's
            # title gives way, so that who decides is never cut
            holder = self.session.seat_name(s.active)
            parts.append(t("your turn") if is_you(holder) else t("{name}'s turn").format(name=holder))
            if self.compact:
                parts.pop(0)
        if s.d_mode != "score_any":
            from tui.colosseum.text import D_MODE_TEXT

            parts.append(t("field D: {mode}").format(mode=t(D_MODE_TEXT.get(s.d_mode, s.d_mode))))
        return parts

    def status_separator(self) -> str:
        return " - " if glyphs.ascii_mode() else " · "

    def game_over_words(self) -> str:
        return t("game over — press s for the scores").replace("—", "-" if glyphs.ascii_mode() else "—")

    # ------------------------------------------------------------------------------------ choosing
    def on_choice_list_selected(self, event: ChoiceList.Selected) -> None:
        event.stop()
        if 0 <= event.index < len(self.choices):
            self.choose(self.choices[event.index])

    def action_pick(self, index: int) -> None:
        if not self.human_to_decide() or index >= len(self.choices):
            self.app.bell()
            return
        self.choose(self.choices[index])

    def suggest(self, view: Any, legal: list[Any], seed: int) -> tuple[Any, str]:
        """The game's greedy bot ranks the choices; the best three are shown with their value."""
        from engine.colosseum.bots import BOTS

        bot = BOTS["greedy"]()
        state = view.determinize(random.Random(seed))
        ranked = bot.rank(state, legal)
        lines = [f"{choice_text(view, a)} ({value:+.1f})" for a, value in ranked[:3]]
        return ranked[0][0], t("The greedy bot suggests:") + "\n" + "\n".join(lines)

