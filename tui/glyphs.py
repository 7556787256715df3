"""The symbols the game screen draws with, in Unicode and in an ASCII fallback.

``use_ascii(True)`` switches every symbol to plain ASCII (for old terminals and SSH sessions without UTF-8);
widgets read the symbols through ``glyph(name)`` each time they draw, so a switch takes effect on the next
redraw. Colour is never the only signal: every coloured thing also has a letter or a symbol from here.
"""

from __future__ import annotations

UNICODE: dict[str, str] = {
    "land_route": "·",
    "sea_route": "≈",
    "capital": "★",
    "colonist": "♙",
    "land_colonist": "♙",
    "sea_colonist": "⛀",
    "house": "⌂",
    "cursor": "▶",
    "coin": "$",
    "empty_slot": "·",
    "any_good": "?",
    "marker_goods": "◆",
    "marker_coins": "○",
    "concordia": "✦",
    "praefectus": "♛",
    "bot": "⚙",
    "human": "☺",
    "thinking": "…",
    "arrow": "→",
    "bullet": "•",
    "rule": "─",
    "empty_slot_map": "·",
    "salt": "S",
    "patrician": "●",
    "citizen": "○",
    "used_card": "✕",
    "can_pay": "✓",
    "row_lead": "*",
}
"""Symbols for terminals with Unicode (all single-width)."""

ASCII: dict[str, str] = {
    "land_route": ".",
    "sea_route": "~",
    "capital": "*",
    "colonist": "c",
    "land_colonist": "L",
    "sea_colonist": "S",
    "house": "^",
    "cursor": ">",
    "coin": "$",
    "empty_slot": ".",
    "any_good": "?",
    "marker_goods": "+",
    "marker_coins": "o",
    "concordia": "C",
    "praefectus": "P",
    "bot": "#",
    "human": "@",
    "thinking": "...",
    "arrow": "->",
    "bullet": "-",
    "rule": "-",
    "empty_slot_map": ".",
    "salt": "s",
    "patrician": "P",
    "citizen": "c",
    "used_card": "x",
    "can_pay": "ok",
    "row_lead": "*",
}
"""The same symbols in 7-bit ASCII."""

SPINNER_UNICODE = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
SPINNER_ASCII = "|/-\\"

GOOD_LETTERS_BY_LANGUAGE: dict[str, dict[str, str]] = {
    "en": {"brick": "B", "food": "F", "tool": "T", "wine": "W", "cloth": "C"},
    "de": {"brick": "Z", "food": "N", "tool": "W", "wine": "V", "cloth": "T"},
}
"""Concordia's goods as one letter each, per language: the initial of the good's name where it is free (Ziegel,
Nahrung, Werkzeug, Tuch); German wine is V (vinum), since Wein and Werkzeug share the W. Unique within a
language and apart from salt's S; the same in both glyph modes. The help screen's legend (``?``) lists them."""

GOOD_LETTERS: dict[str, str] = dict(GOOD_LETTERS_BY_LANGUAGE["en"])
"""One letter per good in the current language (``use_language``), the same in both modes. Updated in place, so
a module holding this dict reads the current letters."""

GOOD_COLOURS: dict[str, str] = {
    "brick": "red",
    "food": "green",
    "tool": "cyan",
    "wine": "magenta",
    "cloth": "yellow",
}
"""ANSI colours of the goods (16-colour palette: no truecolor needed)."""

PLAYER_LETTERS = "123456"
"""Seat symbols: houses and colonists on the map, the panels and the log show their owner's digit (never a goods
letter: ``GOOD_LETTERS`` and S for salt are the goods)."""

PLAYER_COLOURS: tuple[str, ...] = ("bright_red", "bright_blue", "bright_green", "bright_yellow", "bright_magenta",
                                   "bright_cyan")
"""ANSI colours of the seats, in seat order."""

_ascii = False


def use_language(lang: str) -> None:
    """The goods' letters of ``lang`` (English for a language without letters of its own)."""
    GOOD_LETTERS.clear()
    GOOD_LETTERS.update(GOOD_LETTERS_BY_LANGUAGE.get(lang, GOOD_LETTERS_BY_LANGUAGE["en"]))


def use_ascii(flag: bool) -> None:
    """Draw with plain ASCII symbols (True) or Unicode (False)."""
    global _ascii
    _ascii = bool(flag)


def ascii_mode() -> bool:
    return _ascii


