"""Ten as the app shell sees it: its new-game form and setup words; the screen (``screen.py``), the log's
words (``text.py``) and the rules (``rules.py``) are found by ``tui.games.game_ui`` under their usual names."""

from __future__ import annotations

from typing import Any

from tui.games import Field, NewGameForm, game_ui


def _targets() -> list[tuple[str, Any]]:
    return [(str(n), n) for n in (5, 10, 20)]


FORM = NewGameForm(
    fields=(Field("target", "Target", options=_targets, default=10),),
    config=lambda values, players: {"players": players, "target": values["target"]},
    recommended=lambda _values: (2, 3),
    default_players=2,
)

GAME_UI = game_ui(
    __name__, "TenScreen", id="ten", tagline="Bring the count to ten", form=FORM,
    quick_config={"players": 2, "target": 5},
    describe_setup=lambda h: f"to {(getattr(h, 'options', None) or {}).get('target', '?')}",
)
