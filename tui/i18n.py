"""Words shown to the player, in English or German (with the rulebook's card names).

``set_language("de")`` switches; ``t("Quick game")`` translates a UI string (unknown strings stay English);
``role_name("prefect")`` gives a card's name (Prefect / Praefekt).
"""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("en", "de")

_language = "en"

GERMAN: dict[str, str] = {
    "brick": "Ziegel",
    "food": "Nahrung",
    "tool": "Werkzeug",
    "wine": "Wein",
    "cloth": "Tuch",
    "land": "Land",
    "sea": "See",
    "sestertii": "Sesterzen",
}
"""English UI text -> German. Screens add their strings here."""


def set_language(lang: str) -> None:
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _language = lang


def language() -> str:
    return _language


def t(text: str) -> str:
    """``text`` in the current language."""
    if _language == "de":
        return GERMAN.get(text, text)
    return text


def role_name(role: str) -> str:
    """A card role's name: the rulebook's German name in German."""
    from engine.concordia import model  # imported on first use: the title screen needs no game data

    names = model.role_names().get(role)
    if names is None:
        return role.capitalize()
    return names[1] if _language == "de" else names[0]


def card_name(card_id: str) -> str:
    """A card's name; a double-role card shows both roles (Prefect/Architect)."""
    from engine.concordia import model

    card = model.cards()[card_id]
    name = "/".join(role_name(r) for r in card.roles)
    if card.roles == ("mercator",) and card.mercator_money != 3:
        name += f" ({card.mercator_money})"
    return name


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
    return names[1] if _language == "de" else names[0]
