"""Concordia's names in the player's language: card roles (Prefect / Praefekt), cards and gods (Mercurius / Merkur).

Moved here from ``tui.i18n`` so that the shell's translation module knows no particular game.
"""

from __future__ import annotations

from functools import cache

from engine.concordia import model
from tui.i18n import language


def role_name(role: str) -> str:
    """A card role's name: the rulebook's German name in German."""

    names = model.role_names().get(role)
    if names is None:
        return role.capitalize()
    return names[1] if language() == "de" else names[0]


def card_name(card_id: str) -> str:
    """A card's name; a double-role card shows both roles (Prefect/Architect)."""
    card = model.cards()[card_id]
    name = "/".join(role_name(r) for r in card.roles)
    if card.roles == ("mercator",) and card.mercator_money != 3:
        name += f" ({card.mercator_money})"
    return name


@cache
def card_for_play_name(play_name: str) -> str:
    """A card id that is played under ``play_name`` (cards that play alike share the name)."""
    for cid, card in model.cards().items():
        if card.play_name == play_name:
            return cid
    return play_name


GOD_NAMES: dict[str, tuple[str, str]] = {
    "vesta": ("Vesta", "Vesta"),
    "jupiter": ("Jupiter", "Jupiter"),
    "saturnus": ("Saturnus", "Saturnus"),
    "venus": ("Venus", "Venus"),
    "mercurius": ("Mercurius", "Merkur"),
    "mars": ("Mars", "Mars"),
    "minerva": ("Minerva", "Minerva"),
}
"""god -> (English, German) name as the rulebooks print it."""


def god_name(god: str) -> str:
    """A god's name in the current language (Mercurius / Merkur)."""
    names = GOD_NAMES.get(god)
    if names is None:
        return god.capitalize()
    return names[1] if language() == "de" else names[0]
