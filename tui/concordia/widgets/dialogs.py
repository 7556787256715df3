"""Dialogs for composite choices: quantities to sell or buy, payments for '?' goods, storehouse overflow.

Each dialog lists exactly the legal actions it was given, in words, and returns the chosen one (or None on
Escape). Number keys 1-9 pick directly; arrows and Enter or the mouse work too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from engine.concordia import GameState
from engine.concordia.actions import Accept, Action, Buy, Purchase, Sell
from tui.concordia.text import action_text, goods_list, purchase_cost
from tui.i18n import t


class ChoiceDialog(ModalScreen[Action | None]):
    """A titled list of actions; returns the chosen action."""

    DEFAULT_CSS = """
    ChoiceDialog { align: center middle; }
    ChoiceDialog > Vertical { width: auto; min-width: 40; max-width: 90%; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1; }
    ChoiceDialog Label { width: auto; text-style: bold; margin-bottom: 1; }
    ChoiceDialog OptionList { height: auto; max-height: 16; width: auto; min-width: 36; }
    ChoiceDialog #dialog-help { color: $text-muted; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        *[Binding(str(n), f"pick({n - 1})", str(n), show=False) for n in range(1, 10)],
    ]

    def __init__(self, title: str, options: Sequence[tuple[str, Action]]) -> None:
        super().__init__()
        self.title_text = title
        self.options = list(options)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, markup=False)  # titles and labels quote player names: text, not markup
            yield OptionList(*[Option(Text(f"{i + 1 if i < 9 else ' '} {label}")) for i, (label, _a) in
                               enumerate(self.options)], id="dialog-options")
            yield Label(t("1-9 or arrows + Enter to choose, Esc to cancel"), id="dialog-help")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.options):
            self.dismiss(self.options[index][1])

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(event.option_index)


def quantity_dialog(s: GameState, actions: Sequence[Action], names: Sequence[str]) -> ChoiceDialog:
    """How many of one good to sell or buy."""
    first = actions[0]
    verb = t("Sell how many?") if isinstance(first, Sell) else t("Buy how many?")
    good = first.good if isinstance(first, Sell | Buy) else ""
    return ChoiceDialog(f"{verb} ({t(good)})", [(action_text(s, a, names), a) for a in actions])


def payment_dialog(s: GameState, actions: Sequence[Action], names: Sequence[str]) -> ChoiceDialog:
    """Which goods to pay for the '?' of a card's price."""
    options: list[tuple[str, Action]] = []
    for a in actions:
        assert isinstance(a, Purchase)
        label = t("pay {goods} for '?'; in all {total}").format(
            goods=goods_list(list(a.pay)), total=goods_list(purchase_cost(s, a))
        )
        options.append((label, a))
    return ChoiceDialog(t("Buy the card in slot {slot}: choose the '?' goods").format(slot=actions[0].slot)
                        if isinstance(actions[0], Purchase) else "", options)


def overflow_dialog(s: GameState, actions: Sequence[Action], names: Sequence[str]) -> ChoiceDialog:
    """Which of the offered goods to take into a storehouse that cannot hold them all."""
    f = s.frame
    from engine.concordia.rules.storehouse import why_reason
    from tui.concordia.events import why_text

    # the frame keeps the engine's English text (``Italia produces``): read back and said in the player's words
    why = why_text(why_reason(str(f.get("why", "")))) if f is not None and f.get("why") else ""
    p = s.current_player
    title = t("{who}: the storehouse has room for {n} goods only ({why}). Take:").format(
        who=names[p] if p < len(names) else "", n=s.players[p].free_slots, why=why
    )
    options = [(", ".join(f"{n} {t(g)}" for g, n in a.goods) if isinstance(a, Accept) else str(a), a)
               for a in actions]
    return ChoiceDialog(title, options)


def pick_dialog(s: GameState, title: str, actions: Sequence[Action], names: Sequence[str]) -> ChoiceDialog:
    """Any other choice among a few actions (a card's role, which colonist moves to a route)."""
    return ChoiceDialog(title, [(action_text(s, a, names), a) for a in actions])
