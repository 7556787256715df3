"""Bots that play Concordia through the engine's public API (``view``, ``legal_actions``).

Weakest to strongest: ``RandomBot``; ``GreedyBot`` (one decision of lookahead judged at the end of the own
turn); ``SearchBot`` (flat Monte Carlo over determinised deck orders with greedy-cut playouts). The
difficulty levels ``easy``, ``normal`` and ``hard`` are registry names (``make_bot("normal")``); ``SafeBot``
wraps any bot so that an error, an illegal action or a blown time budget cannot stop a game, and
``engine.bots.worker.seat_bot`` plays a third-party bot in a worker process of its own behind that guard.
"""

from .greedy import GreedyBot
from .random_bot import RandomBot
from .registry import LEVELS, UnknownBot, available, make_bot
from .safe import SafeBot
from .search import SearchBot

__all__ = ["LEVELS", "GreedyBot", "RandomBot", "SafeBot", "SearchBot", "UnknownBot", "available", "make_bot"]
