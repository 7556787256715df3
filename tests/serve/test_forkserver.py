"""Connection apps forked from the pre-imported template (``tui.serve.forkserver``): each still gets its own
terminal size, language and random seed, a crash ends only its own connection, and without the template the
app starts the old way."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import sys
from pathlib import Path

import pytest

from saves import SaveStore
from tui.serve import forkserver
from tui.serve.forkserver import Child, ForkServer
from tui.serve.terminal import AppTerminal


class Screen:
    def __init__(self) -> None:
        self.data = bytearray()
        self.ended: list[int] = []

    def text(self) -> str:
        return self.data.decode("utf-8", "replace")


async def until(check: object, what: str, screen: Screen, timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():  # type: ignore[operator]
        assert loop.time() < deadline, f"no {what}: {screen.text()[-400:]!r}"
        await asyncio.sleep(0.05)


def app(tmp: Path, name: str, lang: str, size: tuple[int, int]) -> tuple[AppTerminal, Screen]:
    screen = Screen()
    command = [sys.executable, "-m", "tui.cli", "--lang", lang, "--save-dir", str(tmp / name / "saves")]
    env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "CONCORDIA_CONFIG_DIR": str(tmp / name / "config")}
    term = AppTerminal(command, screen.data.extend, lambda: 0, screen.ended.append, env=env,
                       columns=size[0], rows=size[1])
    return term, screen


async def test_forked_apps_keep_their_own_size_language_and_seed_and_a_crash_stays_alone(
        template: ForkServer, tmp_path: Path) -> None:
    anna, anna_screen = app(tmp_path, "anna", "de", (100, 30))
    bert, bert_screen = app(tmp_path, "bert", "en", (80, 24))
    anna.start()
    bert.start()
    try:
        assert isinstance(anna._proc, Child) and isinstance(bert._proc, Child)  # forked, not started anew
        assert anna.pid != bert.pid
        await until(lambda: "Schnelles Spiel" in anna_screen.text(), "German title", anna_screen)
        await until(lambda: "Quick game" in bert_screen.text(), "English title", bert_screen)
        assert "Schnelles Spiel" not in bert_screen.text()

        def lowest_row(screen: Screen) -> int:
            return max([0, *(int(r) for r in re.findall(r"\x1b\[(\d+);\d+H", screen.text()))])

        # each drawn on its own terminal's size (the footer on row 30 and on row 24), never on the other's
        await until(lambda: lowest_row(anna_screen) == 30, "Anna's footer on row 30", anna_screen)
        await until(lambda: lowest_row(bert_screen) == 24, "Bert's footer on row 24", bert_screen)
        assert os.getsid(anna.pid or 0) == anna.pid and os.getsid(bert.pid or 0) == bert.pid  # own sessions
        # the quick game's seed is each connection's own (the template's random state is not shared)
        assert lowest_row(bert_screen) == 24
        anna.feed(b"g")
        bert.feed(b"g")
        seeds = []
        for name, term, screen in (("anna", anna, anna_screen), ("bert", bert, bert_screen)):
            store = SaveStore(tmp_path / name / "saves")
            for _ in range(60):  # the game is saved after its first decision (Enter: the person's first choice)
                if store.list():
                    break
                term.feed(b"\r")
                await asyncio.sleep(0.5)
            assert store.list(), screen.text()[-300:]
            seeds.append(store.load(store.list()[0].path).seed)
        assert seeds[0] != seeds[1], seeds
        # Anna's app crashes: her connection ends; Bert's app goes on answering
        os.kill(anna.pid or 0, signal.SIGSEGV)
        await until(lambda: anna_screen.ended != [], "the end of Anna's app", anna_screen)
        at = len(bert_screen.data)
        bert.resize(90, 28)
        await until(lambda: len(bert_screen.data) > at, "Bert's redraw after a resize", bert_screen)
        assert bert_screen.ended == []
    finally:
        anna.close()
        bert.close()


async def test_without_the_template_the_app_starts_anew(tmp_path: Path) -> None:
    assert forkserver.running() is None
    term, screen = app(tmp_path, "carl", "en", (80, 24))
    term.start()
    try:
        assert not isinstance(term._proc, Child)
        await until(lambda: "Quick game" in screen.text(), "English title", screen)
    finally:
        term.close()


def parent_and_command(pid: int) -> tuple[int, str]:
    """A process's parent pid and command line, from ``/proc``."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    parent = int(stat.rsplit(")", 1)[1].split()[1])
    return parent, Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


async def test_play_alone_runs_the_full_app_in_the_lobbys_forked_process_with_the_players_saves(
        template: ForkServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """P in the lobby: the full app follows in the same process, still the template's child sharing its pages
    (no ``exec`` of a fresh Python); its games are saved in the player's own folder; leaving it ends the
    connection."""
    import asyncssh

    from .test_ssh_tables import Site, line

    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    site = Site(tmp_path / "serve")
    site.ssh.options["command"] = None  # the real lobby, ``python -m tui.serve.remote``
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        await site.start()
        assert site.ssh.server is not None and template.proc is not None
        site.ssh.server.admission.allow(key)
        chan, screen = await site.ssh.connect(key, size=(100, 30), env={"LANG": "en_US.UTF-8"})
        _, at = await line(screen, r"Tables on this server", timeout=60)
        (session,) = site.ssh.server.sessions
        assert session.app is not None and isinstance(session.app._proc, Child)
        lobby = session.app.pid
        assert lobby is not None
        chan.write(b"p")
        _, at = await line(screen, r"Quick game", at, timeout=60)
        parent, command = parent_and_command(lobby)
        assert parent == template.proc.pid, "the app is no longer the template's child"
        assert "tui.serve.forkserver" in command and "tui.cli" not in command, command  # not exec'd anew
        saves = SaveStore(site.ssh.server.save_dir_of(session.seat))
        chan.write(b"g")  # a quick game: saved after the player's first decision, in the player's own folder
        for _ in range(60):
            if saves.list():
                break
            chan.write(b"\r")
            await asyncio.sleep(0.5)
        assert saves.list(), bytes(screen.data[-300:])
        assert parent_and_command(lobby)[0] == template.proc.pid
    finally:
        await site.stop()
        shutil.rmtree(site.sock_dir, ignore_errors=True)


def test_a_child_takes_exactly_the_connections_environment_and_textuals_constants_from_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``_become`` (in a forked process, as the template's child does): a variable of the template's own
    environment the connection lacks is gone, a changed one has the connection's value, and textual's
    constants are read again only when a variable they name differs."""
    import json

    import textual.constants

    monkeypatch.setenv("CONCORDIA_TEMPLATE_ONLY", "1")
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.delenv("TEXTUAL_FPS", raising=False)
    forkserver._compile_constants()  # as the template does: the variables textual.constants names, as they were
    fps = textual.constants.MAX_FPS
    results = []
    for extra in ({}, {"TEXTUAL_FPS": "7"}):
        env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", ""), **extra}
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: report and leave at once
            code = 1
            try:
                forkserver._become({"env": env, "cwd": "/"})
                os.write(write, json.dumps({"env": dict(os.environ), "fps": textual.constants.MAX_FPS}).encode())
                code = 0
            finally:
                os._exit(code)
        os.close(write)
        with os.fdopen(read, "rb") as f:
            data = f.read()
        assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0
        results.append(json.loads(data))
    assert results[0]["env"] == {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")}
    assert results[0]["fps"] == fps  # nothing textual reads differs: its constants are the template's
    assert results[1]["env"]["TEXTUAL_FPS"] == "7" and results[1]["fps"] == 7
    assert fps == textual.constants.MAX_FPS  # the test's own process is untouched
