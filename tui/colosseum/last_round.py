"""The others' last round: what each other seat did in its turn since the viewer's own last turn, a line each.

``Tracker`` follows a session's action log on a state of its own: it applies each new action (the engine's
``apply``, nothing re-derived) and keeps the engine's events of it with the seat that decided and whose turn
it was. ``round_text`` then tells the turns of the others since the viewer's last turn in short words (where
the consul went and at what cost, the tile taken or part built, a scoring and what each seat got from it),
and ``trail`` says where each of those turns' consul moves ended, for the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from engine.colosseum.components import CARD_TYPES
from tui import glyphs
from tui.colosseum.text import CARD_LETTERS, TILE_LETTERS, field_name, landscape_name, section_name
from tui.i18n import t
from tui.turns import group_turns, since_own_turn

Event = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Record:
    """One applied action: its place in the action log, who decided, whose turn it was, what the engine did."""

    index: int
    seat: int
    holder: int
    events: tuple[Event, ...]


class Tracker:
    """Keeps the engine's events of every action a session applies (from the moment it first looks)."""

    def __init__(self) -> None:
        self.state: Any = None
        self.count = 0
        self.records: list[Record] = []

    def update(self, session: Any) -> None:
        """Catch up with ``session``: apply its new actions to the own state; after an undo, forget the
        actions taken back."""
        actions = session.actions
        n = len(actions)
        if self.state is None:  # first look (a loaded game too): the game so far, replayed from its start
            self.state, self.count = _start(session), 0
            if self.state is None:
                self.state, self.count = session.state.clone(), n
                return
        if n < self.count:
            self.records = [r for r in self.records if r.index < n]
            self.state, self.count = session.state.clone(), n
            return
        for i in range(self.count, n):
            seat, holder = int(self.state.current_player), int(self.state.active)
            try:
                self.state.apply(actions[i])
            except Exception:  # the log and the state disagree (cannot happen in a session): start afresh
                self.state, self.count, self.records = session.state.clone(), n, []
                return
            self.records.append(Record(i, seat, holder, tuple(self.state.events)))
        self.count = n

    def turns(self, viewer: int | None, players: int) -> list[list[Record]]:
        """The turns of the other seats since ``viewer``'s last turn, oldest first (each a list of records);
        during the viewer's own turn, those before it. With no viewer, the last ``players - 1`` turns."""
        return since_own_turn(group_turns(self.records), viewer, players, own_under_way=True)


def _start(session: Any) -> Any:
    """The session's game as it began (its config and seed), or None when the session cannot say."""
    try:
        from engine.colosseum import new_game

        return new_game(session.config, session.seed)
    except Exception:
        return None


def trail(turns: Sequence[Sequence[Record]]) -> list[tuple[int, int]]:
    """Where each turn's consul move ended: ``(seat, field)``, oldest first."""
    out: list[tuple[int, int]] = []
    for turn in turns:
        for r in turn:
            for kind, p in r.events:
                if kind == "move":
                    out.append((int(p["player"]), int(p["field"])))
    return out


def _seat(out: Text, seat: int) -> None:
    out.append(glyphs.player_letter(seat), style=f"bold {glyphs.player_colour(seat)}")


def _card(kind: Any) -> str:
    return CARD_LETTERS[kind if isinstance(kind, str) else CARD_TYPES[int(kind)]]


