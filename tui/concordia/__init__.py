"""Concordia's screens for the app shell: the game screen, its widgets, wording, rules chapters and new-game form.

``GAME_UI`` is what the shell (``tui.games``) finds here; Concordia's German words are in its gettext catalog,
``locale/de/LC_MESSAGES/concordia.po``. Its hooks import the game screen, the widgets and
the engine's data only when first called, so the title screen stays quick to open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui.games import game_ui

from .form import FORM, QUICK_CONFIG

VARIANT_SHORT: dict[str, str] = {"base": "base", "venus": "Venus", "venus-team": "Venus team"}


def map_title(map_id: str) -> str:
    from engine.concordia import model

    try:
        return model.game_map(map_id).name
    except Exception:  # a save from a newer version may name a map this one lacks
        return map_id


def describe_setup(header: Any) -> str:
    """A save header's map and variant: ``Imperium (base)``."""
    from tui.i18n import t

    options = getattr(header, "options", None) or {}
    map_id = getattr(header, "map", "") or str(options.get("map", ""))
    variant = getattr(header, "variant", "") or str(options.get("variant", ""))
    return f"{map_title(map_id)} ({t(VARIANT_SHORT.get(variant, variant))})"


def score_table(scores: Any, _names: Sequence[str]) -> tuple[list[str], list[list[str]]]:
    """Points per god (the rulebook's order), the Concordia card and the total, one row per seat.

    The god names are whole (the load screen's table scrolls sideways where they do not fit)."""
    from engine.concordia import model
    from tui.i18n import t

    from .names import god_name

    columns = [god_name(g) for g in model.GOD_ORDER] + [t("Concordia"), t("Total")]
    rows = [[str(ps.gods.get(g, 0)) for g in model.GOD_ORDER] + [str(ps.concordia), str(ps.total)]
            for ps in scores.players]
    return columns, rows


SETUP_FRAMES = ("keep", "startcity")
"""Decisions before the first turn (R-SALSA-FORUM-SETUP, R-TEAM-START): each seat's own, not the start player's."""


def seat_turn(state: Any) -> tuple[int, bool]:
    """Whose turn a decision belongs to: the active player, who played the card being carried out (a team
    partner's or an overflow decision in it belongs to that turn). ``state.turn`` counts single turns, so a
    turn needs no opening mark. A set-up decision (keeping a patrician, a team's start city) comes before the
    first turn with ``state.turn`` still 0: it belongs to the seat deciding, and the start player's first turn
    must not swallow it (the "Last bot turn" box would show a bot's patrician instead of its turn)."""
    frame = state.frame
    if frame is not None and frame.get("k") in SETUP_FRAMES:
        return int(state.current_player), True
    return int(state.active), False


GAME_UI = game_ui(
    __name__, "GameScreen", id="concordia", quick_key="g",
    tagline="Mac Gerdts' game of trade in the Roman Empire, with Venus",
    form=FORM, quick_config=QUICK_CONFIG, describe_setup=describe_setup, score_table=score_table, seat_turn=seat_turn,
)
"""Concordia as the app shell sees it."""
