"""The game screen: a whole game of Concordia, from the first card to the final score table.

The screen shows ``session.state`` and offers exactly ``session.legal_actions()`` (grouped for people by the
prompt); it never works out a rule itself. People decide with the keyboard (number keys for the hand, the
prompt's list, Tab to the map's targets) or the mouse. Bots think in worker threads that only compute and
post a message; the screen applies their choice and waits the configured pace before the next one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll

from engine.concordia import GameState
from engine.concordia.actions import Action, Done, Purchase
from tui.concordia import VARIANT_SHORT
from tui.concordia.board.links import action_keys, move_options
from tui.concordia.decision_words import done_warning
from tui.concordia.hint import hint_lines
from tui.concordia.recap import Recap, RecapPanel, Tracker, recap_texts
from tui.concordia.text import action_text, done_text
from tui.concordia.widgets.dialogs import ChoiceDialog, overflow_dialog, payment_dialog, pick_dialog, quantity_dialog
from tui.concordia.widgets.forum import ForumPanel, forum_head, render_legend, used_citizens
from tui.concordia.widgets.gods import GodsScreen
from tui.concordia.widgets.hand import HAND_KEYS, HandPanel, hand_cards, plays_for
from tui.concordia.widgets.map import MapView
from tui.concordia.widgets.map_list import MapList
from tui.concordia.widgets.market import MarketPanel
from tui.concordia.widgets.players import PlayersPanel
from tui.concordia.widgets.prompt import Choice, PromptPanel, group_choices
from tui.concordia.widgets.targets import Target, board_targets
from tui.concordia.widgets.teams import team_summary
from tui.concordia.widgets.warehouse import WarehousePanel
from tui.i18n import t
from tui.play_screen import LEAVE_KEYS, LOG_KEYS, PLAY_KEYS, PlayScreen, View
from tui.play_screen import PACES as PACES
from tui.widgets.choice_list import ChoiceList
from tui.widgets.log import LogPanel
from tui.widgets.text_panel import TextPanel

WIDE = (120, 36)
"""From this terminal size on every panel is shown at once; below it the compact layout switches views."""

FORUM_BESIDE_MARKET = 50
"""From this terminal height on the wide layout shows the forum panel under the market (Salsa's forum); below
it, in the map's place while shown."""

MAP_DRAWING_MIN = (30, 8)
"""The smallest map panel (columns, rows) the drawing is used for; below it the list view."""

SIDE_WIDTH = (62, 96)
"""The wide layout's right column is at least (120 columns: whole names) and at most this wide."""

LOWER_SIDE_BY_SIDE = 90
"""From this width of the left side on, log and hand stand side by side under the map (each wraps its long
lines); below it, the hand over the log, each as wide as the left side."""

LOWER_ROWS = (14, 22)
"""Rows under the map: log and hand side by side, or stacked (about: the hand's lines plus a 9-row log)."""

WHOLE_SIDE = 40
"""The board layout's right column is at least this wide (the compact layout's hand and decision rows)."""

WHOLE_LOG_ROWS = 4
"""The board layout shows the log under the map when at least this many rows are left there."""

MARKET_BESIDE_SIDE = 100
"""From this width of the board layout's right column on (e.g. 200x40), the market stands beside the hand
there, so buying is planned without switching views; below it the market takes the map's place on ``k``."""

MARKET_BESIDE_WIDTH = 80
"""The market's width beside the hand at most (its action column whole for every base card)."""


def board_layout(width: int, height: int) -> tuple[int, int] | None:
    """The board layout for a ``width`` x ``height`` terminal: (map panel columns, rows), or None.

    Between the compact layout and the wide one that shows a scale whole (about 118x31 to 160x49, e.g. 120x36)
    the wide layout could only show a window onto the board, which cannot be planned on (issue 31). There the
    map panel takes exactly the small scale plus its border and look line, so the whole board is seen at once;
    the right column keeps the players, the hand and the decision, and the market, log and storehouse take the
    map's place on their keys (``k l w``, ``m`` back) as in the compact layout.
    """
    from tui.concordia.board.layout import SCALES

    if side_width_fits(width, height):
        return None
    small_w, small_h, _longest = SCALES["small"]
    panel = (small_w + 2, small_h + 3)
    if width - panel[0] >= WHOLE_SIDE and height - 2 >= panel[1]:
        return panel
    return None


def side_width_fits(width: int, height: int) -> bool:
    """The wide layout shows one of the map's scales whole beside a right column of ``SIDE_WIDTH[0]``."""
    from tui.concordia.board.layout import SCALES

    for scale_w, scale_h, _longest in SCALES.values():
        left = scale_w + 2
        lower = LOWER_ROWS[0] if left >= LOWER_SIDE_BY_SIDE else LOWER_ROWS[1]
        if width - left >= SIDE_WIDTH[0] and height - 2 - lower - 3 >= scale_h:
            return True
    return False


def side_width(width: int, height: int) -> int:
    """The wide layout's right column for a ``width`` x ``height`` terminal: it grows with the terminal.

    The map keeps the largest of its drawing scales (``board.layout.SCALES``) that fits beside a right column
    of at least ``SIDE_WIDTH[0]``; every other column goes to the right column (up to ``SIDE_WIDTH[1]``).
    When no scale fits whole (the map pans), the right column takes 2/5 of the width.
    """
    from tui.concordia.board.layout import SCALES

    for scale_w, scale_h, _longest in SCALES.values():
        left = scale_w + 2
        side = width - left
        if side < SIDE_WIDTH[0]:
            continue
        lower = LOWER_ROWS[0] if left >= LOWER_SIDE_BY_SIDE else LOWER_ROWS[1]
        if height - 2 - lower - 3 >= scale_h:
            return min(side, SIDE_WIDTH[1])
    return max(SIDE_WIDTH[0], min(SIDE_WIDTH[1], width * 2 // 5))


@dataclass
class _Panels:
    """The game screen's panels (the compact layout's copies end in ``_c``)."""

    map: MapView
    map_list: MapList
    hand: HandPanel
    hand_c: HandPanel
    prompt: PromptPanel
    players: PlayersPanel
    players_c: PlayersPanel
    market: MarketPanel
    market_c: MarketPanel
    market_b: MarketPanel
    warehouse: WarehousePanel
    warehouse_c: WarehousePanel
    log: LogPanel
    log_c: LogPanel
    status: TextPanel
    map_status: TextPanel
    recap_left: RecapPanel
    tracker: Tracker = field(default_factory=Tracker)
    """Follows the session's decisions for the recap of the others' turns (``recap``)."""
    recap_key: object = None
    recap: Recap = field(default_factory=list)


class GameScreen(PlayScreen):
    """Plays ``session`` to its end. Dismisses with the session (and posts ``PlayScreen.Quit``) on leaving."""

    VIEWS = (View("map", "m", "Map"), View("market", "k", "Market"), View("players", "p", "Players"),
             View("log", "l", "Log"), View("warehouse", "w", "Store"), View("forum"))
    """The panels the compact layout shows one at a time on its left side (the forum's key, ``f``, also opens
    the forum on the wide layout: ``action_forum``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "done", "Done"),
        *PLAY_KEYS,
        Binding("v", "toggle_map", "Map/list"),
        Binding("g", "gods", "Gods"),
        Binding("f", "forum", "Forum", show=False),
        *LOG_KEYS,
        *LEAVE_KEYS,
        *[Binding(key, f"play_card({n})", f"Card {key}", show=False) for n, key in enumerate(HAND_KEYS)],
    ]

    def set_up(self) -> None:
        self.map_drawing: bool | None = None
        """None: the drawing when it fits; True/False: the player's choice with ``v``."""
        self.forum_wide = False
        """Wide layout below ``FORUM_BESIDE_MARKET`` rows: the forum panel in the map's place (key ``f``)."""
        self._view_before_market: str | None = None
        """Board layout: the view the market replaced while the person buys a card."""
        self._view_before_forum: str | None = None
        """Compact layout: the view the forum replaced while a forum card is kept or taken."""
        self._legal: tuple[int, list[Action]] = (-1, [])
        self.last_refresh_ms = 0.0
        """How long the last full panel update took (for the benchmark)."""
        self._panels: _Panels | None = None
        self.board_layout = False
        """The board layout (``board_layout``): the whole small map beside players, hand and decision."""
        self._from_map = False
        """The decision being applied was chosen on the map (it is announced with the undo key)."""

    # ------------------------------------------------------------------------------------ layout
    def compose_panels(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="left"):
                with Vertical(id="map-panel", classes="panel view"):
                    yield MapView(id="map")
                    yield MapList(id="map-list")
                    yield TextPanel(id="map-status")
                yield RecapPanel(id="recap-left", classes="compact-only")
                yield VerticalScroll(MarketPanel(id="market-c"), id="market-view", classes="panel view compact-only")
                yield VerticalScroll(PlayersPanel(id="players-c"), id="players-view", classes="panel view compact-only")
                with VerticalScroll(id="warehouse-view", classes="panel view compact-only"):
                    yield WarehousePanel(id="warehouse-c")
                yield VerticalScroll(ForumPanel(id="forum-c"), id="forum-view", classes="panel view compact-only")
                yield LogPanel(id="log-view", classes="panel view compact-only")
                with Horizontal(id="lower", classes="wide-only"):
                    yield LogPanel(id="log-panel", classes="panel")
                    yield HandPanel(id="hand", classes="panel")
            with Vertical(id="side"):
                yield PlayersPanel(id="players", classes="panel wide-only")
                yield MarketPanel(id="market", classes="panel wide-only")
                yield ForumPanel(id="forum", classes="panel wide-only")
                yield WarehousePanel(id="warehouse", classes="panel wide-only")
                with Horizontal(id="side-top"):
                    yield HandPanel(id="hand-c", classes="panel compact-only")
                    yield MarketPanel(id="market-b", classes="panel")
                yield PromptPanel(id="prompt", classes="panel")

    def log_panel(self) -> LogPanel:
        """The log view on a small terminal and in the board layout (``l``), the log under the map from 120x36."""
        return self.query_one("#log-view" if self.compact else "#log-panel", LogPanel)

    def panel_titles(self) -> dict[str, str]:
        return {
            "#map-panel": t("Map"),
            "#market-view": t("Market"),
            "#market": t("Market"),
            "#market-b": t("Market"),
            "#players-view": t("Players"),
            "#players": t("Players"),
            "#warehouse-view": t("Storehouse"),
            "#warehouse": t("Storehouse"),
            "#forum-view": t("Forum"),
            "#forum": t("Forum"),
            "#log-panel": t("Log"),
            "#log-view": t("Log"),
            "#hand": t("Hand"),
            "#hand-c": t("Hand"),
            "#prompt": t("Decision"),
        }

    def _apply_layout(self, width: int, height: int) -> None:
        whole = board_layout(width, height)
        self.board_layout = whole is not None
        self.compact = width < WIDE[0] or height < WIDE[1] or whole is not None
        self.set_class(self.compact, "compact")
        self.set_class(not self.compact, "wide")
        self.set_class(whole is not None, "board")
        beside = whole is not None and width - whole[0] >= MARKET_BESIDE_SIDE
        self.set_class(beside, "market-beside")
        if whole is not None:
            side = width - whole[0]
            if beside:
                self.query_one("#market-b").styles.width = min(MARKET_BESIDE_WIDTH, side - WHOLE_SIDE)
            log_below = self.view == "map" and height - 2 - whole[1] >= WHOLE_LOG_ROWS
            self._widgets().recap_left.max_rows = height - 2 - whole[1]
            self.query_one("#map-panel").styles.height = whole[1] if log_below else "1fr"
            self.set_class(log_below, "log-below")
        else:
            side = 41 if self.compact else side_width(width, height)
            self._widgets().recap_left.max_rows = (height - 2) * 2 // 5  # the map keeps 3/5 of the rows
            self.query_one("#map-panel").styles.height = "1fr"
            self.set_class(False, "log-below")
        self.query_one("#side").styles.width = side
        stacked = not self.compact and width - side < LOWER_SIDE_BY_SIDE
        self.set_class(stacked, "stacked")
        for view in self.view_names():
            for node in self.query(f"#{view}-view, #{view}-panel"):
                node.set_class(view == self.view, "shown")
        self._choose_map_kind(width, height)
        self._place_forum(height)

    def _choose_map_kind(self, width: int, height: int) -> None:
        if self.map_drawing is not None:
            drawing = self.map_drawing
        elif self.compact:
            drawing = width - 43 >= MAP_DRAWING_MIN[0] and height - 5 >= MAP_DRAWING_MIN[1]
        else:
            left = width - side_width(width, height)
            lower = LOWER_ROWS[0] if left >= LOWER_SIDE_BY_SIDE else LOWER_ROWS[1]
            drawing = left >= MAP_DRAWING_MIN[0] and height - lower - 5 >= MAP_DRAWING_MIN[1]
        self.query_one("#map", MapView).display = drawing
        self.query_one("#map-list").display = not drawing
        self.query_one("#map-status").display = drawing

    # ------------------------------------------------------------------------------------ state
    def legal(self) -> list[Action]:
        """The session's ``legal_actions()``, asked once per state version."""
        if self._legal[0] != self.session.version:
            self._legal = (self.session.version, self.session.legal_actions())
        return self._legal[1]

    def refresh_panels(self) -> None:
        """Bring every panel up to the session's state; panels redraw only when what they show changed."""
        started = time.perf_counter()
        s = self.state
        session = self.session
        version = session.version
        names = session.names()
        bots = self.bot_seats()
        mine = self.human_to_decide()
        legal = self.legal() if mine else []
        targets = board_targets(s, legal) if mine else []
        seat = self.viewer()
        w = self._widgets()
        self._update_status()
        if w.map.display:
            w.map.show(s, targets, version, names, reader=seat)
        elif w.map_list.display:
            w.map_list.show(s, targets, version, reader=seat)
        short_hand = self.compact and not self._hand_written_out(s, seat)
        (w.hand_c if self.compact else w.hand).show(s, seat, legal, version, short_hand)
        w.prompt.show(s, group_choices(s, legal, names) if mine else [], names, mine, version,
                      viewer=-1 if seat is None else seat)
        self._show_recap(seat)
        if s.config.is_team:  # R-TEAM: who plays with whom and each team's score, in every layout
            w.prompt.border_subtitle = team_summary(s)
        if not mine:
            w.market.selected = w.market_c.selected = w.market_b.selected = None
        if self.compact:
            self._forum_view_while_taking()
            self._market_view_while_buying()
            if self.board_layout:
                w.players.show(s, names, bots, version, True)
            if self.has_class("market-beside"):
                w.market_b.show(s, names, version, True)
            if self.view == "log" or self.has_class("log-below"):
                w.log_c.show(session.log, names)
            if self.view == "market":
                w.market_c.show(s, names, version, True)
            elif self.view == "players":
                w.players_c.show(s, names, bots, version, True)
            elif self.view == "warehouse":
                w.warehouse_c.show(s, seat, version)
            elif self.view == "forum":
                self._show_forum(self.query_one("#forum-c", ForumPanel), seat, True)
        else:
            self._place_forum(self.app.size.height)
            w.players.show(s, names, bots, version, False)
            w.market.show(s, names, version, False)
            forum = self.query_one("#forum", ForumPanel)
            if not forum.has_class("off"):
                self._show_forum(forum, seat, False)
            if self.has_class("forum-left"):
                self._show_forum(self.query_one("#forum-c", ForumPanel), seat, True)
            w.warehouse.show(s, seat, version)
            w.log.show(session.log, names)
        self.last_refresh_ms = (time.perf_counter() - started) * 1000

    def _show_recap(self, seat: int | None) -> None:
        """What the others did since the viewer's last decision: under the choices where rows are left there,
        else (compact and board layouts) in a box under the map (``_place_recap``)."""
        w = self._widgets()
        session = self.session
        w.tracker.update(session)
        key = (session.version, seat, tuple(session.names()))
        if key != w.recap_key:
            w.recap_key = key
            w.recap = recap_texts(w.tracker, session, seat)
        more = t("… l: whole log") if self.compact else t("… the rest in the log")
        w.prompt.show_recap(w.recap, seat, more)
        w.recap_left.show(w.recap, seat, more)
        self._place_recap()

    def _place_recap(self) -> None:
        """The box under the map shows the recap while the decision panel has no room for it (its choices take
        the rows), on the map view of the compact and board layouts (in the board layout in the log's place),
        until the person's first decision of the turn."""
        w = self._widgets()
        room = not self.board_layout or self.has_class("log-below")  # the board layout's map keeps its rows
        elsewhere = self.compact and self.view == "map" and room
        if elsewhere != w.prompt.recap_elsewhere:
            w.prompt.recap_elsewhere = elsewhere
            w.prompt.refit_recap()
        # while the person decides, only until their first decision of the turn: "since your last decision" is
        # then nothing, and the map gets its rows back for the card being carried out
        log = self.session.log
        opening = not log or log[-1].holder != self.viewer() or not self.human_to_decide()
        left = elsewhere and not w.prompt.recap_shown and bool(w.recap) and opening
        self.set_class(left, "recap-left")

    def on_prompt_panel_recap_placed(self, _message: PromptPanel.RecapPlaced) -> None:
        self._place_recap()

    def _hand_written_out(self, s: GameState, seat: int | None) -> bool:
        """The board layout writes each card's action under it while the hand leaves the decision 8 rows (the
        players, the hand's two lines a card plus its head and discard, four borders); else names only."""
        if not self.board_layout or seat is None:
            return False
        hand = 2 * len(hand_cards(s, seat)) + 1
        if self.has_class("market-beside"):  # the market beside the hand: the taller of the two counts
            hand = max(hand, self._widgets().market_b.lines)
        rows = hand + s.n + 1 + 4 + 8
        return rows <= self.app.size.height - 2

    def _widgets(self) -> _Panels:
        """The panels, looked up once (a CSS query on every redraw costs more than the drawing)."""
        if self._panels is None:
            q = self.query_one
            self._panels = _Panels(
                map=q("#map", MapView),
                map_list=q("#map-list", MapList),
                hand=q("#hand", HandPanel),
                hand_c=q("#hand-c", HandPanel),
                prompt=q("#prompt", PromptPanel),
                players=q("#players", PlayersPanel),
                players_c=q("#players-c", PlayersPanel),
                market=q("#market", MarketPanel),
                market_c=q("#market-c", MarketPanel),
                market_b=q("#market-b", MarketPanel),
                warehouse=q("#warehouse", WarehousePanel),
                warehouse_c=q("#warehouse-c", WarehousePanel),
                log=q("#log-panel", LogPanel),
                log_c=q("#log-view", LogPanel),
                status=q("#status", TextPanel),
                map_status=q("#map-status", TextPanel),
                recap_left=q("#recap-left", RecapPanel),
            )
        return self._panels

    def status_parts(self) -> list[str]:
        s = self.state
        variant = t(VARIANT_SHORT.get(s.config.variant, s.config.variant))  # "Venus team", not "venus-team"
        parts = [s.map.name, variant, t("turn {n}").format(n=s.turn if s.is_over and s.turn else s.turn + 1)]
        if s.concordia >= 0 and not s.is_over:
            parts.append(t("last round"))
        return parts

    def views_words(self) -> str:
        return t("views: m k p l w") + (" f" if self.state.config.forum else "")

    def show_status(self, text: str) -> None:
        self._widgets().status.show_text(Text(text, no_wrap=True, overflow="ellipsis"))

    def focus_decision(self) -> None:
        """The decision list gets the focus, unless the person is choosing on the map."""
        choices = self.query_one("#choices", ChoiceList)
        on_map = self.focused is self._widgets().map and bool(self._widgets().map.targets)
        if not on_map and self.focused is not choices:
            choices.focus()

    # ------------------------------------------------------------------------------------ choosing
    def ask_first(self, action: Action) -> bool:
        if not self._ends_turn(action):
            return False
        dialog = ChoiceDialog(t("End your turn?"), [(t("Yes, end my turn"), action)])
        self.app.push_screen(dialog, self._confirmed)
        return True

    def _ends_turn(self, action: Action) -> bool:
        trial = self.state.clone()
        trial.apply(action)
        return trial.turn != self.state.turn or trial.is_over

    def _chosen(self, action: Action | None) -> None:
        if action is not None:
            self.choose(action)

    def _confirmed(self, action: Action | None) -> None:
        if action is not None and self.human_to_decide():
            self._apply(action)

    def announce(self, action: Action) -> str:
        """A decision chosen on the map is said in words, with the undo key."""
        said = action_text(self.state, action, self.session.names()) if self._from_map else ""
        self._from_map = False
        return t("From the map: {action} (u undoes it)").format(action=said) if said else ""

    def choose_among(self, choice: Choice, title: str = "") -> None:
        """A prompt line or map target: one action at once, several through the fitting dialog."""
        if len(choice.actions) == 1:
            self.choose(choice.actions[0])
            return
        s, names, acts = self.state, self.session.names(), list(choice.actions)
        if choice.dialog == "quantity":
            dialog = quantity_dialog(s, acts, names)
        elif choice.dialog == "payment":
            dialog = payment_dialog(s, acts, names)
        elif choice.dialog == "overflow":
            dialog = overflow_dialog(s, acts, names)
        elif choice.dialog == "move":
            dialog = ChoiceDialog(*move_options(s, acts))
        else:
            dialog = pick_dialog(s, title or choice.label, acts, names)
        self.app.push_screen(dialog, self._chosen)

    def on_prompt_panel_chosen(self, message: PromptPanel.Chosen) -> None:
        self._from_map = False
        self.choose_among(message.choice)

    def on_map_view_target_chosen(self, message: MapView.TargetChosen) -> None:
        target: Target = message.target
        self._from_map = True
        self.choose_among(Choice(self._widgets().map.describe_cursor(prefix=False), target.actions, "pick"))

    def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
        w = self._widgets()
        text = message.text
        room = w.map_status.content_region.width
        if Text(text).cell_len > room:  # the price in letters, then the least telling parts left out: never cut
            text = w.map.describe_cursor(short=True, width=room)
        w.map_status.show_text(Text(text, no_wrap=True, overflow="ellipsis"))
        if message.by_player and message.key is not None:
            self._widgets().prompt.select_key(message.key)

    def on_map_view_back(self, _message: MapView.Back) -> None:
        self.query_one("#choices", ChoiceList).focus()

    def on_prompt_panel_highlighted(self, message: PromptPanel.Highlighted) -> None:
        w = self._widgets()
        if w.map.display:
            w.map.light(action_keys(message.choice.actions))
        elif w.map_list.display:
            w.map_list.light(action_keys(message.choice.actions))
        slots = {a.slot for a in message.choice.actions if isinstance(a, Purchase)}
        slot = slots.pop() if len(slots) == 1 else None
        w.market.select(slot)
        w.market_c.select(slot)
        w.market_b.select(slot)

    # ------------------------------------------------------------------------------------ actions
    def action_play_card(self, index: int) -> None:
        seat = self.viewer()
        if seat is None or not self.human_to_decide():
            self.app.bell()
            return
        cards = hand_cards(self.state, seat)
        if index >= len(cards):
            self.app.bell()
            return
        plays = plays_for(self.state, cards[index], self.legal())
        if not plays:
            self.notify(t("That card cannot be played now."), severity="warning")
            return
        self.choose_among(Choice(t("Play it as"), tuple(plays), "pick"), t("Play it as"))

    def action_done(self) -> None:
        if self.human_to_decide() and Done() in self.legal():
            warning = done_warning(self.state, self.legal())
            if warning:  # something useful is left: ask first (an ended action can still be undone)
                question = t("{done}? Still possible: {what}.").format(done=done_text(self.state), what=warning)
                self.app.push_screen(ChoiceDialog(question, [(t("Yes, end it (u undoes it)"), Done())]), self._chosen)
                return
            self.choose(Done())
        else:
            self.app.bell()

    def suggest(self, view: GameState, legal: list[Action], seed: int) -> tuple[Action, str]:
        """The normal bot (its explanation when it has one)."""
        import random

        from tui.bots import available, make_bot

        names = available(self.session.game)
        name = "normal" if "normal" in names else ("greedy" if "greedy" in names else "random")
        bot = make_bot(name, self.session.game)
        rng = random.Random(seed)
        explain = getattr(bot, "explain", None)
        if callable(explain):
            ranked = list(explain(view, legal, rng))
            if ranked:
                lines = hint_lines(view, ranked[:3])
                # the best choice on the header's own line: a hint box of one row (the team game at 120x36)
                # still shows the suggestion, the rest scrolls below it
                head = t("The {bot} bot suggests:").format(bot=name) + " " + lines[0]
                return ranked[0][0], "\n".join([head, *lines[1:]])
        action = bot.choose(view, legal, rng)
        words = action_text(view, action, None)
        return action, t("The {bot} bot would choose: {action}").format(bot=name, action=words)

    def show_hint(self, text: str) -> None:
        self.query_one("#prompt", PromptPanel).set_hint(text)

    def highlight(self, action: Action) -> None:
        self.query_one("#prompt", PromptPanel).highlight(action)

    def action_toggle_map(self) -> None:
        drawing = self.query_one("#map", MapView).display
        self.map_drawing = not drawing
        if self.compact:
            self.view = "map"
        self._apply_layout(self.app.size.width, self.app.size.height)
        self.refresh_panels()

    def action_gods(self) -> None:
        self.app.push_screen(GodsScreen(self.state, self.session.names(),
                                        source=lambda: (self.session.version, self.state)))

    # ------------------------------------------------------------------------------------ forum (Salsa)
    def _place_forum(self, height: int) -> None:
        """Wide layout with the forum: from 50 rows the forum panel under the market; below, the forum takes the
        map's place while ``f`` is on or while the viewer keeps or takes a forum card. The right column stays as
        without the forum, so the decision list keeps its rows (issue 18 playtest: in the market's place the
        forum left 2-3 choice rows at 120x36); the map is of no use while a forum card is kept or taken."""
        forum = self.state.config.forum
        taking = self.human_to_decide() and self.state.decision in ("keep", "forumtake")
        beside = forum and height >= FORUM_BESIDE_MARKET
        self.query_one("#forum", ForumPanel).set_class(not beside, "off")
        self.set_class(forum and not beside and not self.compact and (self.forum_wide or taking), "forum-left")

    def _forum_view_while_taking(self) -> None:
        """Compact layout: the forum view shows itself while the person keeps a patrician or takes a forum card
        (the decision rows have room for the names only), and the view before it comes back after."""
        s = self.state
        taking = s.config.forum and self.human_to_decide() and s.decision in ("keep", "forumtake")
        if taking and self._view_before_forum is None and self.view != "forum":
            self._view_before_forum = self.view
            self.view = "forum"
            self._apply_layout(self.app.size.width, self.app.size.height)
        elif not taking and self._view_before_forum is not None:
            if self.view == "forum":
                self.view = self._view_before_forum
                self._apply_layout(self.app.size.width, self.app.size.height)
            self._view_before_forum = None

    def _market_view_while_buying(self) -> None:
        """Board layout: the market takes the map's place while the person buys a card (Senator, Consul,
        Mercator's partner...), so every card's cost and action is in view; the view before it comes back after."""
        buying = (self.board_layout and not self.has_class("market-beside") and self.human_to_decide()
                  and self.state.decision == "buy")
        if buying and self._view_before_market is None and self.view != "market":
            self._view_before_market = self.view
            self.view = "market"
            self._apply_layout(self.app.size.width, self.app.size.height)
        elif not buying and self._view_before_market is not None:
            if self.view == "market":
                self.view = self._view_before_market
                self._apply_layout(self.app.size.width, self.app.size.height)
            self._view_before_market = None

    def _show_forum(self, panel: ForumPanel, seat: int | None, compact: bool) -> None:
        session = self.session
        seats = [e.seat for e in session.log]
        actions = [session.actions[e.index] for e in session.log]
        border = panel.id == "forum-c" and not self.compact  # in the map's place: deck and legend in the border
        panel.show(self.state, session.names(), seat, used_citizens(actions, seats), session.version, compact,
                   border=border)
        if panel.id == "forum-c":
            view = self.query_one("#forum-view")
            view.border_title = f"{t('Forum')}: {forum_head(self.state)}" if border else t("Forum")
            view.border_subtitle = render_legend() if border else ""

    def action_forum(self) -> None:
        """``f``: the forum view (compact), or the forum in the map's place (wide, below 50 rows)."""
        if not self.state.config.forum:
            self.app.bell()
            return
        if self.compact:
            self.action_view("forum")
            return
        self.forum_wide = not self.forum_wide
        self._apply_layout(self.app.size.width, self.app.size.height)
        self.refresh_panels()
