"""The app a friend gets over SSH: the lobby of the server's tables and a remote table session.

``concordia serve`` runs ``python -m tui.serve.remote`` on each connection's pty. The lobby lists the open
tables (game, status, seats: free / a person, online or not / a bot with its level); **N** creates a table
(any game of the registry, seats such as ``me,free,bot:random``), **Enter** takes the first free seat of an
open table or opens a table you sit at, **W** watches, **S** starts (the host), **P** plays alone or at one
keyboard (the full app's title screen, on the same terminal), **Q** quits. A table screen shows whose
decision it is and, when it is yours, the legal actions the server sent (Enter decides, **U** undoes).

Everything a screen shows comes from the server's updates, which hold only this seat's view; the app never
has the game's full state. The game screens of the shell do not draw a remote table yet: the table screen
is the generic list of decisions, the same for every game.
"""

from __future__ import annotations

import os
import sys
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Input, OptionList, Static

from engine.core import games

from .client import TableClient
from .tables import TableError

DEFAULT_SEATS = "me,free,bot:random,bot:random"


def seats_text(seats: list[dict[str, Any]]) -> str:
    parts = []
    for s in seats:
        if s["kind"] == "free":
            parts.append("free")
        elif s["kind"] == "bot":
            parts.append(f"bot ({s.get('bot')})")
        else:
            parts.append(s["name"] + ("" if s.get("online") else " (away)"))
    return ", ".join(parts)


class NewTableScreen(ModalScreen[tuple[str, list[str]] | None]):
    """Asks for the game and the seats of a new table."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="new-table"):
            yield Static(f"Game ({', '.join(games.ids())}):")
            yield Input(games.DEFAULT, id="game")
            yield Static("Seats (me, free, bot:LEVEL), comma-separated:")
            yield Input(DEFAULT_SEATS, id="seats")
            yield Static("", id="new-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        game = self.query_one("#game", Input).value.strip()
        seats = [s.strip() for s in self.query_one("#seats", Input).value.split(",") if s.strip()]
        if game not in games.ids():
            self.query_one("#new-error", Static).update(f"unknown game {game[:30]!r}")
            return
        self.dismiss((game, seats))

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
        yield Static("Tables on this server", id="lobby-title")
        table = DataTable[str](id="lobby-tables", cursor_type="row")
        table.add_columns("Game", "Status", "Seats")
        yield table
        yield Static("", id="lobby-message")
        yield Footer()

    @property
    def remote(self) -> RemoteApp:
        app = self.app
        assert isinstance(app, RemoteApp)
        return app

    async def on_mount(self) -> None:
        await self.action_refresh()

    def say(self, text: str) -> None:
        self.query_one("#lobby-message", Static).update(text)

    async def action_refresh(self) -> None:
        try:
            reply = await self.remote.client.request("list")
        except TableError as exc:
            self.say(str(exc))
            return
        self.tables = reply["tables"]
        table = self.query_one("#lobby-tables", DataTable)
        table.clear()
        for t in self.tables:
            table.add_row(t["title"], f"{t['status']} ({t['decisions']} decisions)", seats_text(t["seats"]),
                          key=t["id"])
        if not self.tables:
            self.say("No tables yet: N creates one.")

    def selected(self) -> dict[str, Any] | None:
        table = self.query_one("#lobby-tables", DataTable)
        if not self.tables or table.cursor_row is None or not 0 <= table.cursor_row < len(self.tables):
            return None
        return self.tables[table.cursor_row]

    def action_new(self) -> None:
        self.app.push_screen(NewTableScreen(), self._create)

    async def _create(self, answer: tuple[str, list[str]] | None) -> None:
        if answer is None:
            return
        game, seats = answer
        try:
            reply = await self.remote.client.request("create", game=game, seats=seats)
        except TableError as exc:
            self.say(str(exc))
            return
        await self.action_refresh()
        self.remote.open_table(reply["table"])

    async def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        t = self.selected()
        if t is None:
            return
        mine = t["id"] in self.remote.seated
        free = next((i for i, s in enumerate(t["seats"]) if s["kind"] == "free"), None)
        try:
            if not mine and t["status"] == "open" and free is not None:
                await self.remote.client.request("sit", table=t["id"], seat=free)
                self.remote.seated.add(t["id"])
            else:
                await self.remote.client.request("watch", table=t["id"])
        except TableError as exc:
            self.say(str(exc))
            return
        self.remote.open_table(t["id"])

    async def action_watch(self) -> None:
        t = self.selected()
        if t is None:
            return
        try:
            await self.remote.client.request("watch", table=t["id"])
        except TableError as exc:
            self.say(str(exc))
            return
        self.remote.open_table(t["id"])

    async def action_start(self) -> None:
        t = self.selected()
        if t is None:
            return
        try:
            await self.remote.client.request("start", table=t["id"])
        except TableError as exc:
            self.say(str(exc))
            return
        await self.action_refresh()

    def action_play_alone(self) -> None:
        self.app.exit(result="play")

    def action_quit(self) -> None:
        self.app.exit()


class TableScreen(Screen[None]):
    """One table as this seat sees it: whose decision it is, and the legal actions when it is ours."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"), Binding("escape", "back", "Lobby"),
    ]

    def __init__(self, table: str) -> None:
        super().__init__()
        self.table = table
        self.shown = -1

    def compose(self) -> ComposeResult:
        yield Static("", id="table-status")
        yield OptionList(id="table-actions")
        yield Static("", id="table-mine")
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
            self.query_one("#table-status", Static).update("Waiting for the server ...")
            return
        seat, deciding = u["seat"], u["deciding"]
        lobby = u.get("lobby", {})
        who = "you" if deciding is not None and deciding == seat else (
            lobby.get("seats", [{}] * 9)[deciding].get("name", f"seat {deciding + 1}")
            if deciding is not None else "-")
        state = "finished" if u["over"] else "playing" if u["started"] else "waiting for the host to start"
        role = "spectator" if seat is None else f"seat {seat + 1}"
        self.query_one("#table-status", Static).update(
            f"{lobby.get('title', u['game'])} - {role} - {state} - decision {u['decisions']} - to decide: {who}\n"
            f"Seats: {seats_text(lobby.get('seats', []))}")
        if u["decisions"] != self.shown or not u["legal"]:
            actions = self.query_one("#table-actions", OptionList)
            actions.clear_options()
            actions.add_options(u["legal"] or [])
            self.shown = u["decisions"]
        mine = u.get("mine", [])
        self.query_one("#table-mine", Static).update("Your decisions: " + (", ".join(mine[-8:]) or "-"))

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


