"""The server's refusals and notices in each reader's language (issue 35: "words in the reader's language").

Every connection says its language in ``hello``; the table server words each refusal and each ``closed`` notice
for the connection that reads it, so a German and an English player at one table read the same event in their
own words. What the SSH server writes before any app runs ("server full", the invite prompt) follows the
client's LANG/LC_* as SSH sent them, else the language the key chose in its settings, else English.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pytest
from textual.widgets import DataTable, Static

from tui import i18n
from tui.serve.client import TableClient
from tui.serve.keys import fingerprint, player_dir
from tui.serve.remote import LobbyScreen, RemoteApp
from tui.serve.table_server import TableServer
from tui.serve.tables import TableError
from tui.serve.web import WebServer

from .conftest import Harness
from .test_lifecycle import next_event
from .test_remote import settings, until
from .test_ssh import admit

ANNA, BERT, CARL = "SHA256:anna", "SHA256:bert", "SHA256:carl"


async def refusal(client: TableClient, op: str, **fields: object) -> str:
    with pytest.raises(TableError) as refused:
        await client.request(op, **fields)
    return str(refused.value)


async def test_a_german_reader_gets_the_table_limits_in_german_an_english_one_in_english(tmp_path: Path) -> None:
    """``--max-tables`` and ``--max-tables-per-host``: the lobby's reason (``can_create``) and the refused
    ``create``, each in its reader's language (and in ASCII for an ASCII reader)."""
    server = TableServer(tmp_path / "serve", max_tables=3, max_per_host=2)
    path = str(tmp_path / "t.sock")
    await server.start(Path(path))
    anna = await TableClient.connect(path, ANNA, "Anna", lang="de")
    bert = await TableClient.connect(path, BERT, "Bert", lang="en")
    carl = await TableClient.connect(path, CARL, "Carl", lang="de", ascii=True)
    try:
        for _ in range(2):
            await anna.request("create", game="colosseum", seats=["me", "free"])
        german = ("Du leitest 2 offene oder laufende Tische, mehr darf eine Person nicht: Schließ erst einen "
                  "(T darauf in der Lobby)")
        assert (await anna.request("list"))["can_create"] == german
        assert await refusal(anna, "create", game="colosseum", seats=["me", "free"]) == german
        await bert.request("create", game="colosseum", seats=["me", "free"])
        full = "Der Server hat 3 Tische, mehr führt er nicht: Erst muss ein Tisch enden oder geschlossen werden"
        assert (await anna.request("list"))["can_create"] == full
        assert (await bert.request("list"))["can_create"] == (
            "the server has 3 tables, the most it keeps: a table must finish or be closed first")
        assert await refusal(carl, "create", game="colosseum", seats=["me", "free"]) == (
            "Der Server hat 3 Tische, mehr fuehrt er nicht: Erst muss ein Tisch enden oder geschlossen werden")
    finally:
        for c in (anna, bert, carl):
            await c.close()
        await server.close()


async def test_refusals_at_a_table_are_worded_for_the_reader(served: tuple[TableServer, str]) -> None:
    """Seats, start, the host's bot hand-over, taking a seat back, acting while a bot plays, undo, a bad
    timer: Bert (German) reads German, Anna (English) the English of the same refusal."""
    server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna", lang="en")
    bert = await TableClient.connect(path, BERT, "Bert", lang="de")
    try:
        assert await refusal(bert, "create", game="colosseum", seats=["me", "free"], timer=-5) == (
            "Die Zugzeit ist 0 (keine) oder 1 bis 604800 Sekunden")
        assert await refusal(bert, "create", game="colosseum", seats=["me", "chair"]) == (
            "Ein Platz ist 'me' (einmal), 'free' oder 'bot:STUFE', nicht 'chair'")
        assert await refusal(bert, "create", game="colosseum", seats=["me"]) == (
            "Die Baumeister des Colosseum ist für 2 bis 4 Personen")
        table = (await anna.request("create", game="colosseum", seats=["me", "free", "free"], seed=3))["table"]
        assert await refusal(bert, "sit", table=table, seat=0) == "Dieser Platz ist besetzt"
        assert await refusal(anna, "sit", table=table, seat=0) == "you already have a seat at this table"
        assert await refusal(bert, "sit", table=table, seat=7) == "Der Platz muss 0 bis 2 sein"
        assert await refusal(bert, "sit", table="nope", seat=1) == "Diesen Tisch gibt es nicht"
        await bert.request("sit", table=table, seat=1)
        assert await refusal(bert, "start", table=table) == "Nur der Gastgeber startet den Tisch"
        assert await refusal(anna, "start", table=table) == "every seat needs a person or a bot first"
        assert await refusal(bert, "bot", table=table, seat=2) == "Nur der Gastgeber gibt Plätze an Bots"
        await anna.request("bot", table=table, seat=2, level="random")
        await anna.request("start", table=table)
        t = server.tables[table]
        if t.deciding != 1:
            assert await refusal(bert, "act", table=table, action="x") == "Du bist nicht an der Reihe"
        assert await refusal(bert, "take", table=table) == "Hier spielt kein Bot einen Platz von dir"
        await anna.request("bot", table=table, seat=1, level="random")  # Bert is away: the host gives his seat
        assert await refusal(bert, "act", table=table, action="x") == (
            "Ein Bot spielt jetzt deinen Platz: Hol ihn erst zurück (T)")
        assert await refusal(bert, "undo", table=table) == "Ein Bot spielt jetzt deinen Platz: Hol ihn erst zurück (T)"
        await bert.request("take", table=table)
        assert await refusal(bert, "close", table=table) == "Nur der Gastgeber schließt den Tisch"
        assert await refusal(anna, "close", table="nope") == "no such table"
    finally:
        for c in (anna, bert):
            await c.close()


