"""Every `concordia ...` command quoted in README.md and docs/ parses with the real argument parser.

Parsing means what ``concordia ... --help`` would accept: every option and value must be known; a span that
only names a command in prose (``concordia replay`` without its PATH) may leave required arguments out.

A reader copies these commands; an option renamed or removed in the code must fail here, not at the
reader's prompt. The commands are parsed in-process with ``tui.cli.build_parser`` (no subprocess per
command), so the check costs a fraction of a second. Quoted commands are the lines of fenced code blocks and
inline code spans that start with ``concordia`` (also as ``.venv/bin/concordia`` or after ``nice -n N``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shlex
from functools import cache
from pathlib import Path

import pytest

from tui.cli import build_parser
from tui.commands.options import game_in

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# Upper-case words a doc may use for "put yours here", and a value of the right kind for each.
PLACEHOLDERS = {"ID": "colosseum", "MAP": "imperium", "PATH": "game.concordia", "DIR": "saves", "N": "2",
                "MODE": "random", "FILE.pub": "friend.pub", "ADDR": "0.0.0.0", "MIN": "30"}

_PREFIX = re.compile(r"^(?:\$\s+)?(?:nice\s+-n\s+\d+\s+)?(?:\S*/)?(concordia(?:\s.*)?)$")


def _command(text: str) -> str | None:
    """The ``concordia ...`` command in one shell line or code span, without prompt, path or nice."""
    match = _PREFIX.match(" ".join(text.split()))
    return match.group(1) if match else None


def _code_block_commands(text: str) -> list[str]:
    commands: list[str] = []
    for block in re.findall(r"^```[a-z]*\n(.*?)^```", text, flags=re.S | re.M):
        joined = re.sub(r"\\\n\s*", " ", block)  # shell line continuations
        for line in joined.splitlines():
            line = line.split(" #", 1)[0].strip()  # a trailing comment
            command = _command(line)
            if command:
                commands.append(command)
    return commands


def _inline_commands(text: str) -> list[str]:
    prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return [c for span in re.findall(r"`([^`]+)`", prose) if (c := _command(span))]


def quoted_commands() -> list[tuple[str, str]]:
    """(document, command) for every command quoted in README.md and docs/."""
    found: list[tuple[str, str]] = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        name = str(doc.relative_to(ROOT))
        found += [(name, c) for c in _code_block_commands(text) + _inline_commands(text)]
    return found


@cache
def _parser(game: str | None) -> argparse.ArgumentParser:
    return build_parser(None, game)


def _argv(command: str) -> list[str]:
    words = shlex.split(command)[1:]
    return [PLACEHOLDERS.get(w, w) for w in words]


def test_the_docs_quote_commands() -> None:
    """The extraction finds the commands the README teaches (a broken pattern would pass everything)."""
    commands = {c for _, c in quoted_commands()}
    assert "concordia --continue" in commands
    assert any(c.startswith("concordia serve --listen 0.0.0.0 --invite 3") for c in commands)
    assert any(c.startswith("concordia tournament ") for c in commands)
    assert len(commands) > 30


def test_every_quoted_command_parses() -> None:
    failures = []
    for doc, command in quoted_commands():
        argv = _argv(command)
        err = io.StringIO()
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                _parser(game_in(argv)).parse_args(argv)
        except SystemExit as exc:
            message = err.getvalue()
            # A span such as `concordia replay` names a command in prose: its options (none) are fine.
            fragment = "the following arguments are required" in message
            if exc.code not in (0, None) and not fragment:
                failures.append(f"{doc}: {command}\n    {err.getvalue().strip().splitlines()[-1:]}")
    assert not failures, "commands in the docs that concordia refuses:\n" + "\n".join(failures)


@pytest.mark.parametrize("bad", ["concordia new --no-such-option", "concordia simulate --games"])
def test_a_bad_command_is_caught(bad: str) -> None:
    """The check itself refuses what the CLI refuses."""
    argv = _argv(bad)
    with pytest.raises(SystemExit) as exc, contextlib.redirect_stderr(io.StringIO()):
        _parser(game_in(argv)).parse_args(argv)
    assert exc.value.code == 2
