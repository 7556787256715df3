"""The status words while a bot thinks, with how long it may still think (issue 21: show the wait honestly).

Every game screen shows the same line: ``⠼ C Bot 3 (hard) is thinking · at most 2 s more``. The bound is the
bot's own time budget for the decision (``BotRequest.budget``, from the bot's ``seconds``), counted down from
when the screen asked; a bot without a known budget gets no bound. A search bot usually answers sooner: it
stops when its choice is clear (``engine.bots.search``).
"""

from __future__ import annotations

import math
import time
from typing import Any

from tui.i18n import t


def budget_of(bot: Any) -> float | None:
    """The longest one decision of ``bot`` may take in seconds, or None when the bot does not say."""
    seconds = getattr(bot, "seconds", None)
    if isinstance(seconds, int | float) and not isinstance(seconds, bool) and 0 < seconds < math.inf:
        return float(seconds)
    return None


def seconds_left(budget: float | None, since: float, now: float | None = None) -> int | None:
    """Whole seconds (at least 1) the bot may still think, ``since`` being ``time.monotonic()`` at the ask."""
    if budget is None:
        return None
    left = budget - ((time.monotonic() if now is None else now) - since)
    return max(1, math.ceil(left))


def thinking_text(
    name: str, frame: str, budget: float | None, since: float, now: float | None = None, sep: str = " · "
) -> str:
    """``⠼ C Bot 3 (hard) is thinking · at most 2 s more`` (without the bound when the budget is unknown)."""
    text = f"{frame} " + t("{name} is thinking").format(name=name)
    left = seconds_left(budget, since, now)
    if left is not None:
        text += sep + t("at most {seconds} s more").format(seconds=left)
    return text

