"""The load screen (the saves list: resume, delete, rename) and the view of a finished game (scores and log).

The list shows every save the store finds, of every game, most recently played first: when it was saved, its
title, the game and its setup in the game's own words (Concordia: the map), turn, status and seats. Enter
resumes a running game or opens a finished one's score table and log; D deletes (after a yes/no question), R
renames. A save that cannot be read is reported and skipped; it never breaks the list.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Input, Static

from engine.core import games as core_games
from saves.replay import turn_number
from tui import games, glyphs
from tui.i18n import t
from tui.widgets.footer import FittingFooter
from tui.widgets.text_input import TextInput


def when(stamp: float) -> str:
    """A save time as ``2026-11-25 22:10`` (local time); "-" when unknown."""
    if not stamp:
        return "-"
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def setup_text(h: Any) -> str:
    """The save's setup in its game's words (Concordia: ``Imperium (base)``); "-" for a game without a screen here."""
    try:
        return games.get(games.game_of(h)).describe_setup(h)
    except Exception:  # a game this version lacks, or a header from a newer version: the list still shows it
        return "-"


def game_text(h: Any) -> str:
    """The save's game by name."""
    return games.game_title(games.game_of(h))


def seats_text(seats: list[Any], limit: int = 36) -> str:
    """"You, Bot 2 (normal), ..." shortened to ``limit`` characters."""
    # a bot's name carries its level already ("Bot 2 (schwer)"), in the language the game was made in
    parts = [f"{s.name}" + (f" ({t(s.bot)})" if s.bot and "(" not in s.name else "") for s in seats]
    text = glyphs.shown(", ".join(parts))
    more = glyphs.shown("…")
    return text if len(text) <= limit else text[: limit - len(more)] + more


def status_text(h: Any) -> str:
    if h.status == "finished":
        scores = getattr(h, "scores", None)
        if scores:
            return f"{t('finished')} ({max(scores)} {t('VP')})"
        return t("finished")
    return t("running")


def describe_header(h: Any, with_game: bool = False, seats_limit: int = 36) -> str:
    """One line about a save: (the game,) its setup, seats (cut at ``seats_limit`` characters), turn, when it
    was saved."""
    game = f"{game_text(h)}, " if with_game else ""
    return (
        f"{game}{setup_text(h)}, {seats_text(list(h.seats), seats_limit)}, "
        f"{t('turn')} {turn_number(h.turn, h.status == 'finished')}, {t('saved')} {when(h.updated)}"
    )


