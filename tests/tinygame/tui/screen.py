"""Ten's game screen: the count, the legal additions and the end; the bots move, a person picks a line."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.session import bot_plan
from tui.widgets.footer import FittingFooter


class TenScreen(Screen[Any]):
    """The count, the legal additions and the end: the bots move, a person picks a line."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "leave", "Leave")]

    def __init__(self, session: Any, pace: str = "normal", confirm_end_turn: bool = False) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Static("", id="count")
        yield OptionList(id="adds")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.advance()

    def advance(self) -> None:
        s = self.session.state
        while not s.is_over and s.current_player in self.session.bots:
            for action, _problem in bot_plan(self.session.bot_request()):
                self.session.apply(action)
            s = self.session.state
        winner = self.session.names()[s.final_scores().winner] if s.is_over else ""
        self.query_one("#count", Static).update(f"Count: {s.count} of {s.config.target}" +
                                                (f" - {winner} wins" if winner else ""))
        adds = self.query_one("#adds", OptionList)
        adds.clear_options()
        adds.add_options([Option(str(a), id=str(a)) for a in s.legal_actions()])
        if s.legal_actions():
            adds.highlighted = 0
            adds.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.session.apply(str(event.option.id))
        self.advance()

    def action_leave(self) -> None:
        self.dismiss(self.session)
