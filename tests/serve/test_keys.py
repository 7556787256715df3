"""The server's folder: a kept host key, the authorized-keys file, invite codes, and the serve command's errors."""

from __future__ import annotations

import os
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
    (["serve", "--max-connections", "0"], "at least 1"),
    (["serve", "--allow", "/nonexistent/key.pub"], "--allow /nonexistent/key.pub"),
])
def test_bad_serve_options_are_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONCORDIA_CONFIG_DIR", str(tmp_path))
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
