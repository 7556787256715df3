"""Helpers for the Massilia tests: seeded playouts and a one-decision greedy player over ``evaluate``."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.massilia import GameConfig, GameState, new_game
from engine.massilia.bots import determinize, evaluate

Chooser = Callable[[GameState, random.Random], object]


def random_choice(s: GameState, rng: random.Random) -> object:
    legal = s.legal_actions()
    return legal[rng.randrange(len(legal))]


def greedy_choice(s: GameState, rng: random.Random) -> object:
    """One decision of lookahead: the legal action after which ``evaluate`` is best, judged on a state
    determinized from the deciding seat's view (so it never reads another screen). Ties go to ``rng``."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    p = s.current_player
    base = determinize(s.view(p), rng)
    best: list[object] = []
    best_v = float("-inf")
    for a in legal:
        c = base.clone()
        c.apply(a)
        v = evaluate(c, p)
        if v > best_v + 1e-9:
            best, best_v = [a], v
        elif v > best_v - 1e-9:
            best.append(a)
    return best[rng.randrange(len(best))]


def play(players: list[Chooser], seed: int, rng: random.Random) -> GameState:
    """A whole game, seat i choosing with ``players[i]``."""
    s = new_game(GameConfig(players=len(players)), seed)
    while not s.is_over:
        s.apply(players[s.current_player](s, rng))  # type: ignore[arg-type]
    return s


def greedy_vs_random(games: int, seed: int = 1) -> tuple[int, float, float]:
    """Two-player games, greedy against random, seats alternating: (greedy wins, greedy mean, random mean).

    A shared win (R-TIE) counts as a win for no one.
    """
    rng = random.Random(seed)
    wins = 0
    totals = [0.0, 0.0]
    for g in range(games):
        greedy_seat = g % 2
        seats: list[Chooser] = [random_choice, random_choice]
        seats[greedy_seat] = greedy_choice
        s = play(seats, seed * 1000 + g, rng)
        fs = s.final_scores()
        if fs.winners == [greedy_seat]:
            wins += 1
        totals[0] += fs.total(greedy_seat)
        totals[1] += fs.total(1 - greedy_seat)
    return wins, totals[0] / games, totals[1] / games


# ------------------------------------------------------------------------------------------ positions
def after_setup(n: int = 2, seed: int = 1) -> GameState:
    """A new game whose start stalls are placed (each seat takes the first space offered)."""
    s = new_game(GameConfig(players=n), seed)
    while s.phase == "setup":
        s.apply(s.legal_actions()[0])
    return s


def clear_market(s: GameState) -> None:
    """No stall on the market; every cube back in the harbour."""
    for i in range(len(s.owner)):
        for g in range(4):
            s.harbour[g] += s.stock[i][g]
        s.stock[i] = [0, 0, 0, 0]
        s.owner[i] = -1
    s.touch()


def stall(s: GameState, p: int, space: int, pink: int = 0, orange: int = 0, violet: int = 0, beige: int = 0) -> None:
    """Put a stall of ``p`` at ``space`` with these cubes (taken from the harbour)."""
    s.owner[space] = p
    for g, k in enumerate((pink, orange, violet, beige)):
        s.stock[space][g] += k
        s.harbour[g] -= k
    s.touch()


def give(s: GameState, p: int, *gods: str, fresh: bool = False, known: bool = True) -> None:
    """Put these god cards into ``p``'s hand (taken out of the deck)."""
    pl = s.players[p]
    for g in gods:
        s.deck.remove(g)
        pl.hand.append(g)
        pl.known.append(known)
        pl.fresh.append(fresh)
    s.touch()


def set_turn(s: GameState, p: int, order: list[int] | None = None) -> None:
    """Make it ``p``'s phase III turn (this round's order ``order``, default the seats)."""
    s.phase = "actions"
    s.order = order if order is not None else list(range(s.n))
    s.turn_pos = s.order.index(p)
    s.active = p
    s.played = []
    s.queue = []
    s.frames = [{"k": "turn", "p": p}]
    s.touch()


def set_temple(s: GameState, *dice: str) -> None:
    """The temple holds exactly these dice (other dice are left where they are)."""
    from engine.massilia.dice import parse_die

    s.temple = sorted(parse_die(d) for d in dice)
    s.touch()


def texts(s: GameState) -> list[str]:
    return [str(a) for a in s.legal_actions()]
