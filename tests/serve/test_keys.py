"""The server's folder: a kept host key, the authorized-keys file, invite codes, and the serve command's errors."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest

from tui import cli
from tui.serve.keys import INVITE_LENGTH, Admission, KeyError_, fingerprint, host_key


def test_the_host_key_is_created_once_owner_only_and_kept(tmp_path: Path) -> None:
    first = host_key(tmp_path / "serve")
    second = host_key(tmp_path / "serve")
    assert fingerprint(first) == fingerprint(second)
    assert os.stat(tmp_path / "serve" / "host_key").st_mode & 0o077 == 0


def test_allow_file_adds_a_key_for_good_once(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    pub = tmp_path / "friend.pub"
    pub.write_bytes(key.export_public_key())
    admission = Admission.load(tmp_path / "serve")
    assert admission.allow_file(pub)[1] is True
    assert admission.allow_file(pub)[1] is False
    again = Admission.load(tmp_path / "serve")
    assert again.is_authorized(key) and len(again.keys) == 1


@pytest.mark.parametrize("content", [b"", b"not a key\n", b"ssh-ed25519 AAAA!!!\n", b"\xff\xfe" * 10])
def test_a_bad_public_key_file_is_one_clear_error(tmp_path: Path, content: bytes) -> None:
    pub = tmp_path / "bad.pub"
    pub.write_bytes(content)
    with pytest.raises(KeyError_, match=r"bad\.pub"):
        Admission.load(tmp_path / "serve").allow_file(pub)


def test_a_damaged_authorized_keys_line_is_skipped(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "authorized_keys").write_bytes(b"garbage\n# comment\n" + key.export_public_key())
    assert list(Admission.load(tmp_path).keys) == [fingerprint(key)]


def test_an_invite_code_is_spent_by_its_first_use(tmp_path: Path) -> None:
    admission = Admission.load(tmp_path)
    code = admission.new_invite()
    assert len(code) == INVITE_LENGTH
    a, b = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    assert not admission.redeem("wrong", a)
    assert admission.redeem(f" {code} ", a)
    assert not admission.redeem(code, b)
    assert admission.is_authorized(a) and not admission.is_authorized(b)


@pytest.mark.parametrize(("argv", "message"), [
    (["serve", "--listen", "example.org"], "not an IP address"),
    (["serve", "--port", "70000"], "choose a port"),
    (["serve", "--max-connections", "0"], "choose 1 to 1000"),
    (["serve", "--max-connections", "100000"], "choose 1 to 1000"),
    (["serve", "--max-tables", "0"], "--max-tables 0: choose 1 to 1000"),
    (["serve", "--max-tables", "10", "--max-tables-per-host", "11"], "choose 1 to 10 (the --max-tables)"),
    (["serve", "--allow", "/nonexistent/key.pub"], "--allow /nonexistent/key.pub"),
])
def test_bad_serve_options_are_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path))
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("value", ["inf", "1e308", "1e-300", "nan", "0", "-5", "10081"])
def test_idle_timeout_is_bounded(value: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33 item 7: ``--idle-timeout`` inf, 1e308 and 1e-300 were accepted; a minute to a week is."""
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path))
    assert cli.main(["serve", "--idle-timeout", value]) == 2
    err = capsys.readouterr().err
    assert "--idle-timeout" in err and "1 to 10080 minutes" in err and err.count("\n") == 1


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


@pytest.fixture
def alarm() -> Iterator[None]:
    """A test that would block forever (reading a FIFO) fails after 10 s instead."""
    def expired(_sig: int, _frame: object) -> None:
        raise TimeoutError("blocked reading a key file")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def test_key_files_are_regular_files_of_a_bounded_size(tmp_path: Path, alarm: None) -> None:
    """Issue 33 item 7: a FIFO as ``--allow``, host key or authorized_keys blocked forever; authorized_keys ->
    /dev/zero grew to 2.6 GB; a 300 MB authorized_keys was read whole. Each is one line now, at once."""
    with pytest.raises(KeyError_, match="not a regular file"):
        Admission.load(tmp_path / "serve").allow_file(fifo(tmp_path / "friend.pub"))
    folder = tmp_path / "fifo"
    folder.mkdir()
    fifo(folder / "host_key")
    with pytest.raises(KeyError_, match=r"host key .*not a regular file"):
        host_key(folder)
    fifo(folder / "authorized_keys")
    with pytest.raises(KeyError_, match="authorized_keys: not a regular file"):
        Admission.load(folder)
    zero = tmp_path / "zero"
    zero.mkdir()
    (zero / "authorized_keys").symlink_to("/dev/zero")
    with pytest.raises(KeyError_, match="not a regular file"):
        Admission.load(zero)
    big = tmp_path / "big"
    big.mkdir()
    with open(big / "authorized_keys", "wb") as f:
        f.truncate(300 * 1024 * 1024)  # sparse: 300 MB that take no room
    with pytest.raises(KeyError_, match="too large"):
        Admission.load(big)
    with pytest.raises(KeyError_, match="too large"):
        Admission.load(tmp_path / "serve").allow_file(big / "authorized_keys")


def test_a_fifo_key_file_is_one_line_from_the_command(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch, alarm: None) -> None:
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path / "config"))
    assert cli.main(["serve", "--allow", str(fifo(tmp_path / "k.pub"))]) == 2
    err = capsys.readouterr().err
    assert "not a regular file" in err and err.count("\n") == 1 and "Traceback" not in err
