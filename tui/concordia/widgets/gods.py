"""The gods projection (key ``g``): players × gods, the VP each god would give if the game ended now.

Behind each number stand the cards it comes from: ``12 3×4`` is three cards of that god, worth 4 VP each
for that player now (``engine.concordia.scoring.god_values``); Minerva's cards differ card by card, so its
cell says how many cards there are. The numbers are the engine's own (``state.final_scores()``); Venus is
left out of games without it. Rows are gods (as on the game-over table), columns the seats, so that six
players still fit 80 columns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.concordia import GameState
from engine.concordia.model import GOD_ORDER
from engine.concordia.scoring import god_values
from tui import glyphs
from tui.concordia.names import god_name
from tui.i18n import t
from tui.widgets.footer import FittingFooter


def shown_gods(s: GameState) -> list[str]:
    """The gods of this game's cards: Venus only in the Venus games."""
    return [g for g in GOD_ORDER if g != "venus" or s.config.is_venus]


def god_cards(s: GameState, player: int) -> dict[str, int]:
    """How many of ``player``'s cards (hand and discard pile) belong to each god."""
    counts = dict.fromkeys(GOD_ORDER, 0)
    for cid in s.players[player].cards():
        for god in s.card(cid).gods:
            counts[god] += 1
    return counts


def god_cell(vp: int, cards: int, per_card: int | None) -> Text:
    """``12 3×4``: the VP, then how many cards at how many VP each (Minerva: ``6 2c``, the card count)."""
    out = Text(str(vp), style="bold")
    if cards:
        times = "x" if glyphs.ascii_mode() else "×"
        behind = f" {cards}{times}{per_card}" if per_card is not None else " " + t("{n}c").format(n=cards)
        out.append(behind, style="dim")
    return out


def gods_table(s: GameState, names: Sequence[str]) -> Table:
    """Rows: the gods, the Concordia card, the total (and each team's total); columns: the seats."""
    scores = s.final_scores()
    table = Table(box=box.ASCII2 if glyphs.ascii_mode() else box.SIMPLE_HEAD, pad_edge=False, expand=False,
                  padding=(0, 1))
    table.add_column(t("God"), style="bold", no_wrap=True)
    for q, name in enumerate(names):
        table.add_column(Text(name, style=f"bold {glyphs.player_colour(q)}"), justify="right")
    values = [god_values(s, q) for q in range(s.n)]
    counts = [god_cards(s, q) for q in range(s.n)]
    for god in shown_gods(s):
        cells = [
            god_cell(scores.players[q].gods.get(god, 0), counts[q][god], None if god == "minerva" else values[q][god])
            for q in range(s.n)
        ]
        table.add_row(god_name(god), *cells)
    table.add_row(t("Concordia card"), *[str(p.concordia) for p in scores.players], end_section=True)
    table.add_row(Text(t("Total"), style="bold"), *[Text(str(p.total), style="bold") for p in scores.players])
    if scores.teams:
        team_of = {q: i for i, members in enumerate(scores.teams) for q in members}
        table.add_row(t("Team"), *[str(scores.team_totals[team_of[q]]) for q in range(s.n)])
    return table


def legend() -> Text:
    times = "x" if glyphs.ascii_mode() else "×"
    return Text(
        t("VP if the game ended now; behind each: cards {times} VP per card (Minerva: number of cards)").format(
            times=times
        ),
        style="dim",
    )


class GodsScreen(ModalScreen[None]):
    """The gods projection over the game screen; any of g, Escape, Enter or q closes it."""

    DEFAULT_CSS = """
    GodsScreen { align: center middle; }
    GodsScreen > Vertical { width: 100%; max-width: 110; height: auto; max-height: 100%;
        border: round $accent; border-title-color: $accent; background: $surface; padding: 0 1; }
    GodsScreen VerticalScroll { height: auto; max-height: 1fr; width: 100%; }
    GodsScreen Static { width: 100%; }
    GodsScreen > Vertical.ascii { border: ascii $accent; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "close", "Close"),
        Binding("escape", "close", "Close", show=False),
        Binding("enter", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
    ]

    REFRESH_SECONDS: ClassVar[float] = 0.25
    """How often an open pop-up asks ``source`` whether the game moved on (bots play on while it is open)."""

    def __init__(self, state: GameState, names: Sequence[str],
                 source: Callable[[], tuple[int, GameState]] | None = None) -> None:
        """``source`` gives the game's (version, state) now; while the pop-up is open it redraws whenever the
        version changes, so that the numbers never go stale. Without it the pop-up shows ``state`` as is."""
        super().__init__()
        self.state = state
        self.names = list(names)
        self.source = source
        self.version = source()[0] if source is not None else 0

    def on_mount(self) -> None:
        if self.source is not None:
            self.set_interval(self.REFRESH_SECONDS, self.follow)

    def follow(self) -> None:
        """Redraw the table if the game has moved on since it was drawn."""
        if self.source is None:
            return
        version, state = self.source()
        if version == self.version:
            return
        self.version, self.state = version, state
        self.query_one("#gods-table", Static).update(gods_table(state, self.names))

    def compose(self) -> ComposeResult:
        with Vertical(classes="ascii" if glyphs.ascii_mode() else "") as box_:
            box_.border_title = t("Gods")
            with VerticalScroll():
                yield Static(gods_table(self.state, self.names), id="gods-table")
            yield Static(legend(), id="gods-legend")
        yield FittingFooter()

    def action_close(self) -> None:
        self.dismiss(None)
