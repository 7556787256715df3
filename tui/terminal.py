"""What the terminal the app starts in can draw, read from ``TERM`` before Textual starts.

The Linux console (``TERM=linux``) and the old VT terminals have no glyphs for the app's symbols (``╭ ♙ ⌂ ◆ ★``):
there the app draws with ASCII by itself and says so once. A ``dumb`` terminal (or none: ``TERM`` unset, as
under some service managers and editors' run panes) cannot move the cursor at all, so the full-screen app would
print garbage there: ``concordia`` says so in one line and exits instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

ASCII_TERMS: tuple[str, ...] = ("linux", "vt52", "vt100", "vt102", "vt220", "ansi", "cons25", "wsvt25")
"""Terminals that can run a full-screen app but cannot draw the app's Unicode symbols."""

NO_SCREEN_TERMS: tuple[str, ...] = ("", "dumb", "unknown")
"""Terminals that cannot run a full-screen app at all."""


ASCII_NOTICE = "TERM={term}: this terminal cannot draw the app's symbols, so it draws with ASCII only (--ascii)."
"""The notice (``t()`` translates the template; ``tui.i18n`` has its German)."""


@dataclass(frozen=True, slots=True)
class TerminalCheck:
    """What ``check`` found: the app cannot run (``error``), or runs, in ASCII mode when ``ascii``."""

    ascii: bool = False
    notice: str = ""
    """Said once when the app starts (why it draws in ASCII)."""
    error: str = ""
    """Printed instead of starting the app."""


def check(env: Mapping[str, str]) -> TerminalCheck:
    """What the terminal named by ``env["TERM"]`` allows."""
    term = env.get("TERM", "").strip().lower()
    if term in NO_SCREEN_TERMS:
        shown = f"TERM={term}" if term else "TERM is not set"
        return TerminalCheck(error=f"concordia: this terminal cannot show the app ({shown}); run it in a terminal "
                             "such as xterm (TERM=xterm-256color) or the Linux console (TERM=linux). The "
                             "commands 'saves', 'replay', 'simulate' and 'tournament' work anywhere.")
    if term in ASCII_TERMS or term.startswith(("vt1", "vt2")):
        from tui.i18n import t

        return TerminalCheck(ascii=True, notice=t(ASCII_NOTICE).format(term=term))
    return TerminalCheck()
