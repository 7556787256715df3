"""What each screen of a shared table shows of the others: a spectator's public view in the game's own screen
(Massilia included), another person's seat as that person (not as a bot), and the whole log for a late joiner."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from textual.widgets import DataTable

from engine.core import games as core_games
from engine.core.errors import IllegalAction
from engine.massilia.rules import PRIVATE_EVENTS
from engine.massilia.state import SPECTATOR
from tests.serve.test_remote import until
from tui import glyphs
from tui.serve.client import TableClient
from tui.serve.remote import LobbyScreen, RemoteApp
from tui.serve.table_server import TableServer
from tui.serve.tables import Seat, Table
from tui.settings import Settings
from tui.widgets.text_panel import TextPanel

GAMES = ["concordia", "colosseum", "massilia"]
SCREENS = {"concordia": "tui.concordia.screen", "colosseum": "tui.colosseum.screen",
           "massilia": "tui.massilia.screen"}




def settings() -> Settings:
    return Settings().with_(pace="instant")


async def two_people(path: str, game: str, seed: int, seats: list[str],
                     start: bool = True) -> tuple[TableClient, TableClient, str]:
    """Anna (seat 0, the host) and Bert (the first free seat) at a new table, started unless ``start`` is False."""
    anna = await TableClient.connect(path, "SHA256:anna", "Anna", keep_raw=True)
    bert = await TableClient.connect(path, "SHA256:bert", "Bert", keep_raw=True)
    table = (await anna.request("create", game=game, seats=seats, seed=seed))["table"]
    await bert.request("sit", table=table, seat=seats.index("free"))
    if start:
        await anna.request("start", table=table)
    return anna, bert, table


async def play(server: TableServer, table: str, people: dict[int, TableClient], decisions: int, seed: int) -> None:
    """The people play random legal decisions (the bots theirs) until the table has ``decisions`` or is over."""
    t = server.tables[table]
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while len(t.log) < decisions and not t.over:
        assert loop.time() < deadline, "the table stopped"
        seat = t.deciding
        if seat in people:
            await people[seat].request("act", table=table, action=rng.choice([str(a) for a in t.state.legal_actions()]))
        else:
            await asyncio.sleep(0.01)


def updates_in(client: TableClient) -> list[dict[str, Any]]:
    """Every table update the connection received, read back from its raw bytes."""
    return [json.loads(line) for line in bytes(client.raw).splitlines() if b'"event":"table"' in line]


# ------------------------------------------------------------------------------------------- spectators
def test_massilia_a_spectators_view_hides_every_screen() -> None:
    """Hidden information (massilia.md): money and stones lie behind every screen, a card drawn from the deck is
    known only to its taker, a roll behind a screen only to its roller. ``view(-1)`` is a spectator's view
    (viewer ``SPECTATOR``): all of it hidden for every seat, and it is a view (cannot be played on) that the
    engine reads back from its plain form."""
    info = core_games.get("massilia")
    s = info.new_game(info.config_from_dict({"players": 3}), 11)
    rng = random.Random(4)
    seen_drawn = False
    for _ in range(150):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
        v = s.view(-1)
        assert v.viewer == SPECTATOR and v.is_view and v.rng == 0 and v.seed == -1
        assert all(p.money == -1 and p.stones == -1 for p in v.players)
        assert all(all(p.known) for p in v.players)
        unseen = sum(k.count(False) for k in (p.known for p in s.players))
        assert sum(v.hidden_cards) == unseen and len(v.deck) == len(s.deck) + unseen
        seen_drawn = seen_drawn or unseen > 0
        for f in v.frames:
            if f["k"] == "keep":
                assert all(d < 0 for d in f["rolled"])  # colours only
        assert all(e[0] not in PRIVATE_EVENTS for e in v.events)
        again = info.state_from_dict(json.loads(json.dumps(v.to_dict())))
        assert again.viewer == SPECTATOR and again.to_dict() == v.to_dict()
        assert s.view(-1).view(-1).to_dict() == v.to_dict()  # a view of a view hides nothing new
    assert seen_drawn
    with pytest.raises(IllegalAction, match="view is for looking"):
        s.view(-1).apply("pass")


@pytest.mark.parametrize("game", GAMES)
async def test_a_spectator_watches_in_the_games_own_screen(served: tuple[TableServer, str], game: str) -> None:
    """A spectator of every game (Massilia too) gets the game's own screen over the public view, no decision."""
    _server, path = served
    anna, bert, table = await two_people(path, game, 4, ["me", "bot:random", "free"])
    carl = await TableClient.connect(path, "SHA256:carl", "Carl")
    app = RemoteApp(carl, [], settings())
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                    and app.screen.query_one("#lobby-tables", DataTable).row_count == 1)
        await pilot.press("w")
        await until(pilot, lambda: table in app.sessions)
        s = app.sessions[table]
        assert type(app.screen).__module__ == SCREENS[game]
        assert s.viewer is None and s.humans() == [] and s.update["legal"] is None
        assert not app.screen.human_to_decide()  # type: ignore[attr-defined]
        assert s.legal_actions() == []
        if game == "massilia":
            assert s.state.viewer == SPECTATOR and all(p.money == -1 for p in s.state.players)
    for c in (anna, bert, carl):
        await c.close()


