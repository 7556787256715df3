"""The text form of an action with typed fields, written once: ``@form("sell {good} {count}")`` on an action
class gives it its ``__str__`` and lets ``Forms`` read the text back.

A form is a line of tokens, each a word of the text:

=====================  ==============================================================================
``play``               a literal word
``{card}``             the field ``card``, written and read by its type (``Word``, ``Number``, ``Choice``
                       ...; a field annotated ``str`` is a ``Word``, ``int`` a ``Number``)
``[as {role}]``        literal words and a field, written only where the field is not its default
``[{to}]``             a field written only where it is not its default (read where a word is left)
``[kept?]``            the bool field ``kept``, written as its own name where it is true
``[salt=]``            ``salt=value`` where the field is not its default; such options may come in any order
``{goods*}``           the field takes every word that is left (the last token; its type reads a list)
=====================  ==============================================================================

What a form cannot say (two spellings of one bool, a list of pairs, a normalised order) stays with the game's
own ``parse`` beside ``Forms.read``. Reading is lenient in form only as far as the game's old hand-written
parsers were; whether an action is legal is the state's business, and ``actiontext.check`` makes sure a stored
decision is written exactly as the game writes it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from .errors import IllegalAction

A = TypeVar("A")


class FieldType(Protocol):
    """How one field of an action is written as a word and read back (``ValueError`` with the reason)."""

    def write(self, value: Any) -> str: ...

    def read(self, word: str) -> Any: ...


def ascii_number(word: str) -> bool:
    """``word`` is written in the digits 0-9 only (``str.isdigit`` also accepts "²" and "٣")."""
    return word.isascii() and word.isdigit()


@dataclass(frozen=True)
class Number:
    """A whole number ``lo..hi`` of at most ``digits`` ASCII digits; ``canonical`` also refuses ``04``.
    ``refuse`` words the error, with ``{what}`` and ``{word}`` in it."""

    what: str = "the number"
    lo: int = 0
    hi: int = 999
    digits: int = 3
    canonical: bool = False
    refuse: str = "{what} must be a small number, not {word!r}"

    def write(self, value: Any) -> str:
        return str(value)

    def read(self, word: str) -> int:
        if not ascii_number(word) or len(word) > self.digits or (self.canonical and str(int(word)) != word):
            raise ValueError(self.refuse.format(what=self.what, word=word))
        n = int(word)
        if not self.lo <= n <= self.hi:
            raise ValueError(f"{self.what} must lie within {self.lo}..{self.hi}, not {n}")
        return n


@dataclass(frozen=True)
class Word:
    """Any one word, kept as it is (a card, city or route id the state checks)."""

    def write(self, value: Any) -> str:
        return str(value)

    def read(self, word: str) -> str:
        return word


@dataclass(frozen=True)
class Choice:
    """One of ``names``: the field holds its index (``index``) or the name itself. ``refuse`` words the
    error, with ``{word}`` and ``{names}`` (comma-separated) in it."""

    names: tuple[str, ...]
    index: bool = True
    refuse: str = "{word!r} is not one of {names}"

    def write(self, value: Any) -> str:
        return self.names[value] if self.index else str(value)

    def read(self, word: str) -> Any:
        if word not in self.names:
            raise ValueError(self.refuse.format(word=word, names=", ".join(self.names)))
        return self.names.index(word) if self.index else word


@dataclass(frozen=True)
class Listed:
    """A tuple of ``item`` values written with ``sep`` between them (``tool,wine``)."""

    item: Any
    sep: str = ","

    def write(self, value: Any) -> str:
        return self.sep.join(self.item.write(v) for v in value)

    def read(self, word: str) -> tuple[Any, ...]:
        return tuple(self.item.read(w) for w in word.split(self.sep))


@dataclass(frozen=True)
class Coded:
    """A field with a game's own word for it: ``write`` and ``read`` are the game's functions."""

    write_word: Callable[[Any], str]
    read_word: Callable[[Any], Any]

    def write(self, value: Any) -> str:
        return self.write_word(value)

    def read(self, word: str) -> Any:
        return self.read_word(word)


@dataclass(frozen=True)
class _Token:
    kind: str
    """``lit``, ``field``, ``opt`` (literals + field), ``flag``, ``key`` or ``rest``."""
    words: tuple[str, ...] = ()
    name: str = ""


def _compile(pattern: str) -> tuple[_Token, ...]:
    tokens: list[_Token] = []
    parts = pattern.replace("[", " [ ").replace("]", " ] ").split()
    i = 0
    while i < len(parts):
        part = parts[i]
        if part == "[":
            end = parts.index("]", i)
            inner = parts[i + 1:end]
            i = end + 1
            if len(inner) == 1 and inner[0].endswith("?"):
                tokens.append(_Token("flag", (inner[0][:-1],), inner[0][:-1]))
            elif len(inner) == 1 and inner[0].endswith("="):
                tokens.append(_Token("key", (), inner[0][:-1]))
            elif inner and inner[-1].startswith("{") and all(not w.startswith("{") for w in inner[:-1]):
                tokens.append(_Token("opt", tuple(inner[:-1]), inner[-1].strip("{}")))
            else:
                raise ValueError(f"form {pattern!r}: cannot read the group {' '.join(inner)!r}")
            continue
        if part.startswith("{") and part.endswith("*}"):
            tokens.append(_Token("rest", (), part[1:-2]))
        elif part.startswith("{"):
            tokens.append(_Token("field", (), part.strip("{}")))
        else:
            tokens.append(_Token("lit", (part,)))
        i += 1
    if not tokens or tokens[0].kind != "lit":
        raise ValueError(f"form {pattern!r} must begin with a word")
    kinds = [token.kind for token in tokens]
    if "key" in kinds and any(kind != "key" for kind in kinds[kinds.index("key"):]):
        raise ValueError(f"form {pattern!r}: key=value options come last")
    if "rest" in kinds and kinds.index("rest") != len(kinds) - 1:
        raise ValueError(f"form {pattern!r}: a field that takes the rest of the words comes last")
    return tuple(tokens)


class Unread(ValueError):
    """Words that fit a form up to the word ``at``, whose field cannot be read (the message says why)."""

    def __init__(self, message: str, at: int) -> None:
        super().__init__(message)
        self.at = at


class Form:
    """One action class's text form (see the module's table), compiled."""

    def __init__(self, cls: type, pattern: str, types: dict[str, Any]) -> None:
        self.cls = cls
        self.pattern = pattern
        self.tokens = _compile(pattern)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        self.types: dict[str, Any] = {}
        self.defaults: dict[str, Any] = {}
        for token in self.tokens:
            if not token.name:
                continue
            if token.name not in fields:
                raise ValueError(f"form {pattern!r}: {cls.__name__} has no field {token.name!r}")
            f = fields[token.name]
            annotation = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
            default = {"int": Number(), "str": Word()}.get(annotation)
            if token.kind != "flag":
                found = types.get(token.name, default)
                if found is None:
                    raise ValueError(f"form {pattern!r}: say how the field {token.name!r} is written")
                self.types[token.name] = found
            if f.default is not dataclasses.MISSING:
                self.defaults[token.name] = f.default
            elif token.kind in ("opt", "flag", "key"):
                raise ValueError(f"form {pattern!r}: the optional field {token.name!r} needs a default")
        self.head = self.tokens[0].words[0]

    def writer(self) -> Callable[[Any], str]:
        """``write`` compiled into one expression for this form (``str(action)`` is called for every legal
        action a bot is offered, so it is kept as fast as a hand-written f-string)."""
        space: dict[str, Any] = {"_types": self.types, "_defaults": self.defaults}
        pieces: list[str] = []
        for n, token in enumerate(self.tokens):
            gap = '" "' if n else '""'
            if token.kind == "lit":
                pieces.append(repr((" " if n else "") + token.words[0]))
                continue
            value = f"self.{token.name}"
            plain = isinstance(self.types.get(token.name), (Word, Number))
            written = f"str({value})" if plain else f"_types[{token.name!r}].write({value})"
            if token.kind in ("field", "rest"):
                pieces.append(f"{gap} + {written}")
            elif token.kind == "flag":
                pieces.append(f"({' ' + token.name!r} if {value} else '')")
            else:
                lead = repr(" " + (f"{token.name}=" if token.kind == "key" else " ".join((*token.words, ""))))
                pieces.append(f"(({lead} + {written}) if {value} != _defaults[{token.name!r}] else '')")
        exec(f"def write(self):\n    return {' + '.join(pieces)}", space)  # only field names and literals
        fn: Callable[[Any], str] = space["write"]
        return fn

    def write(self, action: Any) -> str:
        out: list[str] = []
        for token in self.tokens:
            if token.kind == "lit":
                out.append(token.words[0])
                continue
            value = getattr(action, token.name)
            if token.kind in ("field", "rest"):
                out.append(self.types[token.name].write(value))
            elif token.kind == "flag":
                if value:
                    out.append(token.name)
            elif value != self.defaults[token.name]:
                written = self.types[token.name].write(value)
                out.append(f"{token.name}={written}" if token.kind == "key" else " ".join((*token.words, written)))
        return " ".join(out)

    def read(self, words: Sequence[str]) -> Any:
        """The action ``words`` spell in this form; None where they are not this form; ``Unread`` where they
        are this form up to a field that cannot be read."""
        self._at = 0
        try:
            return self._read(words)
        except Unread:
            raise
        except ValueError as exc:
            raise Unread(str(exc), self._at) from None

    def _read(self, words: Sequence[str]) -> Any:
        values: dict[str, Any] = {}
        i = 0
        for t, token in enumerate(self.tokens):
            self._at = i
            if token.kind == "lit":
                if i >= len(words) or words[i] != token.words[0]:
                    return None
                i += 1
            elif token.kind == "field":
                if i >= len(words):
                    return None
                values[token.name] = self.types[token.name].read(words[i])
                i += 1
            elif token.kind == "rest":
                if i >= len(words):
                    return None
                values[token.name] = self.types[token.name].read(list(words[i:]))  # a rest type reads words
                i = len(words)
            elif token.kind == "flag":
                if i < len(words) and words[i] == token.name:
                    values[token.name] = True
                    i += 1
            elif token.kind == "opt":
                n = len(token.words)
                if token.words and i + n < len(words) and tuple(words[i:i + n]) == token.words:
                    values[token.name] = self.types[token.name].read(words[i + n])
                    i += n + 1
                elif not token.words and i < len(words) and not any(x.kind == "key" for x in self.tokens[t:]):
                    values[token.name] = self.types[token.name].read(words[i])
                    i += 1
            elif token.kind == "key" and (t == 0 or self.tokens[t - 1].kind != "key"):
                i = self._read_keys(words, i, t, values)
        if i != len(words):
            return None
        return self.cls(**values)

    def _read_keys(self, words: Sequence[str], i: int, t: int, values: dict[str, Any]) -> int:
        """Read the run of ``key=value`` options that starts at token ``t`` (the form's last tokens), in any order,
        each at most once; a word left over that is not one of them is refused by name."""
        allowed = []
        for token in self.tokens[t:]:
            if token.kind != "key":
                break
            allowed.append(token.name)
        if len(words) - i > len(allowed):
            return i  # more words than options: not this form
        seen: set[str] = set()
        while i < len(words):
            self._at = i
            key, eq, value = words[i].partition("=")
            if not eq or key not in allowed or key in seen or not value:
                raise ValueError(f"cannot read {words[i]!r}; write {' or '.join(k + '=...' for k in allowed)}")
            seen.add(key)
            values[key] = self.types[key].read(value)
            i += 1
        return i


def form(pattern: str, **types: Any) -> Callable[[type[A]], type[A]]:
    """Give the action class its text form: ``__str__`` writes it, ``Forms`` reads it back. ``types`` says
    how a field that is neither ``str`` nor ``int`` is written (``Choice(CARD_TYPES)`` ...)."""

    def decorate(cls: type[A]) -> type[A]:
        compiled = Form(cls, pattern, types)
        cls.__str__ = compiled.writer()  # type: ignore[method-assign]
        cls.text_form = compiled  # type: ignore[attr-defined]
        return cls

    return decorate


class Forms:
    """The text forms of a game's action classes, read by their first word."""

    def __init__(self, *classes: type) -> None:
        self.by_head: dict[str, list[Form]] = {}
        for cls in classes:
            compiled: Form = cls.text_form  # type: ignore[attr-defined]
            self.by_head.setdefault(compiled.head, []).append(compiled)

    def read(self, words: Sequence[str]) -> Any:
        """The action ``words`` spell, or None where no form fits; ``Unread`` (a ``ValueError``) where forms fit
        the first words but a field cannot be read: the reason of the form that fits the most words."""
        problem: Unread | None = None
        for compiled in self.by_head.get(words[0], ()) if words else ():
            try:
                found = compiled.read(words)
            except Unread as exc:
                if problem is None or exc.at > problem.at:  # the form that fits the most words says why
                    problem = exc
                continue
            if found is not None:
                return found
        if problem is not None:
            raise problem
        return None


def words(text: object, what: str = "an action is a line of text", empty: str = "empty action") -> list[str]:
    """The words of an action's text, in lower case; ``IllegalAction`` with ``what`` for anything but text and
    with ``empty`` for a blank line."""
    if not isinstance(text, str):
        raise IllegalAction(what)
    found = text.strip().lower().split()
    if not found:
        raise IllegalAction(empty)
    return found
