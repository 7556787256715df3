"""One writer per save (issue 33 item 1): a game is claimed by the process that plays it.

Two apps on one save folder each autosaved their own copy of a game over the other's (A's moves lost). Now
``SaveStore.claim`` takes an exclusive lock beside the save; a second process is refused with ``SaveBusy``
naming the holder, and the lock of a process killed with ``kill -9`` is taken over. The app-level behaviour
(the dialog, read-only, a copy) is in ``tests/tui/test_open_elsewhere.py``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.core import games
from saves import SaveBusy, SavedGame, SaveError, SaveStore, Seat
from saves.lock import lock_path

GAME_ID = "ab" * 16

HOLDER = textwrap.dedent("""
    import sys, time
    from saves import SaveStore
    lock = SaveStore(sys.argv[1]).claim(sys.argv[2])
    print("held", flush=True)
    time.sleep(120)
""")


def _holding_process(directory: Path, game_id: str = GAME_ID) -> subprocess.Popen[str]:
    """Another process that claims the game and keeps it (until it is killed)."""
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(directory), game_id], stdout=subprocess.PIPE,
                            text=True, cwd=Path(__file__).resolve().parents[2])
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "held"
    return proc


def _saved_game(store: SaveStore, game: str = "colosseum") -> SavedGame:
    info = games.get(game)
    config = info.config_from_dict({"players": 2})
    saved = SavedGame.new(config, 3, [Seat("Anna", None), Seat("Bruno", "random")], title="mine", game=game)
    store.save(saved)
    return saved


def test_a_second_claim_is_refused_until_the_first_is_released(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    first = store.claim(GAME_ID)
    assert first.held and lock_path(tmp_path, GAME_ID).is_file()
    with pytest.raises(SaveBusy) as refused:
        store.claim(GAME_ID)
    assert f"process {os.getpid()}" in refused.value.holder
    assert "open in another window" in str(refused.value)
    assert store.holder(GAME_ID) == refused.value.holder
    first.release()
    first.release()  # a second release does nothing
    assert not lock_path(tmp_path, GAME_ID).exists()  # no lock files pile up in the save folder
    assert store.holder(GAME_ID) is None
    again = store.claim(GAME_ID)
    assert again.held
    again.release()


def test_another_process_holds_the_game_and_its_lock_is_taken_over_after_kill_9(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    proc = _holding_process(tmp_path)
    try:
        with pytest.raises(SaveBusy) as refused:
            store.claim(GAME_ID)
        assert f"process {proc.pid} on " in refused.value.holder
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    assert lock_path(tmp_path, GAME_ID).exists()  # the dead process's file is still there ...
    lock = store.claim(GAME_ID)  # ... and taken over: the kernel dropped its lock with the process
    assert lock.held
    assert f"process {os.getpid()}" in lock_path(tmp_path, GAME_ID).read_text()
    lock.release()


def test_a_game_another_process_plays_is_neither_deleted_nor_renamed(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    saved = _saved_game(store)
    path = store.path_of(saved.game_id)
    before = path.read_bytes()
    proc = _holding_process(tmp_path, saved.game_id)
    try:
        with pytest.raises(SaveError, match="open in another window"):
            store.delete(path)
        with pytest.raises(SaveError, match="open in another window"):
            store.rename(path, "renamed")
        assert path.read_bytes() == before
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    store.rename(path, "renamed")  # its player is gone: the save is the folder's again
    assert store.list()[0].title == "renamed"
    store.delete(path)
    assert not path.exists() and not lock_path(tmp_path, saved.game_id).exists()


@pytest.mark.parametrize("kind", ["folder", "fifo", "link"])
def test_a_lock_path_that_is_not_a_file_is_one_error_never_a_hang(tmp_path: Path, kind: str) -> None:
    path = lock_path(tmp_path, GAME_ID)
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(tmp_path / "elsewhere")
    with pytest.raises(SaveError, match="lock file") as refused:
        SaveStore(tmp_path).claim(GAME_ID)
    assert not isinstance(refused.value, SaveBusy)
    assert not (tmp_path / "elsewhere").exists()  # a link is never followed


def test_a_folder_that_cannot_be_written_still_opens_its_games(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    tmp_path.chmod(0o555)
    try:
        lock = SaveStore(tmp_path).claim(GAME_ID)
        assert not lock.held  # nothing can be written there: the autosave will say so
    finally:
        tmp_path.chmod(0o755)
