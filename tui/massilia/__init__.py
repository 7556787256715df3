"""Massilia's screens for the app shell: the game screen, its wording, rules chapters and new-game form.

``GAME_UI`` is what the shell (``tui.games``) finds here. The hooks import the screen, the widgets and the
engine only when first called, so the title screen stays quick to open.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.options import GameOption, game_options
from tui.games import Field, NewGameForm, deferred, game_ui
from tui.i18n import N_, t

QUICK_CONFIG: dict[str, Any] = {"players": 4, "stall_tiles": 5}
"""The quick game: you against three bots, with the 5 stall tiles of the 2014 (Quined) edition."""

STAND_IN_NOTE = N_("Some component values are our reconstruction: see Rules → {chapter}.")

EDITIONS: dict[int, str] = {5: N_("5 (the 2014 edition)"), 6: N_("6 (previews of the first edition, 2012)")}
"""Which edition has how many stall tiles (ST-STALLS), in words: 5 in Quined's 2014 edition, 6 in previews of
KND's 2012 edition (a player knows the years, not the publishers' short names)."""


def _stall_option() -> GameOption:
    """The stall tiles option (``engine.massilia.options``: the command line offers the same)."""
    return next(o for o in game_options("massilia") if o.key == "stall_tiles")


def stall_options() -> list[tuple[str, int]]:
    """Every count the option allows, named by its edition."""
    option = _stall_option()
    low, high = option.low or option.default, option.high or option.default
    return [(t(EDITIONS.get(n, str(n))), n) for n in range(low, high + 1)]


def config_dict(values: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The form's values as ``GameConfig.from_dict`` reads them."""
    default = int(_stall_option().default)
    tiles = values.get("stall_tiles", default)
    return {"players": players, "stall_tiles": tiles if isinstance(tiles, int) else default}


def stand_in_notes(_config: Any = None, _colours: Sequence[int] = ()) -> list[str]:
    """One line under the form: some component values are ours, and the rules chapter that lists them
    (``engine.massilia.STAND_INS``, in words there)."""
    from tui.i18n import language

    from .rules import pages

    chapter = next(p.title for p in pages(language()) if p.key == "stand-ins")
    return [t(STAND_IN_NOTE).format(chapter=chapter)]


FORM = NewGameForm(
    fields=(Field("stall_tiles", "Stall tiles", options=stall_options, default=5, section="options"),),
    config=config_dict,
    recommended=lambda _values: (2, 4),
    default_players=4,
    notes=stand_in_notes,
)
"""Massilia's new-game form: the stall tiles option; the notes name the stand-ins. Its choices come from the
option's data (``engine.massilia.options``) when the form is drawn; the default is written out here, so that
importing this package does not import the engine (a test checks it is the option's default)."""


def describe_setup(header: Any) -> str:
    """A save header's setup in a few words: ``4 players, 5 stall tiles``."""
    options = getattr(header, "options", None) or {}
    tiles = options.get("stall_tiles", 5) if isinstance(options, dict) else 5
    return t("{n} stall tiles").format(n=tiles)


def score_table(scores: Any, _names: Sequence[str]) -> tuple[list[str], list[list[str]]]:
    """Reputation during play, stalls, sesterces, stones and the total, one row per seat (R-END-1)."""
    keys = ("reputation", "stalls", "money", "stones")
    columns = [t(k)[:8] for k in keys] + [t("Total")]
    rows = [[str(ps.breakdown.get(k, 0)) for k in keys] + [str(ps.total)] for ps in scores.players]
    return columns, rows


def turn(state: Any) -> int:
    """The "turn" the shell counts (log groups, autosave, hotseat undo, save headers): one per day and phase,
    from 0, as the engine's ``GameState.turn`` defines it (Monday's start stalls 0, its keeping 1, its phase III
    2, Tuesday's keeping 4 ...). The session therefore autosaves at the end of each phase (and the app on
    leaving); the log's "Last bot turn" box groups by ``seat_turn``."""
    return int(getattr(state, "turn", 0))


def seat_turn(state: Any) -> tuple[int, bool]:
    """One seat's turn as Massilia counts it (R-TURN-1): the decisions of the active merchant from taking his
    first die (or Venus, or passing) to the end of that use, with the tax or Pluto decisions others make in it;
    in the setup and phase II each start stall and each keep is that seat's turn. ``turn`` counts whole phases,
    so the opening decision marks where a turn begins."""
    decision = getattr(state, "decision", "")
    active = int(getattr(state, "active", -1))
    if decision in ("start", "keep"):
        return active, state.current_player == active
    return active, decision == "turn" and not getattr(state, "played", ())


GAME_UI = game_ui(
    __name__, "GameScreen", id="massilia", quick_key="a",
    tagline=N_("Alain Epron's game of dice, stalls and customers in the market of Massilia"),
    form=FORM, quick_config=QUICK_CONFIG, describe_setup=describe_setup, score_table=score_table, turn=turn,
    seat_turn=seat_turn, log_events=deferred("tui.massilia.text", "log_events"),
)
"""Massilia as the app shell sees it."""
