"""The save store: where saves live, save/autosave/load/list/delete/rename, times, migrations, name safety."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import msgpack
import pytest

from engine.concordia import GameConfig
from saves import FORMAT_VERSION, SavedGame, SaveError, SaveStore, Seat, decode, encode, read_header
from saves import replay as replay_mod
from saves.codec import FORMAT, MAGIC, frame, split

from .helpers import log_of, saved_game, seats_for, state_after

CONFIG = GameConfig(map="imperium", players=3, variant="base")
SEED = 8


def game_at(upto: int | None, game_id: str = "c" * 32, title: str = "evening game") -> SavedGame:
    return saved_game(CONFIG, SEED, upto=upto, game_id=game_id, title=title)


# ----------------------------------------------------------------------------------------- location
def test_directory_from_argument_env_and_user_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert SaveStore(tmp_path / "a").directory == (tmp_path / "a").absolute()
    monkeypatch.setenv("CONCORDIA_SAVE_DIR", str(tmp_path / "env"))
    assert SaveStore().directory == tmp_path / "env"
    monkeypatch.delenv("CONCORDIA_SAVE_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert SaveStore().directory == tmp_path / "xdg" / "concordia" / "saves"


def test_a_file_as_save_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    with pytest.raises(SaveError, match="not a folder"):
        SaveStore(tmp_path / "f")


# ---------------------------------------------------------------------------------- save and load
def test_save_writes_one_file_named_by_the_game_id_and_loads_it(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "saves")
    game = game_at(30)
    path = store.save(game)
    assert path == tmp_path / "saves" / f"{game.game_id}.concordia"
    assert [p.name for p in (tmp_path / "saves").iterdir()] == [path.name]
    assert game.created > 0 and game.updated >= game.created
    loaded = store.load(path)
    assert loaded.state.to_dict() == game.state.to_dict()
    assert (loaded.seats, loaded.title, loaded.created, loaded.updated) == (game.seats, game.title,
                                                                            game.created, game.updated)


def test_autosave_replaces_the_same_file_and_keeps_the_creation_time(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    first = game_at(10)
    path = store.save(first)
    created = first.created
    time.sleep(0.01)
    later = game_at(25)  # a fresh SavedGame (created = 0), as an app builds one for every autosave
    assert later.created == 0
    assert store.autosave(later) == path
    assert len(list(tmp_path.iterdir())) == 1
    header = read_header(path)
    assert header.created == created and header.updated > created and header.decisions == 25


def test_autosave_after_an_undo_rewinds(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    path = store.autosave(game_at(150))
    assert store.autosave(game_at(70)) == path  # the log got shorter (undo)
    replay_mod.clear()
    assert store.load(path).actions == list(log_of(CONFIG, SEED)[:70])


def test_save_refuses_a_state_that_does_not_follow_from_the_log(tmp_path: Path) -> None:
    game = game_at(20)
    game.state = state_after(CONFIG, SEED, log_of(CONFIG, SEED)[:21])
    with pytest.raises(SaveError, match="does not match its action log"):
        SaveStore(tmp_path).save(game)
    game = game_at(20)
    game.actions[5] = "build atlantis"
    with pytest.raises(SaveError, match="decision 6"):
        SaveStore(tmp_path).save(game)
    assert list(tmp_path.iterdir()) == []
    assert (game.created, game.updated) == (0.0, 0.0)  # not saved: the times are not set


def test_save_errors_are_save_errors(tmp_path: Path) -> None:
    (tmp_path / "ro").mkdir()
    (tmp_path / "ro").chmod(0o500)
    try:
        if os.access(tmp_path / "ro", os.W_OK):  # running as root: permissions do not stop writes
            return
        with pytest.raises(SaveError, match="cannot write"):
            SaveStore(tmp_path / "ro").save(game_at(5))
    finally:
        (tmp_path / "ro").chmod(0o700)


def test_load_of_a_missing_file_a_folder_or_a_pipe(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such save file"):
        SaveStore(tmp_path).load(tmp_path / "nope.concordia")
    with pytest.raises(SaveError, match="is a folder"):
        SaveStore(tmp_path).load(tmp_path)
    os.mkfifo(tmp_path / "pipe.concordia")  # reading it would block forever
    with pytest.raises(SaveError, match="is a named pipe \\(FIFO\\), not a save file"):
        SaveStore(tmp_path).load(tmp_path / "pipe.concordia")
    with pytest.raises(SaveError, match="not a regular file"):
        read_header(tmp_path / "pipe.concordia")
    assert SaveStore(tmp_path).list() == []


# -------------------------------------------------------------------------------------------- list
def test_list_is_sorted_by_last_played_and_skips_damaged_files(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    ids = [f"{i:x}" * 32 for i in (1, 2, 3)]
    for i, gid in enumerate(ids):
        g = game_at(10 + i, game_id=gid, title=f"game {i}")
        store.save(g)
    # the updated time inside the header decides, not the file time: save game 0 again to make it newest
    store.save(game_at(12, game_id=ids[0], title="game 0"))
    (tmp_path / "junk.concordia").write_bytes(b"hello")
    (tmp_path / "notes.txt").write_text("not a save")
    headers = store.list()
    assert [h.title for h in headers] == ["game 0", "game 2", "game 1"]
    problems = store.list_problems()
    assert [(p.name, msg) for p, msg in problems] == [("junk.concordia", "not a Concordia save file")]
    h = headers[0]
    assert (h.map, h.variant, h.players, h.status, h.scores, h.format, h.version) == (
        "imperium", "base", 3, "running", None, FORMAT, FORMAT_VERSION)
    assert h.seats == seats_for(CONFIG)


def test_latest_running_skips_finished_games(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    assert store.latest_running() is None
    store.save(game_at(10, game_id="1" * 32, title="running"))
    time.sleep(0.01)
    finished = game_at(None, game_id="2" * 32, title="finished")
    store.save(finished)
    assert store.list()[0].title == "finished" and store.list()[0].status == "finished"
    assert store.list()[0].scores == [p.total for p in finished.state.final_scores().players]
    latest = store.latest_running()
    assert latest is not None and latest.title == "running"


def test_list_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert SaveStore(tmp_path / "none").list() == []


# ------------------------------------------------------------------------------------ rename/delete
def test_rename_changes_only_the_title(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    path = store.save(game_at(15))
    before = read_header(path)
    store.rename(path, "Sunday / ../../etc")
    after = read_header(path)
    assert after.title == "Sunday / ../../etc" and after.updated == before.updated
    assert list(tmp_path.iterdir()) == [path]
    assert store.load(path).actions == list(log_of(CONFIG, SEED)[:15])


def test_delete_removes_only_saves_inside_the_store(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "store")
    path = store.save(game_at(5))
    outside = tmp_path / "other.concordia"
    outside.write_bytes(path.read_bytes())
    for bad in (outside, tmp_path / "store" / ".." / "other.concordia", "../other.concordia"):
        with pytest.raises(SaveError, match="not a save in"):
            store.delete(bad)
        with pytest.raises(SaveError, match="not a save in"):
            store.rename(bad, "x")
    (tmp_path / "store" / "readme.txt").write_text("keep me")
    with pytest.raises(SaveError):
        store.delete(tmp_path / "store" / "readme.txt")
    assert outside.exists() and (tmp_path / "store" / "readme.txt").exists()
    store.delete(path.name)
    assert not path.exists()
    with pytest.raises(SaveError, match="no such save"):
        store.delete(path)


# ------------------------------------------------------------------------------------ name safety
@pytest.mark.parametrize("game_id", ["../../../tmp/evil", "C" * 32, "0" * 31, "/etc/passwd", "a" * 31 + "/", ""])
def test_game_ids_that_are_not_hex_are_refused(tmp_path: Path, game_id: str) -> None:
    game = game_at(3)
    game.game_id = game_id
    with pytest.raises(SaveError, match="game id"):
        SaveStore(tmp_path / "s").save(game)
    assert not (tmp_path / "s").exists() or list((tmp_path / "s").iterdir()) == []


@pytest.mark.parametrize(
    ("title", "seat"),
    [("\x1b[2J", "Anna"), ("ok", "Anna\x1b]0;pwned\x07"), ("x" * 500, "Anna"), ("ok", ""), ("ok", "A\nB")],
)
def test_titles_and_names_with_control_characters_are_refused(tmp_path: Path, title: str, seat: str) -> None:
    game = game_at(3, title="x")
    game.title = title
    game.seats = [Seat(seat), *game.seats[1:]]
    with pytest.raises(SaveError):
        SaveStore(tmp_path).save(game)
    assert list(tmp_path.iterdir()) == []


def test_titles_and_names_never_reach_the_file_name(tmp_path: Path) -> None:
    game = game_at(3, title="../../escape.concordia")
    game.seats = [Seat("../../../root"), Seat("Bot", "random"), Seat("C:\\x", None)]
    path = SaveStore(tmp_path).save(game)
    assert path.parent == tmp_path and path.name == f"{game.game_id}.concordia"
    assert decode(path.read_bytes()).seats[0].name == "../../../root"


def test_new_games_get_fresh_hex_ids() -> None:
    a = SavedGame.new(CONFIG, 1, seats_for(CONFIG))
    b = SavedGame.new(CONFIG, 1, seats_for(CONFIG))
    assert a.game_id != b.game_id and len(a.game_id) == 32 and int(a.game_id, 16) >= 0
    assert a.actions == [] and a.state.to_dict() == state_after(CONFIG, 1, []).to_dict()


# ------------------------------------------------------------------------------------- versions
def write_version_0(game: SavedGame) -> bytes:
    """A save in format version 0 (the prototype): seats as ``names``/``bots``, the log as ``log``, no checks."""
    header: dict[str, Any] = {
        "format": FORMAT, "version": 0, "app_version": "0.0.1", "game_id": game.game_id, "title": game.title,
        "created": 1_700_000_000.0, "updated": 1_700_000_100.0, "map": game.config.map,
        "variant": game.config.variant, "players": game.config.players,
        "names": [s.name for s in game.seats], "bots": [s.bot for s in game.seats],
        "turn": game.state.turn, "decisions": len(game.actions), "status": game.status, "scores": game.scores(),
    }
    body = {"config": game.config.to_dict(), "seed": game.seed, "log": list(game.actions),
            "state": game.state.to_dict()}
    return frame(0, msgpack.packb(header), msgpack.packb(body))


def test_version_0_files_load_through_the_migration(tmp_path: Path) -> None:
    game = game_at(40, game_id="d" * 32)
    path = tmp_path / f"{game.game_id}.concordia"
    path.write_bytes(write_version_0(game))
    store = SaveStore(tmp_path)
    header = read_header(path)
    assert header.version == 0 and header.seats == game.seats and header.created == 1_700_000_000.0
    assert [h.game_id for h in store.list()] == [game.game_id]
    loaded = store.load(path)
    assert loaded.actions == game.actions and loaded.state.to_dict() == game.state.to_dict()
    assert loaded.seats == game.seats
    store.rename(path, "migrated")  # rewrites an old file in the current format
    assert read_header(path).version == FORMAT_VERSION and read_header(path).title == "migrated"
    assert read_header(path).created == 1_700_000_000.0


def test_a_damaged_version_0_file_is_a_save_error(tmp_path: Path) -> None:
    game = game_at(10)
    _v, header, body = split(write_version_0(game))
    h = msgpack.unpackb(header)
    h["bots"] = h["bots"][:-1]
    with pytest.raises(SaveError, match="version-0"):
        decode(frame(0, msgpack.packb(h), body))


def test_a_newer_version_is_refused_in_lists_too(tmp_path: Path) -> None:
    data = bytearray(encode(game_at(5)))
    data[len(MAGIC) : len(MAGIC) + 2] = (FORMAT_VERSION + 1).to_bytes(2, "big")
    (tmp_path / ("e" * 32 + ".concordia")).write_bytes(bytes(data))
    store = SaveStore(tmp_path)
    assert store.list() == []
    [(_path, message)] = store.list_problems()
    assert f"needs save format version {FORMAT_VERSION + 1}" in message


def test_saves_is_headless() -> None:
    """The save package never pulls in the UI (it is used by headless tools and the app alike)."""
    import subprocess
    import sys

    code = "import sys, saves; print(sorted(m for m in ('textual', 'rich', 'tui') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == "[]"
