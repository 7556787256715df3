"""The table server over its Unix socket: lobby, seats, full games with bots, privacy, undo, reconnect, restart."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from engine.core import games
from tui.serve.client import TableClient
from tui.serve.table_server import TableServer
from tui.serve.tables import TableError

ANNA, BERT = "SHA256:anna", "SHA256:bert"


class Place:
    """A table server on a short socket path (Unix socket paths are limited to about 100 bytes)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.sock_dir = Path(tempfile.mkdtemp(prefix="cs", dir="/tmp"))
        self.path = str(self.sock_dir / "t.sock")
        self.server: TableServer | None = None
        self.clients: list[TableClient] = []

    async def start(self) -> TableServer:
        self.server = TableServer(self.directory)
        await self.server.start(Path(self.path))
        return self.server

    async def stop(self) -> None:
        for c in self.clients:
            await c.close()
        self.clients.clear()
        if self.server is not None:
            await self.server.close()
            self.server = None

    async def client(self, key: str, name: str, keep_raw: bool = False) -> TableClient:
        c = await TableClient.connect(self.path, key, name, keep_raw=keep_raw)
        self.clients.append(c)
        return c


@pytest.fixture
async def place(tmp_path: Path) -> AsyncIterator[Place]:
    p = Place(tmp_path / "serve")
    yield p
    await p.stop()
    shutil.rmtree(p.sock_dir, ignore_errors=True)


async def play_to_end(table: str, players: dict[int, TableClient], seed: int, limit: int = 5000) -> dict[str, Any]:
    """Every person plays random legal actions when their update says they decide, until the game is over."""
    rng = random.Random(seed)
    for _ in range(limit):
        for c in players.values():
            while not c.updates.empty():
                c.updates.get_nowait()
        states = [c.latest[table] for c in players.values()]
        newest = max(states, key=lambda u: u["decisions"])
        if newest["over"]:
            return newest
        for _seat, c in players.items():
            u = c.latest[table]
            if u["legal"] and u["decisions"] == newest["decisions"]:
                await c.request("act", table=table, action=rng.choice(u["legal"]))
                break
        else:
            await asyncio.wait([asyncio.ensure_future(c.updates.get()) for c in players.values()],
                               timeout=5, return_when=asyncio.FIRST_COMPLETED)
    raise AssertionError("the game did not end")


async def new_table(place: Place, game: str, options: dict[str, Any], seed: int,
                    seats: list[str]) -> tuple[str, TableClient, TableClient]:
    anna = await place.client(ANNA, "Anna", keep_raw=True)
    bert = await place.client(BERT, "Bert", keep_raw=True)
    table = (await anna.request("create", game=game, options=options, seed=seed, seats=seats))["table"]
    await bert.request("sit", table=table, seat=seats.index("free"))
    await anna.request("start", table=table)
    return table, anna, bert


@pytest.mark.parametrize(("game", "options"), [("concordia", {}), ("colosseum", {})])
async def test_two_people_and_two_bots_play_a_full_seeded_game_from_two_connections(
        place: Place, game: str, options: dict[str, Any]) -> None:
    server = await place.start()
    table, anna, bert = await new_table(place, game, options, 7, ["me", "bot:random", "free", "bot:random"])
    final = await play_to_end(table, {0: anna, 2: bert}, seed=3)
    t = server.tables[table]
    assert t.over and final["decisions"] == len(t.log) > 20
    assert {e.seat for e in t.log} == {0, 1, 2, 3}
    assert all(e.person == (e.seat in (0, 2)) for e in t.log)


async def test_each_connection_is_sent_only_its_own_seats_view(place: Place) -> None:
    """Massilia hides the other seats' money and stones and their unseen cards: none of it reaches a seat."""
    server = await place.start()
    table, anna, bert = await new_table(place, "massilia", {}, 11, ["me", "free", "bot:random"])
    t = server.tables[table]
    rng = random.Random(5)
    for _ in range(60):
        await asyncio.sleep(0.01)
        if t.over:
            break
        seat = t.deciding
        if seat in (0, 1):
            c = anna if seat == 0 else bert
            await c.request("act", table=table, action=rng.choice([str(a) for a in t.state.legal_actions()]))
    await asyncio.sleep(0.1)
    truth = t.state.to_dict()
    assert any(p["money"] > 0 for p in truth["players"])
    for me, client in ((0, anna), (1, bert)):
        lines = bytes(client.raw).splitlines()
        updates = [json.loads(line) for line in lines if b'"event":"table"' in line]
        assert len(updates) > 10
        for u in updates:
            for q, p in enumerate(u["view"]["players"]):
                if q != me:
                    assert p["money"] == -1 and p["stones"] == -1
            assert u["view"]["seed"] == -1 and u["view"]["rng"] == 0
            assert u["legal"] is None or u["deciding"] == me


