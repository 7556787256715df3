"""Speed of the game screen: key press to updated screen (4-player Imperium; the map: test_map_bench.py).

Run with ``make bench`` (or ``.venv/bin/pytest -s -p no:xdist tests/bench/test_tui_bench.py``); prints
medians and asserts the target of issue 6 (key press < 50 ms).
"""

from __future__ import annotations

import os
import random
import statistics
import time

from textual.screen import Screen

from engine.concordia import GameConfig, new_game
from engine.concordia.actions import Play
from saves import Seat
from tests.tui.game_harness import GameApp, settle
from tui.concordia.widgets.hand import HAND_KEYS, hand_cards, plays_for
from tui.session import GameSession

CONFIG = GameConfig(map="imperium", players=4, variant="base")


def mid_game_actions(seed: int = 4, turns: int = 40) -> list[str]:
    """A random game's log up to a decision of seat 0 (a person) to play a card, after ``turns`` turns."""
    s = new_game(CONFIG, seed)
    rng = random.Random(seed)
    log: list[str] = []
    while not (s.turn >= turns and s.current_player == 0 and s.decision == "play"):
        legal = s.legal_actions()
        a = legal[rng.randrange(len(legal))]
        s.apply(a)
        log.append(str(a))
        assert not s.is_over
    return log


def session() -> GameSession:
    seats = [Seat("You", None)] + [Seat(f"Bot {i}", "random") for i in range(1, 4)]
    return GameSession(CONFIG, 4, seats, mid_game_actions())


class PaintClock:
    """Stamps the end of every screen repaint (wall clock and CPU) so that the latency excludes Pilot's own waits."""

    def __init__(self) -> None:
        self.wall = 0.0
        self.cpu = 0.0
        self._original = Screen._compositor_refresh

    def __enter__(self) -> PaintClock:
        clock = self
        original = self._original

        def stamped(screen: Screen[object]) -> None:
            original(screen)
            clock.wall, clock.cpu = time.perf_counter(), time.process_time()

        Screen._compositor_refresh = stamped  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        Screen._compositor_refresh = self._original  # type: ignore[method-assign]


async def test_key_press_to_updated_screen_under_50ms() -> None:
    with PaintClock() as clock:
        await _measure(clock)


async def _measure(clock: PaintClock) -> None:
    results: list[float] = []
    for size in ((160, 50), (80, 24)):
        game = session()
        app = GameApp(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = app.game_screen
            assert screen is not None
            s = game.state
            legal = s.legal_actions()
            cards = hand_cards(s, 0)
            key = next(HAND_KEYS[i] for i, c in enumerate(cards[: len(HAND_KEYS)])
                       if len(plays_for(s, c, legal)) == 1 and isinstance(plays_for(s, c, legal)[0], Play))
            plays: list[float] = []
            undos: list[float] = []
            cursor: list[float] = []
            refresh: list[float] = []
            walls: list[float] = []
            for _ in range(15):
                for key_pressed, into in ((key, plays), ("u", undos), ("down", cursor)):
                    # play a card (new decision, every panel brought up to date), undo it, move the cursor
                    t0, c0 = time.perf_counter(), time.process_time()
                    clock.wall, clock.cpu = t0, c0
                    await pilot.press(key_pressed)
                    into.append((clock.cpu - c0) * 1000)
                    walls.append((clock.wall - t0) * 1000)
                    if key_pressed == key:
                        refresh.append(screen.last_refresh_ms)
            med = statistics.median
            print(f"\n{size[0]}x{size[1]}: key press to repainted screen, CPU ms (median of 15): play card "
                  f"{med(plays):.1f}, undo {med(undos):.1f}, cursor {med(cursor):.1f} (panel update "
                  f"{med(refresh):.1f}); wall clock {med(walls):.1f} ms (load average {os.getloadavg()[0]:.1f})")
            results += [med(plays), med(undos)]
    load = os.getloadavg()[0]
    if load < 2:  # on a busy shared machine CPU time is inflated too (shared caches, SMT): report, do not judge
        assert max(results) < 50
    else:
        print(f"(not asserted: load average {load:.1f}; the 50 ms target is checked on a quiet machine)")
