"""The app a friend gets over SSH: the lobby of the server's tables, and each table in the game's own screen.

``concordia serve`` runs ``python -m tui.serve.remote`` on each connection's pty (with the connection's
``--lang``/``--ascii``). The lobby lists the open tables (game, status, seats: free / a person, online or not /
a bot with its level); **N** creates a table (any game of the registry, seats such as ``me,free,bot:random``,
options such as ``variant=venus-team``),
**Enter** takes the first free seat of an open table or opens a started table you sit at, **W** watches,
**S** starts (the host), **P** plays alone or at one keyboard (the full app's title screen, on the same
terminal), **Q** quits. A table you sit at opens by itself when its host starts it.

A table is drawn by the game's own screen (``GameUI.screen``) over a ``RemoteSession``: the seat's view only,
the legal actions only when the seat decides, decisions and undo sent to the server, every update redrawing
the screen. Spectators get the public view. Only a view the game cannot rebuild falls back to ``TableScreen``,
the plain list of decisions.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Input, OptionList, Static

from engine.core import games
from engine.core.errors import GameError
from tui.app import ConcordiaApp
from tui.i18n import N_, t, t_for
from tui.settings import THEMES
from tui.widgets.footer import FittingFooter

from .client import TableClient
from .remote_session import RemoteSession
from .table_menu import ChatLine, TableMenu
from .tables import TableError

DEFAULT_SEATS = "me,free,bot:random,bot:random"


def seats_text(seats: list[dict[str, Any]], width: int = 0) -> str:
    """The seats as one text, ``Anna, frei, Bot (random)``; with ``width``, broken into lines of at most that
    many characters between seats (a lobby row at 80 columns shows every seat whole)."""
    parts = seat_words(seats)
    if width <= 0:
        return ", ".join(parts)
    lines: list[str] = []
    for i, part in enumerate(parts):
        piece = part + ("," if i < len(parts) - 1 else "")
        if lines and len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return "\n".join(lines)


def seat_words(seats: list[dict[str, Any]]) -> list[str]:
    """Each seat in words: free, a person (away or not), a bot with its level, a person's seat a bot plays."""
    parts = []
    for s in seats:
        if s["kind"] == "free":
            parts.append(t("free"))
        elif s["kind"] == "bot" and s.get("held"):  # a person's seat a bot plays until they take it back
            away = "" if s.get("online") else ", " + t("away")
            parts.append(f"{s['name']} ({t('bot')} {t(str(s.get('bot')))}{away})")
        elif s["kind"] == "bot":
            parts.append(f"{t('bot')} ({t(str(s.get('bot')))})")  # the level in words: easy, leicht
        else:
            parts.append(s["name"] + ("" if s.get("online") else " (" + t("away") + ")"))
    return parts


def sentence(text: str) -> str:
    """The server's refusals begin in lower case (a reply, as a command line prints it); shown alone, they
    begin as a sentence."""
    return text[:1].upper() + text[1:]


def chat_text(msg: dict[str, Any]) -> str:
    """A chat line as shown: ``2 Bert: hello`` (a spectator's without a number); the server made it plain."""
    seat = msg.get("seat")
    who = f"{int(seat) + 1} " if isinstance(seat, int) else ""
    return f"{who}{msg.get('name', '?')}: {msg.get('text', '')}"


def status_text(status: str) -> str:
    return {"open": t("open"), "playing": t("playing"), "finished": t("finished")}.get(status, status)


def parse_options(text: str) -> dict[str, Any]:
    """``variant=venus-team map=italia`` as the game's config fields (numbers and true/false as such)."""
    out: dict[str, Any] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq or not key:
            raise TableError(t("an option is NAME=VALUE, not {word}").format(word=repr(word[:30])))
        out[key] = int(value) if value.isdigit() else {"true": True, "false": False}.get(value.lower(), value)
    return out


NewTable = tuple[str, list[str], dict[str, Any], int]
"""What the new-table form answers: game, seats, options, turn timer in seconds (0: none)."""


