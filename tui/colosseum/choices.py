"""The Decision panel's lines with what each choice will do, and the longer preview of the highlighted one.

Every consequence shown comes from the engine playing the choice on a copy (``preview``): a move's cost and
the action of the field it reaches, the landscape a taken tile then scores, and per seat what a scoring gives.
A line comes with shorter forms (``ChoiceList`` shows the first that fits the panel), so at 80x24 the words
shrink but the numbers stay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from engine.colosseum import actions as act
from engine.colosseum.components import TILE_NAMES, components
from engine.core.errors import IllegalAction
from tui import glyphs
from tui.colosseum import preview
from tui.colosseum.text import (
    D_MODE_TEXT,
    TILE_LETTERS,
    choice_text,
    field_name,
    landscape_name,
    tile_name,
)
from tui.i18n import t, tn


def _cost(points: int, fame: int) -> str:
    parts = []
    if points:
        parts.append(t("1 pt") if points == 1 else t("{n} pts").format(n=points))
    if fame:
        parts.append(t("{n} fame").format(n=fame))
    return ", ".join(parts) or t("free")


def _tile_letter(state: Any, field: int) -> str:
    b = components().blue_index[field]
    row = state.land_rows[b] if 0 <= b < len(state.land_rows) else []
    return TILE_LETTERS[TILE_NAMES[row[0]]] if row else "-"


def kind_letter(kind: str) -> str:
    """A scored kind in one letter where it has one (the landscape's), else its name (the stable)."""
    return TILE_LETTERS[kind] if kind in TILE_LETTERS else landscape_name(kind)


def field_action(out: preview.Outcome, short: bool = False, tiny: bool = False) -> str:
    """The action of the field a move reaches, as the engine left the copy: storage, tile or build, scoring
    (what the engine did at once when the field had a single choice). ``short``: landscapes by letter."""
    s = out.after
    field = s.consul
    if s.phase == "storage":
        return t("storage") if tiny else t("storage tile")
    if s.phase == "blue":
        b = components().blue_index[field]
        pid = s.slots[b] if 0 <= b < len(s.slots) else None
        words = []
        if s.land_rows[b]:
            words.append(_tile_letter(s, field) if tiny else t("tile") + " " + _tile_letter(s, field))
        if pid:
            words.append(pid if tiny else t("build {part}").format(part=pid))
        return "/".join(words) if tiny else " / ".join(words) or t("nothing to do")
    if s.phase == "choice":
        return t("scoring")
    if s.phase == "var":
        return t(D_MODE_TEXT.get(s.d_mode, s.d_mode))
    if preview.event(out, "d_fame") is not None:
        return t("+1 fame")
    if tiny and preview.event(out, "tile") is None and preview.event(out, "build") is None:
        return "-"  # nothing to do there
    tile = preview.event(out, "tile")
    if tile is not None:  # the only choice there, carried out at once by the engine
        letter = TILE_LETTERS.get(str(tile["tile"]), "?")
        said = t("tile") + " " + letter
        kind = preview.scored_kind(out)
        if tiny:
            return letter + (glyphs.glyph("arrow") + kind_letter(kind) if kind is not None else "")
        if kind is not None:
            said += ", " + t("scores {kind}").format(kind=kind_letter(kind) if short else landscape_name(kind))
        return said
    built = preview.event(out, "build")
    if built is not None:
        return t("build {part}").format(part=built["part"])
    return t("nothing to do")


def yields_text(y: preview.Yields, players: int, short: bool = False) -> str:
    """Per seat what a scoring gives: ``1 +2, 2 +0, 3 +1 fame, 4 +3`` (cards; at the stable, the movement
    points a reset gives back)."""
    parts = []
    for q in range(players):
        letter = glyphs.player_letter(q)
        if q in y.cards:
            parts.append(f"{letter} +{y.cards[q]}")
        elif q in y.reset:
            parts.append(f"{letter} {glyphs.glyph('arrow')}{y.reset[q]}")
        elif q in y.fame:
            parts.append(f"{letter} +{y.fame[q]} " + t("fame"))
        else:
            parts.append(f"{letter} 0")
    return (" " if short else ", ").join(parts)


class Played:
    """One choice played on a copy, once: the engine's outcome and (when asked) what the scoring it starts gives.

    ``outcome`` is None for a choice whose preview shows no consequence (taking cards, a discard...), or when
    the engine refused it (the state moved on under a stale list). ``yields`` is computed on first use: a move
    row needs it only for the highlighted line."""

    def __init__(self, s: Any, a: Any) -> None:
        self.outcome: preview.Outcome | None = None
        self._yields: preview.Yields | None = None
        self._yields_done = False
        if isinstance(a, (act.Move, act.Tile, act.Score)):
            try:
                self.outcome = preview.outcome(s, a)
            except IllegalAction:  # not legal here (any more): the plain words, nothing foretold
                self.outcome = None

    @property
    def yields(self) -> preview.Yields | None:
        """What each seat gets from the scoring the choice starts (None: none, or hidden behind a refill)."""
        if not self._yields_done and self.outcome is not None:
            self._yields = preview.scoring_yields(self.outcome)
            self._yields_done = True
        return self._yields


class Previews:
    """Every choice's preview of one decision, each played on a copy once and kept (issue: the screen asked the
    engine again for every line and for every cursor move). Make a new one for a new decision; the screen keys
    it by the session's version."""

    def __init__(self, s: Any, choices: Sequence[Any]) -> None:
        self.state = s
        self.choices = list(choices)
        self._played: dict[int, Played] = {}
        self._texts: dict[tuple[int, tuple[str, ...]], Text] = {}

    def played(self, index: int) -> Played:
        """The choice at ``index`` played on a copy (the first call plays it)."""
        if index not in self._played:
            self._played[index] = Played(self.state, self.choices[index])
        return self._played[index]

    def lines(self, index: int) -> list[str]:
        """The line of the choice at ``index``, then shorter forms."""
        return _lines(self.state, self.choices[index], self.played(index))

    def text(self, index: int, names: Sequence[str]) -> Text:
        """The choice at ``index`` at length (kept per seat names: a renamed seat at a shared table)."""
        key = (index, tuple(names))
        if key not in self._texts:
            self._texts[key] = _text(self.state, self.choices[index], self.played(index), names)
        return self._texts[key]


def choice_lines(s: Any, a: Any) -> list[str]:
    """A legal action's line in the Decision panel, then shorter forms of it (for a narrow panel)."""
    return _lines(s, a, Played(s, a))


def preview_text(s: Any, a: Any, names: Sequence[str]) -> Text:
    """The highlighted choice at length, for the line under the choices (seat names in full)."""
    return _text(s, a, Played(s, a), names)


def _lines(s: Any, a: Any, played: Played) -> list[str]:
    base = choice_text(s, a)
    out = played.outcome
    if out is None:
        return [base]
    if isinstance(a, act.Move):
        moved = preview.event(out, "move") or {}
        field = field_name(int(moved.get("field", s.consul)))
        cost = _cost(int(moved.get("points", 0)), int(moved.get("fame", 0)))
        action, brief = field_action(out), field_action(out, short=True)
        n = a.steps
        return [t("Move {n} to {field}: {action} ({cost})").format(n=n, field=field, action=action, cost=cost),
                t("Move {n} to {field}: {action} ({cost})").format(n=n, field=field, action=brief, cost=cost),
                f"{n}{glyphs.glyph('arrow')}{field}: {brief} ({cost})",
                f"{n}{glyphs.glyph('arrow')}{field}: {field_action(out, tiny=True)} ({cost})"]
    if isinstance(a, act.Tile):
        kind = preview.scored_kind(out)
        if kind is None:
            if out.hidden:
                after = t("the row is refilled from the stack")
                return [f"{base}, {after}", f"{base}"]
            return [f"{base}, " + t("nothing is scored"), base]
        y = played.yields
        each = yields_text(y, len(s.players)) if y else ""
        short = yields_text(y, len(s.players), short=True) if y else ""
        return [t("{take}, scores {kind}: {each}").format(take=base, kind=landscape_name(kind), each=each),
                t("{take}, scores {kind}: {each}").format(take=base, kind=landscape_name(kind), each=short),
                t("Tile {tile}, scores {kind}: {each}").format(tile=_tile_letter(s, s.consul),
                                                               kind=kind_letter(kind), each=short),
                f"{_tile_letter(s, s.consul)}{glyphs.glyph('arrow')}{kind_letter(kind)}: {short}"]
    if isinstance(a, act.Score):
        y = played.yields
        if y is not None:
            return [f"{base}: {yields_text(y, len(s.players))}",
                    f"{base}: {yields_text(y, len(s.players), short=True)}"]
    return [base]


def _text(s: Any, a: Any, played: Played, names: Sequence[str]) -> Text:
    out = Text()
    res = played.outcome
    if res is None:
        return out
    if isinstance(a, act.Move):
        moved = preview.event(res, "move") or {}
        out.append(t("Field {field}: {action} ({cost}).").format(
            cost=_cost(int(moved.get("points", 0)), int(moved.get("fame", 0))),
            field=field_name(int(moved.get("field", s.consul))), action=field_action(res)))
        y = played.yields
        if y is not None:
            out.append("\n")
            out.append_text(_yields_lines(s, y, names))
        return out
    if isinstance(a, act.Tile):
        b = components().blue_index[s.consul]
        row = s.land_rows[b]
        if row:
            out.append(t("You take {tile}.").format(tile=tile_name(TILE_NAMES[row[0]])) + " ")
        if res.hidden:
            out.append(t("The row is empty then and is refilled from the stack: its new front tile "
                         "decides the scoring."))
            return out
    y = played.yields
    if y is None:
        out.append(t("Nothing is scored."))
        return out
    out.append_text(_yields_lines(s, y, names))
    return out


def _yields_lines(s: Any, y: preview.Yields, names: Sequence[str]) -> Text:
    """A scoring at length: one line a seat with what it may take (or reset), then the seats with nothing."""
    out = Text()
    said = t("{kind} is scored for everyone:").format(kind=landscape_name(y.kind))
    out.append(said[:1].upper() + said[1:] + "\n")  # a sentence: "Stable is scored", not "stable is"
    for q in sorted(set(y.cards) | set(y.reset) | set(y.fame)):
        out.append(names[q] if q < len(names) else glyphs.player_letter(q),
                   style=f"bold {glyphs.player_colour(q)}")
        if q in y.cards:
            out.append(": " + tn("{n} card or +1 fame", "{n} cards or +1 fame", y.cards[q]).format(n=y.cards[q]) + "\n")
        elif q in y.reset:
            out.append(": " + t("reset for {n} pts or +1 fame").format(n=y.reset[q]) + "\n")
        else:
            out.append(": " + t("+1 fame (the pile is empty)") + "\n")
    others = [q for q in range(len(s.players)) if q not in y.cards and q not in y.reset and q not in y.fame]
    if others:
        out.append(t("Nothing for: {seats}").format(
            seats=", ".join(glyphs.player_letter(q) for q in others)), style="dim")
    out.rstrip()
    return out
