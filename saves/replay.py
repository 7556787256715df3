"""Replaying an action log: the check that a save is what it claims to be, and the per-decision fingerprints.

A save stores, next to every decision, a 32-bit fingerprint of the position that decision led to. Loading
replays the log through the engine's own ``apply`` (which accepts only legal actions) and compares each
fingerprint, so a file from a program with different rules, or an edited file, is refused with the first
decision whose outcome differs. Writing needs the fingerprints of every decision; a small cache of
``Trail``s (one per game setup) lets an autosave replay only the decisions made since the last save.

Any game of the registry (``engine.core.games``) replays the same way: the game's own ``new_game``,
``parse_action`` and ``fingerprint`` are reached by the game's id, so this module imports no game.
"""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgpack

from engine.core import games
from engine.core.errors import IllegalAction

from .model import SaveError, brief

MARK_EVERY = 64
"""A ``Trail`` keeps a copy of the state every this many decisions, to rewind cheaply after an undo."""
CACHE_SIZE = 8
"""Games whose trail is kept between saves (one per game being played is enough)."""


def fingerprint(state: Any) -> int:
    """A CRC-32 of the msgpack encoding of the game's ``fingerprint(state)`` (the parts of a position that
    any decision can change; for Concordia ``engine.concordia.fingerprint``, unchanged since format 1)."""
    return zlib.crc32(msgpack.packb(games.get(state.game).fingerprint(state)))


def label(index: int, turn: int | None, player: int, text: str) -> str:
    """How an error names a decision: ``decision 57 (turn 12, P3: 'build roma')`` (no turn for games
    that do not count turns)."""
    where = f"turn {turn + 1}, " if turn is not None else ""
    return f"decision {index + 1} ({where}P{player + 1}: {text[:60]!r})"


def turn_number(turns_finished: int, over: bool) -> int:
    """The turn a person reads (``turn 97``): the one in progress, counted from 1; once the game is over the
    last one played. Every screen and command (game screen, load screen, ``saves``, ``replay``) says this."""
    return turns_finished if over and turns_finished > 0 else turns_finished + 1


def turn_of(state: Any) -> int | None:
    """Turns finished, for games that count them (``state.turn``), else None."""
    turn = getattr(state, "turn", None)
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


@dataclass
class Trail:
    """A replay in progress: the log applied so far, each decision's fingerprint, and the state it reached."""

    config: Any
    seed: int
    state: Any
    actions: list[str] = field(default_factory=list)
    checks: list[int] = field(default_factory=list)
    marks: dict[int, Any] = field(default_factory=dict)
    """Copies of the state after 0, 64, 128 ... decisions."""
    game: str = games.DEFAULT

    @classmethod
    def start(cls, config: Any, seed: int, game: str = games.DEFAULT) -> Trail:
        try:
            state = games.get(game).new_game(config, seed)
        except Exception as exc:  # the config came from a file: any engine failure is the file's fault
            raise SaveError(f"the game cannot be set up: {brief(exc)}") from exc
        return cls(config, seed, state, marks={0: state.clone()}, game=game)

    def advance(self, texts: Sequence[str], expect: Sequence[int] | None = None) -> None:
        """Apply ``texts`` after the decisions so far; ``expect`` holds the saved fingerprints of *all* decisions.

        Raises ``SaveError`` naming the first decision that is not an action, not legal, or leads to a
        position other than the saved one.
        """
        state = self.state
        info = games.get(self.game)
        for text in texts:
            i = len(self.actions)
            turn, player = turn_of(state), state.current_player
            try:
                # the game's parse_action reads only canonical text (``PASS``, ``' pass'`` or ``movE 2`` are a
                # damaged file, issue 33) and only a legal action, which is then carried out without a second check
                info.apply_known(state, info.parse_action(state, text))
            except IllegalAction as exc:  # text that names no action, or an action that is not legal now
                raise SaveError(f"{label(i, turn, player, text)} is not an action legal here: {brief(exc)}") from exc
            except Exception as exc:  # an engine failure on a decision from a file is a damaged file
                raise SaveError(
                    f"{label(i, turn, player, text)} cannot be replayed: {type(exc).__name__}: {brief(exc)}"
                ) from exc
            check = fingerprint(state)
            if expect is not None and expect[i] != check:
                raise SaveError(
                    f"the game does not replay as it was played: {label(i, turn, player, text)} leads to a "
                    "different position than when it was saved (an edited file, or other rules)"
                )
            self.actions.append(text)
            self.checks.append(check)
            if len(self.actions) % MARK_EVERY == 0:
                self.marks[len(self.actions)] = state.clone()

    def rewind(self, count: int) -> None:
        """Go back to at most ``count`` decisions (to the nearest kept copy at or before it)."""
        keep = max(k for k in self.marks if k <= count)
        self.state = self.marks[keep].clone()
        del self.actions[keep:]
        del self.checks[keep:]
        for k in [k for k in self.marks if k > keep]:
            del self.marks[k]


def replay(
    config: Any, seed: int, actions: Sequence[str], expect: Sequence[int] | None = None, game: str = games.DEFAULT
) -> Trail:
    """The whole log replayed from the start (and checked against ``expect`` when given)."""
    trail = Trail.start(config, seed, game)
    trail.advance(actions, expect)
    return trail


_CACHE: OrderedDict[tuple[str, Any, int], Trail] = OrderedDict()
"""The latest trail per (game, config, seed): a save-as copy of a game (a new game id) reuses it too."""
_LOCK = threading.RLock()
"""Reentrant: an autosave from a signal handler (SIGHUP) may run while the main thread holds it. A trail
is taken out of the cache while it is being advanced, so two saves never share one."""


def remember(trail: Trail) -> None:
    """Keep ``trail`` so that the next save of its game replays only newer decisions."""
    key = (trail.game, trail.config, trail.seed)
    with _LOCK:
        _CACHE[key] = trail
        _CACHE.move_to_end(key)
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)


def clear() -> None:
    """Forget every kept trail (the next save of each game replays its whole log)."""
    with _LOCK:
        _CACHE.clear()


def trail_for(config: Any, seed: int, actions: Sequence[str], game: str = games.DEFAULT) -> Trail:
    """The replay of ``actions``, reusing the kept trail of the same setup as far as its log agrees."""
    with _LOCK:
        trail = _CACHE.pop((game, config, seed), None)
    if trail is None:
        trail = Trail.start(config, seed, game)
    same = 0
    limit = min(len(trail.actions), len(actions))
    while same < limit and trail.actions[same] == actions[same]:
        same += 1
    if same < len(trail.actions):
        trail.rewind(same)
    trail.advance(actions[len(trail.actions):])
    remember(trail)
    return trail


def plain(value: Any) -> Any:
    """``value`` with tuples as lists (what msgpack gives back), for comparing a state with its snapshot."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def first_difference(saved: Any, replayed: Any, path: str = "state") -> str | None:
    """Where two plain values first differ, in words (``players[2].money: saved 12, replayed 10``)."""
    if isinstance(saved, dict) and isinstance(replayed, dict):
        for key in list(replayed) + [k for k in saved if k not in replayed]:
            if key not in saved:
                return f"{path}.{key}: missing in the snapshot"
            if key not in replayed:
                return f"{path}.{key}: not part of a game"
            found = first_difference(saved[key], replayed[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(saved, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(saved, replayed, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(saved) != len(replayed):
            return f"{path}: saved {len(saved)} entries, replayed {len(replayed)}"
        return None
    if saved != replayed or type(saved) is not type(replayed):
        return f"{path}: saved {_short(saved)}, replayed {_short(replayed)}"
    return None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
