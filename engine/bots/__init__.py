"""Bots that play Concordia through the engine's public API (``view``, ``legal_actions``)."""

from .random_bot import RandomBot
from .registry import available, make_bot

__all__ = ["RandomBot", "available", "make_bot"]
