"""Words shown to the player, in English or German, from gettext catalogs (one domain per game plus the shell's).

``set_language("de")`` switches. A call site marks its words for translation and gets them in the current
language: ``t("Quick game")``, ``tn("1 card", "{n} cards", n)`` (``ngettext``: the plural form that fits ``n``),
``tp("river", "Land")`` (``pgettext``: an English word that needs two German ones). Babel extracts the marked
strings (``make po``); ``tests/tui/test_catalogs.py`` fails on any marked string without a German entry.

Where the words are: a module of ``tui/<game>/`` speaks from its game's catalog,
``tui/<game>/locale/de/LC_MESSAGES/<game>.po``; every other module of ``tui`` from the shell's,
``tui/locale/de/LC_MESSAGES/shell.po``. ``t`` finds the caller's domain from its module name (a plugin game's
package ``x`` with ``x/locale/de/LC_MESSAGES/x.po`` works alike), and falls back to the other loaded domains (the
shell words a game's label, say). The build compiles each ``.po`` to the ``.mo`` that ``gettext`` reads
(``setup.py``); a ``.mo`` missing or older than its ``.po`` is compiled in memory when loaded.

``add_words`` remains for a plugin package without a catalog: its words are looked up after every catalog.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from tui import glyphs

if TYPE_CHECKING:
    import gettext  # loaded with the first catalog: an English run needs none

LANGUAGES: tuple[str, ...] = ("en", "de")
SHELL_DOMAIN = "shell"

_language = "en"
_domains: dict[str, gettext.NullTranslations | None] = {}
"""'<domain>@<lang>' -> the loaded catalog (None: this domain has none for the language)."""
_module_domain: dict[str, tuple[str, Path] | None] = {}
"""module name -> (domain, locale folder) of the package it belongs to."""
_EXTRA: dict[str, str] = {}
"""German words added at run time by ``add_words`` (packages without a catalog)."""


def set_language(lang: str) -> None:
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _language = lang
    glyphs.use_language(lang)  # the goods' letters read right in the language (Z for Ziegel, not B)


def language() -> str:
    return _language


def add_words(german: dict[str, str]) -> None:
    """German words for a package that ships no gettext catalog; every catalog's entry wins over them."""
    for english, word in german.items():
        _EXTRA.setdefault(english, word)


def locale_dir(package: str) -> Path | None:
    """The ``locale`` folder of ``package`` (without importing it), if it has one."""
    spec = importlib.util.find_spec(package) if package not in sys.modules else sys.modules[package].__spec__
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        path = Path(folder) / "locale"
        if path.is_dir():
            return path
    return None


def domain_of(module: str) -> tuple[str, Path] | None:
    """(domain, locale folder) that the module ``module`` speaks from: ``tui.concordia.text`` -> concordia."""
    if module in _module_domain:
        return _module_domain[module]
    found: tuple[str, Path] | None = None
    parts = module.split(".")
    for depth in (2, 1):
        if len(parts) < depth:
            continue
        package = ".".join(parts[:depth])
        try:
            folder = locale_dir(package)
        except (ImportError, ValueError):
            folder = None
        if folder is not None:
            found = (SHELL_DOMAIN if package == "tui" else parts[depth - 1], folder)
            break
    _module_domain[module] = found
    return found


def catalog(domain: str, folder: Path, lang: str) -> gettext.NullTranslations | None:
    """The loaded catalog of ``domain`` for ``lang`` (compiled from its ``.po`` when the ``.mo`` is stale)."""
    key = f"{domain}@{lang}"
    if key in _domains:
        return _domains[key]
    base = folder / lang / "LC_MESSAGES" / domain
    po, mo = base.with_suffix(".po"), base.with_suffix(".mo")
    import gettext

    found: gettext.NullTranslations | None = None
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fh:
            found = gettext.GNUTranslations(fh)
    elif po.exists():
        from tui import pocompile

        data = pocompile.compile_mo(pocompile.parse_po(po.read_text(encoding="utf-8")))
        found = gettext.GNUTranslations(io.BytesIO(data))
        _keep_compiled(mo, data)
    _domains[key] = found
    return found


