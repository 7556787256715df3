"""Tables that come and go, and absent players (issue 35): leave, close, archive, the limits and their refusal,
live lobbies, a seat given to a bot and taken back, and who is online; over the real table server's socket,
the app driven with Pilot where a player would press keys."""

from __future__ import annotations

import asyncio
import json
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.widgets import DataTable, OptionList, Static

from saves import SaveStore
from tests.serve.test_hostile_names import HOSTILE, assert_plain, finish
from tests.serve.test_remote import settings, until
from tui.serve.client import TableClient
from tui.serve.remote import LobbyScreen, RemoteApp
from tui.serve.table_menu import TableMenu
from tui.serve.table_server import TableServer
from tui.serve.tables import Table, TableError

ANNA, BERT, CARL = "SHA256:anna", "SHA256:bert", "SHA256:carl"


@pytest.fixture
async def small(tmp_path: Path) -> AsyncIterator[tuple[TableServer, str]]:
    """A table server that keeps 3 tables, 2 per host."""
    sock_dir = Path(tempfile.mkdtemp(prefix="cs", dir="/tmp"))
    server = TableServer(tmp_path / "serve", max_tables=3, max_per_host=2)
    await server.start(sock_dir / "t.sock")
    yield server, str(sock_dir / "t.sock")
    await server.close()
    shutil.rmtree(sock_dir, ignore_errors=True)


async def next_event(client: TableClient, table: str, event: str, timeout: float = 5.0) -> dict[str, object]:
    while True:
        msg = await client.update(table, timeout)
        if msg.get("event") == event:
            return msg


async def test_leave_frees_an_open_seat_and_hands_a_running_one_to_a_bot_its_person_takes_back(
        served: tuple[TableServer, str]) -> None:
    server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna")
    bert = await TableClient.connect(path, BERT, "Bert")
    table = (await anna.request("create", game="colosseum", seats=["me", "free", "bot:random"], seed=4))["table"]
    t = server.tables[table]
    await bert.request("sit", table=table, seat=1)
    assert (await bert.request("leave", table=table))["left"] == "free"
    assert t.seats[1].kind == "free" and t.seats[1].key is None
    await bert.request("sit", table=table, seat=1)
    await anna.request("start", table=table)
    assert (await bert.request("leave", table=table))["left"] == "bot"
    assert (t.seats[1].kind, t.seats[1].key, t.seats[1].name, t.seats[1].bot) == ("bot", BERT, "Bert", "random")
    summary = next(s for s in (await anna.request("list"))["tables"] if s["id"] == table)
    assert summary["seats"][1] == {"kind": "bot", "name": "Bert", "bot": "random", "held": True, "online": True}
    with pytest.raises(TableError, match="a bot plays your seat"):
        await bert.request("act", table=table, action="x")
    # the bot plays Bert's seat while Anna decides hers: decisions of seat 1, made by the bot
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20
    while not any(e.seat == 1 for e in t.log):
        assert loop.time() < deadline
        if t.deciding == 0:
            await anna.request("act", table=table, action=str(t.state.legal_actions()[0]))
        await asyncio.sleep(0.01)
    assert all(not e.person for e in t.log if e.seat == 1)
    assert (await bert.request("take", table=table))["seat"] == 1
    assert (t.seats[1].kind, t.seats[1].key) == ("person", BERT)
    update = t.update_for(1)
    assert update["legal"] is None or t.deciding == 1
    with pytest.raises(TableError, match="no seat of yours"):
        await bert.request("take", table=table)
    for c in (anna, bert):
        await c.close()