class NewTableScreen(ModalScreen[NewTable | None]):
    """Asks for the game, the seats, the options (the game's config fields) and the turn timer of a new table."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="new-table"):
            yield Static(t("Game ({games}):").format(games=", ".join(games.ids())))
            yield Input(games.DEFAULT, id="game")
            yield Static(t("Seats (me, free, bot:LEVEL), comma-separated:"))
            yield Input(DEFAULT_SEATS, id="seats")
            yield Static(t("Options (such as variant=venus-team map=italia), may stay empty:"))
            yield Input("", id="options")
            yield Static(t("Turn timer in minutes (then a bot plays until the person is back), may stay empty:"))
            yield Input("", id="timer", restrict=r"[0-9]*", max_length=5)
            yield Static("", id="new-error", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        game = self.query_one("#game", Input).value.strip()
        seats = [s.strip() for s in self.query_one("#seats", Input).value.split(",") if s.strip()]
        if game not in games.ids():
            self.query_one("#new-error", Static).update(t("unknown game {game}").format(game=repr(game[:30])))
            return
        try:
            options = parse_options(self.query_one("#options", Input).value)
        except TableError as exc:
            self.query_one("#new-error", Static).update(str(exc))
            return
        minutes = self.query_one("#timer", Input).value.strip()
        self.dismiss((game, seats, options, int(minutes) * 60 if minutes else 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class LobbyScreen(Screen[None]):
    """The server's tables."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New table"), Binding("w", "watch", "Watch"), Binding("s", "start", "Start"),
        Binding("r", "refresh", "Refresh", show=False),  # the lobby updates by itself; R stays for the habit
        Binding("p", "play_alone", "Play alone"), Binding("q", "quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, Any]] = []
        self.refusal = ""
        """Why this key may not create a table now (the server's limits), or ""."""

    def compose(self) -> ComposeResult:
        yield Static(t("Tables on this server"), id="lobby-title")
        yield Static("", id="lobby-online", markup=False)  # who is on the server: names, never markup
        yield Static("", id="lobby-message", markup=False)  # above the list, seen however long it is; it quotes
        table = DataTable[str](id="lobby-tables", cursor_type="row")  # refusals and names
        table.add_columns(t("Game"), t("Status"), t("Seats"))
        yield table
        yield FittingFooter()

    @property
    def remote(self) -> RemoteApp:
        app = self.app
        assert isinstance(app, RemoteApp)
        return app

    async def on_mount(self) -> None:
        await self.action_refresh()

    _said = ""
    """The message line's text."""

    def say(self, text: str) -> None:
        self._said = text = sentence(text)
        self.query_one("#lobby-message", Static).update(text)

    async def on_screen_resume(self) -> None:
        """Back from a table: what the line said before it opened ("you sit at seat 2 ...") is old news."""
        if self._said:
            self.say("")
            await self.action_refresh()

    async def action_refresh(self) -> None:
        try:
            reply = await self.remote.client.request("list")
        except TableError as exc:
            self.say(str(exc))
            return
        with contextlib.suppress(NoMatches):  # the app closed while the list was on its way: nothing to draw
            self._show(reply)

    _width = 0
    """The width the seats column was broken into lines for (``_rows``)."""

    def on_resize(self) -> None:
        """The seats column is broken into lines for the width: drawn again for a new one."""
        if self.tables and self.app.size.width != self._width:
            self.call_after_refresh(self._rows)

    def _show(self, reply: dict[str, Any]) -> None:
        self.tables = reply["tables"]
        self.refusal = str(reply.get("can_create", ""))
        people = [str(p) for p in reply.get("online", [])]
        self.query_one("#lobby-online", Static).update(
            t("On the server now: {names}").format(names=", ".join(people)) if people else "")
        self._rows()
        empty = t("No tables yet: N creates one.")
        if not self.tables:
            self.say(empty)
        elif self._said in ("", empty):  # the notice of an empty lobby must not outlive it
            self.say(t("Enter takes a free seat of the selected table (or opens it); N creates a table."))

    def _rows(self) -> None:
        """The tables' rows, each seat whole: the seats column broken into lines for the width there is."""
        table = self.query_one("#lobby-tables", DataTable)
        self._width = self.app.size.width
        row = table.cursor_row
        table.clear()
        titles = [str(tb["title"]) for tb in self.tables]
        states = [t("{status} ({n} decisions)").format(status=status_text(tb["status"]), n=tb["decisions"])
                  for tb in self.tables]
        headers = (t("Game"), t("Status"))
        frame = table.styles.gutter.width + table.styles.scrollbar_size_vertical  # the border (ASCII), a scrollbar

        def room_left() -> int:  # for the seats, beside the other two columns (each cell has 2 of padding)
            used = sum(max(len(line) for cell in [h, *col] for line in cell.split("\n")) + 2
                       for h, col in zip(headers, (titles, states), strict=True))
            return self._width - frame - used - 2

        if room_left() < 24:  # narrow: "playing" above "(169 decisions)"
            states = [state.replace(" (", "\n(", 1) for state in states]
        room = max(10, room_left())
        for tb, title, state in zip(self.tables, titles, states, strict=True):
            seats = seats_text(tb["seats"], room)
            table.add_row(Text(title), Text(state),  # cells are text: names and titles never parsed as markup
                          Text(seats), key=tb["id"], height=max(seats.count("\n"), state.count("\n")) + 1)
        if self.tables and row is not None and 0 < row < len(self.tables):
            table.move_cursor(row=row)

    def selected(self) -> dict[str, Any] | None:
        table = self.query_one("#lobby-tables", DataTable)
        if not self.tables or table.cursor_row is None or not 0 <= table.cursor_row < len(self.tables):
            return None
        return self.tables[table.cursor_row]

    def action_new(self) -> None:
        if self.refusal:  # a limit is reached: said at once, not after the form
            self.refuse(self.refusal)
            return
        self.app.push_screen(NewTableScreen(), self._create)

    def refuse(self, why: str) -> None:
        """A refusal on the message line and as a notice (seen wherever the cursor is)."""
        self.say(why)
        self.notify(sentence(why), severity="warning", markup=False)

    async def _create(self, answer: NewTable | None) -> None:
        if answer is None:
            return
        game, seats, options, timer = answer
        try:
            reply = await self.remote.client.request("create", game=game, seats=seats, options=options, timer=timer)
        except TableError as exc:
            self.refuse(str(exc))
            return
        self.remote.seated.add(reply["table"])
        await self.action_refresh()
        self.say(t("Your table is open: friends take its free seats, then S starts it."))

    async def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        tb = self.selected()
        if tb is None:
            return
        mine = tb["id"] in self.remote.seated
        free = next((i for i, s in enumerate(tb["seats"]) if s["kind"] == "free"), None)
        try:
            if not mine and tb["status"] == "open" and free is not None:
                await self.remote.client.request("sit", table=tb["id"], seat=free)
                self.remote.seated.add(tb["id"])
                await self.action_refresh()
                self.say(t("You sit at seat {n}; the game opens when the host starts it.").format(n=free + 1))
                return
            await self.remote.client.request("watch", table=tb["id"])
        except TableError as exc:
            self.say(str(exc))
            return
        if tb["status"] == "open":
            self.say(t("The game opens when the host starts it."))
            return
        self.remote.open_by_player(tb["id"])

    async def action_watch(self) -> None:
        tb = self.selected()
        if tb is None:
            return
        try:
            await self.remote.client.request("watch", table=tb["id"])
        except TableError as exc:
            self.say(str(exc))
            return
        self.remote.open_by_player(tb["id"])

    async def action_start(self) -> None:
        tb = self.selected()
        if tb is None:
            return
        try:
            await self.remote.client.request("start", table=tb["id"])
        except TableError as exc:
            self.say(str(exc))
            return
        await self.action_refresh()
        self.remote.open_by_player(tb["id"])

    def action_play_alone(self) -> None:
        self.remote.play_alone = True
        self.app.exit()

    def action_quit(self) -> None:
        self.app.exit()


class TableScreen(Screen[None]):
    """A table as the plain list of its decisions: only for a view the game's own screen cannot draw."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"), Binding("escape", "back", "Lobby"),
    ]

    def __init__(self, table: str) -> None:
        super().__init__()
        self.table = table
        self.shown = -1

    def compose(self) -> ComposeResult:
        yield Static("", id="table-status", markup=False)  # names and titles: text, never markup
        yield OptionList(id="table-actions")
        yield Static("", id="table-mine", markup=False)
        yield FittingFooter()

    @property
    def remote(self) -> RemoteApp:
        app = self.app
        assert isinstance(app, RemoteApp)
        return app

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        """Draw the newest update of this table (called whenever one arrives)."""
        u = self.remote.client.latest.get(self.table)
        if u is None:
            self.query_one("#table-status", Static).update(t("Waiting for the server ..."))
            return
        seat, deciding = u["seat"], u["deciding"]
        lobby = u.get("lobby", {})
        who = t("you") if deciding is not None and deciding == seat else (
            lobby.get("seats", [{}] * 9)[deciding].get("name", f"seat {deciding + 1}")
            if deciding is not None else "-")
        state = t("finished") if u["over"] else t("playing") if u["started"] else t("waiting for the host to start")
        role = t("spectator") if seat is None else t("seat {n}").format(n=seat + 1)
        self.query_one("#table-status", Static).update(
            f"{lobby.get('title', u['game'])} - {role} - {state} - "
            + t("decision {n} - to decide: {who}").format(n=u["decisions"], who=who) + "\n"
            + t("Seats: {seats}").format(seats=seats_text(lobby.get("seats", []))))
        if u["decisions"] != self.shown or not u["legal"]:
            actions = self.query_one("#table-actions", OptionList)
            actions.clear_options()
            actions.add_options([Text(str(a)) for a in u["legal"] or []])
            self.shown = u["decisions"]
        mine = u.get("mine", [])
        self.query_one("#table-mine", Static).update(t("Your decisions: ") + (", ".join(mine[-8:]) or "-"))

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        try:
            await self.remote.client.request("act", table=self.table, action=str(event.option.prompt))
        except TableError as exc:
            self.notify(sentence(str(exc)), severity="warning", markup=False)

    async def action_undo(self) -> None:
        try:
            await self.remote.client.request("undo", table=self.table)
        except TableError as exc:
            self.notify(sentence(str(exc)), severity="warning", markup=False)

    def action_back(self) -> None:
        self.app.pop_screen()


class RemoteApp(ConcordiaApp):
    """The per-connection app of ``concordia serve``: the lobby, and each table in its game's own screen.

    It is the app itself (settings, language, ASCII mode, styles, the "too small" guard) started on the
    lobby instead of the title screen; nothing of a remote table is saved here (the server saves it).
    """

    TITLE = "Concordia serve"
    CSS_PATH = str(Path(__file__).resolve().parent.parent / "app.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "table_menu", N_("Table")), Binding("c", "chat", N_("Chat")),
        Binding("c", "chat_unlisted", N_("Chat"), show=False),  # C where the footer has no room for it
    ]

    def __init__(self, client: TableClient, seated: list[str], settings: Any = None) -> None:
        super().__init__(settings=settings, install_signals=False, save_settings=False)
        self.client = client
        self.seated = set(seated)
        self.sessions: dict[str, RemoteSession] = {}
        """The tables open in a game screen, by table id (once the screen is built)."""
        self._opening: dict[str, RemoteSession] = {}
        """Tables whose game screen is being built (``_open``), by table id."""
        self.play_alone = False
        """The player chose to play alone: the full app follows on the same terminal."""
        self._lobby_due = False
        self._redraw_due: set[str] = set()
        self._backed_out: set[str] = set()
        """Running tables of ours the player went back to the lobby from: not opened again by an update."""
        self._chat_unlisted = False
        self._closed_here: set[str] = set()
        """Tables this app's player closed (they are told so once, not also by the server's notice)."""
        """The footer has no room for "c Chat" (``_fit_footer``): C works, T's menu names it."""

    def on_mount(self, event: Any) -> None:
        event.prevent_default()  # not the title screen of ConcordiaApp.on_mount
        self.screen_change_signal.subscribe(self, self._on_screen_change)
        self.push_screen(LobbyScreen())
        self.run_worker(self._pump(), exclusive=False)
        self.run_worker(self._lobby_watch(), exclusive=False)
        self.run_worker(self._words_watch(), exclusive=False)
        self.run_worker(self._chat_watch(), exclusive=False)

    async def _chat_watch(self) -> None:
        """Each chat line of a table we follow, as a notice over whatever screen is up (plain text)."""
        while True:
            msg = await self.client.chat_lines.get()
            self.notify(chat_text(msg), title=t("Table chat (C answers)"), timeout=12, markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """C (chat) is for a table's screen: not offered in the lobby (its keys must fit 80 columns); on a
        footer without room for it (``_fit_footer``) C stays, unlisted."""
        if action in ("chat", "chat_unlisted") and isinstance(self.screen, LobbyScreen):
            return False
        if action == "chat" and self._chat_unlisted:
            return False
        return super().check_action(action, parameters)

    def _on_screen_change(self, screen: Screen[Any]) -> None:
        super()._on_screen_change(screen)
        self.call_after_refresh(self._fit_footer)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_footer)

    def _fit_footer(self) -> None:
        """Every key of the footer whole on one line: a game screen's own keys plus T and C may need more
        columns than the terminal has (German Concordia at 80 columns: 93). Then the footer goes compact (one
        space less per key), and if that is still too wide, C leaves the footer (it still works; T's menu and
        each chat notice name it)."""
        stack = self.screen_stack
        footers = list(stack[-1].query(FittingFooter)) if stack else []
        if not footers:
            return
        footer = footers[0]
        keys = [k for k in footer.query("FooterKey") if k.display]  # Textual's footer items (not exported)
        items = [len(str(getattr(k, "key_display", ""))) + len(str(getattr(k, "description", ""))) for k in keys]
        items += [len(key) + len(description) for key, description in footer.left_out]  # left out for room
        if self._chat_unlisted and not isinstance(stack[-1], LobbyScreen):
            items.append(len("c") + len(t("Chat")))  # the key the footer would show again
        width = self.size.width  # the footer spans the screen (its own size may be the old one at a resize)
        compact = sum(n + 3 for n in items) > width
        unlisted = compact and sum(n + 2 for n in items) > width
        footer.compact = compact
        if unlisted != self._chat_unlisted:
            self._chat_unlisted = unlisted
            self.refresh_bindings()

    async def action_chat_unlisted(self) -> None:
        await self.action_chat()

    async def action_chat(self) -> None:
        """C: say a line at the table on screen (the lobby: the selected one, if you follow it)."""
        if isinstance(self.screen, (ChatLine, TableMenu)):
            return
        table = self.current_table()
        if table is None:
            self.notify(t("No table selected."), severity="warning")
            return
        title = str((self.client.latest.get(table) or {}).get("lobby", {}).get("title", ""))
        recent = [chat_text(m) for m in self.client.chat if m.get("table") == table]
        self.push_screen(ChatLine(title, recent), lambda text: self._say(table, text))

    async def _say(self, table: str, text: str | None) -> None:
        if not text or not text.strip():
            return
        try:
            await self.client.request("say", table=table, text=text)
        except TableError as exc:
            self.notify(sentence(str(exc)), severity="warning", markup=False)

    async def _words_watch(self) -> None:
        """The server worded the log of a table we joined late: its screen's log reads in words."""
        while True:
            await self.client.words_ready.wait()
            self.client.words_ready.clear()
            for table in list(self.client.words):
                session = self.sessions.get(table) or self._opening.get(table)
                if session is not None:
                    session.take_words(self.client.words.pop(table))
                    if session.on_change is not None:
                        session.on_change()

    async def _lobby_watch(self) -> None:
        """The server says the list of tables changed: a lobby on screen shows it (no R needed)."""
        while True:
            await self.client.lobby_changed.wait()
            self.client.lobby_changed.clear()
            self._lobby_soon()

    def _lobby_soon(self) -> None:
        if isinstance(self.screen, LobbyScreen) and not self._lobby_due:
            self._lobby_due = True
            self.set_timer(0.1, self._refresh_lobby)

    async def _pump(self) -> None:
        """Every update of the tables this connection follows: to its game screen, the lobby or the list."""
        while True:
            waiting = [await self.client.updates.get()]
            while not self.client.updates.empty():  # behind (a slow terminal, bots in a hurry): draw the newest
                waiting.append(self.client.updates.get_nowait())
            for u in waiting:
                self._take(u)

    def _take(self, u: dict[str, Any]) -> None:
        """One update: into its table's session (its screen redraws once for a burst), else the lobby or list."""
        table = str(u.get("table"))
        if u.get("event") == "closed":
            self._table_closed(table, str(u.get("words") or u.get("reason", "")))
            return
        session = self.sessions.get(table) or self._opening.get(table)
        if session is not None:
            was_bot = session.viewer is not None and session.is_bot(session.viewer)
            try:
                session.receive(u, redraw=False)
            except (GameError, KeyError, TypeError, ValueError) as exc:
                self.notify(t("A bad update of the table: {error}").format(error=exc), severity="error")
                return
            if session.viewer is not None and session.is_bot(session.viewer) and not was_bot:
                self.notify(t("A bot plays your seat now: T takes it back."), severity="warning", timeout=15)
            if table not in self._redraw_due:  # bots deciding in a hurry: the screen draws the newest state once
                self._redraw_due.add(table)
                self.call_later(self._redraw_table, table)
            return
        screen = self.screen
        if isinstance(screen, TableScreen) and screen.table == table and screen.is_mounted:
            with contextlib.suppress(NoMatches):  # an update that arrives while the screen is being built
                screen.show()
            return
        if (table in self.seated and table not in self._backed_out and u.get("started") and not u.get("over")
                and isinstance(screen, LobbyScreen)):
            self.call_after_refresh(self.open_table, table)  # the host started a table we sit at
            return
        self._lobby_soon()

    def _redraw_table(self, table: str) -> None:
        self._redraw_due.discard(table)
        session = self.sessions.get(table)
        if session is not None and session.on_change is not None:
            session.on_change()

    async def _refresh_lobby(self) -> None:
        self._lobby_due = False
        stack = self.screen_stack  # empty when the timer fires while the app is closing
        if stack and isinstance(stack[-1], LobbyScreen):
            await stack[-1].action_refresh()

    def open_table(self, table: str) -> None:
        """Open the table in its game's own screen (the seat's view); the plain list if the view cannot be drawn.

        The screen is pushed by ``_open`` in the app's own message loop, which waits until the screen is built:
        so the app closes (a connection that hangs up, a test that ends) only before or after a screen is
        built, never while a game screen is half-mounted.
        """
        if table not in self.sessions and table not in self._opening:
            self.call_later(self._open, table)

    async def _open(self, table: str) -> None:
        if table in self.sessions or table in self._opening:  # asked twice before the first opened it
            return
        update = self.client.latest.get(table)
        try:
            if update is None:
                raise GameError("no update yet")
            session = RemoteSession(self.client, update)
            screen = session.ui.screen()(session, pace=self.settings.pace,
                                         confirm_end_turn=self.settings.confirm_end_turn)
        except (GameError, KeyError, TypeError, ValueError):
            await self.push_screen(TableScreen(table))
            return
        self._opening[table] = session  # updates arriving while the screen is built go to the session
        session.on_change = lambda: self._redraw(screen)
        session.on_refused = lambda why: self.notify(why, severity="warning", markup=False)  # the server's words: text
        drawn = session.version
        try:
            await self.push_screen(screen, callback=lambda _result: self._left_table(table))
        finally:
            self._opening.pop(table, None)
        self.sessions[table] = session
        if session.version != drawn:  # an update came while the screen was built
            self._redraw(screen)

    def _redraw(self, screen: Screen[Any]) -> None:
        """An update arrived: the game screen shows it, and offers the decision when it is this seat's."""
        if not screen.is_mounted:
            return
        with contextlib.suppress(NoMatches):  # the screen is still being built; its on_mount draws the newest
            screen.refresh_panels()  # type: ignore[attr-defined]
            screen.advance()  # type: ignore[attr-defined]

    def _left_table(self, table: str) -> None:
        """The player went back to the lobby: a seat of a running game stays theirs (Enter opens it again);
        a spectator, or anyone at a finished game, stops following it (a finished table nobody follows is
        archived)."""
        session = self.sessions.pop(table, None)
        update = session.update if session is not None else {}
        if session is not None and session.viewer is not None and not update.get("over"):
            self._backed_out.add(table)
        else:
            self.run_worker(self._request_quietly("leave", table=table), exclusive=False)
        if isinstance(self.screen, LobbyScreen):
            self.call_later(self.screen.action_refresh)

    async def _request_quietly(self, op: str, **fields: Any) -> None:
        with contextlib.suppress(TableError):
            await self.client.request(op, **fields)

    def open_by_player(self, table: str) -> None:
        """The player opens the table (Enter, W, S): updates may open it by themselves again."""
        self._backed_out.discard(table)
        self.open_table(table)

    def _table_closed(self, table: str, words: str) -> None:
        """The server closed a table we follow: its screen goes, the lobby says why (the server's words, in
        this connection's language)."""
        self.seated.discard(table)
        self._backed_out.discard(table)
        self._drop_screen(table)
        # (a finished table is archived only once nobody follows it: no screen of it is up to be told)
        if table not in self._closed_here:
            self.notify(words, severity="warning", markup=False)
        stack = self.screen_stack
        if stack and isinstance(stack[-1], LobbyScreen) and stack[-1].is_mounted:
            stack[-1].say("")  # "you sit at seat 2 ..." of that table is over (the list says what is now)
        self._lobby_soon()

    def _drop_screen(self, table: str) -> None:
        """Take the table's game screen (and whatever is above it) off the stack, without leaving the table."""
        session = self.sessions.pop(table, None) or self._opening.pop(table, None)
        stack = self.screen_stack
        for i, screen in enumerate(stack):
            mine = (session is not None and getattr(screen, "session", None) is session) or (
                isinstance(screen, TableScreen) and screen.table == table)
            if mine:
                for _ in range(len(stack) - i):
                    self.pop_screen()
                return

    def current_table(self) -> str | None:
        """The table the player looks at: the lobby's selected one, or the table of the game screen on top."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, LobbyScreen):
                tb = screen.selected()
                return None if tb is None else str(tb["id"])
            if isinstance(screen, TableScreen):
                return screen.table
            session = getattr(screen, "session", None)
            if isinstance(session, RemoteSession):
                return session.table
            if not isinstance(screen, ModalScreen):
                return None
        return None

    async def action_table_menu(self) -> None:
        """T: the table's seats (who is online) and what you may do there (take back, give to a bot, leave, close)."""
        if isinstance(self.screen, TableMenu):
            return
        table = self.current_table()
        if table is None:
            self.notify(t("No table selected."), severity="warning")
            return
        try:
            reply = await self.client.request("list")
        except TableError as exc:
            self.notify(sentence(str(exc)), severity="warning", markup=False)
            return
        summary = next((tb for tb in reply["tables"] if tb["id"] == table), None)
        if summary is None:
            self.notify(t("That table is gone."), severity="warning")
            return
        self.push_screen(TableMenu(summary), lambda choice: self._table_choice(table, summary, choice))

    async def _table_choice(self, table: str, summary: dict[str, Any], choice: Any) -> None:
        if choice is None:
            return
        op, fields = choice
        if op == "close":
            from tui.screens.confirm import ConfirmScreen

            question = t("Close the table {title}? Its game ends for everyone (the save is kept).")
            self.push_screen(ConfirmScreen(question.format(title=summary.get("title", ""))),
                             lambda yes: self._close_confirmed(table) if yes else None)
            return
        try:
            await self.client.request(op, table=table, **fields)
        except TableError as exc:
            self.notify(sentence(str(exc)), severity="warning", markup=False)
            return
        if op == "leave":
            self.seated.discard(table)
            self._drop_screen(table)
            self.notify(t("You left the table."))
        elif op == "take":
            self.seated.add(table)
            self.notify(t("Your seat is yours again."))
            if isinstance(self.screen, LobbyScreen):
                self.open_by_player(table)
        self._lobby_soon()

    async def _close_confirmed(self, table: str) -> None:
        self._closed_here.add(table)  # its "closed" notice is this one, whether or not this app followed it
        try:
            await self.client.request("close", table=table)
        except TableError as exc:
            self._closed_here.discard(table)
            self.notify(sentence(str(exc)), severity="warning", markup=False)
            return
        self.notify(t("You closed the table: its save is in the server's archive."))


