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
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer

from tui import glyphs
from tui.colosseum import render
from tui.colosseum.text import choice_text, decision_text
from tui.i18n import t
from tui.play_screen import LEAVE_KEYS, PLAY_KEYS, PlayScreen
from tui.session import GameSession
from tui.widgets.choice_list import ChoiceList
from tui.widgets.log import LogPanel
from tui.widgets.text_panel import TextPanel

WIDE = (120, 36)
"""From this terminal size on every panel is shown at once; below it the compact layout switches views."""

VIEWS = ("board", "players", "log")
"""The panels the compact layout shows one at a time on its left side."""



class ColosseumScreen(PlayScreen):
    """Plays ``session`` to its end. Dismisses with the session (and posts ``ColosseumScreen.Quit``) on leaving."""

    CSS_PATH = str(Path(__file__).resolve().parent / "game.tcss")
    AUTO_FOCUS = "#choices"
    VIEWS = VIEWS

    BINDINGS: ClassVar[list[BindingType]] = [
        *PLAY_KEYS,
        Binding("b", "view('board')", "Board", show=False),
        Binding("p", "view('players')", "Displays", show=False),
        Binding("l", "view('log')", "Log", show=False),
        *LEAVE_KEYS,
        *[Binding(str(n), f"pick({n - 1})", str(n), show=False) for n in range(1, 10)],
    ]

    class Quit(PlayScreen.Quit):
        """The player left the game screen (the app shell saves and goes back)."""

    def __init__(self, session: GameSession, pace: str = "normal", confirm_end_turn: bool = False) -> None:
        super().__init__(session, pace, confirm_end_turn)
        # confirm_end_turn is kept for the shell's call; every decision here is one atomic choice, so nothing
        # asks again
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
                    hint = TextPanel(id="hint")
                    hint.display = False
                    yield hint
        yield Footer()

    def panel_titles(self) -> dict[str, str]:
        return {"#board-view": t("Board"), "#players-view": t("Displays"), "#log-view": t("Log"),
                "#hand": t("Hand"), "#prompt": t("Decision")}

    def _apply_layout(self, width: int, height: int) -> None:
        self.compact = width < WIDE[0] or height < WIDE[1]
        self.set_class(self.compact, "compact")
        self.set_class(not self.compact, "wide")
        for view in VIEWS:
            self.query_one(f"#{view}-view").set_class(view == self.view, "shown")

    # ------------------------------------------------------------------------------------ panels
    def refresh_panels(self) -> None:
        """Bring every panel up to the session's state."""
        s = self.state
        session = self.session
        names = session.names()
        bots = [session.is_bot(q) for q in range(len(session.seats))]
        self._update_status()
        self.query_one("#board", TextPanel).show_text(render.board_text(s, self.viewer()))
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
            self.show_hint("")

    def _players_width(self) -> int:
        """Columns the displays panel has (the left side without borders): decides how it is laid out."""
        side = 41 if self.compact else 48
        return max(20, self.app.size.width - side - 4)

    def show_hint(self, text: str) -> None:
        hint = self.query_one("#hint", TextPanel)
        hint.show_text(Text(text))
        hint.display = bool(text)

    def highlight(self, action: Any) -> None:
        if action in self.choices:
            self.query_one("#choices", ChoiceList).highlighted = self.choices.index(action)

    def status_parts(self) -> list[str]:
        s = self.state
        parts = [self.session.info.title, t("turn {n}").format(n=s.turn + 1)]
        if not s.is_over and s.active != s.current_player:
            # a scoring or a discard asks another seat in the middle of a turn: name whose turn it is, so the
            # line never reads as if the deciding seat (often you) held the turn; at 80 columns the game's
            # title gives way, so that who decides is never cut
            parts.append(t("{name}'s turn").format(name=self.session.seat_name(s.active)))
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

    def views_words(self) -> str:
        return t("views: b p l")

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