async def test_massilia_no_private_value_reaches_a_spectators_connection(served: tuple[TableServer, str]) -> None:
    """Every byte a Massilia spectator's connection received (its game screen open while two people and a bot
    play 60 decisions): no seat's money or stones, no card drawn unseen, no fresh roll behind a screen, no private
    event (a roll, a draw), in the updates and in the history it got when it came."""
    server, path = served
    anna, bert, table = await two_people(path, "massilia", 11, ["me", "free", "bot:random"])
    await play(server, table, {0: anna, 1: bert}, 12, seed=5)
    carl = await TableClient.connect(path, "SHA256:carl", "Carl", keep_raw=True)
    await carl.request("watch", table=table)
    app = RemoteApp(carl, [], settings())
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: table in carl.latest and isinstance(app.screen, LobbyScreen))
        app.open_table(table)
        await until(pilot, lambda: table in app.sessions)
        assert type(app.screen).__module__ == "tui.massilia.screen"
        await play(server, table, {0: anna, 1: bert}, 60, seed=6)
        await until(pilot, lambda: app.sessions[table].update["decisions"] == len(server.tables[table].log))
    t = server.tables[table]
    truth = t.state.to_dict()
    assert any(p["money"] > 0 for p in truth["players"]) and not t.over
    updates = updates_in(carl)
    assert len(updates) > 20 and "history" in updates[0] and len(updates[0]["history"]) >= 12
    private_seen = False
    for u in updates:
        view = u["view"]
        assert view["viewer"] == SPECTATOR and view["seed"] == -1 and view["rng"] == 0 and u["legal"] is None
        for p in view["players"]:  # a hand holds only cards taken face up (the unseen ones are in the deck pool)
            assert p["money"] == -1 and p["stones"] == -1 and all(p["known"])
        for f in view["frames"]:
            if f["k"] == "keep":
                assert all(d < 0 for d in f["rolled"])
        events = list(u["events"]) + [e for entry in u.get("history", []) for e in entry[4]]
        assert all(e[0] not in PRIVATE_EVENTS for e in events)
        assert all(entry[3] is None for entry in u.get("history", []))  # no seat's decision text
    for e in t.log:
        private_seen = private_seen or any(x[0] in PRIVATE_EVENTS for x in e.events)
    assert private_seen  # there was something to hide
    for c in (anna, bert, carl):
        await c.close()


# ---------------------------------------------------------------------------------------- other people
@pytest.mark.parametrize("game", GAMES)
async def test_another_persons_seat_is_shown_as_that_person_not_as_a_bot(
        served: tuple[TableServer, str], game: str) -> None:
    """On Bert's screen Anna's seat carries her name and the person's mark, never the bot's, also while she
    decides; the bot's seat carries the bot's mark; the same on Anna's screen for Bert."""
    server, path = served
    anna, bert, table = await two_people(path, game, 8, ["me", "free", "bot:random"], start=False)
    apps = {0: RemoteApp(anna, [table], settings()), 1: RemoteApp(bert, [table], settings())}
    bot, person = glyphs.glyph("bot"), glyphs.glyph("human")
    async with apps[0].run_test(size=(160, 50)) as pa, apps[1].run_test(size=(160, 50)):
        await pa.pause()
        await anna.request("start", table=table)
        await until(pa, lambda: all(table in app.sessions and app.screen.is_mounted for app in apps.values()))
        t = server.tables[table]
        await until(pa, lambda: t.deciding in (0, 1))
        for me, app in apps.items():
            other = 1 - me
            s = app.sessions[table]
            await until(pa, lambda s=s: s.update["decisions"] == len(t.log))
            assert [s.is_bot(q) for q in range(3)] == [False, False, True]
            assert s.seat_name(other).endswith(["Anna", "Bert"][other])
            app.screen.refresh_panels()  # type: ignore[attr-defined]
            text = app.screen.query_one("#players", TextPanel)._text.plain
            lines = text.splitlines()
            line_of = {q: next(i for i, ln in enumerate(lines) if s.names()[q] in ln) for q in range(3)}
            assert person in lines[line_of[other]] and bot not in lines[line_of[other]], (game, me, text)
            assert bot in lines[line_of[2]], (game, me, text)
            if me != t.deciding:  # the other person decides at their own screen: waited for, never "thinking"
                app.screen._update_status()  # type: ignore[attr-defined]
                status = app.screen.query_one("#status", TextPanel)._text.plain
                assert f"{s.seat_name(other)} to decide" in status and "thinking" not in status, status
    await anna.close()
    await bert.close()


