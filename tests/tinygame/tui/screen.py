"""Ten's game screen: the count above the legal additions. The shell's ``PlayScreen`` does the rest: the status
line and footer, the bots at the pace, undo, the hint, hotseat, leaving and the game-over screen."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType

from tui.play_screen import LEAVE_KEYS, PLAY_KEYS, PlayScreen
from tui.widgets.choice_list import ChoiceList
from tui.widgets.text_panel import TextPanel


class TenScreen(PlayScreen):
    """The count and, when a person here decides, one line per legal addition (Enter or a click adds it)."""

    BINDINGS: ClassVar[list[BindingType]] = [*PLAY_KEYS, *LEAVE_KEYS]

    def set_up(self) -> None:
        self.choices: list[Any] = []
        """The actions behind the decision list's lines (the legal actions when a person decides, else none)."""

    def compose_panels(self) -> ComposeResult:
        yield TextPanel(id="count")
        yield ChoiceList(id="choices")

    def refresh_panels(self) -> None:
        s = self.state
        self._update_status()
        winner = f" - {self.session.names()[s.final_scores().winner]} wins" if s.is_over else ""
        self.query_one("#count", TextPanel).show_text(Text(f"Count: {s.count} of {s.config.target}{winner}"))
        choices = self.legal() if self.human_to_decide() else []
        if choices != self.choices:
            self.choices = choices
            self.query_one("#choices", ChoiceList).set_choices([str(a) for a in choices])

    def on_choice_list_selected(self, event: ChoiceList.Selected) -> None:
        if 0 <= event.index < len(self.choices):
            self.choose(self.choices[event.index])
