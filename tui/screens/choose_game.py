"""Which game? The list the title screen shows before New game and Rules when the app has more than one game.

Each game is one line with its player range; Enter (or the game's number) chooses it, Escape goes back.
The screen dismisses with the chosen game's id, or None.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui import games
from tui.i18n import t
from tui.widgets.footer import FittingFooter


class ChooseGameScreen(Screen[str | None]):
    """Pick one of the games on offer (``tui.games.available``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        *(Binding(str(n), f"pick({n - 1})", str(n), show=False) for n in range(1, 10)),
    ]

    def __init__(self, heading: str = "Choose a game") -> None:
        super().__init__()
        self.heading = heading
        self.ids = games.ids()

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(t(self.heading), classes="screen-title")
            yield OptionList(*self._options(), id="game-menu")
        yield FittingFooter()

    def _options(self) -> list[Option]:
        out = []
        for n, game_id in enumerate(self.ids, start=1):
            ui = games.get(game_id)
            info = ui.info
            players = f"{info.min_players}-{info.max_players} {t('players')}"
            out.append(Option(f"[b]{n}[/b]  {info.title} ({players}): {t(ui.tagline)}", id=game_id))
        return out

    def on_mount(self) -> None:
        menu = self.query_one("#game-menu", OptionList)
        menu.focus()
        menu.highlighted = 0

    def relabel(self) -> None:
        self.refresh(recompose=True)
        self.call_after_refresh(self.on_mount)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.dismiss(event.option.id)

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.ids):
            self.dismiss(self.ids[index])
        else:
            self.app.bell()

    def action_back(self) -> None:
        self.dismiss(None)