async def _connect(settings: Any) -> tuple[TableClient, list[str]]:
    client = await TableClient.from_environment()
    hello = await client.request("hello", key=os.environ["CONCORDIA_SERVE_SEAT"],
                                 name=os.environ.get("CONCORDIA_SERVE_NAME", "guest"),
                                 lang=settings.language, ascii=bool(settings.ascii))
    return client, list(hello["seated"])


LOBBY_OPTIONS = {"--lang": True, "--ascii": False, "--theme": True, "--save-dir": True}
"""The options the server passes to the lobby (``app_command``, the web command), and whether each takes a value."""


def lobby_options(argv: list[str]) -> argparse.Namespace:
    """``--lang``, ``--ascii``, ``--theme`` and ``--save-dir`` from the lobby's command line (other words are left
    for the full app). Read by hand, not by ``argparse``: building a parser (with its gettext look-ups) in every
    connection's process wrote to over a megabyte of the pages it shares with the template
    (``tui/serve/forkserver.py``). ``ValueError`` for a missing value or a language other than en and de."""
    args = argparse.Namespace(lang=None, ascii=False, theme=None, save_dir=None)
    words = iter(argv)
    for word in words:
        name, eq, value = word.partition("=")
        takes = LOBBY_OPTIONS.get(name)
        if takes is None or (eq and not takes):
            continue
        if takes and not eq:
            value = next(words, None)  # type: ignore[assignment]
            if value is None:
                raise ValueError(f"{name} needs a value")
        if name == "--lang" and value not in ("en", "de"):
            raise ValueError(f"--lang {value[:20]!r}: choose en or de")
        if name == "--theme" and value not in THEMES:
            raise ValueError(f"--theme {value[:20]!r}: choose {', '.join(THEMES)}")
        setattr(args, name[2:].replace("-", "_"), value if takes else True)
    return args


