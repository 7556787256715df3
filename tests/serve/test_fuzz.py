"""Fuzzing everything a client can send: keys, resizes, malformed escape sequences, huge pastes.

Whatever arrives, the server keeps serving: the connection that sent it and a fresh one still work.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import asyncssh
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.serve.ssh import shown_name
from tui.serve.terminal import MAX_PENDING_INPUT, clamp_size, safe_term

from .conftest import Harness

NASTY = [b"\x1b", b"\x1b[", b"\x1b[999999999999;99999999999H", b"\x1b]0;" + b"A" * 5000, b"\x1bP" + b"\x00" * 300,
         b"\x1b[<0;-1;-1M", b"\xff\xfe\xfd", b"\x03", b"\x1a", b"\x1c", b"\x00" * 100, b"\r\n" * 50,
         b"\x1b[200~", b"\x1b[201~", "ü€😀".encode(), b"\x1b[?1049l", b"\x9b31m"]


async def test_random_bytes_resizes_and_a_huge_paste_never_stop_the_server(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey, bert_key: asyncssh.SSHKey) -> None:
    h = harness()
    server = await h.start()
    server.admission.allow(anna_key)
    server.admission.allow(bert_key)
    chan, screen = await h.connect(anna_key)
    await screen.wait_for(b"READY")
    rng = random.Random(20)
    for _ in range(300):
        choice = rng.random()
        if choice < 0.4:
            chan.write(rng.choice(NASTY))
        elif choice < 0.8:
            chan.write(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).replace(b"\x11", b""))
        else:
            chan.change_terminal_size(rng.choice([0, 1, 80, 65535, 2**31 - 1]), rng.choice([0, 1, 24, 65535]))
    chan.write(b"P" * (4 * 1024 * 1024))  # a 4 MB paste: cut to the pending-input bound, never queued whole
    chan.change_terminal_size(90, 20)
    await screen.wait_for(b"SIZE 90x20", timeout=20)
    session = next(iter(server.sessions))
    assert session.app is not None and len(session.app._pending) <= MAX_PENDING_INPUT
    _chan2, other = await h.connect(bert_key, name="bert")
    await other.wait_for(b"READY")
    assert not screen.closed.is_set()


async def test_junk_terminal_types_and_environment_are_made_safe(
        harness: Callable[..., Harness], anna_key: asyncssh.SSHKey) -> None:
    h = harness()
    server = await h.start()
    server.admission.allow(anna_key)
    _chan, screen = await h.connect(anna_key, name="Ünï" * 200, term="vt100; rm -rf /",
                                    env={"LANG": "C" * 5000, "LC_ALL": "de_DE"}, size=(0, 0))
    await screen.wait_for(b"READY 80x24")
    session = next(iter(server.sessions))
    assert session.term == "xterm-256color" and len(session.name) <= 40


def test_the_shown_name_is_printable_and_short() -> None:
    assert shown_name("\x1b[31mAnna\x07" + "x" * 100) == "[31mAnna" + "x" * 32
    assert shown_name("\x00\x1b") == "guest"


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.integers(), st.none(), st.text(max_size=5), st.booleans()),
       st.one_of(st.integers(), st.none(), st.floats()))
def test_clamp_size_gives_a_usable_size_for_anything(columns: object, rows: object) -> None:
    c, r = clamp_size(columns, rows)
    assert 1 <= c <= 1000 and 1 <= r <= 1000


@given(st.text(max_size=60))
def test_safe_term_passes_only_plain_terminal_names(term: str) -> None:
    got = safe_term(term)
    assert got == term or got == "xterm-256color"
    assert all(c.isalnum() or c in "-_.+" for c in got)