async def test_the_closed_notice_and_the_chat_refusals_are_in_each_followers_language(
        served: tuple[TableServer, str]) -> None:
    """One event, several readers: the host closes the table, and each follower reads why in their own words;
    chat's rate and "watch first" refusals likewise."""
    _server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna", lang="en")
    bert = await TableClient.connect(path, BERT, "Bert", lang="de")
    carl = await TableClient.connect(path, CARL, "Carl", lang="en")
    try:
        table = (await anna.request("create", game="colosseum", seats=["me", "free"], seed=5))["table"]
        assert await refusal(bert, "say", table=table, text="hallo") == (
            "Schau dem Tisch zu (oder setz dich dazu), um dort zu reden")
        await bert.request("sit", table=table, seat=1)
        await carl.request("watch", table=table)
        assert await refusal(bert, "say", table=table, text=" \n\t") == "Nichts zu sagen"
        for i in range(4):  # the burst
            await bert.request("say", table=table, text=f"Zeile {i}")
        assert await refusal(bert, "say", table=table, text="noch eine") == "Langsamer: eine Zeile alle 2 Sekunden"
        await anna.request("close", table=table)
        for client, words in ((bert, "Der Gastgeber hat den Tisch geschlossen."),
                              (carl, "The host closed the table.")):
            closed = await next_event(client, table, "closed")
            assert closed["reason"] == "closed by its host" and closed["words"] == words
    finally:
        for c in (anna, bert, carl):
            await c.close()


