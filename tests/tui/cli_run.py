"""Running the ``concordia`` command line inside a test: the exit code and what it printed, a ``SystemExit``
(argparse's refusals, ``--help``) taken as its code."""

from __future__ import annotations

import pytest

from tui import cli


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
