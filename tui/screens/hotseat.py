"""The hotseat screen: hides the board and hands while the keyboard passes from one person to the next."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from tui.i18n import t


class HotseatScreen(ModalScreen[bool]):
    """"Pass the keyboard to <name>": nothing of the game shows until that person confirms."""

    DEFAULT_CSS = """
    HotseatScreen { align: center middle; background: $background; }
    HotseatScreen > Vertical { width: auto; height: auto; border: thick $accent; padding: 1 4; }
    HotseatScreen Label { width: auto; margin-bottom: 1; }
    HotseatScreen #who { text-style: bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "I am ready"),
        Binding("space", "ready", "I am ready", show=False),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(t("Pass the keyboard to"))
            yield Label(self.player_name, id="who", markup=False)  # a name is text, never markup
            yield Label(t("The hand stays hidden until you are ready."))
            yield Button(t("I am ready (Enter)"), id="ready", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(True)