def test_remote_session_marks_only_the_servers_bots() -> None:
    """``is_bot`` is who plays the seat; ``is_human`` (who decides at this screen) stays False for the other
    person while they decide, so the screen does not offer their decision."""
    from tests.serve.test_remote import FakeClient, update_of
    from tui.serve.remote_session import RemoteSession

    seats = [Seat("person", "SHA256:anna", "Anna"), Seat("person", "SHA256:bert", "Bert"),
             Seat("bot", None, "Bot 3", "random")]
    table = Table.create("colosseum", {}, seats, "SHA256:anna", seed=3)
    table.started = True
    deciding = table.deciding
    assert deciding in (0, 1)
    other = 1 - deciding
    s = RemoteSession(FakeClient(), update_of(table, other))
    assert not s.is_bot(deciding) and not s.is_human(deciding) and s.is_bot(2) and not s.is_bot(other)


# ------------------------------------------------------------------------------------------ late joiners
@pytest.mark.parametrize("game", GAMES)
async def test_a_late_spectator_gets_the_whole_log(served: tuple[TableServer, str], game: str) -> None:
    """A spectator who comes after 15 decisions has one log line per decision (their events as a spectator may
    read them), none saying how many decisions came before; the log goes on from there."""
    server, path = served
    anna, bert, table = await two_people(path, game, 6, ["me", "free", "bot:random"])
    await play(server, table, {0: anna, 1: bert}, 15, seed=2)
    carl = await TableClient.connect(path, "SHA256:carl", "Carl")
    await carl.request("watch", table=table)
    app = RemoteApp(carl, [], settings())
    t = server.tables[table]
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: table in carl.latest and isinstance(app.screen, LobbyScreen))
        came = carl.latest[table]["decisions"]
        app.open_table(table)
        await until(pilot, lambda: table in app.sessions)
        s = app.sessions[table]
        assert len(s.log) == came >= 15 and [e.index for e in s.log] == list(range(came))
        assert [e.seat for e in s.log] == [e.seat for e in t.log[:came]]
        assert [e.bot for e in s.log] == [not e.person for e in t.log[:came]]
        assert not any("before you came" in e.text for e in s.log)
        # a spectator reads every public decision (Concordia, Colosseum), none behind a screen (Massilia)
        public = core_games.get(game).extras.get("public_decision")
        assert s.actions == [e.action if public else "?" for e in t.log[:came]]
        await play(server, table, {0: anna, 1: bert}, came + 6, seed=3)
        await until(pilot, lambda: s.update["decisions"] == len(t.log))
        assert len(s.log) == len(t.log)
    for c in (anna, bert, carl):
        await c.close()


async def test_a_person_back_gets_the_log_with_their_own_decisions(served: tuple[TableServer, str]) -> None:
    """Bert leaves after some decisions and comes back on a new connection: his log is whole again, every
    decision in words with what it caused beneath (Colosseum: every decision and event is public)."""
    server, path = served
    anna, bert, table = await two_people(path, "colosseum", 9, ["me", "free", "bot:random"])
    await play(server, table, {0: anna, 1: bert}, 12, seed=4)
    await bert.close()
    t = server.tables[table]
    back = await TableClient.connect(path, "SHA256:bert", "Bert")
    app = RemoteApp(back, [table], settings())
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                    and app.screen.query_one("#lobby-tables", DataTable).row_count == 1)
        await pilot.press("enter")  # his table: back to his seat
        await until(pilot, lambda: table in app.sessions)
        s = app.sessions[table]
        came = len(s.log)
        assert came == s.update["decisions"] >= 12 and s.viewer == 1
        assert s.actions == [e.action for e in t.log[:came]]  # Colosseum's decisions are all public
        ui = s.ui
        names = s.log_names()
        await until(pilot, lambda: not s._by_event)  # the server's words came (every decision is public here)
        for entry, decision in zip(s.log, t.log, strict=False):
            assert entry.text != decision.action  # in words, not the engine's short form
            if decision.events:  # what it caused beneath
                assert entry.events[0] == ui.event_text(decision.events[0], names)
    await anna.close()
    await back.close()
