"""Ten's words for the log: a decision and what it did."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def action_text(_state: Any, action: Any, _names: Sequence[str] | None) -> str:
    return f"adds {action.n}"


def event_text(event: Any, _names: Sequence[str] | None) -> str:
    return f"the count is {event[1]['count']}"