async def test_a_german_lobby_shows_a_refusal_and_a_closed_table_in_german(served: tuple[TableServer, str]) -> None:
    """The app at 80x24 in German: N at the limit says the server's German reason on the message line, whole;
    the host closing a table Bert follows brings his screen back with the German notice."""
    server, path = served
    server.max_per_host = 1
    anna = await TableClient.connect(path, ANNA, "Anna", lang="en")
    bert = await TableClient.connect(path, BERT, "Bert", lang="de")
    try:
        await bert.request("create", game="colosseum", seats=["me", "free"], seed=1)
        table = (await anna.request("create", game="colosseum", seats=["me", "free"], seed=2))["table"]
        app = RemoteApp(bert, [], settings(language="de"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.refusal != "")
            await pilot.press("n")
            reason = ("Du leitest 1 offene oder laufende Tische, mehr darf eine Person nicht: Schließ erst einen "
                      "(T darauf in der Lobby)")
            line = app.screen.query_one("#lobby-message", Static)
            assert str(line.render()) == reason
            assert line.region.width * line.region.height >= len(reason)  # room for all of it at 80x24
            assert any(n.message == reason for n in app._notifications)
            await bert.request("watch", table=table)
            await anna.request("close", table=table)
            await until(pilot, lambda: any(n.message == "Der Gastgeber hat den Tisch geschlossen."
                                           for n in app._notifications))
    finally:
        i18n.set_language("en")
        for c in (anna, bert):
            await c.close()


# ------------------------------------------------------------------------------------- before any app runs
async def test_server_full_is_said_in_the_clients_language(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey, bert_key: asyncssh.SSHKey,
        tmp_path: Path) -> None:
    """No app runs yet, so the server words it itself: LANG as SSH sent it; without one, the language the
    key chose in its settings (kept per key on the server); without either, English."""
    carl_key = asyncssh.generate_private_key("ssh-ed25519")
    h = harness(max_connections=1)
    await h.start()
    admit(h, anna_key, bert_key, carl_key)
    _chan, anna = await h.connect(anna_key, name="Anna")
    await anna.wait_for(b"READY")
    _chan, bert = await h.connect(bert_key, name="Bert", env={"LANG": "de_DE.UTF-8"})
    await bert.wait_for("Server voll: Hier spielen 1 Personen, mehr nimmt dieser Server nicht auf einmal; "
                        "versuch es später wieder\r\n".encode())
    config = player_dir(h.directory, fingerprint(carl_key)) / "config"
    config.mkdir(parents=True)
    (config / "settings.toml").write_text('language = "de"\nascii = true\n', encoding="utf-8")
    _chan, carl = await h.connect(carl_key, name="Carl")
    await carl.wait_for(b"Server voll: Hier spielen 1 Personen, mehr nimmt dieser Server nicht auf einmal; "
                        b"versuch es spaeter wieder\r\n")
    _chan, anna_again = await h.connect(anna_key, name="Anna", env={"LC_ALL": "en_GB.UTF-8"})
    await anna_again.wait_for(b"server full: 1 people are playing here")


async def test_the_invite_prompt_and_a_wrong_code_in_german(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    h = harness()
    server = await h.start()
    server.admission.new_invite()
    chan, screen = await h.connect(anna_key, env={"LANG": "de_AT.UTF-8"})
    await screen.wait_for("Dieser Schlüssel ist hier neu. Gib den Einladungscode ein, den dir der Gastgeber "
                          "gegeben hat: ".encode())
    chan.write(b"nope\r")
    await screen.wait_for(b"\r\nDas ist kein offener Einladungscode.\r\n")
    await asyncio.wait_for(screen.closed.wait(), 5)


async def test_a_german_welcome_and_the_shutdown_words(harness: Callable[..., Harness],
                                                       anna_key: asyncssh.SSHKey) -> None:
    h = harness()
    server = await h.start()
    code = server.admission.new_invite()
    chan, screen = await h.connect(anna_key, env={"LC_MESSAGES": "de_DE.UTF-8"})
    await screen.wait_for(b"Einladungscode")
    chan.write(code.encode() + b"\r")
    await screen.wait_for("Willkommen: Dieser Schlüssel ist ab jetzt zugelassen.\r\n".encode())
    await screen.wait_for(b"READY")
    server.close()
    await screen.wait_for(b"Der Server wird beendet\r\n")


# ------------------------------------------------------------------------------------- whole at 80x24
def test_the_seats_column_breaks_between_seats_never_inside_one() -> None:
    from tui.serve.remote import seats_text

    seats = [{"kind": "person", "name": "Anna", "online": True}, {"kind": "free"},
             {"kind": "bot", "name": "Bert", "bot": "normal", "held": True, "online": False},
             {"kind": "bot", "name": "Bot 4", "bot": "random"}]
    assert seats_text(seats) == "Anna, free, Bert (bot normal, away), bot (random)"
    assert seats_text(seats, 24).split("\n") == ["Anna, free,", "Bert (bot normal, away),", "bot (random)"]
    assert seats_text(seats, 10).split("\n") == ["Anna,", "free,", "Bert (bot normal, away),", "bot (random)"]


@pytest.mark.parametrize("ascii_mode", [False, True])
async def test_a_german_lobby_at_80_columns_shows_every_seat_whole(served: tuple[TableServer, str],
                                                                   ascii_mode: bool) -> None:
    """The seats column breaks between seats for the room there is (in ASCII mode the list has a border)."""
    _server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna", lang="de", ascii=ascii_mode)
    await anna.request("create", game="colosseum", seats=["me", "bot:random", "free", "bot:normal"],
                       seed=1)
    app = RemoteApp(anna, [], settings(language="de", ascii=ascii_mode))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables != [])
            await pilot.pause(0.2)
            rows = "\n".join(line.rstrip() for line in app.export_screenshot().splitlines())  # the SVG's text
            shown = rows.replace("&#160;", " ")
            assert "Bot (normal)" in shown and ("Bot (zufaellig)" if ascii_mode else "Bot (zufällig)") in shown
            table = app.screen.query_one("#lobby-tables")
            assert isinstance(table, DataTable)
            widths = sum(column.get_render_width(table) for column in table.columns.values())
            assert widths <= table.scrollable_content_region.width  # no column cut: all of it in view
    finally:
        from tui import glyphs

        i18n.set_language("en")
        glyphs.use_ascii(False)
        await anna.close()


async def test_a_german_concordia_footer_at_80_columns_keeps_every_key_it_lists(
        served: tuple[TableServer, str]) -> None:
    """The game screen's keys plus T and C need 93 columns in German: the footer goes compact and C, still
    working, is named in T's menu instead; every key the footer lists is whole."""
    _server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna", lang="de")
    table = (await anna.request("create", game="concordia", seats=["me", "bot:random"], seed=1))["table"]
    await anna.request("start", table=table)
    app = RemoteApp(anna, [table], settings(language="de"))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table in app.sessions)
            await until(pilot, lambda: app._chat_unlisted)
            await pilot.pause(0.2)
            footer = app.screen.query_one("Footer")
            keys = [k for k in footer.query("FooterKey") if k.display]
            assert footer.compact and keys[-1].key_display == "t"
            assert sum(k.outer_size.width for k in keys) <= 80
            await pilot.press("c")  # C still opens the chat line
            from tui.serve.table_menu import ChatLine

            await until(pilot, lambda: isinstance(app.screen, ChatLine))
            await pilot.press("escape")
            await pilot.resize_terminal(120, 36)
            await until(pilot, lambda: not app._chat_unlisted)
            await pilot.pause(0.2)
            keys = [k for k in app.screen.query_one("Footer").query("FooterKey") if k.display]
            assert [k.key_display for k in keys][-2:] == ["t", "c"]
    finally:
        i18n.set_language("en")
        await anna.close()