def glyph(name: str) -> str:
    """The symbol called ``name`` in the current mode."""
    return (ASCII if _ascii else UNICODE)[name]


def spinner_frames() -> str:
    return SPINNER_ASCII if _ascii else SPINNER_UNICODE


def player_letter(seat: int) -> str:
    return PLAYER_LETTERS[seat % len(PLAYER_LETTERS)]


def player_colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def good_letter(good: str) -> str:
    return GOOD_LETTERS[good]


def good_colour(good: str) -> str:
    return GOOD_COLOURS[good]


# ----------------------------------------------------------------------------------- ASCII text

ASCII_WORDS: dict[str, str] = {
    "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "ẞ": "SS",
    "„": '"', "“": '"', "”": '"', "‚": "'", "‘": "'", "’": "'", "«": '"', "»": '"', "‹": "'", "›": "'",
    "—": "-", "–": "-", "−": "-", "…": "...", "×": "x", "·": "/", "•": "-", "→": "->", "←": "<-", "↔": "<->",
    "⇒": "=>", "≈": "~", "≤": "<=", "≥": ">=", "≠": "!=", "±": "+/-", "½": "1/2", "⏎": "Enter", "↑": "Up",
    "↓": "Down", "✓": "ok", "✗": "x", "★": "*", "☆": "*", "€": "EUR", "°": " deg", "\u00a0": " ",
}
"""Text in ASCII mode: German umlauts as ae oe ue ss, typographic quotes and dashes as plain ones (the length may
change: this runs on words before they are laid out). The separator ``·`` becomes ``/`` and the dash ``—`` (none)
``-``, so ``1 — · 2 —`` stays readable as ``1 - / 2 -``."""

ASCII_CELLS: dict[str, str] = {
    **{ch: "-" for ch in "─━═╌╍┄┅┈┉▀▄▔▁╴╶╸╺"},
    **{ch: "|" for ch in "│┃║╎╏┆┇┊┋▌▐▍▎▏▊▋▉▕╵╷╹╻"},
    **{ch: "+" for ch in "┌┐└┘├┤┬┴┼╭╮╯╰┏┓┗┛┣┫┳┻╋╔╗╚╝╠╣╦╩╬╒╓╕╖╘╙╛╜╞╟╡╢╤╥╧╨╪╫"},
    **{ch: "+" for ch in "┍┎┑┒┕┖┙┚┝┞┟┠┡┢┥┦┧┨┩┪┭┮┯┰┱┲┵┶┷┸┹┺┽┾┿╀╁╂╃╄╅╆╇╈╉╊"},
    **{ch: "#" for ch in "█▓▒"},
    "░": ".", "•": "-", "◦": "-", "▪": "-", "‣": "-", "⁃": "-", "↑": "^", "↓": "v",
    "▶": ">", "◀": "<", "▸": ">", "◂": "<", "▼": "v", "▲": "^", "▾": "v", "▴": "^", "►": ">",
    "◄": "<", "●": "o", "○": "o", "◆": "+", "◇": "+", "■": "#", "□": "#", "✦": "*", "⏎": "<",
    "…": ".", "·": ".", "—": "-", "–": "-", "×": "x",
    "„": '"', "“": '"', "”": '"', "‘": "'", "’": "'",
    "→": ">",
    "←": "<", "≈": "~", "\u00a0": " ", "ß": "s",
}
"""What reaches the terminal in ASCII mode for a character that is still not ASCII: one cell for one cell (the
screen is laid out already), box drawing as ``+ - |``, blocks as ``#``; a letter with an accent loses it."""


def ascii_text(text: str) -> str:
    """``text`` in 7-bit ASCII for ASCII mode: ``ä`` as ``ae``, ``„“`` as ``"``, ``…`` as ``...``."""
    if text.isascii():
        return text
    return "".join(ASCII_WORDS.get(ch, ch) if ord(ch) > 127 else ch for ch in text)


def shown(text: str) -> str:
    """``text`` as the screen shows it: in ASCII mode ``ascii_text(text)`` (names, titles, rules), else as it is."""
    return ascii_text(text) if _ascii else text


def ascii_cell(ch: str) -> str:
    """One character of the drawn screen as ASCII of the same width (the last safety net of ASCII mode)."""
    if ord(ch) < 128:
        return ch
    if ch in ASCII_CELLS:
        return ASCII_CELLS[ch]
    import unicodedata

    base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii")
    width = 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    if len(base) == 1:
        return base * width if width == 1 else base + " "
    return "?" * width
