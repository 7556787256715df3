"""A late joiner reads the decisions before they came in words, in their language, as a live follower read them
(issue 35: not in the engine's short form, ``2 Bert: purchase 1``); a decision their seat may not read stays
unworded, and its text never reaches their connection."""

from __future__ import annotations

import pytest

from tests.serve.test_remote import until
from tests.serve.test_remote_views import play, two_people
from tui import i18n
from tui.serve.client import TableClient
from tui.serve.remote import RemoteApp
from tui.serve.table_server import TableServer
from tui.settings import Settings


@pytest.mark.parametrize(("game", "lang"), [("colosseum", "en"), ("concordia", "de")])
async def test_a_late_spectator_reads_the_earlier_decisions_in_words_as_a_live_one_did(
        served: tuple[TableServer, str], game: str, lang: str) -> None:
    server, path = served
    anna, bert, table = await two_people(path, game, 6, ["me", "free", "bot:random"], start=False)
    live = await TableClient.connect(path, "SHA256:dave", "Dave", lang=lang)
    await live.request("watch", table=table)
    apps = {"live": RemoteApp(live, [], Settings().with_(pace="instant", language=lang))}
    try:
        async with apps["live"].run_test(size=(120, 36)) as pilot:
            await anna.request("start", table=table)
            await until(pilot, lambda: table in live.latest and live.latest[table]["started"])
            apps["live"].open_table(table)
            await until(pilot, lambda: table in apps["live"].sessions)
            await play(server, table, {0: anna, 1: bert}, 12, seed=2)
            t = server.tables[table]
            await until(pilot, lambda: t.deciding in (0, 1))  # the bot has played: the table waits for a person
            came = len(t.log)
            seen = apps["live"].sessions[table]
            await until(pilot, lambda: len(seen.log) == came)
            late = await TableClient.connect(path, "SHA256:carl", "Carl", lang=lang)
            await late.request("watch", table=table)
            await until(pilot, lambda: table in late.words)
            words = late.words[table]["words"]
            assert len(words) == came and all(isinstance(w, str) and w for w in words)  # all public here
            apps["late"] = RemoteApp(late, [], Settings().with_(pace="instant", language=lang))
            async with apps["late"].run_test(size=(120, 36)) as other:
                apps["late"].open_table(table)
                await until(other, lambda: table in apps["late"].sessions)
                read = apps["late"].sessions[table]
                assert [e.text for e in read.log[:came]] == [e.text for e in seen.log[:came]]
                assert [e.text for e in read.log[:came]] == words
                # and grouped by turn as the live log is (a turn's later decisions under its first)
                turns = [(e.holder, e.opens) for e in read.log[:came]]
                assert turns == [(e.holder, e.opens) for e in seen.log[:came]] and min(h for h, _o in turns) >= 0
                assert not any(": " in w and w.split(": ", 1)[1] in {e.action for e in t.log}
                               for w in words)  # never the short form
            await late.close()
    finally:
        i18n.set_language("en")
    for c in (anna, bert, live):
        await c.close()


async def test_massilia_a_late_spectator_gets_no_words_for_decisions_behind_a_screen(
        served: tuple[TableServer, str]) -> None:
    server, path = served
    anna, bert, table = await two_people(path, "massilia", 3, ["me", "free", "bot:random"])
    await play(server, table, {0: anna, 1: bert}, 10, seed=4)
    carl = await TableClient.connect(path, "SHA256:carl", "Carl", keep_raw=True)
    await carl.request("watch", table=table)
    loop_words = None
    for _ in range(500):
        if table in carl.words:
            loop_words = carl.words[table]["words"]
            break
        await until_tick()
    assert loop_words is not None and loop_words == [None] * len(loop_words) and len(loop_words) >= 10
    raw = bytes(carl.raw)
    for e in server.tables[table].log:
        assert f'"{e.action}"'.encode() not in raw  # no decision's text reached the spectator
    bert_words = await TableClient.connect(path, "SHA256:bert", "Bert")  # Bert back: his own decisions only
    await bert_words.request("watch", table=table)
    for _ in range(500):
        if table in bert_words.words:
            break
        await until_tick()
    mine = bert_words.words[table]["words"]
    log = server.tables[table].log[:len(mine)]
    assert [w is not None for w in mine] == [e.seat == 1 for e in log] and any(e.seat == 1 for e in log)
    for c in (anna, bert, carl, bert_words):
        await c.close()


async def until_tick() -> None:
    import asyncio

    await asyncio.sleep(0.01)
