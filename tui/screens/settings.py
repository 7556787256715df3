"""The settings screen: language, theme, ASCII mode, bot pace, confirm-before-end-turn, your-turn bell and title.

Each change applies at once (the screen redraws in the new language or theme) and is written to the
settings file, so the next start looks the same. Where the file lives is shown at the bottom (to a guest of
``concordia serve``, whose settings the server keeps per key, only that it is kept).
"""

from __future__ import annotations

import os
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Label, Select, Static

from tui import settings as settings_mod
from tui.i18n import t
from tui.screens.fields import Tick
from tui.widgets.footer import FittingFooter

LANGUAGE_LABELS: dict[str, str] = {"en": "English", "de": "Deutsch (German)"}
THEME_LABELS: dict[str, str] = {"dark": "Dark", "light": "Light", "high-contrast": "High contrast"}
PACE_LABELS: dict[str, str] = {
    "slow": "Slow (watch every bot move)",
    "normal": "Normal",
    "fast": "Fast",
    "instant": "Instant (no pause)",
}


class SettingsScreen(Screen[None]):
    """Every setting on one screen; Escape goes back (changes are already saved)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+d", "defaults", "Defaults"),
    ]

    def compose(self) -> ComposeResult:
        s: settings_mod.Settings = self.app.settings  # type: ignore[attr-defined]
        with VerticalScroll(id="settings-form"):
            yield Static(t("Settings"), classes="screen-title")
            with Horizontal(classes="row"):
                yield Label(t("Language"), classes="field")
                yield Select([(t(v), k) for k, v in LANGUAGE_LABELS.items()], value=s.language, allow_blank=False,
                             id="language", compact=True)
            with Horizontal(classes="row"):
                yield Label(t("Theme"), classes="field")
                yield Select([(t(v), k) for k, v in THEME_LABELS.items()], value=s.theme, allow_blank=False,
                             id="theme", compact=True)
            yield Tick(t("ASCII mode: no Unicode lines or symbols (old terminals)"), s.ascii, id="ascii", compact=True)
            with Horizontal(classes="row"):
                yield Label(t("Bot pace"), classes="field")
                yield Select([(t(v), k) for k, v in PACE_LABELS.items()], value=s.pace, allow_blank=False,
                             id="pace", compact=True)
            yield Tick(t("Confirm end of turn: ask before a choice that ends your turn"), s.confirm_end_turn,
                       id="confirm_end_turn", compact=True)
            yield Tick(t("Your turn: ring the terminal bell"), s.turn_bell, id="turn_bell", compact=True)
            yield Tick(t("Your turn: show it in the terminal's title"), s.turn_title, id="turn_title", compact=True)
            with Horizontal(classes="buttons"):
                yield Button(t("Back"), id="back", compact=True)
                yield Button(t("Defaults"), id="defaults", compact=True)
            served = os.environ.get("CONCORDIA_SERVE_SEAT")  # a guest of concordia serve never sees the host's paths
            where = (t("Your settings are kept for your key on this server.") if served
                     else f"{t('Settings file')}: {settings_mod.settings_path()}")
            yield Static(where, id="settings-path", classes="hint", markup=False)
        yield FittingFooter()

    def on_mount(self) -> None:
        self.query_one("#language", Select).focus()

    def relabel(self) -> None:
        focused = self.focused.id if self.focused is not None else "language"
        self.refresh(recompose=True)
        self.call_after_refresh(self._refocus, focused)

    def _refocus(self, widget_id: str | None) -> None:
        if widget_id:
            for w in self.query(f"#{widget_id}"):
                w.focus()

    def _change(self, **changes: Any) -> None:
        app: Any = self.app
        current = app.settings
        if all(getattr(current, k) == v for k, v in changes.items()):
            return
        try:
            new = current.with_(**changes)
        except ValueError as exc:  # a value the widgets cannot produce; kept as a guard for plugins
            self.notify(str(exc), severity="error")
            return
        app.change_settings(new)

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.select.id and event.value is not Select.NULL:
            self._change(**{event.select.id: event.value})

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        if event.checkbox.id:
            self._change(**{event.checkbox.id: event.value})

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "back":
            self.action_back()
        elif event.button.id == "defaults":
            self.action_defaults()

    def action_defaults(self) -> None:
        app: Any = self.app
        app.change_settings(settings_mod.Settings())
        self.relabel()

    def action_back(self) -> None:
        self.dismiss(None)
