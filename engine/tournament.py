"""Headless games of bots for any registered game: play one, summarise many, run a tournament's games, Elo.

Everything here works through the game registry (``engine.core.games``) and the state protocol
(``current_player``, ``legal_actions``, ``apply``, ``view``, ``final_scores`` with ``.winner`` and per-player
``.total``), so ``concordia simulate --game colosseum`` and ``concordia tournament --game massilia`` need
no code of their game here. A game with teams exposes ``final_scores().teams`` (tuples of seats) and
``.team_totals``; a game that counts turns exposes ``state.turn``. The command line (``tui/commands``) only
parses options and prints.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots import SafeBot, clock
from engine.bots.worker import close_bots, seat_bot
from engine.core import games
from engine.core.errors import GameError

ELO_BASE = 1500.0

UNTIMED_LIMIT = 120.0
"""Seconds a bot without a time budget (an iteration budget, a plugin) may think before a fallback move."""


@dataclass
class GameRecord:
    """One finished game: which game, its config and seed, every decision's text and the final scores."""

    game: str
    config: Any
    seed: int
    actions: list[str]
    scores: Any
    state: Any
    seconds: float


def turns_of(state: Any) -> int:
    """Turns finished for a game that counts them (``state.turn``), else the number of decisions is unknown: 0."""
    turn = getattr(state, "turn", 0)
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else 0


def play_game(
    game: str,
    config: Any,
    seed: int,
    bots: Sequence[Any],
    on_action: Callable[[Any, Any], None] | None = None,
    max_decisions: int = 100_000,
) -> GameRecord:
    """Play one game of ``game`` to the end with one bot per seat; each bot sees only ``state.view(seat)``."""
    info = games.get(game)
    state = info.new_game(config, seed)
    rng = random.Random(seed * 7919 + 17)
    log: list[str] = []
    t0 = time.perf_counter()
    while not state.is_over:
        p = state.current_player
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else bots[p].choose(state.view(p), legal, rng)
        if on_action is not None:
            on_action(state, action)
        if action in legal:
            info.apply_known(state, action)  # not derived again just to check it
        else:
            state.apply(action)  # refused with the game's own reason
        log.append(str(action))
        if len(log) > max_decisions:
            raise GameError(f"a game of {game} (seed {seed}) did not end after {max_decisions} decisions")
    return GameRecord(game, config, seed, log, state.final_scores(), state, time.perf_counter() - t0)


@dataclass
class Summary:
    """What ``concordia simulate`` prints: scores, winners per seat, speed."""

    games: int = 0
    decisions: int = 0
    turns: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winning_scores: list[int] = field(default_factory=list)
    wins_by_seat: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        n = max(1, len(self.scores))
        return {
            "games": self.games,
            "mean_score": round(sum(self.scores) / n, 2),
            "max_score": max(self.scores, default=0),
            "mean_winning_score": round(sum(self.winning_scores) / max(1, len(self.winning_scores)), 2),
            "turns_per_game": round(sum(self.turns) / max(1, len(self.turns)), 2),
            "decisions": self.decisions,
            "decisions_per_second": round(self.decisions / self.seconds, 1) if self.seconds else 0.0,
            "wins_by_seat": {str(k + 1): v for k, v in sorted(self.wins_by_seat.items())},
            "seconds": round(self.seconds, 3),
        }


def summarise(records: Sequence[GameRecord]) -> Summary:
    s = Summary()
    for r in records:
        s.games += 1
        s.decisions += len(r.actions)
        s.turns.append(turns_of(r.state))
        s.scores.extend(int(p.total) for p in r.scores.players)
        s.winning_scores.append(int(r.scores.total(r.scores.winner)))
        s.wins_by_seat[r.scores.winner] = s.wins_by_seat.get(r.scores.winner, 0) + 1
        s.seconds += r.seconds
    return s


def teams_of(scores: Any) -> list[tuple[int, ...]]:
    """The teams of a finished game (``final_scores().teams``), or [] for a game of single seats."""
    teams = getattr(scores, "teams", None)
    return [tuple(t) for t in teams] if teams else []


def team_summary(records: Sequence[GameRecord]) -> dict[str, dict[str, object]]:
    """Team games: the seats of each team, its wins, win rate and mean team score (sum of the partners)."""
    teams = teams_of(records[0].scores) if records else []
    names = [str(i + 1) for i in range(len(teams))]
    wins = dict.fromkeys(names, 0)
    totals = dict.fromkeys(names, 0)
    for r in records:
        team_of = {p: i for i, team in enumerate(teams_of(r.scores)) for p in team}
        wins[str(team_of[r.scores.winner] + 1)] += 1
        for name, total in zip(names, r.scores.team_totals, strict=True):
            totals[name] += total
    n = max(1, len(records))
    return {
        "teams": {name: "+".join(f"P{p + 1}" for p in team) for name, team in zip(names, teams, strict=True)},
        "team_wins": dict(wins),
        "team_win_rates": {name: round(w / n, 3) for name, w in wins.items()},
        "team_mean_scores": {name: round(t / n, 2) for name, t in totals.items()},
    }


# ------------------------------------------------------------------------------------------ tournaments
def guarded(spec: str, game_id: str = games.DEFAULT) -> SafeBot:
    """The bot of ``spec`` behind the guard: its own time budget if it has one, else a generous limit.

    A plugin plays in a worker process of its own (``engine.bots.worker.PluginBot``, itself the guard)."""
    bot = seat_bot(spec, default_seconds=UNTIMED_LIMIT, game=game_id)
    if isinstance(bot, SafeBot):
        return bot
    return SafeBot(bot, seconds=getattr(bot, "seconds", None) or UNTIMED_LIMIT)


