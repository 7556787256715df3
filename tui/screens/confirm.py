"""A yes/no question over the current screen: ``push_screen(ConfirmScreen("Delete it?"), callback)``.

The callback gets True for yes (Y, or Enter on Yes) and False for no (N, Escape, or Enter on No). The buttons
name the keys of the player's language: in German "Ja (J)" and "Nein (N)", where J answers yes as well as Y.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.i18n import t, tp


class ConfirmScreen(ModalScreen[bool]):
    """Ask one question; "no" is focused first, so Enter alone never destroys anything."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("j", "yes_key('j')", show=False),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No", show=False),
        Binding("left,right", "app.focus_next", show=False),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box", classes="dialog"):
            yield Static(self.question, id="confirm-question", markup=False)  # it quotes titles
            with Horizontal(classes="buttons"):
                yield Button(f"{t(self.yes)} ({yes_key().upper()})", id="yes", variant="error", compact=True)
                yield Button(f"{t(self.no)} (N)", id="no", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_yes_key(self, key: str) -> None:
        """The language's own yes key (J for Ja); in a language whose yes is Y it means nothing."""
        if key == yes_key():
            self.dismiss(True)


def yes_key() -> str:
    """The key that the word for yes starts with in the current language (y; j for Ja), in lower case."""
    return tp("key for yes", "y")
