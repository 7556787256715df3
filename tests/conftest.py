"""Shared pytest options for the whole test suite."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--playout-seeds",
        default="5",
        help="seeds per configuration in tests/engine/test_playouts.py (48 configurations; default 5 = 240 games)",
    )