class AskTitleScreen(ModalScreen[str | None]):
    """Ask for a save's title (rename, save as): Enter takes it, Escape cancels (the callback gets None)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    RENAME = "New title for this save (Enter to keep, Escape to cancel):"

    def __init__(self, current: str, prompt: str = RENAME) -> None:
        super().__init__()
        self.current = current
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(t(self.prompt))
            yield TextInput(self.current, id="title-input", max_length=120, compact=True)
            yield Static("", id="rename-error", classes="error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        title = event.value.strip()
        if not title:
            self.query_one("#rename-error", Static).update(t("The title cannot be empty."))
            return
        if not title.isprintable():
            self.query_one("#rename-error", Static).update(t("The title cannot contain control characters."))
            return
        self.dismiss(title)

    def action_cancel(self) -> None:
        self.dismiss(None)


class LoadScreen(Screen[None]):
    """Every save, most recently played first."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Open", priority=True),
        Binding("d,delete", "delete", "Delete"),
        Binding("r", "rename", "Rename"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.headers: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Static(t("Saved games"), classes="screen-title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static("", id="load-info")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.reload()

    def on_screen_suspend(self) -> None:
        self._covered = True

    def on_screen_resume(self) -> None:
        """Shown again (back from a game opened here, a dialog): read the saves again, so that a game played
        meanwhile shows its new turn and status, never the stale ones; the cursor stays on its save."""
        if getattr(self, "_covered", False):
            self._covered = False
            self.reload()

    def relabel(self) -> None:
        self.refresh(recompose=True)
        self.call_after_refresh(self.reload)

    def reload(self) -> None:
        """Read the saves list again and show it."""
        app: Any = self.app
        table = self.query_one("#saves", DataTable)
        current = self.selected()
        table.clear(columns=True)
        table.add_columns(t("Saved"), t("Title"), t("Game"), t("Setup"), t("Turn"), t("Status"), t("Seats"))
        info = self.query_one("#load-info", Static)
        try:
            self.headers = list(app.store.list())
        except Exception as exc:  # the folder is unreadable: say so, keep the screen
            self.headers = []
            info.update(Text(f"{t('Saves could not be read')}: {exc}", style="red"))
            return
        for h in self.headers:
            title = h.title or t("(untitled)")
            table.add_row(  # titles and names are text, never markup (a title "[/x]" is shown as it is)
                when(h.updated), Text(glyphs.shown(title)[:20]), game_text(h), setup_text(h),
                str(turn_number(h.turn, h.status == "finished")),
                status_text(h),
                Text(seats_text(list(h.seats), 40)), key=str(h.path),
            )
        paths = [h.path for h in self.headers]
        if current is not None and current.path in paths:
            table.move_cursor(row=paths.index(current.path))
        folder = getattr(app.store, "directory", "")
        if self.headers:
            info.update(Text(
                t("Enter: open · D: delete · R: rename · Esc: back")
                + (f"\n{t('Folder')}: {folder}" if folder else "")
                + f"\n{t('Games are saved automatically after every turn.')}"
            ))
        else:
            info.update(Text(t("No saved games yet: games are saved automatically after every turn.")
                             + (f"\n{t('Folder')}: {folder}" if folder else "")))
        table.focus()

    def selected(self) -> Any:
        table = self.query_one("#saves", DataTable)
        if not self.headers or table.cursor_row < 0 or table.cursor_row >= len(self.headers):
            return None
        return self.headers[table.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        h = self.selected()
        if h is None:
            self.notify(t("There is no save to open."), severity="warning")
            return
        app: Any = self.app
        try:
            saved = app.store.load(h.path)
        except Exception as exc:  # damaged since listed, or from a newer version
            self.notify(f"{t('This save cannot be loaded')}: {exc}", severity="error", timeout=10)
            return
        app.open_saved(saved)

    def action_delete(self) -> None:
        h = self.selected()
        if h is None:
            self.notify(t("There is no save to delete."), severity="warning")
            return
        from tui.screens.confirm import ConfirmScreen

        question = glyphs.shown(t("Delete the save {title}? This cannot be undone.").format(
            title=f"'{h.title}'" if h.title else describe_header(h, with_game=True)
        ))

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.app.store.delete(h.path)  # type: ignore[attr-defined]
            except Exception as exc:
                self.notify(f"{t('The save could not be deleted')}: {exc}", severity="error")
            else:
                self.notify(t("Save deleted."))
            self.reload()

        self.app.push_screen(ConfirmScreen(question), callback=answered)

    def action_rename(self) -> None:
        h = self.selected()
        if h is None:
            self.notify(t("There is no save to rename."), severity="warning")
            return

        def renamed(title: str | None) -> None:
            if title is None or title == h.title:
                return
            try:
                self.app.store.rename(h.path, title)  # type: ignore[attr-defined]
            except Exception as exc:
                self.notify(f"{t('The save could not be renamed')}: {exc}", severity="error")
            self.reload()

        self.app.push_screen(AskTitleScreen(h.title), callback=renamed)

    def action_back(self) -> None:
        self.dismiss(None)


class FinishedGameScreen(Screen[None]):
    """A finished game: the final score table (the game's own columns: Concordia's gods) and the whole log."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back"),
        Binding("tab", "app.focus_next", "Scores/Log", show=False),
    ]

    def __init__(self, saved: Any) -> None:
        super().__init__()
        self.saved = saved

    def compose(self) -> ComposeResult:
        title = self.saved.title or t("Finished game")
        yield Static(glyphs.shown(f"{title} · {self._setup()} · {t('seed')} {self.saved.seed}"),
                     classes="screen-title", markup=False)
        yield DataTable(id="scores", cursor_type="row", zebra_stripes=True)
        yield Static("", id="winner")
        yield DataTable(id="log", cursor_type="row", show_header=False)
        yield FittingFooter()

    def on_mount(self) -> None:
        self.fill()

    def relabel(self) -> None:
        self.refresh(recompose=True)
        self.call_after_refresh(self.fill)

    def _setup(self) -> str:
        """The game's setup in its own words (Concordia: ``Italia (base)``), from the saved config."""
        return games.get(games.game_of(self.saved)).describe_setup(_ConfigHeader(self.saved.config))

    def fill(self) -> None:
        state = self.saved.state
        scores = state.final_scores()
        names = [glyphs.shown(s.name) for s in self.saved.seats]
        columns, rows = games.get(games.game_of(self.saved)).score_table(scores, names)
        table = self.query_one("#scores", DataTable)
        table.clear(columns=True)
        table.add_columns(t("Player"), *columns)
        order = sorted(range(len(rows)), key=lambda q: -scores.players[q].total)
        for q in order:
            mark = " *" if q == scores.winner else ""
            table.add_row(Text(names[q] + mark), *rows[q])
        winner = names[scores.winner]
        self.query_one("#winner", Static).update(Text(f"{t('Winner')}: {winner} (*)"))
        log = self.query_one("#log", DataTable)
        log.clear(columns=True)
        log.add_columns("#", t("Turn"), t("Player"), t("Decision"))
        for i, (turn, seat, text) in enumerate(replay_log(self.saved)):
            log.add_row(str(i + 1), str(turn + 1), Text(names[seat]), Text(glyphs.shown(text)))
        table.focus()

    def action_back(self) -> None:
        self.dismiss(None)


class _ConfigHeader:
    """A config seen as a save header's setup fields (``map``, ``variant``, ``options``)."""

    def __init__(self, config: Any) -> None:
        self.options = config.to_dict()
        self.map = str(self.options.get("map", ""))
        self.variant = str(self.options.get("variant", ""))


def replay_log(saved: Any) -> list[tuple[int, int, str]]:
    """(turn, seat, decision in words) for every action of a save, by replaying it from the seed."""
    game = games.game_of(saved)
    info, ui = core_games.get(game), games.get(game)
    names = [s.name for s in saved.seats]
    state = info.new_game(saved.config, saved.seed)
    out = []
    for text in saved.actions:
        action = info.parse_action(state, text)
        out.append((ui.turn(state), state.current_player, ui.action_text(state, action, names)))
        info.apply_known(state, action)
    return out
