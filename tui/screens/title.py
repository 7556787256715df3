"""The title screen: Continue, Quick game, New game, Load, Rules, Settings, Quit — each one key away.

Continue resumes the most recent running game (it is greyed out when there is none); Quick game starts
you against three normal bots on Imperium at once.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tui.i18n import t

ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("continue", "c", "Continue"),
    ("quick", "g", "Quick game"),
    ("new", "n", "New game"),
    ("load", "l", "Load"),
    ("rules", "r", "Rules"),
    ("settings", "s", "Settings"),
    ("quit", "q", "Quit"),
)
"""(id, key, label) of each title entry, in menu order."""

BANNER = "C O N C O R D I A"


class TitleScreen(Screen[None]):
    """The first screen; every entry has a key shown next to it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"choose('{entry}')", label, show=False) for entry, key, label in ENTRIES),
    ]
    """Escape does nothing here: pressing it to back out of other screens must never quit by accident."""

    def __init__(self) -> None:
        super().__init__()
        self.latest: Any = None
        """The header of the most recent running game (for Continue), or None."""
        self.latest_error = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER, id="banner")
            yield Static(t("Mac Gerdts' game of trade in the Roman Empire, with Venus"), id="tagline")
            yield OptionList(*self._options(), id="title-menu")
            yield Static(self._continue_text(), id="continue-info", markup=False)  # names and titles: text
        yield Footer()

    def _options(self) -> list[Option]:
        return [
            Option(f"[b]{key.upper()}[/b]  {t(label)}", id=entry, disabled=entry == "continue" and self.latest is None)
            for entry, key, label in ENTRIES
        ]

    def on_mount(self) -> None:
        self._focus_menu()
        self.call_after_refresh(self.refresh_continue)  # after the first paint: reading saves may take a moment

    def relabel(self) -> None:
        """Show the screen again in the current language."""
        self.refresh(recompose=True)
        self.call_after_refresh(self._focus_menu)

    def _focus_menu(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        menu.focus()
        menu.highlighted = 0 if self.latest is not None else 1

    def refresh_continue(self) -> None:
        """Look for the most recent running game again (after a game closes, a save is deleted, ...)."""
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

        return f"{t('Continue')}: {describe_header(h)}"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.action_choose(event.option.id)

    def action_choose(self, entry: str) -> None:
        app: Any = self.app
        if entry == "continue":
            if self.latest is None:
                self.notify(t("No running game to continue."), severity="warning")
                return
            self._continue()
        elif entry == "quick":
            app.quick_game()
        elif entry == "new":
            from tui.screens.new_game import NewGameScreen

            app.push_screen(NewGameScreen())
        elif entry == "load":
            from tui.screens.load import LoadScreen

            app.push_screen(LoadScreen(), callback=lambda _r: self.refresh_continue())
        elif entry == "rules":
            from tui.screens.rules import RulesScreen

            app.push_screen(RulesScreen())
        elif entry == "settings":
            from tui.screens.settings import SettingsScreen

            app.push_screen(SettingsScreen())
        elif entry == "quit":
            app.exit(0)

    def _continue(self) -> None:
        app: Any = self.app
        try:
            saved = app.store.load(self.latest.path)
        except Exception as exc:  # a save that went bad since it was listed
            self.notify(f"{t('This save cannot be loaded')}: {exc}", severity="error", timeout=10)
            self.refresh_continue()
            return
        app.open_saved(saved)