class RemoteApp(App[str | None]):
    """The per-connection app of ``concordia serve``: lobby and table screens over one ``TableClient``."""

    TITLE = "Concordia serve"

    def __init__(self, client: TableClient, seated: list[str]) -> None:
        super().__init__()
        self.client = client
        self.seated = set(seated)

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen())
        self.run_worker(self._pump(), exclusive=False)

    async def _pump(self) -> None:
        while True:
            u = await self.client.updates.get()
            screen = self.screen
            if isinstance(screen, TableScreen) and screen.table == u["table"] and screen.is_mounted:
                try:
                    screen.show()
                except NoMatches:  # an update that arrives while the screen is still being built
                    continue

    def open_table(self, table: str) -> None:
        self.push_screen(TableScreen(table))


async def _connect() -> tuple[TableClient, list[str]]:
    client = await TableClient.from_environment()
    hello = await client.request("hello", key=os.environ["CONCORDIA_SERVE_SEAT"],
                                 name=os.environ.get("CONCORDIA_SERVE_NAME", "guest"))
    return client, list(hello["seated"])


def main() -> int:
    """Run the lobby; "play alone" replaces this process with the full app on the same terminal."""
    import asyncio

    if "CONCORDIA_SERVE_SOCKET" not in os.environ or "CONCORDIA_SERVE_SEAT" not in os.environ:
        print("concordia: the lobby runs inside 'concordia serve' connections only", file=sys.stderr)
        return 2

    async def run() -> str | None:
        try:
            client, seated = await _connect()
        except (OSError, TableError) as exc:
            print(f"concordia: cannot reach the tables: {exc}", file=sys.stderr)
            return "play"
        app = RemoteApp(client, seated)
        result = await app.run_async()
        await client.close()
        return result

    if asyncio.run(run()) == "play":
        os.execv(sys.executable, [sys.executable, "-m", "tui.cli", *sys.argv[1:]])
    return 0


if __name__ == "__main__":
    sys.exit(main())