class _Scoring:
    """A scoring's results in few words, seat by seat in the order they took: ``river: 1 +2W, 3 +1W, 2 +1 fame``
    (stable: ``3 reset, 4 +1 fame``)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.ongoing = False
        """The scoring is still under way (a seat has yet to decide): an empty result is no "nobody" yet."""
        self.takes: list[tuple[int, str]] = []
        self.text = Text()
        self._draw()

    def add(self, kind: str, seat: int, p: dict[str, Any]) -> None:
        if kind == "take":
            self.takes.append((seat, f"+{p['count']}{_card(p['kind'])}"))
        elif kind == "discard":
            self.takes.append((seat, f"-{_card(p['kind'])}"))
        elif kind == "reset":
            self.takes.append((seat, t("reset")))
        else:  # declined, or the pile was empty: +1 fame
            self.takes.append((seat, t("+1 fame")))
        self._draw()

    def add_nothing(self) -> None:
        """Redraw after a change of ``ongoing``."""
        self._draw()

    def _draw(self) -> None:
        """Redraw in place (the text object is already among the turn's pieces)."""
        out = self.text
        out.plain = ""
        out.spans.clear()
        out.append(landscape_name(self.kind) + ":", style="bold")
        groups: list[Text] = []
        if self.takes:
            g = Text()
            for i, (q, what) in enumerate(self.takes):
                g.append(", " if i else "")
                _seat(g, q)
                g.append(" " + what)
            groups.append(g)
        if not groups and not self.ongoing:
            out.append(" " + t("nobody"))
        for i, g in enumerate(groups):
            out.append("; " if i else " ")
            out.append_text(g)


def turn_text(turn: Sequence[Record], names: Sequence[str], ongoing: bool = False) -> Text:
    """One seat's turn in short words: ``2: →4B (1 pt) · tile M · grain scored: 1 +2G, 3 +1 fame``."""
    holder = turn[0].holder
    out = Text()
    _seat(out, holder)  # the seat's letter: its name stands in the displays above
    out.append(":")
    sep = " " + ("-" if glyphs.ascii_mode() else "·") + " "
    pieces: list[Text] = []
    scoring: _Scoring | None = None
    for r in turn:
        for kind, p in r.events:
            piece = Text()
            who = int(p["player"]) if isinstance(p.get("player"), int) else holder
            if kind == "move":
                piece.append(glyphs.glyph("arrow") + field_name(int(p["field"])), style="bold")
                cost = []
                if p.get("points"):
                    cost.append(t("{n} pts").format(n=p["points"]) if p["points"] != 1 else t("1 pt"))
                if p.get("fame"):
                    cost.append(t("{n} fame").format(n=p["fame"]))
                if cost:
                    piece.append(" (" + ", ".join(cost) + ")")
            elif kind in ("tile", "d_tile"):
                piece.append(t("tile") + " ")
                piece.append(TILE_LETTERS.get(str(p["tile"]), "?"), style="bold")
            elif kind == "build":
                fame = int(p.get("fame", 0)) + int(p.get("chip", 0) or 0)
                piece.append(t("builds {part} as {section} (+{fame})").format(
                    part=p["part"], section=section_name(int(p["section"])), fame=fame), style="bold")
            elif kind == "storage":
                piece.append(t("storage tile for {card}").format(card=_card(p["kind"])))
            elif kind == "skip" or (kind == "pass" and r.seat == holder):
                piece.append(t("no storage tile") if kind == "pass" else t("nothing to do"))
            elif kind == "d_fame":
                piece.append(t("+1 fame"))
            elif kind == "exchange":
                give = p.get("give", ["?", "?"])
                piece.append(f"{_card(give[0])}+{_card(give[1])}{glyphs.glyph('arrow')}{_card(p.get('get', '?'))}")
            elif kind == "scoring":
                scoring = _Scoring(str(p["kind"]))
                pieces.append(scoring.text)
                continue
            elif scoring is not None and kind in ("take", "decline", "reset", "empty_pile", "discard"):
                scoring.add(kind, who, p)
                continue
            elif kind == "discard":
                piece.append(f"-{_card(p['kind'])}")
            elif kind == "decline":
                piece.append(t("+1 fame"))
            if piece.plain:
                pieces.append(piece)
    if scoring is not None and ongoing:
        scoring.ongoing = True
        scoring.add_nothing()
    for i, piece in enumerate(pieces):
        out.append(" " if i == 0 else sep)
        out.append_text(piece)
    return out


def round_text(turns: Sequence[Sequence[Record]], names: Sequence[str], ongoing: bool = False) -> Text:
    """The others' turns since the viewer's last, one (wrapping) line a turn; a word when there are none.
    ``ongoing``: the last turn's scoring is still under way."""
    if not turns:
        return Text(t("No other turn since yours yet."), style="dim")
    last = len(turns) - 1
    return Text("\n").join(turn_text(turn, names, ongoing and i == last) for i, turn in enumerate(turns))
