"""``engine.core.games.TITLES`` names each game as its own ``GAME`` does, without importing it."""

from __future__ import annotations

import subprocess
import sys

from engine.core import games


def test_the_titles_known_without_importing_agree_with_each_game() -> None:
    assert set(games.TITLES) == set(games.BUILTIN)
    for game_id in games.ids():
        assert games.title(game_id) == games.get(game_id).title == games.TITLES[game_id]


def test_asking_a_title_imports_no_game() -> None:
    code = ("import sys; from engine.core import games; "
            "print([games.title(g) for g in games.ids()]); "
            "print(sorted(m for m in sys.modules if m.startswith('engine.') and m.count('.') == 1))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[1] == "['engine.core']"