async def test_the_host_closes_a_table_its_followers_are_told_and_its_save_goes_to_the_archive(
        served: tuple[TableServer, str]) -> None:
    server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna")
    bert = await TableClient.connect(path, BERT, "Bert")
    table = (await anna.request("create", game="colosseum", seats=["me", "free"], seed=4))["table"]
    await bert.request("sit", table=table, seat=1)
    await anna.request("start", table=table)
    await anna.request("act", table=table, action=str(server.tables[table].state.legal_actions()[0]))
    with pytest.raises(TableError, match="only the host closes"):
        await bert.request("close", table=table)
    await anna.request("close", table=table)
    closed = await next_event(bert, table, "closed")
    assert closed["reason"] == "closed by its host"
    assert table not in server.tables and (await bert.request("list"))["tables"] == []
    await server.flush()
    while server._archiving:
        await asyncio.sleep(0.01)
    archive = SaveStore(server.archive)
    saved = archive.load(archive.path_of(table))  # an ordinary save, replay-checked: `concordia saves/replay`
    assert len(saved.actions) == 1 and [s.name for s in saved.seats] == ["Anna", "Bert"]
    assert not list(server.directory.glob(f"{table}*"))  # nothing of it left among the live tables
    with pytest.raises(TableError, match="no such table"):
        await bert.request("act", table=table, action="x")
    for c in (anna, bert):
        await c.close()


async def test_a_finished_table_goes_to_the_archive_once_nobody_follows_it_and_at_a_restart(
        served: tuple[TableServer, str], tmp_path: Path) -> None:
    server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna")
    carl = await TableClient.connect(path, CARL, "Carl")
    table = (await anna.request("create", game="colosseum", seats=["me", "bot:random"], seed=6))["table"]
    await anna.request("start", table=table)
    await carl.request("watch", table=table)
    await finish(server, table, 2)
    assert server.tables[table].over  # the final scores: still listed while anyone looks at them
    await anna.request("leave", table=table)
    assert table in server.tables
    await carl.close()  # the last follower goes
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 5
    while table in server.tables or server._archiving:
        assert loop.time() < deadline
        await asyncio.sleep(0.01)
    archive = SaveStore(server.archive)
    assert archive.load(archive.path_of(table)).state.is_over
    await anna.close()
    # a table that finished before a restart is archived when the server loads
    again_dir = tmp_path / "again"
    first = TableServer(again_dir)
    done = first.tables
    from tui.serve.tables import Seat, Table

    t = Table.create("colosseum", {}, [Seat("person", ANNA, "Anna"), Seat("bot", None, "Bot 2", "random")], ANNA, 3)
    t.started = True
    done[t.id] = t
    first._lock(t.id)
    await finish(first, t.id, 1)
    first.save(t)
    await first.close()
    second = TableServer(again_dir)
    assert second.tables == {} and (second.archive / f"{t.id}.concordia").exists()
    await second.close()


async def test_the_limits_per_host_and_in_all_are_refused_in_words(small: tuple[TableServer, str]) -> None:
    _server, path = small
    anna = await TableClient.connect(path, ANNA, "Anna")
    bert = await TableClient.connect(path, BERT, "Bert")
    carl = await TableClient.connect(path, CARL, "Carl")
    first = (await anna.request("create", game="colosseum", seats=["me", "bot:random"]))["table"]
    await anna.request("create", game="colosseum", seats=["me", "bot:random"])
    refusal = (await anna.request("list"))["can_create"]
    assert refusal == ("you host 2 open or running tables, the most one person may: close one first "
                       "(T on it in the lobby)")
    with pytest.raises(TableError, match="you host 2 open or running tables"):
        await anna.request("create", game="colosseum", seats=["me", "bot:random"])
    await bert.request("create", game="colosseum", seats=["me", "bot:random"])
    assert (await carl.request("list"))["can_create"].startswith("the server has 3 tables, the most it keeps")
    with pytest.raises(TableError, match="the server has 3 tables"):
        await carl.request("create", game="colosseum", seats=["me", "bot:random"])
    await anna.request("close", table=first)
    assert (await carl.request("list"))["can_create"] == ""
    await carl.request("create", game="colosseum", seats=["me", "bot:random"])
    for c in (anna, bert, carl):
        await c.close()


