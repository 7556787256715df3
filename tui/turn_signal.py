"""Your turn: the terminal bell rings and the terminal's title says so (``1 Anna — your turn``).

A person who looks at another window or tab sees the title (and hears the bell) when a decision waits for
them: after bots played locally, or when another person's move arrives at a shared table. Each is a setting
(``turn_bell``, ``turn_title``). The title goes out as the xterm "set window title" sequence (OSC 2); the
name in it is a player's own text, so every control character is taken out first: a name can never end the
sequence early and write to the terminal itself.
"""

from __future__ import annotations

from typing import Any

from tui import glyphs
from tui.i18n import N_, t

YOUR_TURN = N_("{name} — your turn")
RESTING_TITLE = "Concordia"
"""The title while no decision waits for this screen."""
MAX_TITLE = 80


def title_sequence(text: str) -> str:
    """The terminal sequence that sets the window title to ``text`` (control characters dropped, cut short)."""
    clean = "".join(ch for ch in text if ch.isprintable())[:MAX_TITLE]
    return f"\x1b]2;{clean}\x07"


def turn_title(name: str) -> str:
    """``1 Anna — your turn`` in the reader's language (ASCII mode: ``1 Anna - your turn``)."""
    return glyphs.shown(t(YOUR_TURN).format(name=name))


def set_title(app: Any, text: str) -> None:
    """Write the title sequence to the app's terminal (nothing when it has none, e.g. a headless test)."""
    driver = getattr(app, "_driver", None)
    if driver is not None and not app.is_headless:
        driver.write(title_sequence(text))


def announce(app: Any, name: str) -> None:
    """A decision waits for ``name`` at this screen: the bell and the title, as the settings say."""
    settings = getattr(app, "settings", None)
    if getattr(settings, "turn_bell", True):
        app.bell()
    if getattr(settings, "turn_title", True):
        set_title(app, turn_title(name))


def rest(app: Any) -> None:
    """The decision was made (or the game ended): the title goes back to the app's name."""
    if getattr(getattr(app, "settings", None), "turn_title", True):
        set_title(app, RESTING_TITLE)
