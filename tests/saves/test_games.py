"""Saves of any game: the header names the game, the game's own code validates and replays it, and the
Concordia saves written before there were several games (format version 1) still load (a migration).

``tests/saves/data/v1-*.concordia`` were written by the format as it was before this change and are kept
as they are: they must load, list, rename and keep their per-decision fingerprints forever.
"""

from __future__ import annotations

import shutil
import struct
from pathlib import Path
from typing import Any

import msgpack
import pytest

from engine.concordia import GameConfig
from saves import FORMAT_VERSION, SavedGame, SaveError, SaveStore, Seat, decode, encode, read_header
from saves.codec import split
from saves.migrations import migrate
from tests.bots import nim

from .test_fuzz import parts, seal

DATA = Path(__file__).parent / "data"
RUNNING = DATA / "v1-running.concordia"
FINISHED = DATA / "v1-finished.concordia"


def test_the_fixtures_are_version_1_files() -> None:
    for path in (RUNNING, FINISHED):
        version, header, _body = split(path.read_bytes())
        assert version == 1 and "options" not in msgpack.unpackb(header)
    assert FORMAT_VERSION == 2


def test_a_version_1_running_game_loads_through_the_migration() -> None:
    game = decode(RUNNING.read_bytes(), RUNNING)
    assert (game.game, game.game_id, game.title) == ("concordia", "1111111111111111aaaaaaaaaaaaaaaa",
                                                     "version 1, running")
    assert game.config == GameConfig(map="hellas", players=3, variant="venus")
    assert (game.seed, len(game.actions), game.state.turn, game.status) == (5, 60, 26, "running")
    assert (game.created, game.updated) == (1_764_000_000.0, 1_764_000_100.0)
    assert [s.name for s in game.seats] == ["Anna", "Bot 2", "Bot 3"]


def test_a_version_1_finished_game_loads_with_its_scores() -> None:
    game = decode(FINISHED.read_bytes(), FINISHED)
    assert game.config == GameConfig(players=2)
    assert (len(game.actions), game.status, game.scores()) == (246, "finished", [12, 74])


def test_version_1_fingerprints_are_unchanged() -> None:
    """Concordia's fingerprint moved to ``engine.concordia.fingerprint``: a file written again in version 2
    carries exactly the CRCs the version-1 file holds."""
    for path in (RUNNING, FINISHED):
        _h1, b1 = parts(path.read_bytes())
        again = encode(decode(path.read_bytes(), path))
        h2, b2 = parts(again)
        assert b2["checks"] == b1["checks"] and len(b1["checks"]) == 4 * len(b1["actions"])
        assert (b2["config"], b2["actions"], b2["state"]) == (b1["config"], b1["actions"], b1["state"])
        assert h2["version"] == 2 and h2["options"] == b1["config"]


def test_a_version_1_header_lists_without_the_body(tmp_path: Path) -> None:
    shutil.copy(RUNNING, tmp_path / RUNNING.name)
    shutil.copy(FINISHED, tmp_path / FINISHED.name)
    headers = SaveStore(tmp_path).list()
    assert [h.title for h in headers] == ["version 1, finished", "version 1, running"]
    running = read_header(tmp_path / RUNNING.name)
    assert (running.version, running.game, running.game_title) == (1, "concordia", "Concordia")
    assert (running.map, running.variant, running.players, running.turn, running.decisions) == (
        "hellas", "venus", 3, 26, 60)
    assert (running.options["map"], running.options["variant"], running.options["players"]) == ("hellas", "venus", 3)
    assert headers[0].scores == [12, 74]


def test_renaming_a_version_1_save_rewrites_it_as_version_2(tmp_path: Path) -> None:
    path = tmp_path / "1111111111111111aaaaaaaaaaaaaaaa.concordia"
    shutil.copy(RUNNING, path)
    store = SaveStore(tmp_path)
    store.rename(path, "renamed")
    header = read_header(path)
    assert (header.version, header.title, header.options) == (2, "renamed", GameConfig(
        map="hellas", players=3, variant="venus").to_dict())
    assert store.load(path).actions == decode(RUNNING.read_bytes()).actions


def test_a_damaged_version_1_header_is_a_save_error() -> None:
    header, _body = parts(RUNNING.read_bytes())
    header["map"] = 7
    with pytest.raises(SaveError, match="version-1 header: 'map'"):
        migrate(1, FORMAT_VERSION, header, None)
    header, body = parts(RUNNING.read_bytes())
    body["config"] = "imperium"
    with pytest.raises(SaveError, match="version-1 body"):
        migrate(1, FORMAT_VERSION, header, body)