def _settings(argv: list[str]) -> Any:
    """The app's settings with the connection's ``--lang`` and ``--ascii`` (``--save-dir`` is for playing alone)."""
    from tui.commands.play import settings_from

    return settings_from(lobby_options(argv))


def main() -> int:
    """Run the lobby; "play alone" then runs the full app on the same terminal (``play_alone``)."""
    import asyncio

    if "CONCORDIA_SERVE_SOCKET" not in os.environ or "CONCORDIA_SERVE_SEAT" not in os.environ:
        print("concordia: the lobby runs inside 'concordia serve' connections only", file=sys.stderr)
        return 2
    try:
        settings = _settings(sys.argv[1:])
    except ValueError as exc:
        print(f"concordia: {exc}", file=sys.stderr)
        return 2

    async def run() -> bool:
        try:
            client, seated = await _connect(settings)
        except (OSError, TableError) as exc:
            print("concordia: " + t_for(settings.language, N_("cannot reach the tables: {error}")).format(error=exc),
                  file=sys.stderr)
            return True
        app = RemoteApp(client, seated, settings)
        await app.run_async()
        await client.close()
        return app.play_alone

    if asyncio.run(run()):
        return play_alone(sys.argv[1:])
    return 0


def play_alone(argv: list[str]) -> int:
    """The full app on the same terminal, in this process (the lobby has ended and restored the terminal).

    Not ``exec``: a lobby forked from the template (``tui/serve/forkserver.py``) shares the imported code with
    it, and a fresh Python would import all of it again (about 43 MB instead of the lobby's 15). The app gets
    the lobby's command line (``--lang``, ``--ascii``, ``--save-dir``: the player's own saves) and environment
    (the player's own settings folder); when the player leaves it, the connection ends, as before."""
    import gc

    from tui import cli

    gc.collect()  # the lobby's screens and widgets, before the app builds its own
    args = cli.bare_args()  # what ``concordia`` makes of these options, without building its parser again
    vars(args).update(vars(lobby_options(argv)))
    return cli.run(args)


if __name__ == "__main__":
    sys.exit(main())
