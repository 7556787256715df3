"""The title screen: Continue, Quick game, New game, Load, Rules, Settings, Quit — each one key away.

Continue resumes the most recent running game of any game (it is greyed out when there is none); Quick game
starts you against normal bots at once, one entry per game (Concordia first: three bots on Imperium). With
more than one game, New game and Rules ask which game first.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui import games, glyphs
from tui.i18n import t
from tui.widgets.footer import FittingFooter

ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("continue", "c", "Continue"),
    ("quick", "g", "Quick game"),
    ("new", "n", "New game"),
    ("load", "l", "Load"),
    ("rules", "r", "Rules"),
    ("settings", "s", "Settings"),
    ("quit", "q", "Quit"),
)
"""(id, key, label) of each title entry, in menu order; "quick" stands for one Quick game entry per game."""

QUICK_KEYS = "g23456789"
"""Keys for the quick games of games that name none (or whose key is taken), in the order of the games."""

BANNER = "C O N C O R D I A"


class TitleScreen(Screen[None]):
    """The first screen; every entry has a key shown next to it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"choose('{entry}')", label, show=False) for entry, key, label in ENTRIES if entry != "quick"),
    ]
    """Escape does nothing here: pressing it to back out of other screens must never quit by accident.

    The quick games' keys depend on the games on offer: ``on_key`` handles them."""

    def __init__(self) -> None:
        super().__init__()
        self.latest: Any = None
        """The header of the most recent running game (for Continue), or None."""
        self.latest_error = ""
        self._resumed_before = False
        self._checked = False
        """Whether the save folder has been read for Continue since the screen was made."""
        self.games = games.ids()
        """The ids of the games on offer, in order (Concordia first)."""
        self.entries = self._entries()
        """(id, key, label) of each entry: ``ENTRIES`` with a quick game per game (``quick:<game id>``)."""

    def _entries(self) -> list[tuple[str, str, str]]:
        taken = {key for _entry, key, _label in ENTRIES if _entry != "quick"}
        spare = [k for k in QUICK_KEYS if k not in taken]
        quick: list[tuple[str, str, str]] = []
        for game_id in self.games:
            ui = games.get(game_id)
            key = ui.quick_key if ui.quick_key and ui.quick_key not in taken else spare[0]
            taken.add(key)
            spare = [k for k in spare if k != key]
            label = "Quick game" if len(self.games) == 1 else f"Quick game: {ui.title}"
            quick.append((f"quick:{game_id}", key, label))
        out: list[tuple[str, str, str]] = []
        for entry in ENTRIES:
            out.extend(quick if entry[0] == "quick" else [entry])
        return out

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER, id="banner")
            yield Static(self._tagline(), id="tagline")
            yield OptionList(*self._options(), id="title-menu")
            yield Static(self._continue_text(), id="continue-info", markup=False)  # names and titles: text
        yield FittingFooter()

    def _tagline(self) -> str:
        if len(self.games) == 1:
            return t(games.get(self.games[0]).tagline)
        titles = ", ".join(games.get(g).title for g in self.games)
        return t("Board games of ancient Rome: {games}").format(games=titles)

    def _label(self, label: str) -> str:
        head, sep, title = label.partition(": ")
        return f"{t(head)}: {title}" if sep else t(label)

    def _options(self) -> list[Option]:
        return [
            Option(f"[b]{key.upper()}[/b]  {self._label(label)}", id=entry,
                   disabled=entry == "continue" and self.latest is None)
            for entry, key, label in self.entries
        ]

    CONTINUE_DELAY = 0.1
    """Seconds after the title is shown before the save folder is read for Continue, when the save store is
    not open yet: opening it imports the save format and reads every save's header, which, done at once,
    held up the first paint of the title by about 50 ms (``tests/bench/test_startup_bench.py``)."""

    def on_mount(self) -> None:
        self._focus_menu()
        if getattr(self.app, "_store", None) is not None:  # open already (a test's, or after a game): cheap
            self.call_after_refresh(self.refresh_continue)
        else:
            self.set_timer(self.CONTINUE_DELAY, self._first_continue_check)

    def _first_continue_check(self) -> None:
        if not self._checked:
            self.refresh_continue()

    def on_screen_resume(self) -> None:
        """Shown again (a game, Load, Rules closed): Continue offers the most recent running game, whatever
        path led back here. The first showing leaves it to ``on_mount``, after the first paint: opening the
        save folder before it would hold up the title screen."""
        if not self._resumed_before:
            self._resumed_before = True
            return
        if self.is_mounted and self.query("#title-menu"):
            self.refresh_continue()

    def relabel(self) -> None:
        """Show the screen again in the current language."""
        self.refresh(recompose=True)
        self.call_after_refresh(self._focus_menu)

    def _focus_menu(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        menu.focus()
        menu.highlighted = 0 if self.latest is not None else 1  # the first quick game

    def refresh_continue(self) -> None:
        """Look for the most recent running game again (after a game closes, a save is deleted, ...)."""
        self._checked = True
        self.latest, self.latest_error = None, ""
        try:
            self.latest = self.app.store.latest_running()  # type: ignore[attr-defined]
        except Exception as exc:  # an unreadable save folder must not keep the title screen from opening
            self.latest_error = str(exc)
        menu = self.query_one("#title-menu", OptionList)
        menu.clear_options()
        menu.add_options(self._options())
        self.query_one("#continue-info", Static).update(self._continue_text())
        self._focus_menu()

    def _continue_text(self) -> str:
        if self.latest_error:
            return f"{t('Saves could not be read')}: {self.latest_error}"
        h = self.latest
        if h is None:
            return t("No running game to continue.")
        from tui.screens.load import describe_header

        about = describe_header(h, with_game=len(self.games) > 1, seats_limit=160)  # it wraps: every seat whole
        return glyphs.shown(f"{t('Continue')}: {about}")

    def on_key(self, event: events.Key) -> None:
        """A quick game's key (g for the first game, also G) starts it."""
        for entry, key, _label in self.entries:
            if entry.startswith("quick:") and event.key in (key, key.swapcase()):
                event.stop()
                self.action_choose(entry)
                return

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.action_choose(event.option.id)

    def action_choose(self, entry: str) -> None:
        app: Any = self.app
        if entry == "continue":
            if not self._checked:  # C pressed before the save folder was read
                self.refresh_continue()
            if self.latest is None:
                self.notify(t("No running game to continue."), severity="warning")
                return
            self._continue()
        elif entry.startswith("quick"):
            app.quick_game(entry.partition(":")[2] or self.games[0])
        elif entry == "new":
            self._for_game("Which game do you want to play?", self._new_game)
        elif entry == "load":
            from tui.screens.load import LoadScreen

            app.push_screen(LoadScreen(), callback=lambda _r: self.refresh_continue())
        elif entry == "rules":
            self._for_game("Rules of which game?", self._rules)
        elif entry == "settings":
            from tui.screens.settings import SettingsScreen

            app.push_screen(SettingsScreen())
        elif entry == "quit":
            app.exit(0)

    def _for_game(self, question: str, then: Any) -> None:
        """``then(game id)`` at once when there is one game; else after the player chose one."""
        if len(self.games) == 1:
            then(self.games[0])
            return
        from tui.screens.choose_game import ChooseGameScreen

        self.app.push_screen(ChooseGameScreen(question), callback=lambda game: then(game) if game else None)

    def _new_game(self, game: str) -> None:
        from tui.screens.new_game import NewGameScreen

        self.app.push_screen(NewGameScreen(game=game))

    def _rules(self, game: str) -> None:
        from tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(game=game))

    def _continue(self) -> None:
        app: Any = self.app
        try:
            saved = app.store.load(self.latest.path)
        except Exception as exc:  # a save that went bad since it was listed
            self.notify(f"{t('This save cannot be loaded')}: {exc}", severity="error", timeout=10)
            self.refresh_continue()
            return
        app.open_saved(saved)