async def test_concordia_never_sends_the_deck_order_or_the_seed(place: Place) -> None:
    """Concordia's private part is the deck order (and the setup seed that would give it away)."""
    server = await place.start()
    table, anna, bert = await new_table(place, "concordia", {}, 12345, ["me", "free"])
    t = server.tables[table]
    deck = t.state.to_dict()["deck"]
    assert deck != sorted(deck)
    for _ in range(10):
        seat = t.deciding
        c = anna if seat == 0 else bert
        await c.request("act", table=table, action=str(t.state.legal_actions()[0]))
    await asyncio.sleep(0.1)
    order = json.dumps(t.state.to_dict()["deck"], separators=(",", ":")).encode()
    for client in (anna, bert):
        raw = bytes(client.raw)
        assert b'"seed":12345' not in raw and order not in raw
        assert json.dumps(deck, separators=(",", ":")).encode() not in raw


async def test_undo_takes_back_your_decision_and_the_bots_after_it_until_a_person_decides(place: Place) -> None:
    server = await place.start()
    anna = await place.client(ANNA, "Anna")
    bert = await place.client(BERT, "Bert")
    table = (await anna.request("create", game="colosseum", seed=4, seats=["me", "bot:random", "free"]))["table"]
    await bert.request("sit", table=table, seat=2)
    await anna.request("start", table=table)
    t = server.tables[table]

    async def settle() -> None:
        for _ in range(200):
            if t.deciding is not None and t.seats[t.deciding].kind == "person":
                return
            await asyncio.sleep(0.01)

    await settle()
    rng = random.Random(1)
    for _ in range(40):  # play until Anna has decided and only bots came after her
        seat = t.deciding
        c = anna if seat == 0 else bert
        before = len(t.log)
        await c.request("act", table=table, action=rng.choice([str(a) for a in t.state.legal_actions()]))
        await settle()
        if seat == 0 and t.deciding == 0 and len(t.log) > before + 1:
            break
    else:
        pytest.skip("no position where a bot followed Anna in this seed")
    point = t.undo_point(0)
    assert point is not None
    reply = await anna.request("undo", table=table)
    assert reply["undone"] >= 2 and len(t.log) == point and t.deciding == 0
    fresh = games.get("colosseum").new_game(games.get("colosseum").config_from_dict(t.options), t.seed)
    for e in t.log:
        fresh.apply(games.get("colosseum").parse_action(fresh, e.action))
    assert games.get("colosseum").fingerprint(fresh) == games.get("colosseum").fingerprint(t.state)
    # once another person decides after Anna, her decision is theirs to build on: no undo
    while t.deciding == 0 or t.seats[t.deciding].kind == "bot":
        c = anna if t.deciding == 0 else None
        if c is None:
            await settle()
            continue
        await c.request("act", table=table, action=str(t.state.legal_actions()[0]))
        await settle()
    await bert.request("act", table=table, action=str(t.state.legal_actions()[0]))
    with pytest.raises(TableError, match="nothing of yours to undo"):
        await anna.request("undo", table=table)


async def test_a_disconnect_and_reconnect_gets_the_seat_back(place: Place) -> None:
    await place.start()
    table, anna, bert = await new_table(place, "concordia", {}, 3, ["me", "free"])
    deciding = anna.latest[table]["deciding"]
    leaver = bert if deciding == 1 else anna
    key = BERT if leaver is bert else ANNA
    await leaver.close()
    place.clients.remove(leaver)
    back = await place.client(key, "again")
    hello = await back.request("hello", key=key, name="again")
    assert hello["seated"] == [table]
    await back.request("watch", table=table)
    update = await back.update(table)
    assert update["seat"] == deciding and update["legal"]
    await back.request("act", table=table, action=update["legal"][0])


