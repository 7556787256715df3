"""Die Baumeister des Colosseum's screens for the app shell: game screen, wording, rules pages and new-game form.

``GAME_UI`` is what the shell (``tui.games``) finds here. Its hooks import the game screen, the engine and
the wording only when first called, so the title screen stays quick to open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui.games import deferred, game_ui
from tui.i18n import N_

from .form import FORM, QUICK_CONFIG


def describe_setup(header: Any) -> str:
    """A save header's setup in a few words: ``4 players, field D: base game``; without the count when the
    header gives none (``concordia simulate`` words its all-bot seats itself: ``4 bots``)."""
    from tui.i18n import t

    from .text import D_MODE_TEXT

    options = getattr(header, "options", None) or {}
    players = getattr(header, "players", None) or options.get("players")
    mode = str(options.get("field_d", "score_any"))
    label = N_("base game") if mode == "score_any" else D_MODE_TEXT.get(mode, mode)
    field_d = t("field D: {mode}").format(mode=t(label))
    return f"{players} {t('players')}, {field_d}" if players else field_d


def score_table(scores: Any, _names: Sequence[str]) -> tuple[list[str], list[list[str]]]:
    """Fame in play, the six row majorities, cards and the total, one row per seat (short headings)."""
    from .render import score_rows

    columns, rows = score_rows(scores)
    return [c[:8] for c in columns], rows


def _turn(state: Any) -> int:
    return int(getattr(state, "turn", 0))


def _seat_turn(state: Any) -> tuple[int, bool]:
    """Whose turn a decision belongs to: the active player (``state.turn`` counts single turns)."""
    return int(state.active), False


GAME_UI = game_ui(
    __name__, "ColosseumScreen", id="colosseum", quick_key="b",
    tagline=N_("Klaus-Jürgen Wrede's game of landscapes, building materials and fame"),
    form=FORM, quick_config=QUICK_CONFIG, describe_setup=describe_setup, score_table=score_table, turn=_turn,
    seat_turn=_seat_turn, final_table=deferred("tui.colosseum.render", "final_table"),
    final_result=deferred("tui.colosseum.render", "result_text"),
)
"""Die Baumeister des Colosseum as the app shell sees it."""
