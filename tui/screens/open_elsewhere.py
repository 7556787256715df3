"""The game is open in another window: look at it read-only, play on in a copy, or go back.

Only one process writes a game's save at a time (``saves.lock``); when another app (another terminal, an SSH
session) plays the game the player asked for, this dialog says so instead of opening it a second time, which
would have let each window write its moves over the other's. The callback gets ``"read"``, ``"copy"`` or None.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.i18n import t


class OpenElsewhereScreen(ModalScreen[str | None]):
    """Ask what to do with a game another window plays; "Back" is focused first (Enter alone changes nothing)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "answer('read')", "Read-only"),
        Binding("c", "answer('copy')", "Copy"),
        Binding("escape,b", "answer(None)", "Back"),
        Binding("left,right", "app.focus_next", show=False),
    ]

    def __init__(self, what: str, pid: int | None = None, host: str = "") -> None:
        """``what`` names the game (its title or setup); ``pid`` and ``host`` the process that plays it, when
        its lock file says so."""
        super().__init__()
        self.what = what
        self.pid = pid
        self.host = host

    def compose(self) -> ComposeResult:
        if self.pid is None:
            question = t("{game} is open in another window, which saves its moves.").format(game=self.what)
        else:
            question = t("{game} is open in another window (process {pid} on {host}), which saves its moves.").format(
                game=self.what, pid=self.pid, host=self.host)
        question += "\n" + t("Look at it read-only here, or play on from here in a copy of its own?")
        with Vertical(id="elsewhere-box", classes="dialog"):
            yield Static(question, id="confirm-question", markup=False)  # it quotes a title
            read, copy, back = t("Read-only"), t("Copy"), t("Back")
            with Horizontal(classes="buttons"):
                yield Button(f"{read} (R)", id="read", variant="primary", compact=True)
                yield Button(f"{copy} (C)", id="copy", variant="primary", compact=True)
                yield Button(f"{back} (Esc)", id="back", variant="default", compact=True)

    def on_mount(self) -> None:
        self.query_one("#back", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None if event.button.id == "back" else event.button.id)

    def action_answer(self, choice: str | None) -> None:
        self.dismiss(choice)
