"""The table's menu (**T**, in the lobby and in a table's game screen): its seats and what you may do there.

It lists every seat with who is there and whether they are online, and offers what this key may do now:
take your seat back from the bot that plays it; as the table's host, give a seat (a long-absent friend's) to
a bot and close the table; leave it (a seat of a table not started is free again, a seat of a running game
goes to a bot you may take it back from; a spectator stops watching). What a client supplied (names) is
shown as text, never as markup. The choice is answered as ``(op, fields)`` of the table protocol.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui.i18n import t

HANDOVER_BOT = "normal"
"""The level of the bot the host gives a seat to from the menu."""

Choice = tuple[str, dict[str, Any]]


def seat_line(i: int, seat: dict[str, Any], mine: int | None) -> str:
    """``1 Anna (online)``, ``2 Bert (away, a bot plays for them: normal)``, ``3 Bot 3 (bot: random)``."""
    name = str(seat.get("name") or t("Seat {n}").format(n=i + 1))
    marks = []
    if seat["kind"] == "free":
        name = t("free")
    if "online" in seat:  # a person's seat (theirs, or theirs a bot plays for now)
        marks.append(t("online") if seat.get("online") else t("away"))
    if seat["kind"] == "bot":
        level = t(str(seat.get("bot")))  # the level in words: easy, leicht
        marks.append(t("a bot plays for them: {level}").format(level=level) if seat.get("held")
                     else t("bot: {level}").format(level=level))
    if i == mine:
        marks.insert(0, t("you"))
    return f"{i + 1} {name}" + (f" ({', '.join(marks)})" if marks else "")


def choices(summary: dict[str, Any]) -> list[tuple[str, Choice]]:
    """What this key may do at the table (its ``list`` entry): (words, (op, fields)), in the menu's order."""
    seats, mine, host = summary["seats"], summary.get("mine"), bool(summary.get("host"))
    status = summary["status"]
    out: list[tuple[str, Choice]] = []
    running = status != "finished"
    if mine is not None and seats[mine]["kind"] == "bot" and running:
        out.append((t("Take your seat back from the bot"), ("take", {})))
    if host and running:
        for i, s in enumerate(seats):
            if s["kind"] == "person" or (s["kind"] == "free" and status == "open"):
                who = str(s.get("name") or "") if s["kind"] == "person" else t("free")
                out.append((t("Give seat {n} ({name}) to a bot").format(n=i + 1, name=who),
                            ("bot", {"seat": i, "level": HANDOVER_BOT})))
    if mine is not None and status == "open":
        out.append((t("Leave the table (your seat is free again)"), ("leave", {})))
    elif mine is not None and status == "playing" and seats[mine]["kind"] == "person":
        out.append((t("Leave the game (a bot plays your seat; T takes it back)"), ("leave", {})))
    elif summary.get("following", True):
        out.append((t("Stop following this table"), ("leave", {})))
    if host:
        out.append((t("Close the table (its save goes to the server's archive)"), ("close", {})))
    return out


class TableMenu(ModalScreen[Choice | None]):
    """The seats of one table and what you may do there; Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Back")]

    def __init__(self, summary: dict[str, Any]) -> None:
        super().__init__()
        self.summary = summary
        self.options = choices(summary)

    def compose(self) -> ComposeResult:
        s = self.summary
        lines = [str(s.get("title", ""))] + [seat_line(i, seat, s.get("mine")) for i, seat in enumerate(s["seats"])]
        if s.get("timer"):
            lines.append(t("Turn timer: {m} min, then a bot plays until the person is back").format(
                m=max(1, round(int(s["timer"]) / 60))))
        lines.append(t("C: say a line at this table (chat)"))  # C may be off a narrow footer: named here
        with Vertical(id="table-menu", classes="dialog"):
            yield Static(Text("\n".join(lines)), id="table-menu-seats")  # names: text, never markup
            yield OptionList(*[Option(Text(words), id=str(n)) for n, (words, _c) in enumerate(self.options)],
                             Option(Text(t("Back")), id="back"), id="table-menu-choices")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        picked = event.option.id
        self.dismiss(None if picked in (None, "back") else self.options[int(picked)][1])

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChatLine(ModalScreen[str | None]):
    """C: one line to say at the table (plain text; the server cuts it at its length and paces it)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Back")]

    def __init__(self, title: str, recent: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.recent = recent

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-line", classes="dialog"):
            lines = [*self.recent[-6:], self.title_text, t("Say at this table (Enter sends, Escape goes back):")]
            yield Static(Text("\n".join(line for line in lines if line)), id="chat-recent")  # names: text
            yield Input(max_length=CHAT_INPUT, id="chat-text")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


CHAT_INPUT = 200
"""Characters the chat line takes (the server's ``CHAT_LENGTH``)."""
