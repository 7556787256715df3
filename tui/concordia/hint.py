"""The hint in words: the bot's best choices as a ranking, each with how far it stands behind the best, in VP.

The bot's raw values (its evaluation of the position after each choice, ``position`` against the best
opponent) mean nothing to a player on their own (``-29.00``); what helps is the order and the distance
between the choices, which the evaluation gives in victory points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui.concordia.events import reason_text
from tui.concordia.text import action_text
from tui.i18n import language, t


def vp(x: float) -> str:
    """``2.3 VP`` (one decimal; ``1 VP`` without it when whole)."""
    text = f"{x:.1f}".removesuffix(".0")
    if language() == "de":  # German writes a decimal comma: 0,6 SP
        text = text.replace(".", ",")
    return t("{n} VP").format(n=text)


def hint_lines(view: Any, ranked: Sequence[tuple[Any, float, str]]) -> list[str]:
    """``1. Play Senator: best, 2.3 VP ahead of the next``, then ``2. Play Mercator: 2.3 VP behind the best``.

    ``ranked`` is the bot's ``explain``: (action, value, reason), best first. The reason, when the bot gives
    one, follows in parentheses.
    """
    if not ranked:
        return []
    best = ranked[0][1]
    out = []
    for i, (action, value, reason) in enumerate(ranked):
        what = action_text(view, action, None, you=True)
        if i == 0 and len(ranked) == 1:
            gap = t("best")
        elif i == 0 and best - ranked[1][1] < 0.05:
            gap = t("best, as good as the next")
        elif i == 0:
            gap = t("best, {vp} ahead of the next").format(vp=vp(best - ranked[1][1]))
        elif best - value < 0.05:
            gap = t("as good as the best")
        else:
            gap = t("{vp} behind the best").format(vp=vp(best - value))
        line = f"{i + 1}. {what}: {gap}"
        if reason:
            line += f" ({reason_text(reason)})"
        out.append(line)
    return out