def play_one(
    config: Mapping[str, Any],
    deal: int,
    seating: Sequence[str],
    game: int = 0,
    game_id: str = games.DEFAULT,
    clock_name: str = clock.WALL,
) -> dict[str, Any]:
    """Play tournament game number ``game`` of ``game_id`` with ``seating[i]`` in seat i, the bots' budgets on
    the clock ``clock_name`` (``engine.bots.clock``; set here, so that a worker process uses it too); the
    result as plain data (it is sent between processes and logged as one JSON line). ``cpu_seconds`` is the
    CPU time of this process during the game (the bots' threads included)."""
    info = games.get(game_id)
    cfg = info.config_from_dict(dict(config))
    bots = [guarded(spec, game_id) for spec in seating]
    cpu0 = time.process_time()
    try:
        with clock.using(clock_name):
            rec = play_game(game_id, cfg, deal, bots)
    finally:
        close_bots(bots)
    cpu = time.process_time() - cpu0
    sc = rec.scores
    n = cfg.players
    teams = teams_of(sc)
    if teams:
        team_of = {p: i for i, team in enumerate(teams) for p in team}
        winners = list(teams[team_of[sc.winner]])
        side = [sc.team_totals[team_of[p]] for p in range(n)]
    else:
        team_of = {p: p for p in range(n)}
        winners = [sc.winner]
        side = [int(sc.total(p)) for p in range(n)]
    return {
        "game": game,
        "deal": deal,
        "seating": list(seating),
        "scores": [int(sc.total(p)) for p in range(n)],
        "side": side,
        "team": [team_of[p] for p in range(n)],
        "winners": winners,
        "turns": turns_of(rec.state),
        "seconds": round(rec.seconds, 3),
        "cpu_seconds": round(cpu, 3),
        "fallbacks": [b.failures for b in bots],
    }


def sides(game_id: str, config: Any) -> int:
    """Sides of a game with this config (teams in a team game, else seats): one game's result decides it."""
    state = games.get(game_id).new_game(config, 0)
    teams = teams_of(state.final_scores())
    return len(teams) if teams else int(config.players)


def elo(names: Sequence[str], played: Sequence[dict[str, Any]]) -> dict[str, float]:
    """Elo-style ratings (mean 1500) fitted by maximum likelihood to every pair of seats of every game.

    A seat beats another if its side scored more (the winner beats everyone it ties with); copies of one bot
    and partners are not compared. One virtual draw against a 1500 bot keeps unbeaten bots finite.
    """
    pairs: list[tuple[str, str, float]] = []
    for g in played:
        seats = g["seating"]
        for i in range(len(seats)):
            for j in range(i + 1, len(seats)):
                if seats[i] == seats[j] or g["team"][i] == g["team"][j]:
                    continue
                a, b = g["side"][i], g["side"][j]
                if a == b:
                    result = 1.0 if i in g["winners"] else 0.0 if j in g["winners"] else 0.5
                else:
                    result = 1.0 if a > b else 0.0
                pairs.append((seats[i], seats[j], result))
    # Bradley-Terry strengths by the MM algorithm (Hunter 2004); a draw is half a win for each side.
    wins = dict.fromkeys(names, 0.5)  # the virtual draw against the anchor (strength 1)
    meetings: dict[tuple[str, str], int] = {}
    for a, b, r in pairs:
        wins[a] += r
        wins[b] += 1 - r
        key = (a, b) if a < b else (b, a)
        meetings[key] = meetings.get(key, 0) + 1
    strength = dict.fromkeys(names, 1.0)
    for _ in range(2000):
        new = {}
        for n in names:
            denom = 1 / (strength[n] + 1)  # the anchor
            for (a, b), count in meetings.items():
                if n in (a, b):
                    other = b if n == a else a
                    denom += count / (strength[n] + strength[other])
            new[n] = wins[n] / denom
        strength = new
    rating = {n: 400 * math.log10(strength[n]) for n in names}
    mean = sum(rating.values()) / max(1, len(rating))
    return {n: round(ELO_BASE + rating[n] - mean, 1) for n in names}


def standings(names: Sequence[str], played: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per distinct bot name: seats, wins, win share, mean/median score, winning score, Elo."""
    distinct = list(dict.fromkeys(names))
    ratings = elo(distinct, played)
    rows = []
    for name in distinct:
        scores: list[int] = []
        winning: list[int] = []
        wins = 0
        fallbacks = 0
        for g in played:
            for seat, spec in enumerate(g["seating"]):
                if spec != name:
                    continue
                scores.append(g["scores"][seat])
                fallbacks += g["fallbacks"][seat]
                if seat in g["winners"]:
                    wins += 1
                    winning.append(g["scores"][seat])
        seats = len(scores)
        rows.append({
            "bot": name,
            "seats": seats,
            "wins": wins,
            "win_share": round(wins / seats, 4) if seats else 0.0,
            "mean_score": round(statistics.fmean(scores), 2) if scores else 0.0,
            "median_score": float(statistics.median(scores)) if scores else 0.0,
            "mean_winning_score": round(statistics.fmean(winning), 2) if winning else 0.0,
            "fallbacks": fallbacks,
            "elo": ratings[name],
        })
    return rows


__all__ = [
    "ELO_BASE",
    "UNTIMED_LIMIT",
    "GameRecord",
    "Summary",
    "elo",
    "guarded",
    "play_game",
    "play_one",
    "sides",
    "standings",
    "summarise",
    "team_summary",
    "teams_of",
    "turns_of",
]
