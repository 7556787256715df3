"""Helpers of the map tests: a mid-game position (houses of four players, colonists on routes, a flipped
bonus marker) reached by greedy bots from a fixed seed, with the person in seat 1 to decide."""

from __future__ import annotations

import random
from collections.abc import Callable

from textual.pilot import Pilot

from engine.bots import make_bot
from engine.concordia import GameConfig, GameState
from engine.concordia.actions import Action
from saves import Seat
from tests.tui.game_harness import game_screen, settle
from tui.concordia.screen import GameScreen
from tui.session import GameSession


def is_midgame(s: GameState) -> bool:
    """Every player has a house and a colonist on a route, and some bonus marker shows its coin side."""
    return (
        all(p.houses for p in s.players)
        and all(any(loc in s.map.routes for _k, loc in p.colonists) for p in s.players)
        and len(s.active_markers) < len(s.map.provinces)
    )


def midgame(map_id: str = "imperium", seed: int = 4, players: int = 4,
            until: Callable[[GameState], bool] = is_midgame, limit: int = 3000) -> GameSession:
    """A session (Anna in seat 1, random bots elsewhere) played by greedy bots until ``until`` holds and Anna
    decides at the start of her turn."""
    seats = [Seat("Anna", None)] + [Seat(f"Bot {i + 2}", "random") for i in range(players - 1)]
    session = GameSession(GameConfig(map=map_id, players=players), seed, seats)
    bot = make_bot("greedy")
    rng = random.Random(seed)
    for _ in range(limit):
        s = session.state
        if s.is_over:
            break
        if until(s) and s.current_player == 0 and s.decision == "play":
            return session
        action: Action = bot.choose(s.view(s.current_player), s.legal_actions(), rng)
        session.apply(action, autosave=False)
    raise AssertionError(f"no mid-game position on {map_id} from seed {seed}")


def can_build_after_architect(s: GameState) -> bool:
    """Mid-game, and playing the Architect now would let seat 1 build a house at once."""
    from engine.concordia.actions import Build, Play

    if not is_midgame(s) or s.current_player != 0 or s.decision != "play":
        return False
    play = Play("architect")
    if play not in s.legal_actions():
        return False
    trial = s.clone()
    trial.apply(play)
    return any(isinstance(a, Build) for a in trial.legal_actions())


def architect_ready(s: GameState) -> bool:
    """Mid-game, seat 1 to play a card, and the Architect would let some colonist choose among routes."""
    from engine.concordia.actions import Move, Play

    if not is_midgame(s) or s.current_player != 0 or s.decision != "play":
        return False
    play = Play("architect")
    if play not in s.legal_actions():
        return False
    trial = s.clone()
    trial.apply(play)
    sources = [a.source for a in trial.legal_actions() if isinstance(a, Move)]
    return any(sources.count(x) > 1 for x in sources)


async def architect_played(pilot: Pilot[None]) -> GameScreen:
    """The game screen after the person played the Architect (its colonists' moves lit on the map): the start
    of the map tests and the map benchmark."""
    from engine.concordia.actions import Play

    screen = await game_screen(pilot)
    screen.choose(Play("architect"))
    await settle(pilot)
    return screen
