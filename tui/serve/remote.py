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
from textual.widgets import DataTable, Footer, Input, OptionList, Static

from engine.core import games
from engine.core.errors import GameError
from tui.app import ConcordiaApp
from tui.i18n import t

from .client import TableClient
from .remote_session import RemoteSession
from .tables import TableError

DEFAULT_SEATS = "me,free,bot:random,bot:random"


def seats_text(seats: list[dict[str, Any]]) -> str:
    parts = []
    for s in seats:
        if s["kind"] == "free":
            parts.append(t("free"))
        elif s["kind"] == "bot":
            parts.append(f"{t('bot')} ({s.get('bot')})")
        else:
            parts.append(s["name"] + ("" if s.get("online") else " (" + t("away") + ")"))
    return ", ".join(parts)


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


class NewTableScreen(ModalScreen[tuple[str, list[str], dict[str, Any]] | None]):
    """Asks for the game, the seats and the options (the game's config fields) of a new table."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="new-table"):
            yield Static(t("Game ({games}):").format(games=", ".join(games.ids())))
            yield Input(games.DEFAULT, id="game")
            yield Static(t("Seats (me, free, bot:LEVEL), comma-separated:"))
            yield Input(DEFAULT_SEATS, id="seats")
            yield Static(t("Options (such as variant=venus-team map=italia), may stay empty:"))
            yield Input("", id="options")
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
        self.dismiss((game, seats, options))

    def action_cancel(self) -> None:
        self.dismiss(None)


class LobbyScreen(Screen[None]):
    """The server's tables."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New table"), Binding("w", "watch", "Watch"), Binding("s", "start", "Start"),
        Binding("r", "refresh", "Refresh"), Binding("p", "play_alone", "Play alone"), Binding("q", "quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        yield Static(t("Tables on this server"), id="lobby-title")
        table = DataTable[str](id="lobby-tables", cursor_type="row")
        table.add_columns(t("Game"), t("Status"), t("Seats"))
        yield table
        yield Static("", id="lobby-message", markup=False)  # it quotes refusals and names
        yield Footer()

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
        self._said = text
        self.query_one("#lobby-message", Static).update(text)

    async def action_refresh(self) -> None:
        try:
            reply = await self.remote.client.request("list")
        except TableError as exc:
            self.say(str(exc))
            return
        self.tables = reply["tables"]
        table = self.query_one("#lobby-tables", DataTable)
        row = table.cursor_row
        table.clear()
        for tb in self.tables:
            table.add_row(Text(str(tb["title"])),  # cells are text: names and titles never parsed as markup
                          Text(t("{status} ({n} decisions)").format(status=status_text(tb["status"]),
                                                                    n=tb["decisions"])),
                          Text(seats_text(tb["seats"])), key=tb["id"])
        if self.tables and row is not None and 0 < row < len(self.tables):
            table.move_cursor(row=row)
        empty = t("No tables yet: N creates one.")
        if not self.tables:
            self.say(empty)
        elif self._said in ("", empty):  # the notice of an empty lobby must not outlive it
            self.say(t("Enter takes a free seat of the selected table (or opens it); N creates a table."))

    def selected(self) -> dict[str, Any] | None:
        table = self.query_one("#lobby-tables", DataTable)
        if not self.tables or table.cursor_row is None or not 0 <= table.cursor_row < len(self.tables):
            return None
        return self.tables[table.cursor_row]

    def action_new(self) -> None:
        self.app.push_screen(NewTableScreen(), self._create)

    async def _create(self, answer: tuple[str, list[str], dict[str, Any]] | None) -> None:
        if answer is None:
            return
        game, seats, options = answer
        try:
            reply = await self.remote.client.request("create", game=game, seats=seats, options=options)
        except TableError as exc:
            self.say(str(exc))
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
        self.remote.open_table(tb["id"])

    async def action_watch(self) -> None:
        tb = self.selected()
        if tb is None:
            return
        try:
            await self.remote.client.request("watch", table=tb["id"])
        except TableError as exc:
            self.say(str(exc))
            return
        self.remote.open_table(tb["id"])

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
        self.remote.open_table(tb["id"])

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
        yield Footer()

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
            self.notify(str(exc), severity="warning")

    async def action_undo(self) -> None:
        try:
            await self.remote.client.request("undo", table=self.table)
        except TableError as exc:
            self.notify(str(exc), severity="warning")

    def action_back(self) -> None:
        self.app.pop_screen()


class RemoteApp(ConcordiaApp):
    """The per-connection app of ``concordia serve``: the lobby, and each table in its game's own screen.

    It is the app itself (settings, language, ASCII mode, styles, the "too small" guard) started on the
    lobby instead of the title screen; nothing of a remote table is saved here (the server saves it).
    """

    TITLE = "Concordia serve"
    CSS_PATH = str(Path(__file__).resolve().parent.parent / "app.tcss")

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

    def on_mount(self, event: Any) -> None:
        event.prevent_default()  # not the title screen of ConcordiaApp.on_mount
        self.screen_change_signal.subscribe(self, self._on_screen_change)
        self.push_screen(LobbyScreen())
        self.run_worker(self._pump(), exclusive=False)

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
        table = u["table"]
        session = self.sessions.get(table) or self._opening.get(table)
        if session is not None:
            try:
                session.receive(u, redraw=False)
            except (GameError, KeyError, TypeError, ValueError) as exc:
                self.notify(t("A bad update of the table: {error}").format(error=exc), severity="error")
                return
            if table not in self._redraw_due:  # bots deciding in a hurry: the screen draws the newest state once
                self._redraw_due.add(table)
                self.call_later(self._redraw_table, table)
            return
        screen = self.screen
        if isinstance(screen, TableScreen) and screen.table == table and screen.is_mounted:
            with contextlib.suppress(NoMatches):  # an update that arrives while the screen is being built
                screen.show()
            return
        if table in self.seated and u.get("started") and not u.get("over") and isinstance(screen, LobbyScreen):
            self.call_after_refresh(self.open_table, table)  # the host started a table we sit at
            return
        if isinstance(screen, LobbyScreen) and not self._lobby_due:
            self._lobby_due = True
            self.set_timer(0.3, self._refresh_lobby)

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
        session.on_refused = lambda why: self.notify(why, severity="warning")
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
        self.sessions.pop(table, None)
        if isinstance(self.screen, LobbyScreen):
            self.call_later(self.screen.action_refresh)


async def _connect() -> tuple[TableClient, list[str]]:
    client = await TableClient.from_environment()
    hello = await client.request("hello", key=os.environ["CONCORDIA_SERVE_SEAT"],
                                 name=os.environ.get("CONCORDIA_SERVE_NAME", "guest"))
    return client, list(hello["seated"])


def _settings(argv: list[str]) -> Any:
    """The app's settings with the connection's ``--lang`` and ``--ascii`` (``--save-dir`` is for playing alone)."""
    import argparse

    from tui.commands.play import settings_from

    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--lang", choices=("en", "de"))
    p.add_argument("--ascii", action="store_true")
    p.add_argument("--theme")
    p.add_argument("--save-dir")
    args, _rest = p.parse_known_args(argv)
    return settings_from(args)


def main() -> int:
    """Run the lobby; "play alone" replaces this process with the full app on the same terminal."""
    import asyncio

    if "CONCORDIA_SERVE_SOCKET" not in os.environ or "CONCORDIA_SERVE_SEAT" not in os.environ:
        print("concordia: the lobby runs inside 'concordia serve' connections only", file=sys.stderr)
        return 2
    settings = _settings(sys.argv[1:])

    async def run() -> bool:
        try:
            client, seated = await _connect()
        except (OSError, TableError) as exc:
            print(f"concordia: cannot reach the tables: {exc}", file=sys.stderr)
            return True
        app = RemoteApp(client, seated, settings)
        await app.run_async()
        await client.close()
        return app.play_alone

    if asyncio.run(run()):
        os.execv(sys.executable, [sys.executable, "-m", "tui.cli", *sys.argv[1:]])
    return 0


if __name__ == "__main__":
    sys.exit(main())
