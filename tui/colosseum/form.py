"""Colosseum's part of the new-game screen: the field D variant (R-VAR), and the quick game.

The shell draws the seats, the player count and the seed; this form adds the field D mode and a line that
says some component values are ours, not the printed game's, and which rules chapter names them. The values
become the plain config dict ``GameConfig.from_dict`` validates.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.options import GameOption, game_options
from tui.games import Field, NewGameForm
from tui.i18n import t

QUICK_CONFIG: dict[str, Any] = {"players": 4, "field_d": "score_any"}
"""The quick game: you against three normal bots, base game."""


def _option(key: str) -> GameOption:
    """Colosseum's setup option ``key`` (``engine.colosseum.options``: the command line offers the same)."""
    return next(o for o in game_options("colosseum") if o.key == key)


def field_d_options() -> list[tuple[str, str]]:
    """The modes of field D (R-VAR) in words, in the order of the option's choices (the base game first)."""
    from .text import D_MODE_TEXT

    return [(t(D_MODE_TEXT.get(mode, mode)), mode) for mode in _option("field_d").choices]


def config_dict(values: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The form's values as ``GameConfig.from_dict`` reads them (the turn guard stays at its default: off, as
    in the printed rules; it is for bot simulations on the command line)."""
    return {"players": players, "field_d": str(values.get("field_d", _option("field_d").default))}


def recommended(_values: Mapping[str, Any]) -> tuple[int, int]:
    return 2, 4


def stand_in_notes(_config: Any, _colours: Sequence[int]) -> list[str]:
    """One line under the form: some component values are ours, and the rules chapter that lists them."""
    from tui.i18n import language

    from .rules import pages

    chapter = next(p.title for p in pages(language()) if p.key == "stand-ins")
    return [t("Some component values are our reconstruction: see Rules → {chapter}.").format(chapter=chapter)]


FORM = NewGameForm(
    fields=(Field("field_d", "Field D", options=field_d_options, default="score_any"),),
    config=config_dict,
    recommended=recommended,
    default_players=4,
    notes=stand_in_notes,
)
"""Colosseum's new-game form: the field D mode above the player count; where to read the stand-ins below. The modes
come from the option's data (``engine.colosseum.options``) when the form is drawn; the default is written out
here, so that importing the UI package does not import the engine (a test checks it is the option's)."""
