"""What the other seats did since the reader's last decision, one short entry a turn, for the main screen.

A player who pressed Enter for a card sees three bot turns pass; the log view says all of it at length, this
says it in the fewest words beside the decision: ``2 Bot 2: Architect — houses Roma, Ostia (−4 sestertii,
−1 brick)``, ``3 Bot 3: Prefect Gallia (+3 wine); 1 You +1 wine``, ``4 Bot 4: Senator — bought Mason``.

``Tracker`` follows the session's action log on a state of its own (replayed from the game's start, the
engine's ``apply``; nothing re-derived) and keeps, for each decision, who decided, whose turn it was, the
action, the events the reader may read (``session.readable``) and every seat's money and goods around it. A
turn is worded from its actions and what they changed; only what the table sees goes in (the card played, the
cities, the province, the card bought from the display, money and storehouses, all public in Concordia); no
hand is ever read, and what is not named here is said with the session's log line for it, already worded for
the reader. ``RecapPanel`` shows the turns in the room it is given, wrapped, never cut: a turn that does not
fit says where the rest is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.widget import Widget

from engine.concordia import model
from engine.concordia.actions import (
    Accept,
    Build,
    Buy,
    Cash,
    Copy,
    CopyDisplay,
    Done,
    ForumTake,
    Keep,
    Move,
    PlaceColonist,
    Play,
    Produce,
    Purchase,
    Recommend,
    Repeat,
    Sell,
)
from tui import glyphs
from tui.concordia.events import good_count, money_text
from tui.concordia.names import card_for_play_name, card_name, role_name
from tui.i18n import t, tn
from tui.turns import group_turns, since_own_turn
from tui.widgets.log import wrap_line

Wealth = tuple[tuple[int, tuple[int, ...]], ...]
"""Per seat: (money, goods in ``GOODS`` order with salt last)."""


@dataclass(frozen=True)
class Record:
    """One applied decision: its place in the action log, who decided, whose turn it was, what it was, what the
    reader may read of its events, and every seat's money and goods before and after it."""

    index: int
    seat: int
    holder: int
    action: Any
    events: tuple[tuple[str, dict[str, Any]], ...]
    before: Wealth
    after: Wealth
    card: str = ""
    """The card a ``Purchase`` took from the display, or the card a ``Copy`` carried out (both face up)."""


def _wealth(s: Any) -> Wealth:
    return tuple((int(p.money), (*(int(g) for g in p.goods), int(p.salt))) for p in s.players)


def _start(session: Any) -> Any:
    """The session's game as it began (its config and seed), or None when the session cannot say."""
    try:
        from engine.concordia import new_game

        return new_game(session.config, session.seed)
    except Exception:
        return None


class Tracker:
    """Keeps a record of every decision a session applies (a loaded game's too: replayed from its start)."""

    def __init__(self) -> None:
        self.state: Any = None
        self.count = 0
        self.records: list[Record] = []
        self.lost = False
        """The session shows only a seat's view (a shared table's: the deck's order unknown, other seats'
        decisions as ``?``), which cannot be played on: the recap is then told from the log's lines."""

    def update(self, session: Any) -> None:
        """Catch up with ``session``: apply its new actions to the own state; after an undo, forget the
        decisions taken back."""
        from engine.concordia.actions import parse

        if self.lost or getattr(session.state, "deck_hidden", False):
            self.lost = True
            return
        actions = session.actions
        n = len(actions)
        if self.state is None:  # a new game: its state now; a loaded one: replayed from its start
            self.state, self.count = (session.state.clone(), 0) if n == 0 else (_start(session), 0)
            if self.state is None:
                self.state, self.count = session.state.clone(), n
                return
        if n < self.count:  # an undo: the own state is the session's (only what was taken back is forgotten)
            self.records = [r for r in self.records if r.index < n]
            self.state, self.count = session.state.clone(), n
            return
        for i in range(self.count, n):
            s = self.state
            seat, holder = int(s.current_player), int(s.active)
            before = _wealth(s)
            try:
                action = parse(actions[i])
                card = ""
                if isinstance(action, Purchase):
                    card = s.display[action.slot - 1] or ""
                elif isinstance(action, Copy):
                    card = s.top_card(action.seat - 1) or ""
                elif isinstance(action, CopyDisplay):
                    card = s.display[action.slot - 1] or ""
                session.info.apply_known(s, action)
            except Exception:  # the log and the state disagree (cannot happen with a whole state): the log's lines
                self.lost = True
                return
            events = tuple(session.readable(list(s.events)))
            self.records.append(Record(i, seat, holder, action, events, before, _wealth(s), card))
        self.count = n

    def turns(self, viewer: int | None, players: int, current: int = -1) -> list[list[Record]]:
        """The turns of the other seats since ``viewer``'s last turn, oldest first (each a list of records);
        during the viewer's own turn (``current``: whose turn it is), those before it. With no viewer, the
        last ``players - 1`` turns."""
        # a card played opens a turn (the forum's setup keeps, all in the start player's turn 0, stay apart)
        groups = group_turns(self.records, lambda r: isinstance(r.action, Play) and r.seat == r.holder)
        return since_own_turn(groups, viewer, players, own_under_way=current == viewer)