# ------------------------------------------------------------------------- the header names the game
def test_a_new_save_names_its_game_and_options() -> None:
    config = GameConfig(map="italia", players=2)
    game = SavedGame.new(config, 3, [Seat("Anna"), Seat("Bot", "random")], title="t")
    assert game.game == "concordia" and game.state.game == "concordia"
    header, body = parts(encode(game))
    assert (header["game"], header["options"], header["map"], header["variant"]) == (
        "concordia", config.to_dict(), "italia", "base")
    assert body["config"] == config.to_dict()


@pytest.mark.parametrize(
    ("value", "says"),
    [("ghost", "another game ('ghost'), one this program does not have"), ("chess", "another game ('chess')"),
     (["concordia"], "another game (a list)"), (None, "another game (None)")],
)
def test_a_header_naming_another_game_is_one_line(value: Any, says: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """"ghost" is registered but its package is not installed (as Colosseum is in a build without it)."""
    from engine.core import games

    monkeypatch.setitem(games.BUILTIN, "ghost", "engine.ghost")
    header, body = parts(RUNNING.read_bytes())
    header["game"] = value
    header, body = migrate(1, 1, header, body)  # stays version 1: the migration refuses non-Concordia
    data = seal({**header, "version": 2, "options": body["config"]}, body)
    with pytest.raises(SaveError) as err:
        decode(data)
    assert says in str(err.value) and "\n" not in str(err.value)


def test_a_deeply_nested_game_name_is_refused_without_recursion() -> None:
    """Issue 15 item 1: the error message never renders a nested value."""
    header, body = parts(encode(decode(RUNNING.read_bytes())))
    deep: Any = "concordia"
    for _ in range(60):
        deep = [deep]
    header["game"] = deep
    with pytest.raises(SaveError, match=r"another game \(a list\)"):
        decode(seal(header, body))


@pytest.mark.parametrize(
    ("where", "key", "value", "says"),
    [("header", "options", {"map": "italia", "players": 3, "variant": "venus"}, "header says map hellas"),
     ("header", "options", {"map": "atlantis"}, "Concordia options this program cannot use: unknown map"),
     ("header", "options", "hellas", "game config in the header is not a map"),
     ("body", "config", {**GameConfig(map="hellas", players=3, variant="venus").to_dict(), "salsa": True},
      "Concordia options this program cannot use: unknown options: salsa"),
     ("body", "config", {**GameConfig(map="hellas", players=3, variant="venus").to_dict(), "interim_scoring": True},
      "the header's game options are not the game's"),
     ("header", "map", "italia", "header says map italia")],
)
def test_game_options_are_checked_by_the_game(where: str, key: str, value: Any, says: str) -> None:
    header, body = parts(encode(decode(RUNNING.read_bytes())))
    (header if where == "header" else body)[key] = value
    with pytest.raises(SaveError) as err:
        decode(seal(header, body))
    assert says in str(err.value)


# ---------------------------------------------------------------------------- a game other than Concordia
def nim_game(monkeypatch: pytest.MonkeyPatch, finished: bool) -> SavedGame:
    nim.register(monkeypatch)
    config = nim.GameConfig(players=3, pile=11)
    game = SavedGame.new(config, 4, [Seat("Anna"), Seat("Bot 2", "random"), Seat("Bot 3", "greedy")],
                         title="nim", game="nim")
    for text in ["take 3", "take 1", "take 2", "take 2", "take 1"] + (["take 2"] if finished else []):
        game.state.apply(text)
        game.actions.append(text)
    return game


@pytest.mark.parametrize("finished", [False, True])
def test_any_registered_game_saves_lists_and_loads(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                   finished: bool) -> None:
    game = nim_game(monkeypatch, finished)
    store = SaveStore(tmp_path)
    path = store.save(game)
    header = read_header(path)
    assert (header.game, header.game_title, header.options, header.map, header.variant) == (
        "nim", "Nim", {"players": 3, "pile": 11}, "", "")
    assert (header.players, header.turn, header.decisions) == (3, 0, len(game.actions))
    assert header.status == ("finished" if finished else "running")
    assert header.scores == ([12, 2, 2] if finished else None)  # seat 1 took the last counter
    loaded = store.load(path)
    assert (loaded.game, loaded.actions, loaded.config) == ("nim", game.actions, game.config)
    assert loaded.state.to_dict() == game.state.to_dict()
    checks = parts(path.read_bytes())[1]["checks"]
    assert len(struct.unpack(f">{len(game.actions)}I", checks)) == len(game.actions)


def test_a_damaged_log_of_another_game_names_the_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    header, body = parts(encode(nim_game(monkeypatch, False)))
    body["actions"][2] = "take 9"
    with pytest.raises(SaveError, match=r"decision 3 \(P1: 'take 9'\) is not an action legal here: not a Nim action"):
        decode(seal(header, body))


def test_a_save_whose_state_is_another_game_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    game = nim_game(monkeypatch, False)
    game.game = "concordia"
    with pytest.raises(SaveError, match="not a state of Concordia"):
        encode(game)
