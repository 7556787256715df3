"""The lobby and the game's own screens a friend gets over SSH, driven with Textual's Pilot against a real table
server: two connections (two apps, each with its own ``TableClient``), each screen a ``RemoteSession`` that
holds its seat's view only."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from textual.widgets import DataTable, Static

from engine.core import games as core_games
from engine.core.errors import IllegalAction
from tui.serve.client import TableClient
from tui.serve.remote import LobbyScreen, RemoteApp
from tui.serve.remote_session import RemoteSession
from tui.serve.table_server import TableServer
from tui.session import PlaySession
from tui.settings import Settings

SIZE = (80, 24)


async def until(pilot: Any, check: Any, timeout: float = 30.0) -> None:
    """Wait until ``check()`` holds (the serve tests' one wait; ``test_remote_views`` uses it too)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        assert loop.time() < deadline, "timed out"
        await pilot.pause(0.02)


async def table_for_two(path: str, game: str, seed: int, options: dict[str, Any] | None = None,
                        seats: tuple[str, ...] = ("me", "bot:random", "free", "bot:random"), bert_seat: int = 2,
                        ) -> tuple[TableClient, TableClient, str]:
    anna = await TableClient.connect(path, "SHA256:anna", "Anna")
    bert = await TableClient.connect(path, "SHA256:bert", "Bert")
    reply = await anna.request("create", game=game, seats=list(seats), seed=seed, options=options or {})
    await bert.request("sit", table=reply["table"], seat=bert_seat)
    return anna, bert, reply["table"]


def settings(**changes: Any) -> Settings:
    return Settings().with_(pace="instant", **changes)


def text_of(app: RemoteApp) -> str:
    """What the lobby shows: its title, the tables' rows and the keys in the footer."""
    screen = app.screen
    rows = screen.query_one("#lobby-tables", DataTable)
    cells = [str(c) for r in range(rows.row_count) for c in rows.get_row_at(r)]
    cells += [str(c.label) for c in rows.columns.values()]
    keys = [b.binding.description for b in app.active_bindings.values()]
    return "\n".join([str(screen.query_one("#lobby-title", Static).render()), *cells, *keys])


class FakeClient:
    """Records what a ``RemoteSession`` would send to the table server."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def request(self, op: str, **fields: Any) -> dict[str, Any]:
        self.sent.append((op, fields))
        return {"ok": True}


def update_of(table: Any, seat: int | None) -> dict[str, Any]:
    u = table.update_for(seat)
    u["lobby"] = table.summary({"SHA256:anna"})
    return json.loads(json.dumps(u, default=str))  # as it arrives: through JSON


async def test_a_remote_session_is_a_play_session_of_its_seats_view() -> None:
    """What the game screens use (``PlaySession``): a ``GameSession`` and a ``RemoteSession`` both are one.
    The remote one offers exactly the server's legal actions, only to its seat, sends its decision and waits."""
    from saves import Seat as SaveSeat
    from tui.serve.tables import Seat, Table
    from tui.session import GameSession

    info = core_games.get("colosseum")
    local = GameSession(info.config_from_dict({"players": 2}), 1, [SaveSeat("Anna"), SaveSeat("Bot", "random")],
                        game="colosseum")
    assert isinstance(local, PlaySession)
    people = [Seat("person", "SHA256:anna", "Anna"), Seat("person", "SHA256:bert", "Bert")]
    table = Table.create("colosseum", {}, people, "SHA256:anna", seed=3)
    table.started = True
    seat = table.deciding
    assert seat is not None
    client = FakeClient()
    mine = RemoteSession(client, update_of(table, seat))
    theirs = RemoteSession(FakeClient(), update_of(table, 1 - seat))
    assert isinstance(mine, PlaySession) and mine.bot_request() is None
    assert [str(a) for a in mine.legal_actions()] == [str(a) for a in table.state.legal_actions()]
    assert theirs.legal_actions() == [] and not theirs.is_human(seat) and theirs.is_human(1 - seat)
    assert local.legal_actions() == local.state.legal_actions()
    # the received views stay as the engine made them: the offer is the session's, not written onto the state
    assert all("legal_actions" not in getattr(s.state, "__dict__", {}) for s in (mine, theirs))
    assert mine.is_human(seat) and mine.humans() == [seat] and theirs.humans() == [1 - seat]
    assert mine.names() == ["1 Anna", "2 Bert (away)"]  # only Anna is online (``update_of``)
    assert mine.log_names() == ["1 Anna", "2 Bert"]  # the log's lines keep no mark
    with pytest.raises(IllegalAction):
        mine.apply("no such action")
    action = mine.legal_actions()[0]
    said = str(mine.ui.action_text(mine.state, action, mine.names()))
    mine.apply(action)
    await asyncio.sleep(0)
    assert client.sent == [("act", {"table": table.id, "action": str(action)})]
    assert mine.pending and mine.legal_actions() == [] and not mine.is_human(seat)  # no second decision
    table.decide(seat, str(action))
    mine.receive(update_of(table, seat))
    theirs.receive(update_of(table, 1 - seat))
    assert not mine.pending and len(mine.log) == len(theirs.log) == 1
    assert mine.log[0].text == said and mine.log[0].seat == seat  # ours in words
    # Colosseum's decisions are public: the other screen logs it in words too (not "decided")
    assert mine.actions == theirs.actions == [str(action)] and theirs.log[0].text == said
    # a late joiner: one line for what it missed, then every decision
    late = RemoteSession(FakeClient(), update_of(table, None))
    assert late.viewer is None and late.humans() == [] and len(late.actions) == 1
    # undo: the log is cut back to the server's count
    table.undo(seat)
    mine.receive(update_of(table, seat))
    assert mine.log == [] and mine.actions == []


async def test_the_lobby_creates_a_table_and_the_start_opens_the_games_own_screen(
        served: tuple[TableServer, str]) -> None:
    from tui.concordia.screen import GameScreen

    server, path = served
    client = await TableClient.connect(path, "SHA256:anna", "Anna")
    app = RemoteApp(client, [], settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("n")
        await pilot.pause()
        seats = app.screen.query_one("#seats")
        seats.value = "me,bot:random"  # type: ignore[attr-defined]
        seats.focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and server.tables)
        table = next(iter(server.tables.values()))
        await until(pilot, lambda: app.screen.query_one("#lobby-tables", DataTable).row_count == 1)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert table.started
        screen = app.screen
        assert isinstance(screen, GameScreen) and isinstance(screen.session, RemoteSession)
        await until(pilot, lambda: table.deciding == 0 and screen.human_to_decide())
        legal = screen.legal()
        assert [str(a) for a in legal] == [str(a) for a in table.state.legal_actions()]
        before = len(table.log)
        screen.choose(legal[0])
        await until(pilot, lambda: len(table.log) > before)
        assert table.log[before].seat == 0 and table.log[before].person
        await until(pilot, lambda: len(screen.session.log) == len(table.log))
        assert screen.session.log[before].text  # our decision in words
        # undo: our decision and the bot's after it go back; the screen offers the decision again
        await until(pilot, lambda: table.deciding == 0 and screen.human_to_decide())
        assert screen.session.can_undo()
        screen.action_undo()
        await until(pilot, lambda: len(table.log) == before and screen.human_to_decide())
        assert len(screen.session.log) == before
    await client.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["concordia", "colosseum"])
