"""Does the catch-up stop change the hard bot's choices? (issue 21: cut the wait without making hard weaker)

On the 40 decisions of ``test_bots_bench`` (a seeded 4-player Imperium game), Concordia's ``hard`` decides
with an iteration budget (``ITERATIONS``, about what 3 s give on an idle machine, so that both runs are
reproducible and see the same deck guesses) twice: with the catch-up stop and without (``catch_up=false``,
the bot as it was). Both searches are the same until the stop fires, so a different choice is exactly a
decision the rest of the budget would have changed. Prints the playouts saved and the choices changed;
asserts only that every choice is legal.

Run with ``make bench`` or ``.venv/bin/python -m pytest -s -p no:xdist tests/bench/test_catch_up_bench.py``.
"""

from __future__ import annotations

import random

from test_bots_bench import positions

from engine.bots import make_bot

ITERATIONS = 90


def test_catch_up_keeps_the_choices() -> None:
    fired = changed = saved = total = 0
    for i, s in enumerate(positions()):
        view, legal = s.view(s.current_player), s.legal_actions()
        new = make_bot(f"hard:iterations={ITERATIONS}")
        old = make_bot(f"hard:iterations={ITERATIONS}:catch_up=false")
        a = new.choose(view, legal, random.Random(i))
        b = old.choose(view, legal, random.Random(i))
        assert a in legal and b in legal
        total += old.last_playouts
        if new.last_stop == "caught":
            fired += 1
            changed += a != b
            saved += old.last_playouts - new.last_playouts
    print(f"\nhard with {ITERATIONS} playouts on 40 Imperium decisions: the catch-up stop ended {fired} of them "
          f"early, saving {saved} of {total} playouts ({100 * saved / max(1, total):.0f} %); the full budget "
          f"would have chosen differently in {changed} of those {fired}")
