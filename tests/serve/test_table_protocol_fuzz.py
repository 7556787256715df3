"""Issue 33, item 4: whatever a client writes into a shared table's request, ``handle`` answers with a reply.

``{"op": "act", ..., "action": "move ²"}`` used to escape ``handle`` as a ``ValueError`` (dropping the sender
and printing a traceback); errors a client can cause are replies, never exceptions. The fuzz sends requests
of every op with arbitrary fields, and action texts near the game's own, to a running table of each game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui.serve.table_server import Link, TableServer
from tui.serve.tables import Seat, Table

KEYS = ["SHA256:anna", "SHA256:bert"]


class _Writer:
    """Stands in for a connection's stream: a failed request never writes to it, a follower's update may."""

    def __init__(self) -> None:
        self.lines: list[bytes] = []

    def is_closing(self) -> bool:
        return False

    def write(self, line: bytes) -> None:
        self.lines.append(line)


def running_table(tmp: Path, game: str) -> tuple[TableServer, Table, Link]:
    server = TableServer(tmp)
    seats = [Seat("person", KEYS[0], "Anna"), Seat("person", KEYS[1], "Bert")]
    table = Table.create(game, {}, seats, KEYS[0], 3)
    table.started = True
    server.tables[table.id] = table
    link = Link(_Writer())  # type: ignore[arg-type]
    assert table.deciding is not None
    hello = server.handle(link, json.dumps({"op": "hello", "key": KEYS[table.deciding], "name": "x"}).encode())
    assert hello["ok"]
    return server, table, link


@pytest.mark.parametrize("game", ["concordia", "colosseum", "massilia"])
def test_a_superscript_digit_in_an_action_is_an_error_reply(tmp_path: Path, game: str) -> None:
    server, table, link = running_table(tmp_path, game)
    for text in ["move ²", "take ٣", "stall ²", "MOVE 2", " pass", "pass\n"]:
        reply = server.handle(link, json.dumps({"op": "act", "table": table.id, "action": text}).encode())
        assert reply["ok"] is False and reply["re"] == "act" and "\n" not in reply["error"]
    assert table.log == []


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=3), max_leaves=8)
OPS = st.sampled_from(["act", "undo", "sit", "stand", "bot", "start", "list", "follow", "create", "hello", "x"])
ACTION_WORDS = ["move", "take", "pass", "build", "card", "stall", "keep", "pay", "²", "٣", "2", "G1", "grain",
                "beige5", "none", "PASS", " ", "\n", "score", "river", "exchange", "venus"]


@pytest.mark.parametrize("game", ["colosseum", "massilia"])
def test_fuzzed_requests_always_get_a_one_line_reply(tmp_path: Path, game: str) -> None:
    server, table, link = running_table(tmp_path, game)
    legal = {str(a) for a in table.state.legal_actions()}

    @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(op=OPS, fields=st.dictionaries(st.sampled_from(["table", "action", "seat", "level", "game", "seats",
                                                          "key", "name", "options", "seed"]), JSON, max_size=4),
           action=st.one_of(st.lists(st.sampled_from(ACTION_WORDS), min_size=1, max_size=4).map(" ".join),
                            st.text(max_size=20)))
    def run(op: str, fields: dict[str, Any], action: str) -> None:
        if op in ("act", "undo", "sit", "stand", "bot", "start"):
            fields = {**fields, "table": table.id}
        if op == "act":
            if action in legal:
                return  # a legal decision is played, which is not what this fuzz is for
            fields["action"] = action
        if op in ("hello", "create", "start", "bot", "sit", "stand", "undo", "follow"):
            return  # these change who sits where or add tables: covered by the socket tests
        reply: dict[str, Any] = server.handle(link, json.dumps({"op": op, **fields}).encode())
        assert isinstance(reply["ok"], bool)
        if not reply["ok"]:
            assert "\n" not in reply["error"]
        assert table.log == []

    run()
