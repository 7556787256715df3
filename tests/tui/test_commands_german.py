"""The printing commands (``saves``, ``replay``, ``simulate``, ``tournament``) speak the app's language (issue 32):
``--lang`` (before or after the command's name), else the language saved in the settings, else the locale
(``LANG=de_DE.UTF-8``); ``--json`` prints the same in every language (it is for programs)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from saves import SaveStore
from tests.tui.cli_run import run_cli


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONCORDIA_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


def simulate(capsys: pytest.CaptureFixture[str], records: Path, *extra: str) -> tuple[int, str, str]:
    return run_cli(capsys, "simulate", "--game", "colosseum", "--players", "2", "--games", "1", "--seed", "3",
                   "--bots", "random", "--save-dir", str(records), *extra)


def test_simulate_and_saves_follow_lang_from_the_environment(capsys: pytest.CaptureFixture[str], isolated: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    records = isolated / "records"
    code, english, err = simulate(capsys, records)
    assert code == 0, err
    # the setup as the new-game form words it, no "max turns 0" (no limit); all seats are bots
    assert english.splitlines()[0] == "1 game of Die Baumeister des Colosseum (field D: base game), 2 bots, seed 3"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, german, err = simulate(capsys, isolated / "again")
    assert code == 0, err
    lines = german.splitlines()
    assert lines[0] == "1 Spiel Die Baumeister des Colosseum (Feld D: Grundspiel), 2 Bots, Startwert 3"
    assert lines[1].startswith("  mittlere Punkte ") and "mittlere Siegerpunkte" in lines[1]
    assert lines[2].startswith("  Züge je Spiel ") and lines[3].startswith("  Siege je Platz: ")
    # German numbers: a decimal comma, never a point; the wins by seat as words, not a Python dict
    assert re.fullmatch(r"  mittlere Punkte \d+,\d+, höchste \d+, mittlere Siegerpunkte \d+,\d+", lines[1]), lines[1]
    assert re.fullmatch(r"  Züge je Spiel \d+,\d+, \d+ Entscheidungen, \d+,\d+ Entscheidungen/s", lines[2]), lines[2]
    assert re.fullmatch(r"  Siege je Platz: \d: 1", lines[3]), lines[3]
    assert re.search(r"mean score \d+\.\d+, max \d+, mean winning score \d+\.\d+", english)
    assert re.search(r"^  wins by seat: \d: 1$", english, re.M)
    assert lines[4].startswith("  vor ihrem Ende abgebrochene Spiele: 0, längstes Spiel ")
    code, listing, err = run_cli(capsys, "saves", "--save-dir", str(records))
    assert code == 0, err
    assert " ".join(listing.split()).startswith(f"Gespeicherte Spiele in {records}")  # wrapped at 80 columns
    assert "beendet" in listing and "finished" not in listing
    assert re.search(r"^  1\. \d\d\.\d\d\. \d\d:\d\d  simulate seed 3$", listing, re.M)  # 28.11. 09:55
    code, empty, err = run_cli(capsys, "saves", "--save-dir", str(isolated / "none"))
    assert (code, " ".join(empty.split())) == (0, f"Keine gespeicherten Spiele in {isolated / 'none'}")


def test_replay_in_german_with_lang_after_the_command(capsys: pytest.CaptureFixture[str], isolated: Path) -> None:
    records = isolated / "records"
    assert simulate(capsys, records)[0] == 0
    (header,) = SaveStore(records).list()
    saved = SaveStore(records).load(header.path)
    code, out, err = run_cli(capsys, "replay", "--lang", "de", str(header.path))
    assert code == 0, err
    lines = out.splitlines()
    assert " ".join(" ".join(lines[:2]).split()).startswith(
        f"simulate seed 3: Die Baumeister des Colosseum, field d score_any, max turns 0, 2 Personen, Startwert 3, "
        f"{len(saved.actions)} Entscheidungen")
    assert lines[2].startswith("Zug   1  P")
    assert "Endwertung" in lines
    words = {line.split()[0] for line in lines if line.strip()}
    assert {"Ruhm", "Stall", "Lager", "Fluss", "Karten", "Summe", "Punkte"} <= words  # the game's own German
    assert any(line.startswith("Sieger: P") for line in lines)
    assert "Fame" not in out and "Total" not in out and "winner" not in out


def test_the_saved_setting_wins_over_the_locale_and_lang_over_both(capsys: pytest.CaptureFixture[str],
                                                                   isolated: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (isolated / "config").mkdir()
    (isolated / "config" / "settings.toml").write_text('language = "de"\n', encoding="utf-8")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    code, out, _ = run_cli(capsys, "saves", "--save-dir", str(isolated / "none"))
    assert code == 0 and out.startswith("Keine gespeicherten Spiele in")
    code, out, _ = run_cli(capsys, "--lang", "en", "saves", "--save-dir", str(isolated / "none"))
    assert code == 0 and out.startswith("No saved games in")
    code, out, _ = run_cli(capsys, "saves", "--lang", "en", "--save-dir", str(isolated / "none"))
    assert code == 0 and out.startswith("No saved games in")


def test_json_output_is_the_same_in_every_language(capsys: pytest.CaptureFixture[str], isolated: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    records = isolated / "records"
    assert simulate(capsys, records)[0] == 0
    code, english, _ = run_cli(capsys, "saves", "--json", "--save-dir", str(records))
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, german, _ = run_cli(capsys, "saves", "--json", "--save-dir", str(records))
    assert code == 0 and json.loads(german) == json.loads(english)
    assert json.loads(german)["saves"][0]["status"] == "finished"
    sim = ["simulate", "--game", "colosseum", "--players", "2", "--games", "1", "--seed", "3", "--bots", "random",
           "--json"]
    monkeypatch.setenv("LANG", "C.UTF-8")
    english = json.loads(run_cli(capsys, *sim)[1])
    german = json.loads(run_cli(capsys, "--lang", "de", *sim)[1])
    for summary in (english, german):  # the two timings differ from run to run
        del summary["decisions_per_second"], summary["seconds"]
    assert german == english


def test_tournament_table_in_german(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setenv("COLUMNS", "200")
    code, out, err = run_cli(capsys, "tournament", "--game", "colosseum", "--bots", "random,random", "--games", "2",
                             "--seed", "1", "--jobs", "1")
    assert code == 0, err
    title = " ".join(out.split())  # the title wraps over the table's width
    assert ("2 Spiele Die Baumeister des Colosseum (Feld D: Grundspiel), 2 Bots, Startwert 1, "
            "Platzdurchschnitt 50,0 %") in title
    rows = [line for line in out.splitlines() if "random" in line]
    assert rows and all(re.search(r"\d+,\d %.*\d+,\d\d .*\d+,\d\s", row) for row in rows), rows
    assert not any(re.search(r"\d\.\d", row) for row in rows), rows
    for heading in ("Bot", "Plätze", "Siege", "Siegquote", "Median", "Ersatzzüge", "Elo"):
        assert heading in out
    assert "win share" not in out and "fallbacks" not in out


@pytest.mark.parametrize(("lang", "game", "extra", "header"), [
    ("en", "concordia", ["--map", "italia", "--variant", "venus"],
     "1 game of Concordia (Italia (Venus)), 2 bots, seed 4"),
    ("de", "concordia", ["--map", "italia", "--variant", "venus"],
     "1 Spiel Concordia (Italia (Venus)), 2 Bots, Startwert 4"),
    ("en", "colosseum", ["--max-turns", "6"],
     "1 game of Die Baumeister des Colosseum (field D: base game, cut off after 6 turns), 2 bots, seed 4"),
    ("de", "colosseum", ["--max-turns", "6"],
     "1 Spiel Die Baumeister des Colosseum (Feld D: Grundspiel, Abbruch nach 6 Zügen), 2 Bots, Startwert 4"),
    ("de", "massilia", [], "1 Spiel Massilia (5 Standplättchen), 2 Bots, Startwert 4"),
])
def test_simulate_header_words_the_setup(capsys: pytest.CaptureFixture[str], lang: str, game: str, extra: list[str],
                                         header: str) -> None:
    """The header words the options as the new-game form does (a turn limit only when there is one) and counts
    the seats as bots: nobody plays, so never "Personen"."""
    code, out, err = run_cli(capsys, "--lang", lang, "simulate", "--game", game, "--players", "2", "--games", "1",
                             "--seed", "4", "--bots", "random", *extra)
    assert code == 0, err
    assert out.splitlines()[0] == header