async def test_two_people_and_two_bots_play_a_seeded_game_to_the_end_in_the_games_own_screens(
        served: tuple[TableServer, str], game: str) -> None:
    """Two connections, each in its game's own screen: only the seat that must decide is offered a decision
    (out-of-turn ones such as Concordia's storehouse overflow included), both screens follow to the end."""
    server, path = served
    anna, bert, table_id = await table_for_two(path, game, 21)
    t = server.tables[table_id]
    apps = {0: RemoteApp(anna, [table_id], settings()), 2: RemoteApp(bert, [table_id], settings())}
    rng = random.Random(3)
    async with apps[0].run_test(size=SIZE) as pa, apps[2].run_test(size=SIZE) as pb:
        await pa.pause()
        await pb.pause()
        await anna.request("start", table=table_id)
        await until(pa, lambda: all(table_id in app.sessions for app in apps.values()))
        screens = {seat: app.screen for seat, app in apps.items()}
        ui = type(screens[0])
        assert ui.__module__ == f"tui.{game}.screen" and type(screens[2]) is ui
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 600
        while not t.over:
            assert loop.time() < deadline
            seat = t.deciding
            if seat not in apps:
                await asyncio.sleep(0.005)
                continue
            screen = screens[seat]
            session = screen.session  # type: ignore[attr-defined]
            if session.update.get("decisions") != len(t.log) or not screen.human_to_decide():  # type: ignore[attr-defined]
                await asyncio.sleep(0.005)
                continue
            other = screens[2 - seat]
            if other.session.update.get("decisions") == len(t.log):  # type: ignore[attr-defined]
                assert not other.human_to_decide() and other.legal() == []  # type: ignore[attr-defined]
            legal = session.legal_actions()
            assert sorted(map(str, legal)) == sorted(map(str, t.state.legal_actions()))
            assert session.state.seed == -1  # a view: nothing that gives the order of the stacks away
            screen.choose(rng.choice(legal))  # type: ignore[attr-defined]
            await asyncio.sleep(0.005)
        for app in apps.values():
            session = app.sessions[table_id]
            await until(pa, lambda s=session: s.update.get("over"))  # type: ignore[misc]
            assert session.state.is_over and len(session.log) == len(t.log)
            assert session.state.final_scores() == t.state.final_scores()  # the screen's score table is true
        assert {e.seat for e in t.log} == {0, 1, 2, 3}
    await anna.close()
    await bert.close()


