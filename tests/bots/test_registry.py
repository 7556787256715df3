"""The registry: built-in levels, options, and a third-party bot found through the entry-point group."""

from __future__ import annotations

import random
import sys
import textwrap
from pathlib import Path

import pytest

from engine.bots import LEVELS, UnknownBot, available, make_bot
from engine.bots.registry import ENTRY_POINT_GROUP, parse_spec
from engine.concordia import GameConfig

from .helpers import checked_game

PLUGIN = textwrap.dedent('''
    import random

    class FirstBot:
        """Always the first legal action."""
        name = "first"

        def choose(self, view, legal_actions, rng: random.Random):
            return legal_actions[0]
''')


@pytest.fixture
def plugin_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A 'installed' distribution made of a module and a dist-info folder on sys.path (nothing installed)."""
    (tmp_path / "concordia_first_bot.py").write_text(PLUGIN)
    info = tmp_path / "concordia_first_bot-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: concordia-first-bot\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\nfirst = concordia_first_bot:FirstBot\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("concordia_first_bot", None)


def test_plugin_is_found_and_plays(plugin_on_path: Path) -> None:
    assert "first" in available()
    bot = make_bot("first")
    assert bot.name == "first"
    _state, asked = checked_game(GameConfig(players=2), 1, [bot, make_bot("random")], max_decisions=50)
    assert asked == 50


def test_levels_and_builtins_are_available() -> None:
    names = available()
    for name in ("random", "greedy", "mcts", *LEVELS):
        assert name in names
    assert make_bot("normal").seconds == 1.0
    assert make_bot("hard").seconds == 3.0
    assert make_bot("easy").temperature > 0
    # hard lets the other seats play inside its playouts (the measured difference to normal, see README)
    assert (make_bot("normal").opponents, make_bot("hard").opponents) == ("skip", "play")
    assert make_bot("hard:opponents=skip").opponents == "skip"


def test_options_after_colons() -> None:
    assert parse_spec("hard:iterations=200:width=4") == ("hard", {"iterations": 200, "width": 4})
    assert parse_spec("normal:seconds=0.5") == ("normal", {"seconds": 0.5})
    bot = make_bot("hard:iterations=50")
    assert (bot.iterations, bot.seconds, bot.name) == (50, None, "hard")


def test_weight_options_change_the_evaluation_only() -> None:
    from engine.concordia.bots.evaluation import DEFAULT

    bot = make_bot("greedy:house=2:site=0.7")
    assert (bot.weights.house, bot.weights.site, bot.weights.jupiter) == (2.0, 0.7, DEFAULT.jupiter)
    hard = make_bot("hard:iterations=9:production=0.1")
    assert (hard.iterations, hard.weights.production, hard.greedy.weights.production) == (9, 0.1, 0.1)
    assert make_bot("normal").weights is DEFAULT


@pytest.mark.parametrize(
    "spec", ["nobody", "hard:iterations", "greedy:colour=red", "mcts:seconds=0", "greedy:house=lots",
             "hard:opponents=some", "mcts:horizon=-1", "mcts:horizon=1.5"]
)
def test_bad_names_and_options_are_clear_errors(spec: str) -> None:
    with pytest.raises(UnknownBot) as err:
        make_bot(spec)
    assert spec.split(":")[0] in str(err.value)


def test_normal_explains_its_choice() -> None:
    from engine.concordia import new_game

    s = new_game(GameConfig(players=4), 8)
    hints = make_bot("normal").explain(s.view(s.current_player), s.legal_actions(), random.Random(1))
    assert 1 <= len(hints) <= 3
    values = [v for _a, v, _why in hints]
    assert values == sorted(values, reverse=True)
    assert all(a in s.legal_actions() and why for a, _v, why in hints)
