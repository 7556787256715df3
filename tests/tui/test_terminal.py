"""The terminal the app starts in (issue 21, "ASCII and old terminals"): ``TERM=linux`` draws in ASCII by
itself and says so once; ``TERM=dumb`` or no ``TERM`` gets one clear line on stderr and a non-zero exit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tui.test_cli import run_cli
from tui import i18n, terminal


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONCORDIA_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The settings the app would start with (the app itself is replaced by a recorder)."""
    seen: list[Any] = []

    class FakeApp:
        return_code = 0

        def __init__(self, settings: Any, **_start: Any) -> None:
            seen.append(settings)

        def run(self) -> None:
            return None

    monkeypatch.setattr("tui.app.ConcordiaApp", FakeApp)
    return seen


@pytest.mark.parametrize("term", ["dumb", "", None])
def test_a_terminal_without_a_screen_gets_one_clear_line(capsys: pytest.CaptureFixture[str], started: list[Any],
                                                        monkeypatch: pytest.MonkeyPatch, term: str | None) -> None:
    if term is None:
        monkeypatch.delenv("TERM", raising=False)
    else:
        monkeypatch.setenv("TERM", term)
    for argv in ([], ["new", "--players", "2"], ["play"]):
        code, out, err = run_cli(capsys, *argv)
        assert code == 2 and out == "" and started == []
        assert err.count("\n") == 1 and err.startswith("concordia: this terminal cannot show the app (")
        assert ("TERM=dumb" if term else "TERM is not set") in err
        assert all(ord(ch) < 128 for ch in err)


def test_headless_commands_work_on_a_dumb_terminal(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    code, out, err = run_cli(capsys, "saves")
    assert code == 0 and "No saved games" in out, err


def test_the_linux_console_draws_in_ascii_and_says_so_once(capsys: pytest.CaptureFixture[str], started: list[Any],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "linux")
    code, _out, err = run_cli(capsys, "--lang", "de")
    assert code == 0, err
    settings = started[0]
    assert settings.ascii
    notices = [w for w in settings.warnings if "TERM=linux" in w]
    assert len(notices) == 1 and "ASCII" in notices[0] and "Terminal" in notices[0]  # in German


@pytest.mark.parametrize("term", ["xterm-256color", "xterm", "screen-256color", "tmux-256color"])
def test_a_modern_terminal_keeps_unicode(capsys: pytest.CaptureFixture[str], started: list[Any],
                                         monkeypatch: pytest.MonkeyPatch, term: str) -> None:
    monkeypatch.setenv("TERM", term)
    code, _out, err = run_cli(capsys)
    assert code == 0, err
    assert not started[0].ascii and started[0].warnings == ()


def test_ascii_chosen_already_gets_no_notice(capsys: pytest.CaptureFixture[str], started: list[Any],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "linux")
    code, _out, err = run_cli(capsys, "--ascii")
    assert code == 0, err
    assert started[0].ascii and started[0].warnings == ()


def test_check_names_the_old_terminals() -> None:
    assert terminal.check({"TERM": "vt100"}).ascii and terminal.check({"TERM": "LINUX"}).ascii
    assert terminal.check({}).error and terminal.check({"TERM": "dumb"}).error
    assert terminal.check({"TERM": "xterm-kitty"}) == terminal.TerminalCheck()