async def test_a_server_restart_resumes_the_table_and_a_second_server_cannot_take_it(place: Place) -> None:
    server = await place.start()
    table, anna, bert = await new_table(place, "concordia", {}, 9, ["me", "free", "bot:random"])
    rng = random.Random(2)
    for _ in range(15):
        t = server.tables[table]
        seat = t.deciding
        if seat == 2:
            await asyncio.sleep(0.02)
            continue
        await (anna if seat == 0 else bert).request("act", table=table,
                                                   action=rng.choice([str(a) for a in t.state.legal_actions()]))
    await asyncio.sleep(0.1)
    await server.flush()  # the save follows the pushes in a worker thread: wait until it is written
    t = server.tables[table]
    info = games.get("concordia")
    log, mark = [e.action for e in t.log], info.fingerprint(t.state)
    from saves import SaveStore

    saved = SaveStore(place.directory / "tables").load(place.directory / "tables" / f"{table}.concordia")
    assert saved.game == "concordia" and saved.actions == log  # an ordinary save, replay-checked on load
    rival = TableServer(place.directory)
    assert table not in rival.tables and any("another server" in p for p in rival.problems)
    await place.stop()
    server = await place.start()
    again = server.tables[table]
    assert [e.action for e in again.log] == log and info.fingerprint(again.state) == mark and again.started
    anna = await place.client(ANNA, "Anna")
    await anna.request("watch", table=table)
    assert (await anna.update(table))["decisions"] == len(log)


async def test_spectators_get_the_public_view_and_no_decisions(place: Place) -> None:
    await place.start()
    table, _anna, _bert = await new_table(place, "massilia", {}, 1, ["me", "free"])
    watcher = await place.client("SHA256:carl", "Carl")
    await watcher.request("watch", table=table)
    update = await watcher.update(table)
    assert update["seat"] is None and update["legal"] is None and not update["can_undo"]
    assert all(p["money"] == -1 for p in update["view"]["players"])
    with pytest.raises(TableError, match="no seat"):
        await watcher.request("act", table=table, action="x")


@pytest.mark.parametrize("line", [b"", b"{", b"[]", b'{"op": 5}', b'{"op": "__init__"}', b'{"op": "drop"}',
                                  b'{"op": "act", "table": [], "action": 1}', b'{"op": "sit", "table": "x"}',
                                  b'{"op": "create", "game": "chess", "seats": ["me"]}',
                                  b'{"op": "create", "game": "concordia", "seats": ["me", "me"]}',
                                  b'{"op": "create", "game": "concordia", "seats": ["me", "bot:nosuch"]}',
                                  b"\xff\xfe" * 100, b"x" * 300_000])
async def test_bad_requests_get_a_one_line_refusal_and_the_server_goes_on(place: Place, line: bytes) -> None:
    await place.start()
    reader, writer = await asyncio.open_unix_connection(place.path)
    writer.write(b'{"op": "hello", "key": "SHA256:x", "name": "x"}\n' + line + b"\n")
    await writer.drain()
    first = json.loads(await reader.readline())
    assert first["ok"]
    reply = await asyncio.wait_for(reader.readline(), 5)
    if reply:
        msg = json.loads(reply)
        assert msg["ok"] is False and "\n" not in msg["error"]
    writer.close()
    ok = await place.client(ANNA, "Anna")
    assert (await ok.request("list"))["tables"] == []


async def test_only_the_host_starts_and_gives_seats_to_bots(place: Place) -> None:
    await place.start()
    anna = await place.client(ANNA, "Anna")
    bert = await place.client(BERT, "Bert")
    table = (await anna.request("create", game="concordia", seats=["me", "free"]))["table"]
    with pytest.raises(TableError, match="every seat"):
        await anna.request("start", table=table)
    await bert.request("sit", table=table, seat=1)
    with pytest.raises(TableError, match="only the host"):
        await bert.request("start", table=table)
    await anna.request("bot", table=table, seat=1, level="random")  # e.g. for a long-absent friend
    await anna.request("start", table=table)
    listed = (await bert.request("list"))["tables"][0]
    assert [s["kind"] for s in listed["seats"]] == ["person", "bot"] and listed["status"] == "playing"