async def test_the_lobby_updates_live_and_shows_a_refusal_at_n_above_the_list(small: tuple[TableServer, str]) -> None:
    _server, path = small
    anna = await TableClient.connect(path, ANNA, "Anna")
    bert = await TableClient.connect(path, BERT, "Bert")
    app = RemoteApp(bert, [], settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        rows = app.screen.query_one("#lobby-tables", DataTable)
        first = (await anna.request("create", game="colosseum", seats=["me", "free"]))["table"]
        await until(pilot, lambda: rows.row_count == 1, timeout=5)  # no R pressed
        await anna.request("create", game="colosseum", seats=["me", "free"])
        await until(pilot, lambda: rows.row_count == 2, timeout=5)
        await bert.request("sit", table=first, seat=1)
        await until(pilot, lambda: "Bert" in str(rows.get_row_at(0)[2]), timeout=5)
        await bert.request("create", game="colosseum", seats=["me", "bot:random"])  # 3 of 3
        await until(pilot, lambda: rows.row_count == 3, timeout=5)
        await pilot.press("n")
        await pilot.pause(0.1)
        assert isinstance(app.screen, LobbyScreen)  # no form to fill in vain
        said = str(app.screen.query_one("#lobby-message", Static).render())
        assert said.startswith("The server has 3 tables, the most it keeps")  # a sentence on its own line
        message, table_widget = app.screen.query_one("#lobby-message"), rows
        assert message.region.y < table_widget.region.y and message.region.height >= 1  # above the list
    for c in (anna, bert):
        await c.close()


async def test_the_host_gives_an_absent_seat_to_a_bot_from_the_app_and_its_person_takes_it_back(
        served: tuple[TableServer, str]) -> None:
    """Anna (host) presses T in her game screen and gives Bert's seat to a bot; Bert's screen shows his seat
    played by the bot (nothing offered to him); Bert presses T and takes it back. Bert's name is hostile
    markup: the menu shows it as typed. When Bert's connection ends, Anna's screen marks him away."""
    server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna")
    bert = await TableClient.connect(path, BERT, HOSTILE[0])
    table = (await anna.request("create", game="colosseum", seats=["me", "free", "bot:random"], seed=8))["table"]
    await bert.request("sit", table=table, seat=1)
    t = server.tables[table]
    apps = [RemoteApp(anna, [table], settings()), RemoteApp(bert, [table], settings())]
    async with apps[0].run_test(size=(100, 30)) as pa, apps[1].run_test(size=(100, 30)) as pb:
        await anna.request("start", table=table)
        await until(pa, lambda: all(table in app.sessions for app in apps))
        await pa.press("t")
        await until(pa, lambda: isinstance(apps[0].screen, TableMenu))
        menu = apps[0].screen
        assert_plain(apps[0], "the table menu")
        words = [w for w, _c in menu.options]
        give = next(i for i, (w, c) in enumerate(menu.options) if c == ("bot", {"seat": 1, "level": "normal"}))
        assert HOSTILE[0] in words[give] and "Close the table" in words[-1]
        options = menu.query_one(OptionList)
        options.focus()
        options.highlighted = give
        await pa.press("enter")
        await until(pa, lambda: t.seats[1].kind == "bot")
        assert (t.seats[1].key, t.seats[1].bot) == (BERT, "normal")
        mine = apps[1].sessions[table]
        await until(pb, lambda: mine.kinds[1:2] == ["bot"])
        assert mine.is_bot(1) and not mine.is_human(1) and mine.legal_actions() == []
        assert mine.seat_name(1).endswith("(bot)")
        assert mine.viewer == 1 and mine.update["seat"] == 1  # still sent his own seat's view
        await pb.press("t")
        await until(pb, lambda: isinstance(apps[1].screen, TableMenu))
        menu = apps[1].screen
        assert menu.options[0] == ("Take your seat back from the bot", ("take", {}))
        assert all(c[0] not in ("bot", "close") for _w, c in menu.options)  # not the host
        options = menu.query_one(OptionList)
        options.focus()
        options.highlighted = 0
        await pb.press("enter")
        await until(pb, lambda: t.seats[1].kind == "person" and mine.kinds[1:2] == ["person"])
        theirs = apps[0].sessions[table]
        assert theirs.seat_name(1) == "2 " + HOSTILE[0]
    for c in (anna, bert):
        await c.close()


async def test_an_absent_person_is_marked_away_on_the_other_game_screens(served: tuple[TableServer, str]) -> None:
    _server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna")
    bert = await TableClient.connect(path, BERT, "Bert")
    table = (await anna.request("create", game="colosseum", seats=["me", "free"], seed=8))["table"]
    await bert.request("sit", table=table, seat=1)
    await anna.request("start", table=table)
    app = RemoteApp(anna, [table], settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: table in app.sessions)
        session = app.sessions[table]
        assert session.seat_name(1) == "2 Bert"
        await bert.close()
        await until(pilot, lambda: session.seat_name(1) == "2 Bert (away)", timeout=5)
        bert = await TableClient.connect(path, BERT, "Bert")
        await until(pilot, lambda: session.seat_name(1) == "2 Bert", timeout=5)
    for c in (anna, bert):
        await c.close()


async def test_a_turn_timer_gives_the_seat_to_the_hosts_bot_until_its_person_is_back(
        served: tuple[TableServer, str]) -> None:
    server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna")
    for bad in (-1, "60", True, 10**9):
        with pytest.raises(TableError, match="timer is 0"):
            await anna.request("create", game="colosseum", seats=["me", "bot:random"], timer=bad)
    table = (await anna.request("create", game="colosseum", seats=["me", "bot:random"], seed=5, timer=1,
                                timer_bot="easy"))["table"]
    t = server.tables[table]
    assert (t.timer, t.timer_bot) == (1, "easy")
    await anna.request("start", table=table)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while not any(e.seat == 0 for e in t.log):  # Anna does nothing: after 1 s her bot decides for her
        assert loop.time() < deadline
        await asyncio.sleep(0.05)
    assert (t.seats[0].kind, t.seats[0].key, t.seats[0].bot, t.seats[0].timed) == ("bot", ANNA, "easy", True)
    assert not next(e for e in t.log if e.seat == 0).person
    assert (await anna.request("list"))["tables"][0]["timer"] == 1
    await anna.close()
    back = await TableClient.connect(path, ANNA, "Anna")  # Anna is back: her seat is hers again
    assert (t.seats[0].kind, t.seats[0].key, t.seats[0].timed) == ("person", ANNA, False)
    await back.close()
    await server.flush()  # the timer is kept beside the save, for a restart
    meta = json.loads((server.directory / f"{table}.table.json").read_text())
    assert (meta["timer"], meta["timer_bot"]) == (1, "easy")
    assert Table.from_dict({**t.to_dict(), **meta, "log": []}).timer == 1


async def test_chat_is_plain_text_bounded_and_paced_and_only_at_a_table_you_follow(
        served: tuple[TableServer, str]) -> None:
    _server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna")
    bert = await TableClient.connect(path, BERT, "Bert")
    carl = await TableClient.connect(path, CARL, "Carl")
    table = (await anna.request("create", game="colosseum", seats=["me", "free"]))["table"]
    await bert.request("sit", table=table, seat=1)
    with pytest.raises(TableError, match="watch the table"):
        await carl.request("say", table=table, text="hi")
    await anna.request("say", table=table, text="[b]hi[/]\x1b[31m\nthere\x07 " + "x" * 500)
    said = await asyncio.wait_for(bert.chat_lines.get(), 5)
    assert said["name"] == "Anna" and said["seat"] == 0
    assert said["text"] == ("[b]hi[/] [31m there " + "x" * 500)[:200]  # control characters gone, cut at 200
    assert not carl.chat  # not following: nothing
    for n in range(3):  # a burst of 4 lines, then one every 2 seconds
        await anna.request("say", table=table, text=f"line {n}")
    with pytest.raises(TableError, match="slow down"):
        await anna.request("say", table=table, text="one more")
    for c in (anna, bert, carl):
        await c.close()


async def test_chat_and_who_is_online_in_the_app(served: tuple[TableServer, str]) -> None:
    """Bert's lobby names who is on the server; in the game screen C says a line, which Anna's app shows as a
    notice in plain text (a hostile line is drawn as typed)."""
    _server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna")
    bert = await TableClient.connect(path, BERT, "Bert")
    table = (await anna.request("create", game="colosseum", seats=["me", "free"], seed=3))["table"]
    await bert.request("sit", table=table, seat=1)
    apps = [RemoteApp(anna, [table], settings()), RemoteApp(bert, [table], settings())]
    async with apps[0].run_test(size=(100, 30)) as pa, apps[1].run_test(size=(100, 30)) as pb:
        await until(pb, lambda: isinstance(apps[1].screen, LobbyScreen))
        online = apps[1].screen.query_one("#lobby-online", Static)
        await until(pb, lambda: str(online.render()) == "On the server now: Anna, Bert")
        await anna.request("start", table=table)
        await until(pa, lambda: all(table in app.sessions for app in apps))
        await pb.press("c")
        await until(pb, lambda: type(apps[1].screen).__name__ == "ChatLine")
        for ch in HOSTILE[0]:
            await pb.press(ch if ch != " " else "space")
        await pb.press("enter")
        await until(pa, lambda: any(HOSTILE[0] in n.message for n in apps[0]._notifications))
        note = next(n for n in apps[0]._notifications if HOSTILE[0] in n.message)
        assert note.message == "2 Bert: " + HOSTILE[0] and note.markup is False
    for c in (anna, bert):
        await c.close()


async def test_in_the_app_q_goes_back_to_the_lobby_for_good_leave_frees_the_seat_and_a_close_comes_back(
        served: tuple[TableServer, str]) -> None:
    """Bert leaves Anna's running table's screen with Q: the lobby stays (the bot's next move does not pull the
    game up again) and Enter opens it again; T, Leave gives his seat to a bot; when Anna closes the table,
    his screen goes back to the lobby with the reason."""
    server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna")
    bert = await TableClient.connect(path, BERT, "Bert")
    table = (await anna.request("create", game="colosseum", seats=["me", "free", "bot:random"], seed=2))["table"]
    await bert.request("sit", table=table, seat=1)
    t = server.tables[table]
    app = RemoteApp(bert, [table], settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await anna.request("start", table=table)
        await until(pilot, lambda: table in app.sessions)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        before = len(t.log)
        while len(t.log) < before + 2:  # the game goes on (Anna, the bot): Bert's lobby stays
            seat = t.deciding
            if seat == 0:
                await anna.request("act", table=table, action=str(t.state.legal_actions()[0]))
            elif seat == 1:
                await bert.request("act", table=table, action=str(t.state.legal_actions()[0]))
            await pilot.pause(0.05)
        await pilot.pause(0.3)
        assert isinstance(app.screen, LobbyScreen) and table not in app.sessions
        await pilot.press("enter")  # his table: open again
        await until(pilot, lambda: table in app.sessions)
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TableMenu))
        leave = next(i for i, (_w, c) in enumerate(app.screen.options) if c[0] == "leave")
        options = app.screen.query_one(OptionList)
        options.focus()
        options.highlighted = leave
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and t.seats[1].kind == "bot")
        assert t.seats[1].key == BERT and table not in app.seated
        await bert.request("take", table=table)  # back (as from the menu), then Anna closes the table
        await pilot.press("enter")
        await until(pilot, lambda: table in app.sessions)
        await anna.request("close", table=table)
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and table not in app.sessions)
        await until(pilot, lambda: any(n.message == "The host closed the table." for n in app._notifications))
        await until(pilot, lambda: app.screen.query_one("#lobby-tables", DataTable).row_count == 0)
    for c in (anna, bert):
        await c.close()


def test_the_table_menu_offers_each_key_only_what_it_may_do() -> None:
    from tui.serve.table_menu import choices

    seats = [{"kind": "person", "name": "Anna", "online": True}, {"kind": "free", "name": ""},
             {"kind": "bot", "name": "Bert", "bot": "random", "held": True, "online": False}]
    open_table = {"seats": seats, "status": "open", "host": True, "mine": 0, "following": True}
    assert [c for _w, c in choices(open_table)] == [
        ("bot", {"seat": 0, "level": "normal"}), ("bot", {"seat": 1, "level": "normal"}), ("leave", {}),
        ("close", {})]
    bert_running = {"seats": seats, "status": "playing", "host": False, "mine": 2, "following": False}
    assert [c for _w, c in choices(bert_running)] == [("take", {})]
    stranger = {"seats": seats, "status": "playing", "host": False, "mine": None, "following": False}
    assert choices(stranger) == []  # only "Back" in the menu
    watcher = stranger | {"following": True}
    assert [c for _w, c in choices(watcher)] == [("leave", {})]
    finished = {"seats": seats, "status": "finished", "host": True, "mine": 0, "following": True}
    assert [c for _w, c in choices(finished)] == [("leave", {}), ("close", {})]
