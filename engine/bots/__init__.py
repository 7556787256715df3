"""Game-agnostic bots and the bot registry; a game's own bot knowledge lives in ``engine/<id>/bots/``.

``RandomBot`` plays any game; ``GreedyBot`` (one decision of lookahead) and ``SearchBot`` (flat Monte Carlo
over determinized states) play any game that brings an ``evaluate`` and a ``determinize`` (``hooks``). The
difficulty levels ``easy``, ``normal`` and ``hard`` are registry names (``make_bot("normal", game=...)``),
which a game may fill with bots of its own (Concordia does); ``SafeBot`` wraps any bot so that an error, an
illegal action or a blown time budget cannot stop a game, and ``engine.bots.worker.seat_bot`` plays a
third-party bot in a worker process of its own behind that guard.
"""

from .greedy import GreedyBot
from .hooks import GameHooks, hooks_of
from .options import MAX_SECONDS, BotMaker, BotOption, UnknownBot
from .random_bot import RandomBot
from .registry import LEVELS, available, make_bot
from .safe import SafeBot
from .search import SearchBot

__all__ = [
    "LEVELS",
    "MAX_SECONDS",
    "BotMaker",
    "BotOption",
    "GameHooks",
    "GreedyBot",
    "RandomBot",
    "SafeBot",
    "SearchBot",
    "UnknownBot",
    "available",
    "hooks_of",
    "make_bot",
]