# ------------------------------------------------------------------------------------------------ words

def _kinds() -> tuple[str, ...]:
    return (*model.GOODS, model.SALT)


def change_text(before: tuple[int, tuple[int, ...]], after: tuple[int, tuple[int, ...]], goods: bool = True,
                spent: bool = True) -> str:
    """A seat's money and goods change in few words: ``−4 sestertii, −1 brick, +2 wine`` ("" for none).
    ``goods``: with the goods (not when a trade names them); ``spent``: with the goods that went out too."""
    parts: list[str] = []
    money = after[0] - before[0]
    if money:
        parts.append(("+" if money > 0 else "−") + money_text(abs(money)))
    for good, b, a in zip(_kinds(), before[1], after[1], strict=False):
        if a != b and goods and (spent or a > b):
            parts.append(("+" if a > b else "−") + good_count(good, abs(a - b)))
    return ", ".join(parts)


def _place(s: Any, place: str) -> str:
    try:
        return str(s.map.place_name(place))
    except Exception:
        return place


def _province(s: Any, province: str) -> str:
    prov = s.map.provinces.get(province) if hasattr(s.map.provinces, "get") else None
    return str(prov.name) if prov is not None else province


class _Words:
    """One seat's part of a turn: the card it played (with the province or the copied card), then what it did."""

    def __init__(self) -> None:
        self.card = ""
        self.copied = ""
        """A Diplomat's copied role (``as Prefect``)."""
        self.where = ""
        """A Prefect's province."""
        self.houses: list[str] = []
        self.pieces: list[str] = []
        self.moves = 0
        self.bought: list[str] = []
        """The cards bought from the display (a Senator's two in one piece)."""
        self.traded = False
        """A Mercator's trade names its goods: the change says only the money."""
        self.trades: dict[str, list[str]] = {}
        """The goods sold and bought, by verb in the order traded (``sold 1 wine, 2 food``)."""

    def text(self, role: str = "") -> str:
        """The part in words; ``role``: the role a team partner who played no card carries out."""
        pieces = list(self.pieces)
        for verb, goods in reversed(self.trades.items()):
            pieces.insert(0, verb.format(goods=", ".join(goods)))
        if self.bought:
            pieces.insert(0, t("bought {card}").format(card=", ".join(self.bought)))
        if self.houses:
            pieces.insert(0, tn("house {cities}", "houses {cities}", len(self.houses)).format(
                cities=", ".join(self.houses)))
        if self.moves and not self.houses:
            pieces.insert(0, tn("moved {n} colonist", "moved {n} colonists", self.moves).format(n=self.moves))
        rest = ", ".join(pieces)
        card = " ".join(x for x in (self.card or (role if rest or self.where else ""), self.copied, self.where) if x)
        if card and rest:
            return f"{card} — {rest}"
        return card or rest


def _forum_card(card: str) -> str:
    """A forum card's name (a Roman's name, the same in every language)."""
    cards = model.forum().cards
    return str(cards[card].name) if card in cards else card


