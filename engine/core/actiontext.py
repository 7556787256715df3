"""Action texts are canonical: a game reads back only the very text its ``str(action)`` writes.

Each game's parser is lenient in form (it ignores case and extra spaces), which is what a player typing
wants; what a save file, a shared table's client or a bot's worker hands over is a stored decision, and a
stored decision written any other way (``PASS``, ``' pass'``, ``'movE 2'``) is a damaged or forged one.
``parse_action`` (``engine.core.games.GameInfo``) of every game refuses it with ``check``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .errors import IllegalAction

T = TypeVar("T")


def check(action: object, text: object) -> None:
    """``IllegalAction`` unless ``text`` is exactly ``str(action)`` (the text the game writes for it)."""
    written = str(action)
    if text != written:
        shown = text[:60] if isinstance(text, str) else type(text).__name__
        raise IllegalAction(f"{shown!r} is not how an action is written here (the game writes {written!r})")


def legal_instance(action: object, legal: Sequence[T]) -> T | None:
    """The member of ``legal`` that ``action`` is, or None: the very object first (the usual case, no
    comparing), else an equal one *of the same class*. ``action in legal`` alone would accept any object
    whose ``__eq__`` says True (a dataclass answers ``NotImplemented`` to another class, and Python then asks
    the other object), and the game would then carry out an object it never offered. Callers carry out the
    returned member, never ``action`` itself, so the state only ever sees actions the game made."""
    for x in legal:
        if x is action:
            return x
    cls = action.__class__
    for x in legal:
        if x.__class__ is cls:
            try:
                if x == action:
                    return x
            except Exception:  # a field whose comparison fails: not this legal action
                continue
    return None


def chosen(action: object, legal: Sequence[T], explain: Callable[[], str]) -> T:
    """The member of ``legal`` that ``action`` is (``legal_instance``), to be carried out instead of ``action``;
    ``IllegalAction`` with the game's reason (``explain``, see ``why_not``) otherwise. Every game's ``apply``
    asks this before it changes anything, so a refusal leaves the state as it was."""
    found = legal_instance(action, legal)
    if found is None:
        raise IllegalAction(why_not(explain, action))
    return found


def to_carry_out(
    action: object,
    parse: Callable[[str], object],
    legal: Callable[[], Sequence[T]],
    explain: Callable[[Any], str],
) -> T:
    """The legal action that ``action`` (an action or its text, read with ``parse``) is, for a state's
    ``apply``: ``legal()`` gives the state's (cached, shared) legal actions and ``explain(action)`` the game's
    reason for a refusal. Asked before anything changes, so a refusal leaves the state as it was."""
    if action.__class__ is str:
        action = parse(action)
    return chosen(action, legal(), lambda: explain(action))


def why_not(explain: Callable[[], str], action: object) -> str:
    """The game's reason why ``action`` is not legal, or a plain one where the action is too malformed for
    the game to explain (fields of the wrong type, an object of another class)."""
    try:
        reason = explain()
    except Exception:  # anything a malformed action makes the explanation raise
        return f"a {type(action).__name__[:40]} that is not one of the game's actions now"
    return one_line(reason)


def one_line(message: str) -> str:
    """``message`` on one printable line: a field of a malformed action (a newline, a control character) is
    written as its escape, so a refusal never breaks a log line or a client's protocol line."""
    if message.isprintable():
        return message
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)


def read_legal(
    state: Any,
    text: str,
    parse: Callable[[str], T],
    explain: Callable[[Any, T, list[Any]], str],
    same: Callable[[T, list[Any]], T | None] | None = None,
) -> T:
    """The legal action of ``state`` written as ``text`` (every game's ``parse_action``).

    ``parse`` reads the text (``IllegalAction`` for text that names no action), ``check`` makes sure it is the
    very text the game writes, and an action that is not legal now is refused with ``explain(state, action,
    legal)``'s reason. ``same`` may name the legal action that ``action`` means though it is written otherwise
    (Concordia: a payment lists its goods in any order)."""
    action = parse(text)
    check(action, text)
    legal = state.legal_actions()
    if action in legal:
        return action
    found = same(action, legal) if same is not None else None
    if found is None:
        raise IllegalAction(explain(state, action, legal))
    return found
