"""The prompt panel: the pending decision in words and its choices, exactly ``state.legal_actions()``.

Composite choices are grouped for people: every quantity of one good to sell or buy is one choice that opens
a quantity dialog, the payments for a card's '?' goods one choice that opens a payment dialog, and the ways
to fill a full storehouse one choice that opens the overflow dialog. ``group_choices`` keeps the grouping
1:1 with the legal actions (each legal action is in exactly one choice), which a test checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message

from engine.concordia import GameState, model
from engine.concordia.actions import Accept, Action, Buy, ForumUse, Move, Play, Purchase, Sell, Titus
from tui.concordia.board.links import colonist_label, primary_key
from tui.concordia.decision_words import action_note, builds_first, group_note, prompt_note
from tui.concordia.names import card_name
from tui.concordia.recap import Recap, RecapLines
from tui.concordia.salsa_text import forum_use_label
from tui.concordia.short_text import short_forms
from tui.concordia.text import action_text, decision_text, good_name
from tui.concordia.widgets.hand import hand_cards
from tui.i18n import t
from tui.widgets.choice_list import ChoiceList
from tui.widgets.text_panel import TextPanel


@dataclass(frozen=True, slots=True)
class Choice:
    """One line of the prompt: a label and the legal actions behind it."""

    label: str
    actions: tuple[Action, ...]
    dialog: str = ""
    """"" (one action), "quantity", "payment", "overflow" or "pick": the dialog that picks among ``actions``."""
    short: tuple[str, ...] = ()
    """Shorter forms of ``label``, longest first, for a narrow list (``short_text.short_forms``)."""


def group_choices(s: GameState, legal: Sequence[Action], names: Sequence[str] | None = None) -> list[Choice]:
    """The legal actions grouped into the prompt's choices, in the engine's order (an Architect's builds first)."""
    groups: dict[tuple[object, ...], list[Action]] = {}
    for a in legal:
        key: tuple[object, ...]
        if isinstance(a, Sell | Buy):
            key = ("trade", type(a).__name__, a.good)
        elif isinstance(a, Purchase):
            key = ("purchase", a.slot)
        elif isinstance(a, Accept):
            key = ("accept",)
        elif isinstance(a, Move):
            # which colonist, then where (R-ARCHITECT-MOVE): a land and a sea colonist in the same city are two
            # colonists, told apart by the kind of route they move on
            key = ("move", a.source, s.map.routes[a.route].kind)
        elif isinstance(a, ForumUse | Titus):
            key = ("forum", a.card if isinstance(a, ForumUse) else "titus-valerius")  # one line per card
        else:
            key = ("one", str(a))
        groups.setdefault(key, []).append(a)
    out: list[Choice] = []
    play_order = _hand_order(s)
    for key, actions in groups.items():
        first = actions[0]
        if key[0] == "move":
            moves = [a for a in actions if isinstance(a, Move)]
            out.append(Choice(colonist_label(s, moves), tuple(actions), "move" if len(actions) > 1 else ""))
        elif len(actions) == 1:
            note = prompt_note(s, first, legal)
            shorts = tuple(x + action_note(s, first) + note for x in short_forms(s, first))
            out.append(Choice(action_text(s, first, names, you=True) + note, (first,), short=shorts))
        elif key[0] == "trade":
            assert isinstance(first, Sell | Buy)
            verb = t("Sell") if isinstance(first, Sell) else t("Buy")
            counts = [a.count for a in actions if isinstance(a, Sell | Buy)]
            label = t("{verb} {good} (1–{n})…").format(verb=verb, good=good_name(first.good), n=max(counts))
            label += group_note(s, actions)
            out.append(Choice(label, tuple(actions), "quantity"))
        elif key[0] == "purchase":
            assert isinstance(first, Purchase)
            cid = s.display[first.slot - 1]
            name = card_name(cid) if cid else "?"
            label = t("Buy {card} from slot {slot} (choose the '?' goods)…").format(card=name, slot=first.slot)
            out.append(Choice(label, tuple(actions), "payment"))
        elif key[0] == "forum":
            label = forum_use_label(s, str(key[1]))
            out.append(Choice(label, tuple(actions), "pick"))
        else:
            out.append(Choice(t("Choose which goods to take…"), tuple(actions), "overflow"))
    return in_hand_order(builds_first(out), play_order)


def _hand_order(s: GameState) -> dict[str, int]:
    """A card's place in the hand panel (its number key) by the name it is played under."""
    cards = model.cards()
    return {cards[cid].play_name: i for i, cid in enumerate(hand_cards(s, s.current_player))}


def in_hand_order(choices: list[Choice], order: dict[str, int]) -> list[Choice]:
    """The card plays among ``choices`` in the hand panel's order (the roles of one card in the engine's
    order), each in a place a play held before; every other choice stays where it is."""
    places = [i for i, c in enumerate(choices) if len(c.actions) == 1 and isinstance(c.actions[0], Play)]
    plays = [choices[i] for i in places]

    def rank(c: Choice) -> int:
        a = c.actions[0]
        return order.get(a.card, len(order)) if isinstance(a, Play) else len(order)

    out = list(choices)
    for i, c in zip(places, sorted(plays, key=rank), strict=True):
        out[i] = c
    return out


class PromptPanel(Vertical):
    """The decision in words and an option list of its choices."""

    DEFAULT_CSS = """
    PromptPanel { height: 1fr; }
    PromptPanel #decision { height: auto; min-height: 2; max-height: 4; text-style: bold; }
    PromptPanel ChoiceList { height: 1fr; min-height: 3; }
    PromptPanel #hint { height: auto; color: $text-muted; }
    PromptPanel #hint-box { height: auto; display: none; }
    PromptPanel.-hinted #hint-box { display: block; }
    PromptPanel.-hinted ChoiceList { min-height: 2; }
    """
    RECAP_ROWS = 3
    """The fewest rows the recap of the others' turns is shown in under the choices (its head and two lines);
    with less room left the choices keep the panel's every row."""
    CHOICE_ROWS_WITH_HINT = 2
    """Rows the choice list keeps while a hint shows (the hint's best choice is the highlighted row)."""

    class Chosen(Message):
        """The player picked a choice of the prompt."""

        def __init__(self, choice: Choice) -> None:
            self.choice = choice
            super().__init__()

    class Highlighted(Message):
        """The list's cursor is on ``choice`` (the map lights the places it acts on)."""

        def __init__(self, choice: Choice) -> None:
            self.choice = choice
            super().__init__()

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.choices: list[Choice] = []
        self._signature: object = None
        self.recap = RecapLines()
        """The others' turns since the viewer's last decision, drawn in the rows the choices leave free."""
        self.recap_elsewhere = False
        """The screen has another place for the recap (the box under the map): here it is shown only while
        no person decides, and only whole."""
        self._recap_shown = False

    def compose(self) -> ComposeResult:
        yield TextPanel(id="decision")
        yield ChoiceList(id="choices")
        with VerticalScroll(id="hint-box", can_focus=False):
            yield TextPanel(id="hint")

    def show(self, s: GameState, choices: list[Choice], names: Sequence[str], mine: bool, version: int,
             viewer: int | None = None) -> None:
        """Show the decision; the choices only when a person at this screen decides (``mine``). ``viewer``: the
        seat whose screen this is (-1: nobody's), for what only some seats may know (``decision_text``)."""
        signature = (version, mine, viewer)
        if signature == self._signature:
            return
        self._signature = signature
        decision = self.query_one("#decision", TextPanel)
        before = decision.lines
        decision.show_text(Text(decision_text(s, names, viewer, you=mine)))
        if decision.lines < before:  # a shorter decision gives its row back to the choices at once
            decision.refresh(layout=True)
        self.choices = choices if mine else []
        self.query_one("#choices", ChoiceList).set_choices([c.label for c in self.choices],
                                                           [c.short for c in self.choices])
        self.set_hint("")
        self._fit_recap()
        self.call_after_refresh(self._fit_recap)

    class RecapPlaced(Message):
        """The recap of the others' turns is now shown under the choices (``shown``) or not (no room)."""

        def __init__(self, shown: bool) -> None:
            self.shown = shown
            super().__init__()

    def show_recap(self, turns: Recap, viewer: int | None, more: str) -> None:
        """The others' turns since ``viewer``'s last decision under the choices, where rows are left
        (``recap.RecapLines``; ``more`` ends a recap cut short)."""
        if self.recap.set(turns, viewer, more):
            self._fit_recap(redraw=True)

    @property
    def recap_shown(self) -> bool:
        return self._recap_shown

    def refit_recap(self) -> None:
        """Place the recap again (``recap_elsewhere`` changed)."""
        self._fit_recap()

    def _fit_recap(self, redraw: bool = False) -> None:
        """The recap is drawn in the rows the choices leave free (the list's footer: no size changes, no new
        layout) when they are at least ``RECAP_ROWS`` and no hint is shown; where the screen has another place
        for it, only while no person decides here and only whole. It never takes a choice's row."""
        lists = self.query("#choices")
        if not lists:  # before the panel's children are mounted
            return
        choices = lists.first(ChoiceList)
        width = choices.scrollable_content_region.width
        free = choices.footer_rows if width > 0 else 0
        shown = not self.has_class("-hinted") and free >= self.RECAP_ROWS
        if shown and self.recap_elsewhere:
            shown = not choices.labels and self.recap.fits(width, free)
        if shown and (redraw or choices.footer is None):
            choices.set_footer(self.recap.lines)
        elif not shown and choices.footer is not None:
            choices.set_footer(None)
        if shown != self._recap_shown:
            self._recap_shown = shown
            self.post_message(self.RecapPlaced(shown))

    def set_hint(self, text: str | Text) -> None:
        """Show ``text`` under the choices (``""`` hides it). A hint longer than the panel's room scrolls in its
        box instead of being cut at the panel's bottom (issue 21: three ranked lines at 120x36)."""
        self.query_one("#hint", TextPanel).show_text(text if isinstance(text, Text) else Text(text))
        self.set_class(bool(text), "-hinted")
        self._fit_hint()
        self._fit_recap()
        self.call_after_refresh(self._fit_hint)

    def on_resize(self) -> None:
        self._fit_hint()
        self._fit_recap()

    def _fit_hint(self) -> None:
        """The hint box may take every row the decision and two rows of choices leave."""
        decision, boxes = self.query("#decision"), self.query("#hint-box")
        if not decision or not boxes:  # a resize before the panel's children are mounted
            return
        room = self.content_region.height - decision.first().outer_size.height
        box = boxes.first()
        rows = max(1, room - self.CHOICE_ROWS_WITH_HINT)
        if box.styles.max_height is None or box.styles.max_height.value != rows:
            box.styles.max_height = rows

    def highlight(self, action: Action) -> None:
        """Move the cursor to the choice that holds ``action`` (used by the hint key)."""
        for i, c in enumerate(self.choices):
            if action in c.actions:
                self.query_one("#choices", ChoiceList).highlighted = i
                return

    def select_key(self, key: str) -> None:
        """Move the list's cursor to the first choice acting on the board place ``key`` (the map's cursor)."""
        for i, c in enumerate(self.choices):
            if any(primary_key(a) == key for a in c.actions):
                self.query_one("#choices", ChoiceList).highlighted = i
                return

    def on_choice_list_highlighted(self, event: ChoiceList.Highlighted) -> None:
        event.stop()
        if 0 <= event.index < len(self.choices):
            self.post_message(self.Highlighted(self.choices[event.index]))

    def on_choice_list_selected(self, event: ChoiceList.Selected) -> None:
        event.stop()
        if 0 <= event.index < len(self.choices):
            self.post_message(self.Chosen(self.choices[event.index]))