def turn_text(turn: Sequence[Record], s: Any, names: Sequence[str], log_text: dict[int, str],
              short: bool = False, viewer: int | None = None) -> Text:
    """One turn in short words: the holder's name, the card and its result, then what it changed for each
    seat (``(−4 sestertii)``; other seats by name: ``1 You +1 wine``). ``log_text``: the session's log line
    of each decision (by action index), for the decisions named no shorter here. ``short``: for a narrow
    panel, seats by their number (as on the map) and without the goods that were spent. The ``viewer``'s own
    decisions are left out (what they changed for the viewer is not)."""
    holder = turn[0].holder
    parts: dict[int, _Words] = {}
    team_roles: dict[int, str] = {}
    """R-TEAM: the role a partner carries out too (the card's other role, or the same), from its event."""
    for r in turn:
        for kind, p in r.events:
            if kind == "team_role" and isinstance(p.get("player"), int):
                team_roles[int(p["player"])] = role_name(str(p.get("role", "?")))
        if r.seat == viewer:
            continue
        w = parts.setdefault(r.seat, _Words())
        a = r.action
        if isinstance(a, Play):
            w.card = role_name(a.role) if a.role else card_name(card_for_play_name(a.card))
        elif isinstance(a, Build):
            w.houses.append(_place(s, a.city))
        elif isinstance(a, Move):
            w.moves += 1
        elif isinstance(a, Produce):
            w.where = _province(s, a.province)
        elif isinstance(a, Cash):
            w.pieces.append(t("cash"))
        elif isinstance(a, PlaceColonist):
            w.pieces.append(t("{kind} colonist in {place}").format(kind=t(a.kind), place=_place(s, a.place)))
        elif isinstance(a, Sell):
            w.trades.setdefault(t("sold {goods}"), []).append(good_count(a.good, a.count))
            w.traded = True
        elif isinstance(a, Buy):
            w.trades.setdefault(t("bought {goods}"), []).append(good_count(a.good, a.count))
            w.traded = True
        elif isinstance(a, Purchase):
            w.bought.append(card_name(r.card) if r.card else "?")
        elif isinstance(a, Copy | CopyDisplay):
            copied = (role_name(a.role) if a.role else card_name(r.card)) if r.card or a.role else "?"
            w.copied = t("as {role}").format(role=copied)
        elif isinstance(a, Repeat):
            w.pieces.append(t("again as {role}").format(role=role_name(a.role)))
        elif isinstance(a, Keep):
            w.pieces.append(t("keeps {card}").format(card=_forum_card(a.card)))
        elif isinstance(a, ForumTake):
            taken = [str(p.get("card")) for kind, p in r.events if kind == "forum_takes"]
            if taken:
                w.pieces.append(t("takes {card}").format(card=_forum_card(taken[0])))
        elif isinstance(a, Done | Accept | Recommend):
            pass  # an action's end, goods taken (the change says it), a private word to the partner
        elif r.index in log_text:
            w.pieces.append(log_text[r.index])
        for kind, p in r.events:
            if kind == "takes_back" and p.get("player") == r.seat:
                w.pieces.append(tn("{n} card back", "{n} cards back", int(p["cards"])).format(n=p["cards"]))
            elif kind == "concordia_card" and p.get("player") == r.seat:
                w.pieces.append(t("takes the Concordia card"))
            elif kind == "magister_empty" and r.seat == holder:
                w.pieces.append(t("no card beneath"))
            elif kind == "game_over":
                w.pieces.append(t("the game is over"))
    before, after = turn[0].before, turn[-1].after
    out = Text()
    order = list(dict.fromkeys(q for q in (holder, *parts) if q in parts))  # the holder first
    changed = [q for q in range(len(after)) if q not in parts and change_text(before[q], after[q])]
    for k, q in enumerate([*order, *changed]):
        if k:
            out.append("; ")
        name = names[q] if q < len(names) and not short else glyphs.player_letter(q)
        out.append(name, style=f"bold {glyphs.player_colour(q)}")
        words = parts[q].text(team_roles.get(q, "")) if q in parts else ""
        traded = q in parts and parts[q].traded
        change = change_text(before[q], after[q], not traded, not short) if q < len(after) else ""
        if words:
            out.append(": " + glyphs.shown(words))
            if change:
                out.append(" (" + glyphs.shown(change) + ")")
        elif change:
            out.append((": " if short else " ") + glyphs.shown(change))
    return out


Recap = list[tuple[Text, Text]]
"""The turns of a recap, oldest first: each in full words and in the short form (``turn_text``)."""


