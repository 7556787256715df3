"""The real ``concordia`` command in a pseudo-terminal: a quick game from the title screen, a card played,
quitting; the terminal types an SSH user may have; and a dropped connection (SIGHUP) that must autosave.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from saves import SaveStore
from tests.tui.app_support import Terminal


def env_for(tmp_path: Path, **settings: str) -> dict[str, str]:
    config = tmp_path / "config"
    config.mkdir()
    lines = [f'{k} = "{v}"' for k, v in {"pace": "instant", **settings}.items()]
    (config / "settings.toml").write_text("\n".join(lines) + "\n")
    return {"CONCORDIA_CONFIG_DIR": str(config), "CONCORDIA_SAVE_DIR": str(tmp_path / "saves")}


def test_quick_game_play_a_card_and_quit(tmp_path: Path) -> None:
    t = Terminal([], env_for(tmp_path), size=(100, 32), term="xterm-256color")
    try:
        t.wait_for("Quick game", timeout=20)
        assert "Load" in t.text() and "Settings" in t.text()
        mark = t.nbytes
        t.send("g")
        # the normal bots (1 s a decision, instant pace) play up to you: a minute on a busy machine
        t.wait_for(r"You — play a card", since=mark, timeout=120)
        t.settle()  # the whole decision painted, no bot still writing
        mark = t.nbytes
        t.send("2")  # the second card of the starting hand: the Architect
        t.wait_for(r"Discard \(1\)", since=mark, timeout=20)
        t.wait_for(r"Architect", since=mark, timeout=5)
        t.send("\x11")  # Ctrl+Q: quit from anywhere (the game is saved first)
        assert t.wait(20) == 0
    finally:
        t.close()
    store = SaveStore(tmp_path / "saves")
    (header,) = store.list()
    game = store.load(header.path)
    assert "play architect" in game.actions


@pytest.mark.parametrize(("term", "args"), [("xterm", []), ("linux", ["--ascii"])])
def test_old_terminals_without_a_mouse(tmp_path: Path, term: str, args: list[str]) -> None:
    """16 colours (xterm) and the Linux console (ASCII mode): title, a new game by keys, a card, quit."""
    t = Terminal([*args, "new", "--players", "2", "--bots", "random", "--seed", "8"], env_for(tmp_path),
                 size=(80, 24), term=term)
    try:
        t.wait_for(r"You (—|-) play a card", timeout=30)  # ASCII mode writes the dash as "-"
        t.settle()
        if "--ascii" in args:
            assert "╭" not in t.text() and "│" not in t.text()
            assert bytes(t.raw).isascii()  # every byte the terminal got
        mark = t.nbytes
        t.send("2")
        t.wait_for(r"Discard \(1\)", since=mark, timeout=20)
        t.send("\x11")
        assert t.wait(20) == 0
    finally:
        t.close()
    (header,) = SaveStore(tmp_path / "saves").list()
    assert header.decisions > 0


def test_sighup_during_a_game_leaves_a_loadable_autosave(tmp_path: Path) -> None:
    t = Terminal(["new", "--players", "2", "--bots", "random", "--seed", "3"], env_for(tmp_path), size=(100, 32))
    try:
        t.wait_for(r"You — play a card", timeout=30)
        mark = t.nbytes
        t.send("2")  # the Architect: the turn is not over, so only the hang-up can have saved this decision
        t.wait_for(r"Discard \(1\)", since=mark, timeout=20)
        t.hang_up()  # the SSH connection drops: the kernel sends SIGHUP
        code = t.wait(20)
    finally:
        t.close()
    assert code != 0  # it did not quit normally: the hang-up ended it
    store = SaveStore(tmp_path / "saves")
    (header,) = store.list()
    assert header.status == "running"
    game = store.load(header.path)
    assert game.actions[-1] == "play architect"


def test_sigterm_autosaves_too(tmp_path: Path) -> None:
    t = Terminal(["new", "--players", "2", "--bots", "random", "--seed", "4"], env_for(tmp_path), size=(100, 32))
    try:
        t.wait_for(r"You — play a card", timeout=30)
        mark = t.nbytes
        t.send("2")
        t.wait_for(r"Discard \(1\)", since=mark, timeout=20)
        t.signal(signal.SIGTERM)
        t.wait(20)
    finally:
        t.close()
    (header,) = SaveStore(tmp_path / "saves").list()
    assert "play architect" in SaveStore(tmp_path / "saves").load(header.path).actions


def test_the_linux_console_gets_only_ascii_without_asking(tmp_path: Path) -> None:
    """TERM=linux without --ascii: the app draws in ASCII by itself, says so once, and never writes a byte
    above 127 (title, a new game, a card played)."""
    t = Terminal(["new", "--players", "2", "--bots", "random", "--seed", "8"], env_for(tmp_path), size=(80, 24),
                 term="linux")
    try:
        t.wait_for(r"You - play a card", timeout=30)
        t.wait_for(r"TERM=linux", timeout=10)  # the notice (its toast wraps the line)
        mark = t.nbytes
        t.send("2")
        t.wait_for(r"Discard \(1\)", since=mark, timeout=20)
        t.settle()
        assert bytes(t.raw).isascii()
        t.send("\x11")
        assert t.wait(20) == 0
    finally:
        t.close()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_closed_terminal_ends_an_app_no_hang_up_signal_reaches(tmp_path: Path) -> None:
    """``make play`` in a tmux pane that was then killed kept running: no SIGHUP reached the app, and Textual's
    input thread read the dead terminal's end of input in a loop, at half a core, for good. Here the app runs
    in a session of its own, so the kernel's SIGHUP cannot reach it; it must see its terminal gone, save and
    end."""
    t = Terminal(["new", "--players", "2", "--bots", "random", "--seed", "5"], env_for(tmp_path), size=(100, 32),
                 via_shell=True)
    try:
        t.wait_for(r"You — play a card", timeout=30)
        mark = t.nbytes
        t.send("2")  # the Architect: only the hang-up's save can hold this decision
        t.wait_for(r"Discard \(1\)", since=mark, timeout=20)
        (app,) = (int(c) for c in Path(f"/proc/{t.proc.pid}/task/{t.proc.pid}/children").read_text().split())
        t.hang_up()
        deadline = time.monotonic() + 20
        while _alive(app) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(app), "the app outlived its closed terminal"
    finally:
        t.close()
    (header,) = SaveStore(tmp_path / "saves").list()
    assert header.status == "running"
    assert SaveStore(tmp_path / "saves").load(header.path).actions[-1] == "play architect"