def _keep_compiled(mo: Path, data: bytes) -> None:
    """Write a catalog compiled at run time as its ``.mo`` (a checkout whose ``.po`` changed), so that the next
    start reads it instead of compiling again (about 10 ms a catalog); where the folder is not writable, the
    next start compiles it again."""
    tmp = mo.with_name(f".{mo.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, mo)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()


_chains: dict[tuple[str, str], list[gettext.NullTranslations]] = {}


def _catalogs(module: str, lang: str | None = None) -> list[gettext.NullTranslations]:
    """The caller's catalog first, then the shell's, then every other domain of ``tui``'s packages (in ``lang``,
    else the current language)."""
    lang = lang or _language
    key = (module, lang)
    chain = _chains.get(key)
    if chain is not None:
        return chain
    entries = [domain_of(module), domain_of("tui")]
    entries += [(folder.parent.name, folder) for folder in sorted(Path(__file__).parent.glob("*/locale"))]
    chain = []
    for entry in entries:
        if entry is not None:
            cat = catalog(entry[0], entry[1], lang)
            if cat is not None and cat not in chain:
                chain.append(cat)
    _chains[key] = chain
    return chain


def _caller(depth: int = 2) -> str:
    return str(sys._getframe(depth).f_globals.get("__name__", ""))


_untranslated: dict[str, str] = {}
"""Text asked for in a language other than English that no catalog (and no ``add_words``) has -> the module that
asked: English a player would read in German mode (``untranslated``)."""


def untranslated() -> dict[str, str]:
    """Every text looked up since the last ``forget_untranslated`` that has no entry for the current language,
    with the module that asked for it (for the tests: a string used at run time but missing from a catalog)."""
    return dict(_untranslated)


def forget_untranslated() -> None:
    _untranslated.clear()


_trace: list[tuple[str, str]] | None = None
"""(module, text) of every ``t``/``t_as`` lookup while ``tracing`` (None: not tracing)."""


@contextlib.contextmanager
def tracing() -> Iterator[list[tuple[str, str]]]:
    """Record (module, text) of every ``t``/``t_as`` lookup made inside the block, found or not: the strings a
    module translates from data at run time (``tui.catalogs.runtime_marked``), which Babel cannot extract."""
    global _trace
    before, _trace = _trace, []
    try:
        yield _trace
    finally:
        _trace = before


def _not_found(text: str, chain: list[gettext.NullTranslations], module: str) -> str:
    """``text`` itself when no catalog translates it; noted as untranslated unless a catalog has it as it is
    (``Concordia``, ``Venus``) or it has no letters to translate."""
    if text in _EXTRA:
        return _EXTRA[text]
    if any(c.isalpha() for c in text) and not any(text in getattr(cat, "_catalog", {}) for cat in chain):
        _untranslated.setdefault(text, module)
    return text


def t(text: str) -> str:
    """``text`` in the current language (``gettext`` in the caller's domain); in ASCII mode in 7-bit ASCII
    (``ä`` as ``ae``, ``tui.glyphs.ascii_text``)."""
    if _trace is not None:
        _trace.append((_caller(), text))
    if _language == "en" or not text:
        return _ascii(text)
    module = _caller()
    chain = _catalogs(module)
    for cat in chain:
        out = cat.gettext(text)
        if out != text:
            return _ascii(out)
    return _ascii(_not_found(text, chain, module))


YOU_NAMES = ("You", "Du")
"""The single person's default seat name in every language (``tui.seating``): a log line about that seat is
said in the second person ("1 You take", "1 Du nimmst"), about any other name in the third."""


def is_you(name: str) -> bool:
    """Whether a seat's name (``1 You``, ``1 Du``, or bare) is the app's "You", in any language."""
    bare = name.split(" ", 1)[-1]
    return bare in YOU_NAMES or bare == t("You")


def decimal(value: float, digits: int | None = None) -> str:
    """A number for a reader: ``12.5`` in English, ``12,5`` in German (the decimal comma). ``digits``: that many
    places (``12.50``); None: as Python writes it. For words only: JSON and files keep Python's numbers."""
    text = str(value) if digits is None else f"{value:.{digits}f}"
    return text.replace(".", ",") if _language == "de" else text


def percent(share: float, digits: int = 1) -> str:
    """A share (0.125) as a reader's percentage: ``12.5%``, in German ``12,5 %`` (a space before the sign)."""
    text = f"{share * 100:.{digits}f}"
    return f"{text.replace('.', ',')} %" if _language == "de" else f"{text}%"


def t_as(module: str, text: str) -> str:
    """``text`` in the current language as the module ``module`` says it (its game's catalog first): for the
    shell's code that words what a game defines, such as a game screen's key labels."""
    if _trace is not None:
        _trace.append((module, text))
    if _language == "en" or not text:
        return _ascii(text)
    chain = _catalogs(module)
    for cat in chain:
        out = cat.gettext(text)
        if out != text:
            return _ascii(out)
    return _ascii(_not_found(text, chain, module))


def t_for(lang: str, text: str, ascii_mode: bool = False, module: str = "tui.serve") -> str:
    """``text`` in ``lang`` (spelled in ASCII if ``ascii_mode``) whatever the process's language: words one process
    makes for readers of several languages, such as the table server's refusals and notices for each connection.

    The words are marked with ``N_`` where they are written; ``module`` says whose catalog speaks first. Unlike
    ``set_language`` around a ``t`` call, it changes nothing another thread could read meanwhile.
    """
    out = text
    if lang != "en" and lang in LANGUAGES and text:
        chain = _catalogs(module, lang)
        out = next((found for cat in chain if (found := cat.gettext(text)) != text), None) or _not_found(
            text, chain, module)
    return glyphs.ascii_text(out) if ascii_mode else out


def tn(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that fits ``n``, in the current language (``ngettext``).

    The result is a template: ``tn("{n} card", "{n} cards", n).format(n=n)``.
    """
    if _language != "en":
        for cat in _catalogs(_caller()):
            out = cat.ngettext(singular, plural, n)
            if out not in (singular, plural):
                return _ascii(out)
    return _ascii(singular if n == 1 else plural)


def tp(context: str, text: str) -> str:
    """``text`` in the current language where ``context`` tells two German words apart (``pgettext``)."""
    if _language != "en":
        for cat in _catalogs(_caller()):
            out = cat.pgettext(context, text)
            if out != text:
                return _ascii(out)
    return _ascii(text)


def N_(text: str) -> str:  # gettext's name for "mark, translate later"
    """Mark ``text`` for extraction without translating it (words a module passes to ``t`` later)."""
    return text


def _ascii(text: str) -> str:
    """``text`` as the screen shows it: in ASCII mode spelled in 7-bit ASCII (``ä`` as ``ae``)."""
    return glyphs.ascii_text(text) if glyphs.ascii_mode() else text
