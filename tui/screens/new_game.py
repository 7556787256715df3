"""The new-game screen of one game: the game's own fields (Concordia: map, variant, options), seats and seed.

The game's fields come from its UI package (``GameUI.form``); the player count, the seats (person or bot,
name, colour) and the seed are the shell's. Every change re-checks the whole setup: problems that stop the
game (the game's config messages, two seats with one colour, a seed that is not a number) are listed in
red and Start refuses until they are fixed; choices that are only unusual (Concordia: a player count
outside the map's recommended range) are listed in yellow and do not stop the game. A seat's colour is its
place at the table: the game seats the players in colour order (red first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from engine.core import games as core_games
from engine.core.errors import GameError
from tui import games, glyphs, seating
from tui.games import Field
from tui.i18n import t
from tui.screens.fields import Tick
from tui.widgets.footer import FittingFooter
from tui.widgets.text_input import TextInput

HUMAN = "human"
NAME_LIMIT = 40
"""Longest seat name (the save format's limit)."""


@dataclass(frozen=True)
class SeatChoice:
    """One seat row as the player filled it in."""

    colour: int
    """Index into ``glyphs.PLAYER_COLOURS``: the seat's place at the table."""
    bot: str | None
    name: str


def colour_label(i: int) -> str:
    return f"{glyphs.player_letter(i)} {t(glyphs.player_colour(i).removeprefix('bright_'))}"


class NewGameScreen(Screen[None]):
    """Set up a game; Start (Ctrl+S, or the button) opens it, Escape goes back to the title."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+r", "new_seed", "New seed"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, seed: int | None = None, game: str = core_games.DEFAULT) -> None:
        super().__init__()
        self.game = game
        self.ui = games.get(game)
        self.max_seats = self.ui.info.max_players
        self.initial_seed = seed if seed is not None else seating.random_seed()
        self._counts: list[int] | None = None
        """The player counts the drop-down offers now (the game's ``player_counts``)."""

    # ----------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        self._counts = None
        form = self.ui.form
        info = self.ui.info
        lo, hi = form.recommended({f.key: f.default for f in form.fields})
        heading = t("New game") if len(games.ids()) == 1 else f"{t('New game')}: {info.title}"
        with VerticalScroll(id="new-form"):
            yield Static(heading, classes="screen-title")
            for f in form.fields:
                if f.section == "setup":
                    yield from self._field(f)
            with Horizontal(classes="row"):
                yield Label(t("Players"), classes="field")
                yield Select([(str(n), n) for n in range(info.min_players, info.max_players + 1)],
                             value=form.default_players, allow_blank=False, id="players", compact=True,
                             classes="narrow")
                yield Static(f"{t('recommended')}: {lo}-{hi}", id="recommended", classes="hint")
            yield Static(t("Seats"), classes="section")
            for i in range(self.max_seats):
                with Horizontal(classes="row seat", id=f"seat-{i}"):
                    yield Label(f"{i + 1}.", classes="seat-no")
                    yield Select(self._kind_options(), value=HUMAN if i == 0 else seating.default_bot(self.game),
                                 allow_blank=False, id=f"kind-{i}", compact=True, classes="kind")
                    yield TextInput(placeholder=t("name"), max_length=NAME_LIMIT, id=f"name-{i}", compact=True,
                                    classes="name")
                    yield Select([(colour_label(c), c) for c in range(self.max_seats)], value=i, allow_blank=False,
                                 id=f"colour-{i}", compact=True, classes="colour")
            options = [f for f in form.fields if f.section != "setup"]
            if options:
                yield Static(t("Options"), classes="section")
            for f in options:
                yield from self._field(f)
            with Horizontal(classes="row"):
                yield Label(t("Seed"), classes="field")
                yield Input(str(self.initial_seed), id="seed", max_length=12, compact=True)
                yield Button(t("New seed"), id="new-seed", compact=True)
            yield Static("", id="problems")
            with Horizontal(classes="buttons"):
                yield Button(t("Start"), id="start", variant="success", compact=True)
                yield Button(t("Back"), id="back", compact=True)
        yield FittingFooter()

    def _field(self, f: Field) -> ComposeResult:
        """One of the game's fields: a tick box, or a labelled drop-down."""
        if f.kind == "flag":
            yield Tick(t(f.label), value=bool(f.default), id=f.key, compact=True)
            return
        with Horizontal(classes="row", id=f"row-{f.key}"):
            yield Label(t(f.label), classes="field")
            yield Select(list(f.options()), value=f.default, allow_blank=False, id=f.key, compact=True)

    def _kind_options(self) -> list[tuple[str, str]]:
        return [(t("Person"), HUMAN)] + [(f"{t('Bot')}: {t(b)}", b) for b in seating.bot_choices(self.game)]

    def on_mount(self) -> None:
        first = self.ui.form.fields[0].key if self.ui.form.fields else "players"
        self.query_one(f"#{first}").focus()
        self.update_form()

    def relabel(self) -> None:
        """Labels in the new language; the choices made so far are kept."""
        try:
            values = self.read()
        except ValueError:
            values = None
        self.initial_seed = self._seed_value() or self.initial_seed
        self.refresh(recompose=True)
        if values is not None:
            self.call_after_refresh(self._restore, values)

    def _restore(self, values: tuple[dict[str, Any], int, list[SeatChoice]]) -> None:
        fields, players, seats = values
        for key, value in fields.items():
            self._widget(key).value = value
        self.query_one("#players", Select).value = players
        for i, s in enumerate(seats):
            self.query_one(f"#kind-{i}", Select).value = s.bot or HUMAN
            self.query_one(f"#name-{i}", Input).value = s.name
            self.query_one(f"#colour-{i}", Select).value = s.colour
        self.update_form()

    # ----------------------------------------------------------------- reading and checking

    def _seed_value(self) -> int | None:
        text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(text)
        except ValueError:
            return None
        return seed if 0 <= seed < 2**63 else None

    def values(self) -> dict[str, Any]:
        """The game's fields as filled in, by key (a field that does not apply now: its default)."""
        out: dict[str, Any] = {}
        for f in self.ui.form.fields:
            out[f.key] = self._widget(f.key).value
        for f in self.ui.form.fields:
            if f.when is not None and not f.when(out):
                out[f.key] = f.default
        return out

    def _show_fields(self) -> None:
        """Hide the fields that do not apply to the values chosen, offer the player counts that do."""
        form = self.ui.form
        raw = {f.key: self._widget(f.key).value for f in form.fields}
        for f in form.fields:
            if f.when is not None:
                shown = f.when(raw)
                node = self._widget(f.key) if f.kind == "flag" else self.query_one(f"#row-{f.key}")
                if node.display != shown:
                    node.display = shown
        if form.player_counts is None:
            return
        counts = list(form.player_counts(self.values()))
        select = self.query_one("#players", Select)
        if counts and counts != self._counts:
            self._counts = counts
            current = int(str(select.value))
            keep = current if current in counts else min(counts, key=lambda n: (abs(n - current), n))
            with select.prevent(Select.Changed):
                select.set_options([(str(n), n) for n in counts])
                select.value = keep

    def _widget(self, key: str) -> Select[Any] | Checkbox:
        """The widget of the game's field ``key`` (a drop-down or a tick box)."""
        widget = self.query_one(f"#{key}")
        assert isinstance(widget, Select | Checkbox), key
        return widget

    def players(self) -> int:
        return int(str(self.query_one("#players", Select).value))

    def read(self) -> tuple[dict[str, Any], int, list[SeatChoice]]:
        """The game's field values, the player count and the seat rows (``problems`` says whether they can start)."""
        players = self.players()
        seats = []
        for i in range(players):
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            name = self.query_one(f"#name-{i}", Input).value.strip()
            colour = int(str(self.query_one(f"#colour-{i}", Select).value))
            seats.append(SeatChoice(colour, None if kind == HUMAN else kind, name))
        return self.values(), players, seats

    def config(self) -> Any:
        """The game's config of the form; ``GameError`` with the game's message when it cannot be played."""
        return self.ui.config(self.values(), self.players())

    def problems(self) -> tuple[list[str], list[str]]:
        """(what stops the game, what is only unusual), in words."""
        _values, _players, seats = self.read()
        errors: list[str] = []
        warnings: list[str] = []
        try:
            warnings += self.ui.form.warnings(self.config())
        except GameError as exc:
            errors.append(str(exc))
        colours = [s.colour for s in seats]
        for c in sorted(set(colours)):
            if colours.count(c) > 1:
                errors.append(t("two seats have the colour {colour}").format(colour=colour_label(c)))
        if self._seed_value() is None:
            errors.append(t("the seed must be a whole number from 0 (leave it as drawn for a random game)"))
        for i, s in enumerate(seats):
            if s.name and not s.name.isprintable():
                errors.append(t("the name of seat {n} contains control characters").format(n=i + 1))
        if all(s.bot is not None for s in seats):
            warnings.append(t("every seat is a bot: you will watch the game"))
        return errors, warnings

    def seats(self) -> list[Any]:
        """The ``saves.Seat`` list in table order (by colour), with default names for empty ones."""
        from saves import Seat

        _values, _players, rows = self.read()
        rows = sorted(rows, key=lambda r: r.colour)
        humans = sum(1 for r in rows if r.bot is None)
        out = []
        for i, r in enumerate(rows):
            name = r.name or seating.default_name(i, r.bot, you=humans == 1 and r.bot is None)
            out.append(Seat(name, r.bot))
        return out

    def update_form(self) -> None:
        """Show the rows of the chosen player count, the recommended range and the current problems."""
        self._show_fields()
        values, players, seats = self.read()
        humans = sum(1 for s in seats if s.bot is None)
        for i in range(self.max_seats):
            self.query_one(f"#seat-{i}").display = i < players
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            bot = None if kind == HUMAN else kind
            self.query_one(f"#name-{i}", Input).placeholder = seating.default_name(
                i, bot, you=bot is None and humans == 1
            )
        lo, hi = self.ui.form.recommended(values)
        self.query_one("#recommended", Static).update(f"{t('recommended')}: {lo}-{hi}")
        errors, warnings = self.problems()
        lines = [f"[b red]{glyphs.glyph('bullet')} {e}[/]" for e in errors]
        lines += [f"[yellow]{glyphs.glyph('bullet')} {w}[/]" for w in warnings]
        if not errors:
            lines += self.ui.form.notes(self.config(), sorted(s.colour for s in seats))
        self.query_one("#problems", Static).update("\n".join(lines))
        self.query_one("#start", Button).disabled = bool(errors)

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if self.is_mounted:
            self.update_form()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        self.update_form()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.update_form()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "back":
            self.action_back()
        elif event.button.id == "new-seed":
            self.action_new_seed()

    # ----------------------------------------------------------------- actions

    def action_new_seed(self) -> None:
        self.query_one("#seed", Input).value = str(seating.random_seed())

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_start(self) -> None:
        errors, _warnings = self.problems()
        if errors:
            self.notify(t("The game cannot start yet") + ": " + errors[0], severity="error", timeout=8)
            return
        config = self.config()
        seed = self._seed_value()
        assert seed is not None  # problems() checked it
        app: Any = self.app
        seats = self.seats()
        app.pop_screen()
        app.start_new_game(config, seed, seats, game=self.game)
