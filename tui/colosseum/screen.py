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

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui import game_over, glyphs
from tui.colosseum import render
from tui.colosseum.choices import choice_lines, preview_text
from tui.colosseum.last_round import Tracker, round_text, trail
from tui.colosseum.text import choice_text, decision_text
from tui.i18n import N_, t
from tui.play_screen import LEAVE_KEYS, PLAY_KEYS, PlayScreen
from tui.session import GameSession
from tui.widgets.choice_list import ChoiceList
from tui.widgets.log import LogLines, LogPanel
from tui.widgets.text_panel import TextPanel

WIDE = (120, 36)
"""From this terminal size on the log is on screen too; below it (the compact layout) ``l`` shows the log in
place of the board and the last round, ``b`` brings them back."""
HUGE = 170
"""From this width the board and the log stand side by side."""

VIEWS = ("board", "log")
"""What the compact layout's left side shows: the board with the others' last round, or the whole log."""

HELP_EN = """Up/Down and Enter (or a click) choose a line of the Decision panel; 1-9 choose the first nine lines.
u undo · h hint (the greedy bot's choice) · s scores at the end · q leave (the game is saved)
l log, b board (in a small terminal the log takes the board's place) · - and + scroll the log a page

Board: the consul track (fields 1-7: A storage, B tile or build, D scoring); the consul's field in [ ].
Each B field has its landscape row (front tile first; R river, G grain, F forest, M mountain,
1/2 stables with 1 or 2 wheels) and the Colosseum part on offer (cost W water, G grain, H wood, S stone).
Displays: fame, hand against the limit, stable wheels with the movement marker, storage, landscapes."""

HELP_DE = """Pfeiltasten und Enter (oder ein Klick) wählen eine Zeile der Entscheidung; 1-9 die ersten neun.
u zurück · h Tipp (Wahl des Greedy-Bots) · s Wertung am Ende · q verlassen (das Spiel wird gespeichert)
l Protokoll, b Spielplan (im kleinen Terminal steht das Protokoll an seiner Stelle) · - und + blättern

Spielplan: die Konsulbahn (Felder 1-7: A Lager, B Plättchen oder Bauen, D Wertung); das Konsulfeld in [ ].
Jedes B-Feld hat seine Landschaftsreihe (vorderes Plättchen zuerst; R Fluss, G Getreide, F Wald, M Gebirge,
1/2 Ställe mit 1 oder 2 Rädern) und das Bauteil in der Auslage (Kosten W Wasser, G Getreide, H Holz, S Stein).
Auslagen: Ruhm, Hand gegen das Limit, Stallräder mit Bewegungsmarker, Lager, Landschaften."""

HELP_SCREEN = N_("""The log: - scrolls a page back (older entries), + a page on (newer); l shows it, b the board again.
Displays, one line a seat: fame, then after the arrow the fame it would end with now (row leads and 1 per 3 \
cards); cards in hand against the limit; cards by type; Pt movement points (with the stable's wheels when there \
is room); the rows Stb stable, Sto storage and the four landscapes, * where the seat leads or shares the lead.
Last round: what each other seat did since your last turn; after the track, where their consul stopped.
Decision: a move says the field's action and its cost; a tile or a scoring says the cards each seat may take \
(at the stable, the points a reset gives back); the highlighted choice is told at length below the list.""")
"""How to read this screen's panels and scroll its log (translated through the game's catalog)."""


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
            text = (HELP_DE if language() == "de" else HELP_EN) + "\n\n" + t(HELP_SCREEN)
            if glyphs.ascii_mode():
                text = text.replace("·", "-").replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
            yield Static(Text(text))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class GameOverScreen(game_over.GameOverScreen):
    """The final scoring per source and seat, and the winner. Returns "board" or "leave"."""

    def score_table(self, scores: Any, names: list[str]) -> RenderableType:
        return render.score_table(scores, names)

    def result_text(self, scores: Any, names: list[str]) -> RenderableType:
        return render.result_text(scores, names)


class RoundLog(LogPanel):
    """The whole log without the shell's "Last bot turn" box: the Last round panel above it tells every other
    seat's turn since the player's own already, in short words and on screen at every size."""

    def update_pinned(self) -> None:
        self.query_one("#last-bot", Static).display = False


class ColosseumScreen(PlayScreen):
    """Plays ``session`` to its end. Dismisses with the session (and posts ``ColosseumScreen.Quit``) on leaving."""

    CSS_PATH = str(Path(__file__).resolve().parent / "game.tcss")
    AUTO_FOCUS = "#choices"
    VIEWS = VIEWS

    BINDINGS: ClassVar[list[BindingType]] = [
        *PLAY_KEYS,
        Binding("b", "view('board')", "Board", show=False),
        Binding("l", "view('log')", "Log", show=False),
        Binding("minus", "log_page(-1)", "Log back", show=False),
        Binding("plus", "log_page(1)", "Log on", show=False),
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
        self.tracker = Tracker()
        """The engine's events of every action since the screen opened: the others' last round."""

    # ------------------------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield TextPanel(id="status")
        with VerticalScroll(id="players-view", classes="panel"):
            yield TextPanel(id="players")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                with Vertical(id="notes"):
                    with VerticalScroll(id="board-view", classes="panel"):
                        yield TextPanel(id="board")
                    with VerticalScroll(id="round-view", classes="panel"):
                        yield TextPanel(id="round")
                yield RoundLog(id="log-view", classes="panel")
            with Vertical(id="side"), Vertical(id="prompt", classes="panel"):
                yield TextPanel(id="decision")
                yield ChoiceList(id="choices")
                yield TextPanel(id="preview")
                hint = TextPanel(id="hint")
                hint.display = False
                yield hint
        yield Footer()

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
        bots = [session.is_bot(q) for q in range(len(session.seats))]
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
            lines = [choice_lines(s, a) for a in self.choices]
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
            text = preview_text(self.state, self.choices[index], self.session.names())
        panel.show_text(text)
        panel.display = bool(text.plain)

    def on_choice_list_highlighted(self, event: ChoiceList.Highlighted) -> None:
        event.stop()
        self._show_preview(event.index)

    def action_log_page(self, pages: int) -> None:
        """Scroll the log a page back (older) or on; in the compact layout the log takes the board's place."""
        if self.compact and self.view != "log":
            self.action_view("log")
        panel = self.query_one("#log-view", LogPanel)
        panel.query_one(LogLines).page(pages)
        panel.update_pinned()

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

    def help_screen(self) -> ModalScreen[Any]:
        return HelpScreen()

    def game_over_screen(self) -> ModalScreen[str]:
        return GameOverScreen(self.session)
