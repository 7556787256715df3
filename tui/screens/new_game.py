"""The new-game screen: map, variant, seats (person or bot, name, colour), options and seed.

Every change re-checks the whole setup: problems that stop the game (``GameConfig.validate``'s messages, two
seats with one colour, a seed that is not a number) are listed in red and Start refuses until they are
fixed; choices that are only unusual (a player count outside the map's recommended range) are listed in
yellow and do not stop the game. A seat's colour is its place at the table: the game seats the players in
colour order (red first), which is also how the Venus team game pairs partners (seat k and k + n/2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from engine.concordia import DISPLAY_SIDES, GameConfig, model
from tui import glyphs, seating
from tui.i18n import t
from tui.screens.fields import Tick

MAX_SEATS = 6
HUMAN = "human"
VARIANT_LABELS: dict[str, str] = {"base": "Base game", "venus": "Venus", "venus-team": "Venus team game"}
DISPLAY_LABELS: dict[str, str] = {"cloth": "cloth side (base)", "wine": "wine side (Venus)"}
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

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.initial_seed = seed if seed is not None else seating.random_seed()

    # ----------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        lo, hi = seating.recommended("imperium")
        with VerticalScroll(id="new-form"):
            yield Static(t("New game"), classes="screen-title")
            with Horizontal(classes="row"):
                yield Label(t("Map"), classes="field")
                yield Select(self._map_options(), value="imperium", allow_blank=False, id="map", compact=True)
            with Horizontal(classes="row"):
                yield Label(t("Variant"), classes="field")
                yield Select(
                    [(t(label), v) for v, label in VARIANT_LABELS.items()],
                    value="base", allow_blank=False, id="variant", compact=True,
                )
            with Horizontal(classes="row"):
                yield Label(t("Players"), classes="field")
                yield Select([(str(n), n) for n in range(2, MAX_SEATS + 1)], value=4, allow_blank=False,
                             id="players", compact=True, classes="narrow")
                yield Static(f"{t('recommended')}: {lo}-{hi}", id="recommended", classes="hint")
            yield Static(t("Seats"), classes="section")
            for i in range(MAX_SEATS):
                with Horizontal(classes="row seat", id=f"seat-{i}"):
                    yield Label(f"{i + 1}.", classes="seat-no")
                    yield Select(self._kind_options(), value=HUMAN if i == 0 else "normal", allow_blank=False,
                                 id=f"kind-{i}", compact=True, classes="kind")
                    yield Input(placeholder=t("name"), max_length=NAME_LIMIT, id=f"name-{i}", compact=True,
                                classes="name")
                    yield Select([(colour_label(c), c) for c in range(MAX_SEATS)], value=i, allow_blank=False,
                                 id=f"colour-{i}", compact=True, classes="colour")
            yield Static(t("Options"), classes="section")
            yield Tick(t("Interim scoring (at each player's first Tribune)"), id="interim", compact=True)
            with Horizontal(classes="row"):
                yield Label(t("Display"), classes="field")
                yield Select([(t(DISPLAY_LABELS[d]), d) for d in DISPLAY_SIDES], value="cloth", allow_blank=False,
                             id="display", compact=True)
            yield Tick(t("Small Ionium (without zone B, 2-3 players)"), id="small", compact=True)
            with Horizontal(classes="row"):
                yield Label(t("Seed"), classes="field")
                yield Input(str(self.initial_seed), id="seed", max_length=12, compact=True)
                yield Button(t("New seed"), id="new-seed", compact=True)
            yield Static("", id="problems")
            with Horizontal(classes="buttons"):
                yield Button(t("Start"), id="start", variant="success", compact=True)
                yield Button(t("Back"), id="back", compact=True)
        yield Footer()

    def _map_options(self) -> list[tuple[str, str]]:
        out = []
        for m in model.MAP_IDS:
            gm = model.game_map(m)
            out.append((f"{gm.name} ({gm.players_min}-{gm.players_max} {t('players')})", m))
        return out

    def _kind_options(self) -> list[tuple[str, str]]:
        return [(t("Person"), HUMAN)] + [(f"{t('Bot')}: {t(b)}", b) for b in seating.bot_choices()]

    def on_mount(self) -> None:
        self.query_one("#map", Select).focus()
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

    def _restore(self, values: tuple[GameConfig, list[SeatChoice]]) -> None:
        config, seats = values
        self.query_one("#map", Select).value = config.map
        self.query_one("#variant", Select).value = config.variant
        self.query_one("#players", Select).value = config.players
        self.query_one("#interim", Checkbox).value = config.interim_scoring
        self.query_one("#display", Select).value = config.display
        self.query_one("#small", Checkbox).value = config.small
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

    def read(self) -> tuple[GameConfig, list[SeatChoice]]:
        """The form's config and seat rows (as filled in; ``problems`` says whether they can start)."""
        players = int(str(self.query_one("#players", Select).value))
        config = GameConfig(
            map=str(self.query_one("#map", Select).value),
            players=players,
            variant=str(self.query_one("#variant", Select).value),
            interim_scoring=self.query_one("#interim", Checkbox).value,
            display=str(self.query_one("#display", Select).value),
            small=self.query_one("#small", Checkbox).value,
        )
        seats = []
        for i in range(players):
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            name = self.query_one(f"#name-{i}", Input).value.strip()
            colour = int(str(self.query_one(f"#colour-{i}", Select).value))
            seats.append(SeatChoice(colour, None if kind == HUMAN else kind, name))
        return config, seats

    def problems(self) -> tuple[list[str], list[str]]:
        """(what stops the game, what is only unusual), in words."""
        config, seats = self.read()
        errors = seating.check_config(config)
        warnings = [] if errors else seating.map_warnings(config)
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

        _config, rows = self.read()
        rows = sorted(rows, key=lambda r: r.colour)
        humans = sum(1 for r in rows if r.bot is None)
        out = []
        for i, r in enumerate(rows):
            name = r.name or seating.default_name(i, r.bot, you=humans == 1 and r.bot is None)
            out.append(Seat(name, r.bot))
        return out

    def update_form(self) -> None:
        """Show the rows of the chosen player count, the recommended range and the current problems."""
        config, seats = self.read()
        humans = sum(1 for s in seats if s.bot is None)
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-{i}").display = i < config.players
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            bot = None if kind == HUMAN else kind
            self.query_one(f"#name-{i}", Input).placeholder = seating.default_name(
                i, bot, you=bot is None and humans == 1
            )
        lo, hi = seating.recommended(config.map)
        if config.small and config.map == "ionium":
            lo, hi = 2, 3
        self.query_one("#recommended", Static).update(f"{t('recommended')}: {lo}-{hi}")
        errors, warnings = self.problems()
        lines = [f"[b red]{glyphs.glyph('bullet')} {e}[/]" for e in errors]
        lines += [f"[yellow]{glyphs.glyph('bullet')} {w}[/]" for w in warnings]
        if config.is_team and not errors:
            pairs = [
                f"{colour_label(sorted(s.colour for s in seats)[k])} + "
                f"{colour_label(sorted(s.colour for s in seats)[k + config.players // 2])}"
                for k in range(config.players // 2)
            ]
            lines.append(f"{t('Teams')}: " + ", ".join(pairs))
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
        config, _rows = self.read()
        seed = self._seed_value()
        assert seed is not None  # problems() checked it
        app: Any = self.app
        seats = self.seats()
        app.pop_screen()
        app.start_new_game(config, seed, seats)
