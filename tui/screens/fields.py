"""Small form widgets of the app's own screens that also work in ASCII mode and without colour."""

from __future__ import annotations

import dataclasses

from textual.content import Content
from textual.dom import DOMNode
from textual.widgets import Checkbox

from tui import glyphs, i18n
from tui.i18n import N_, t_as

TEXTUAL_KEY_WORDS: tuple[str, ...] = (N_("Dismiss menu"),)
"""The footer words of Textual's own widgets that a player sees (an open drop-down's Escape), marked here so that
``make po`` keeps their German (``translate_bindings`` looks them up like ours)."""


class Tick(Checkbox):
    """A checkbox whose state is a mark, not only a colour: ``[X]`` / ``[ ]`` in ASCII mode, ``▐X▌`` / ``▐ ▌``."""

    def render(self) -> Content:
        self.BUTTON_LEFT, self.BUTTON_RIGHT = ("[", "]") if glyphs.ascii_mode() else ("▐", "▌")
        self.BUTTON_INNER = "X" if self.value else " "
        return super().render()


_translated = False
"""Whether any key description has been put into another language in this process (then English, too, must be
put back: ``translate_bindings`` starts from the class's English each time)."""


def translations_needed() -> bool:
    """False while the app is in English and has never been in another language: every binding shows its
    class's English already, and translating would only rebuild the footers (time the title screen needs)."""
    return _translated or i18n.language() != "en"


def translate_bindings(node: DOMNode, refresh: bool = True) -> None:
    """Show ``node``'s key descriptions (the footer) in the current language.

    Textual keeps each node's bindings in a copy of its class's merged map; we replace that copy with one
    whose descriptions went through ``t``, starting from the class's English each time. ``refresh`` False:
    the caller tells the footer once after translating many nodes (every telling rebuilds the footer). Hidden
    bindings (a text field's "Delete character left") are never shown and keep their English.
    """
    global _translated
    if not translations_needed():
        return
    _translated = True
    merged = type(node)._merged_bindings
    if merged is None:
        return
    fresh = merged.copy()
    module = type(node).__module__  # a game screen's labels come from its game's catalog first
    for key, bindings in fresh.key_to_bindings.items():
        fresh.key_to_bindings[key] = [
            dataclasses.replace(b, description=t_as(module, b.description)) if b.description and b.show else b
            for b in bindings
        ]
    node._bindings = fresh
    if refresh:
        node.refresh_bindings()