def test_r_legatus_the_recommendation_reaches_only_the_partner() -> None:
    """R-LEGATUS: in the team game the Legatus recommendation is for the partner; the other team and
    spectators are sent the partner's frame with no recommendation (``GameInfo.extras["private"]``)."""
    from tui.serve.tables import Seat, Table

    rng = random.Random(4)
    for seed in range(40):
        table = Table.create("concordia", {"variant": "venus-team"}, [Seat("bot", None, "b", "random")] * 4,
                             "SHA256:host", seed)
        table.started = True
        for _ in range(400):
            if table.over:
                break
            f = table.state.frames[-1] if table.state.frames else None
            if f is not None and f.get("k") == "partnerplay" and f.get("rec"):
                by, partner = f["by"], f["p"]
                for seat in (by, partner):
                    frame = table.update_for(seat)["view"]["frames"][-1]
                    assert frame["rec"] == f["rec"]
                others = [q for q in range(4) if q not in (by, partner)] + [None]
                for seat in others:
                    sent = json.dumps(table.update_for(seat))
                    assert table.update_for(seat)["view"]["frames"][-1]["rec"] == ""
                    assert f'"rec": "{f["rec"]}"' not in sent
                    assert "recommend " not in sent and "recommend " not in json.dumps(table.history_for(seat))
                assert table.state.frames[-1]["rec"] == f["rec"]  # the game itself is untouched
                return
            legal = table.state.legal_actions()
            table.decide(table.deciding, str(legal[rng.randrange(len(legal))]), person=False)
    raise AssertionError("no Legatus recommendation in 40 seeded team games")


async def test_a_connection_that_stops_reading_is_dropped_and_the_table_goes_on(tmp_path: Path) -> None:
    sock_dir = Path(tempfile.mkdtemp(prefix="cs", dir="/tmp"))
    path = str(sock_dir / "t.sock")
    server = TableServer(tmp_path / "serve", max_backlog=64 * 1024)
    await server.start(Path(path))
    try:
        anna = await TableClient.connect(path, ANNA, "Anna")
        table = (await anna.request("create", game="concordia", seed=2, seats=["me", "bot:random"]))["table"]
        await anna.request("start", table=table)
        _reader, writer = await asyncio.open_unix_connection(path)
        writer.write(b'{"op":"hello","key":"SHA256:slow","name":"slow"}\n'
                     + f'{{"op":"watch","table":"{table}"}}\n'.encode())
        await writer.drain()
        await asyncio.sleep(0.1)
        assert len(server.links) == 2
        t = server.tables[table]
        loop = asyncio.get_running_loop()
        started = loop.time()
        for _ in range(150):  # the stalled spectator never reads its updates (about 3 kB each)
            while t.deciding != 0 and not t.over:
                await asyncio.sleep(0.002)
            if t.over:
                break
            await anna.request("act", table=table, action=str(t.state.legal_actions()[0]))
        assert loop.time() - started < 60
        assert len(server.links) == 1  # the stalled one was dropped; reconnecting re-syncs it
        writer.close()
        await anna.close()
    finally:
        await server.close()
        shutil.rmtree(sock_dir, ignore_errors=True)


@pytest.mark.parametrize("game", ["concordia", "colosseum", "massilia"])
def test_bots_at_a_table_come_from_the_games_bot_registry_and_answer_legally(game: str) -> None:
    from tui.serve.tables import Seat, Table, choose, make_bot

    table = Table.create(game, {}, [Seat("bot", None, "a", "easy"), Seat("bot", None, "b", "easy")], "SHA256:h", 3)
    table.started = True
    rng = random.Random(1)
    for _ in range(5):
        seat = table.deciding
        assert seat is not None
        text = choose(make_bot(game, "easy"), table.state.view(seat), table.state.legal_actions(), rng)
        assert text in [str(a) for a in table.state.legal_actions()]
        table.decide(seat, text, person=False)
    with pytest.raises(Exception, match="nosuchbot"):
        make_bot(game, "nosuchbot")


@pytest.mark.parametrize(("game", "public"), [("concordia", True), ("colosseum", True), ("massilia", False)])
def test_another_seats_public_decision_is_sent_in_words_a_private_one_is_not(game: str, public: bool) -> None:
    """A shared table's log names what the other seats did (not "decided"): the decision's text reaches every
    seat and spectator where the game calls it public (``extras["public_decision"]``); Massilia's decisions
    behind a screen are told only by their public events."""
    from tui.serve.tables import Seat, Table

    table = Table.create(game, {}, [Seat("bot", None, "a", "random"), Seat("bot", None, "b", "random")],
                         "SHA256:h", 5)
    table.started = True
    rng = random.Random(1)
    for _ in range(6):
        legal = table.state.legal_actions()
        table.decide(table.deciding, str(legal[rng.randrange(len(legal))]), person=False)
    last = table.log[-1]
    other = 1 - last.seat
    assert table.update_for(last.seat)["last"]["action"] == last.action
    for seat in (other, None):
        assert table.update_for(seat)["last"]["action"] == (last.action if public else None)
        told = [entry[3] for entry in table.history_for(seat)]
        assert told == [e.action if public or e.seat == seat else None for e in table.log]