def first_overflow_out_of_turn(first_seed: int) -> tuple[int, list[tuple[int, str]]]:
    """A seeded random Concordia game up to its first storehouse overflow decided out of turn: (seed, log)."""
    info = core_games.get("concordia")
    for seed in range(first_seed, first_seed + 100):
        s = info.new_game(info.config_from_dict({"players": 4}), seed)
        rng = random.Random(seed)
        log: list[tuple[int, str]] = []
        while not s.is_over:
            if s.current_player != s.active and s.decision == "overflow":
                return seed, log
            action = rng.choice(s.legal_actions())
            log.append((s.current_player, str(action)))
            s.apply(action)
    raise AssertionError("no overflow out of turn in 100 seeded games")


async def test_r_storehouse_an_overflow_out_of_turn_is_offered_to_its_owner_only(
        served: tuple[TableServer, str]) -> None:
    """R-STOREHOUSE: goods that do not fit are chosen by their receiver, even in another player's turn: that
    person's screen offers the overflow (and only the overflow choices), the active player's screen nothing."""
    from tui.serve.tables import Decision

    server, path = served
    seed, log = first_overflow_out_of_turn(9)
    probe = core_games.get("concordia")
    state = probe.new_game(probe.config_from_dict({"players": 4}), seed)
    for _seat, text in log:
        state.apply(probe.parse_action(state, text))
    active, owner = state.active, state.current_player
    seats = ["bot:random"] * 4
    seats[active], seats[owner] = "me", "free"
    anna = await TableClient.connect(path, "SHA256:anna", "Anna")
    bert = await TableClient.connect(path, "SHA256:bert", "Bert")
    table_id = (await anna.request("create", game="concordia", seats=seats, seed=seed))["table"]
    await bert.request("sit", table=table_id, seat=owner)
    t = server.tables[table_id]
    t.log = [Decision(seat, text, seat in (active, owner)) for seat, text in log]
    t.rebuild()
    apps = {active: RemoteApp(anna, [table_id], settings()), owner: RemoteApp(bert, [table_id], settings())}
    async with apps[active].run_test(size=SIZE) as pa, apps[owner].run_test(size=SIZE):
        await pa.pause()
        await anna.request("start", table=table_id)
        await until(pa, lambda: all(table_id in app.sessions for app in apps.values()))
        owner_screen, active_screen = apps[owner].screen, apps[active].screen
        await until(pa, lambda: owner_screen.human_to_decide())  # type: ignore[attr-defined]
        assert t.state.decision == "overflow" and t.deciding == owner != t.state.active
        offered = owner_screen.legal()  # type: ignore[attr-defined]
        assert sorted(map(str, offered)) == sorted(map(str, t.state.legal_actions()))
        assert all(str(a).startswith("accept") for a in offered)
        assert not active_screen.human_to_decide() and active_screen.legal() == []  # type: ignore[attr-defined]
        before = len(t.log)
        owner_screen.choose(offered[0])  # type: ignore[attr-defined]
        await until(pa, lambda: len(t.log) > before)
        assert t.log[before].seat == owner and t.log[before].action == str(offered[0])
    await anna.close()
    await bert.close()


async def test_r_legatus_each_screen_has_only_its_seats_view_the_partners_hand_is_hidden(
        served: tuple[TableServer, str]) -> None:
    """Concordia team game (R-TEAM-SEATS: partners sit opposite, seat 0 with 2, 1 with 3): Anna (seat 0) and Bert
    (seat 1) are opponents; neither screen's state holds the partner's hand, each holds its own."""
    server, path = served
    anna, bert, table_id = await table_for_two(path, "concordia", 5, {"variant": "venus-team"},
                                               seats=("me", "free", "bot:random", "bot:random"), bert_seat=1)
    t = server.tables[table_id]
    apps = [RemoteApp(anna, [table_id], settings()), RemoteApp(bert, [table_id], settings())]
    async with apps[0].run_test(size=(120, 36)) as pa, apps[1].run_test(size=(120, 36)):
        await anna.request("start", table=table_id)
        await until(pa, lambda: all(table_id in app.sessions for app in apps))
        for seat, app in enumerate(apps):
            s = app.sessions[table_id]
            partner = (seat + 2) % 4
            assert s.viewer == seat and s.humans() == [seat]
            assert s.state.players[seat].hand == t.state.players[seat].hand != []
            assert s.state.players[partner].hand == [] and t.state.players[partner].hand != []
            assert s.state.hidden_hand_sizes[partner] == len(t.state.players[partner].hand)
            assert app.screen.viewer() == seat  # type: ignore[attr-defined]
    await anna.close()
    await bert.close()