async def test_a_german_player_too_fast_in_the_chat_is_told_in_german(served: tuple[TableServer, str]) -> None:
    _server, path = served
    anna = await TableClient.connect(path, ANNA, "Anna", lang="de")
    table = (await anna.request("create", game="colosseum", seats=["me", "bot:random"], seed=1))["table"]
    await anna.request("start", table=table)
    app = RemoteApp(anna, [table], settings(language="de"))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table in app.sessions)
            for i in range(5):
                await app._say(table, f"Zeile {i}")
            await until(pilot, lambda: any(n.message == "Langsamer: eine Zeile alle 2 Sekunden"
                                           for n in app._notifications))
    finally:
        i18n.set_language("en")
        await anna.close()


async def test_the_browser_refusal_follows_the_browsers_language(web: WebServer) -> None:
    import aiohttp

    base = f"http://127.0.0.1:{web.port}"
    async with aiohttp.ClientSession() as http:
        async with http.get(base + "/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}) as r:
            assert r.status == 403
            assert await r.text() == (
                "concordia serve: Öffne den Link mit dem Token, den der Gastgeber ausgegeben hat\n")
        async with http.get(base + "/", headers={"Accept-Language": "fr-FR"}) as r:
            assert await r.text() == "concordia serve: open the link with the token the host printed\n"


async def test_an_invite_code_not_typed_in_time_is_said_in_german(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey, monkeypatch: pytest.MonkeyPatch) -> None:
    """The SSH disconnect's reason (OpenSSH prints it: "Received disconnect ...: 11: ...") in the session's
    language (asyncssh's client takes a disconnect by the application for a clean close: caught server-side)."""
    told: list[str] = []
    disconnect = asyncssh.SSHServerConnection.disconnect

    def recorded(self: asyncssh.SSHServerConnection, code: int, reason: str, lang: str = "en-US") -> None:
        told.append(reason)
        disconnect(self, code, reason, lang)

    monkeypatch.setattr(asyncssh.SSHServerConnection, "disconnect", recorded)
    h = harness(invite_timeout=0.5)
    server = await h.start()
    server.admission.new_invite()
    _chan, screen = await h.connect(anna_key, env={"LANG": "de_DE.UTF-8"})
    await screen.wait_for(b"Einladungscode")
    await asyncio.wait_for(screen.closed.wait(), 5)
    assert told == ["Der Einladungscode wurde nicht rechtzeitig eingegeben"]


def test_t_for_words_one_reader_without_touching_the_process_language() -> None:
    """The server words for several readers at once: ``t_for`` never switches the process's language."""
    from tui.serve.tables import said

    assert i18n.language() == "en"
    assert i18n.t_for("de", "that seat is taken") == "Dieser Platz ist besetzt"
    assert i18n.t_for("de", "only the host closes the table", ascii_mode=True) == (
        "Nur der Gastgeber schliesst den Tisch")
    assert i18n.t_for("en", "that seat is taken") == "that seat is taken"
    assert i18n.t_for("de", "Concordia") == "Concordia"  # no entry: as it is
    assert said("seat must be 0 to {last}", "de", last=3) == "Der Platz muss 0 bis 3 sein"
    assert i18n.language() == "en"