def log_turns(session: Any, viewer: int | None) -> Recap:
    """The turns since ``viewer``'s last told from the session's log lines (worded for the reader), for a
    session whose decisions the tracker cannot follow: each seat's decisions of a turn in a line."""
    groups: list[list[Any]] = []
    for e in session.log:
        key = (e.holder if e.holder >= 0 else e.seat, e.turn)
        if groups and (groups[-1][0].holder if groups[-1][0].holder >= 0 else groups[-1][0].seat,
                       groups[-1][0].turn) == key:
            groups[-1].append(e)
        else:
            groups.append([e])
    keep = max(1, len(session.names()) - 1)
    out: list[list[Any]] = []
    mine = viewer is not None and getattr(session.state, "active", -1) == viewer
    for g in reversed(groups):
        holder = g[0].holder if g[0].holder >= 0 else g[0].seat
        if viewer is not None and holder == viewer:
            if mine:
                continue
            break
        mine = False
        out.append(g)
    names = session.names()
    texts: Recap = []
    for g in reversed(out[:keep]):
        line = Text()
        seats = list(dict.fromkeys(e.seat for e in g if e.seat != viewer))
        for k, q in enumerate(seats):
            line.append("; " if k else "")
            line.append(names[q] if q < len(names) else f"P{q + 1}", style=f"bold {glyphs.player_colour(q)}")
            line.append(": " + "; ".join(glyphs.shown(e.text) for e in g if e.seat == q))
        if seats:
            texts.append((line, line))
    return texts


def recap_texts(tracker: Tracker, session: Any, viewer: int | None) -> Recap:
    """The turns since ``viewer``'s last, one text each (unwrapped) in full and short words, oldest first."""
    if tracker.lost:
        return log_turns(session, viewer)
    s = session.state
    turns = tracker.turns(viewer, len(s.players), int(s.active))
    log_text = {e.index: e.text for e in session.log}
    names = session.names()
    return [(turn_text(turn, s, names, log_text, viewer=viewer),
             turn_text(turn, s, names, log_text, short=True, viewer=viewer)) for turn in turns]


# ------------------------------------------------------------------------------------------------ panel

class RecapLines:
    """The others' turns since the reader's last decision as lines for a panel's width and rows: wrapped, never
    cut; what does not fit ends in a line that says where the whole log is."""

    def __init__(self) -> None:
        self.turns: Recap = []
        self.more = ""
        """The line that ends a recap cut short: where the whole log is (``… l: whole log``)."""
        self.viewer: int | None = None

    def set(self, turns: Recap, viewer: int | None, more: str) -> bool:
        """Take ``turns`` (``recap_texts``) for ``viewer``; whether anything changed."""
        if (turns, viewer, more) == (self.turns, self.viewer, self.more):
            return False
        self.turns, self.viewer, self.more = turns, viewer, more
        return True

    def fits(self, width: int, rows: int) -> bool:
        """Whether the whole recap (in full or short words) fits ``rows`` lines of ``width`` cells."""
        return self.more not in (line.plain for line in self.lines(width, rows))

    def lines(self, width: int, rows: int | None = None) -> list[Text]:
        """The recap in lines of at most ``width`` cells (continuations indented 2), within ``rows`` lines: in
        full words where they fit, else in the short form, and where that does not fit either, as much as
        fits and a last line that says where the rest is."""
        if not self.turns:
            head = t("No other turn since yours yet.")
        else:
            head = t("Since your last turn:") if self.viewer is not None else t("The last turns:")
        out = [Text(glyphs.shown(head), style="dim bold")]
        full = [line for turn, _short in self.turns for line in wrap_line(turn, width, 2)]
        if rows is None or len(full) < rows:
            out += full
        else:
            out += [line for _full, turn in self.turns for line in wrap_line(turn, width, 2)]
        if rows is not None and len(out) > rows:
            more = Text(glyphs.shown(self.more), style="dim")
            out = [*out[: max(0, rows - 1)], more] if rows > 1 else [more]
        return out


class RecapPanel(Widget):
    """The recap in a box of its own (under the map): as tall as its lines, at most ``max_rows``."""

    DEFAULT_CSS = """
    RecapPanel { height: auto; min-height: 0; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.recap = RecapLines()
        self.max_rows = 8

    def show(self, turns: Recap, viewer: int | None, more: str) -> None:
        """Show ``turns`` (``recap_texts``) for ``viewer``; ``more`` ends a recap cut short."""
        if self.recap.set(turns, viewer, more):
            self._fit()
            self.refresh()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """As tall as the recap's lines at the current width, at most ``max_rows``."""
        width = self.content_region.width
        if width <= 0:
            return
        rows = min(self.max_rows, len(self.recap.lines(width)))
        if self.styles.height is None or self.styles.height.value != rows:
            self.styles.height = rows

    def lines(self, width: int, rows: int | None = None) -> list[Text]:
        return self.recap.lines(width, rows)

    def render(self) -> Text:
        width, rows = self.content_region.width, self.content_region.height
        if width <= 0 or rows <= 0:
            return Text()
        return Text("\n", no_wrap=True, overflow="crop").join(self.recap.lines(width, rows))