async def test_massilia_each_screen_shows_its_own_money_only(served: tuple[TableServer, str]) -> None:
    """Massilia (behind the merchant's screen): Anna's screen has her money, not Bert's, and the other way round."""
    server, path = served
    anna, bert, table_id = await table_for_two(path, "massilia", 9, seats=("me", "free", "bot:random", "bot:random"),
                                               bert_seat=1)
    t = server.tables[table_id]
    apps = [RemoteApp(anna, [table_id], settings()), RemoteApp(bert, [table_id], settings())]
    async with apps[0].run_test(size=(120, 36)) as pa, apps[1].run_test(size=(120, 36)) as pb:
        await anna.request("start", table=table_id)
        await until(pa, lambda: all(table_id in app.sessions for app in apps))
        await pb.pause(0.3)
        for seat, app in enumerate(apps):
            s = app.sessions[table_id]
            assert type(app.screen).__module__ == "tui.massilia.screen"
            assert s.state.players[seat].money == t.state.players[seat].money >= 0
            assert s.state.players[1 - seat].money == -1
    await anna.close()
    await bert.close()


@pytest.mark.parametrize("game", ["colosseum", "massilia"])
async def test_a_spectator_gets_the_public_view_in_the_games_screen_and_no_decision(
        served: tuple[TableServer, str], game: str) -> None:
    """A spectator's screen is the game's own with the public view (Massilia's: ``view(-1)``, every screen hidden)."""
    _server, path = served
    anna, bert, table_id = await table_for_two(path, game, 4)
    await anna.request("start", table=table_id)
    carl = await TableClient.connect(path, "SHA256:carl", "Carl")
    app = RemoteApp(carl, [], settings())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                    and app.screen.query_one("#lobby-tables", DataTable).row_count == 1)
        await pilot.press("w")
        await until(pilot, lambda: table_id in app.sessions)
        s = app.sessions[table_id]
        assert type(app.screen).__module__ == f"tui.{game}.screen"
        assert s.viewer is None and s.humans() == [] and s.update["legal"] is None
        assert not app.screen.human_to_decide()  # type: ignore[attr-defined]
        assert s.legal_actions() == []
    for c in (anna, bert, carl):
        await c.close()


async def test_the_lobby_speaks_german_with_lang_de_and_draws_ascii(served: tuple[TableServer, str]) -> None:
    _server, path = served
    client = await TableClient.connect(path, "SHA256:anna", "Anna")
    await client.request("create", game="colosseum", seats=["me", "free"])
    app = RemoteApp(client, [], settings(language="de", ascii=True))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                        and app.screen.query_one("#lobby-tables", DataTable).row_count == 1)
            await pilot.pause(0.2)
            shown = text_of(app)
            assert "Tische auf diesem Server" in str(app.screen.query_one("#lobby-title", Static).render())
            assert "offen" in shown and "frei" in shown and "Neuer Tisch" in shown
            drawing = [ch for ch in shown if 0x2500 <= ord(ch) < 0x2600]  # box drawing, blocks (German letters stay)
            assert not drawing, drawing[:5]
    finally:
        from tui import glyphs, i18n

        i18n.set_language("en")
        glyphs.use_ascii(False)
    await client.close()


def test_the_lobby_reads_its_four_options_by_hand_and_leaves_the_rest() -> None:
    from tui.serve.remote import lobby_options

    args = lobby_options(["--lang", "de", "--ascii", "--save-dir", "/tmp/x y", "--theme=light", "--unknown", "z"])
    assert (args.lang, args.ascii, args.save_dir, args.theme) == ("de", True, "/tmp/x y", "light")
    assert vars(lobby_options([])) == {"lang": None, "ascii": False, "theme": None, "save_dir": None}
    assert lobby_options(["--lang=en"]).lang == "en"
    assert lobby_options(["--ascii=yes"]).ascii is False  # a flag takes no value: not this option
    with pytest.raises(ValueError, match="choose dark"):
        lobby_options(["--theme", "nord"])
    with pytest.raises(ValueError, match="choose en or de"):
        lobby_options(["--lang", "fr"])
    with pytest.raises(ValueError, match="needs a value"):
        lobby_options(["--save-dir"])
