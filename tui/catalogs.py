"""The gettext catalogs' upkeep with Babel: extract the marked strings of ``tui/``, update the ``.po`` files, and
list what a catalog lacks (a development tool: ``make po``; ``tests/tui/test_catalogs.py``; needs ``babel``).

A module in ``tui/<package>/`` with a ``tui/<package>/locale`` folder speaks from the domain ``<package>``; every
other module of ``tui`` from the shell's domain (``tui/locale``). ``python -m tui.catalogs`` extracts the marked
strings, the words each domain lists in its ``words.txt`` (``tui.words``) and the strings the shell translates
from a game's data at run time (``runtime_marked``), updates every
``locale/de/LC_MESSAGES/<domain>.po`` (new strings come in empty; a changed string is kept fuzzy with its old
German) and compiles the ``.mo`` files next to them; ``check`` lists what lacks German and every sentence whose
German is still its English (``same_as_english``); ``adopt module:NAME`` fills empty entries from an old-style
``{english: german}`` dictionary.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tui import words

TUI = Path(__file__).resolve().parent
ROOT = TUI.parent
LANG = "de"
KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2), "tp": ((1, "c"), 2), "N_": None}
"""tui.i18n's marking functions as Babel keywords (``tp`` is ``pgettext``: context first)."""
SHELL = "shell"
HEADER = """# German words of concordia-tui, domain {domain}: the rulebooks' German for cards, gods and rules.
# Kept up to date by `make po` (python -m tui.catalogs); tests/tui/test_catalogs.py fails on a marked string
# without German here."""


@dataclass
class Marked:
    """One marked string with the places that mark it."""

    msgid: str
    plural: str | None = None
    context: str | None = None
    places: list[str] = field(default_factory=list)


def domain_folders() -> dict[str, Path]:
    """domain -> its locale folder: the shell's and one per package of ``tui`` that has one."""
    out = {SHELL: TUI / "locale"}
    for folder in sorted(TUI.glob("*/locale")):
        out[folder.parent.name] = folder
    return out


def domain_of_file(path: Path) -> str:
    """The domain a source file of ``tui`` speaks from."""
    rel = path.resolve().relative_to(TUI)
    if len(rel.parts) > 1 and (TUI / rel.parts[0] / "locale").is_dir():
        return rel.parts[0]
    return SHELL


def po_path(domain: str) -> Path:
    return domain_folders()[domain] / LANG / "LC_MESSAGES" / f"{domain}.po"


def _calls(lines: list[str], lineno: int) -> bool:
    """Whether the source line really calls a marking function (Babel also takes ``t["title"]`` for one)."""
    line = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
    return re.search(r"(?<![\w])(?:" + "|".join(KEYWORDS) + r")\(", line) is not None


def extract() -> dict[str, dict[tuple[str | None, str], Marked]]:
    """domain -> (context, msgid) -> the marked string, from Babel's extraction over ``tui/`` (babel.cfg)."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open(encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    out: dict[str, dict[tuple[str | None, str], Marked]] = {d: {} for d in domain_folders()}
    sources: dict[str, list[str]] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS
    ):
        path = ROOT / filename
        if filename not in sources:
            sources[filename] = path.read_text(encoding="utf-8").splitlines()
        if not _calls(sources[filename], lineno):
            continue
        msgid, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
        if not msgid:
            continue
        domain = domain_of_file(path)
        entry = out[domain].setdefault((context, msgid), Marked(msgid, plural, context))
        entry.places.append(f"{filename}:{lineno}")
    for path in words.files(TUI):  # the words a screen translates from data (tui.words)
        domain = domain_of_file(path)
        for lineno, msgid in words.declared(path):
            entry = out[domain].setdefault((None, msgid), Marked(msgid))
            entry.places.append(f"{path.relative_to(ROOT)}:{lineno}")
    marked_anywhere = {key for found in out.values() for key in found}
    for domain, found in runtime_marked().items():
        for key, m in found.items():
            if key not in marked_anywhere:  # t() finds a string in any domain's catalog: one entry is enough
                out.setdefault(domain, {})[key] = m
    return out


def runtime_marked() -> dict[str, dict[tuple[str | None, str], Marked]]:
    """Strings the shell passes to ``t`` from a game's data, which Babel cannot see in a ``t("...")`` call: each
    game's ``GAME_UI.tagline`` (the game chooser's and the title's description) and its new-game form's field
    labels, in the game's domain; the names of the bots a game offers, in the shell's. (A form's choices are
    worded by the game's own code; the German walk of ``tests/tui/test_catalog_check.py`` finds one that is not
    in a catalog.)"""
    from tui import games, i18n, seating

    out: dict[str, dict[tuple[str | None, str], Marked]] = {}

    def add(domain: str, text: str, place: str) -> None:
        if text and any(c.isalpha() for c in text):
            out.setdefault(domain, {}).setdefault((None, text), Marked(text, None, None, [])).places.append(place)

    language = i18n.language()
    i18n.set_language("en")  # whatever a game words while its UI is built, in the English the code writes
    try:
        for game_id in games.ids():
            ui = games.get(game_id)
            if not (TUI / ui.id / "locale").is_dir():
                continue  # a plugin game keeps its words in its own package
            source = TUI / ui.id / "__init__.py"
            lines = source.read_text(encoding="utf-8").splitlines() if source.is_file() else []
            lineno = next((n for n, line in enumerate(lines, 1) if "tagline=" in line), 1)
            add(ui.id, ui.tagline, f"{source.relative_to(ROOT)}:{lineno}")
            for f in ui.form.fields:  # the new-game screen says t(f.label), and the game words its choices
                add(ui.id, f.label, f"{source.relative_to(ROOT)}:1")
                with i18n.tracing() as looked_up:
                    f.options()
                for module, text in looked_up:  # a choice looked up as it is (Massilia's editions)
                    found = i18n.domain_of(module)
                    add(found[0] if found else SHELL, text, f"{source.relative_to(ROOT)}:1")
            for bot in seating.bot_choices(game_id):
                add(SHELL, bot, "tui/seating.py:1")
    finally:
        i18n.set_language(language)
    return out


def is_sentence(text: str) -> bool:
    """Whether ``text`` is words a German reader must not meet in English: three words or more, two of them in
    lower case (``Mac Gerdts' game of trade``), not a name or a title (``Die Baumeister des Colosseum``)."""
    plain = re.sub(r"\{[^}]*\}|\[[^\]]*\]", " ", text)
    words = re.findall(r"[A-Za-z][A-Za-z']*", plain)
    return len(words) >= 3 and sum(w.islower() for w in words) >= 2


def same_as_english() -> list[Missing]:
    """Entries whose German is their English word for word, for a sentence (``is_sentence``): English left in
    the German catalog, which a player in German mode would read in English."""
    out: list[Missing] = []
    for domain in domain_folders():
        for msg in read(domain):
            if not msg.id or msg.fuzzy:
                continue
            ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
            strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
            if any(s == i and is_sentence(i) for i, s in zip(ids, strings, strict=False)):
                marked = Marked(ids[0], ids[1] if len(ids) > 1 else None, msg.context,
                                [f"{loc}" for loc, _line in msg.locations][:3])
                out.append(Missing(domain, marked, "the German is the English text: translate the msgstr"))
    return out


def read(domain: str) -> Any:
    """The domain's German catalog (a Babel ``Catalog``)."""
    from babel.messages.pofile import read_po

    with po_path(domain).open("rb") as fh:
        return read_po(fh, locale=LANG, domain=domain)


@dataclass
class Missing:
    """A marked string without a usable German entry in its domain's catalog."""

    domain: str
    marked: Marked
    why: str


def missing() -> list[Missing]:
    """Every marked string whose German is absent, empty or fuzzy in its domain's catalog."""
    out: list[Missing] = []
    for domain, marked in extract().items():
        cat = read(domain)
        for (context, msgid), m in sorted(marked.items(), key=lambda kv: (kv[0][1], kv[0][0] or "")):
            key: Any = (msgid, m.plural) if m.plural else msgid
            msg = cat.get(key, context=context)
            if msg is None:
                out.append(Missing(domain, m, "no entry"))
            elif msg.fuzzy:
                out.append(Missing(domain, m, "fuzzy (check the German, then delete the '#, fuzzy' line)"))
            elif not all(msg.string) if isinstance(msg.string, tuple) else not msg.string:
                out.append(Missing(domain, m, "empty msgstr"))
    return out


def problems() -> list[Missing]:
    """Everything ``check`` fails on: strings without German (``missing``) and English left as the German
    (``same_as_english``)."""
    return missing() + same_as_english()


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def po_entry(m: Marked) -> str:
    """The ``.po`` lines to add for ``m``, German left for the translator to fill in."""
    lines = [f"#: {place}" for place in m.places[:3]]
    if "{" in m.msgid:
        lines.append("#, python-brace-format")
    if m.context is not None:
        lines.append(f"msgctxt {_quote(m.context)}")
    lines.append(f"msgid {_quote(m.msgid)}")
    if m.plural is not None:
        lines += [f"msgid_plural {_quote(m.plural)}", 'msgstr[0] "…German singular…"', 'msgstr[1] "…German plural…"']
    else:
        lines.append('msgstr "…German…"')
    return "\n".join(lines)


def report(items: list[Missing]) -> str:
    """What to add where, per catalog file, ready to paste (or run ``make po`` and fill in the empty entries)."""
    parts: list[str] = []
    by_domain: dict[str, list[Missing]] = {}
    for item in items:
        by_domain.setdefault(item.domain, []).append(item)
    for domain, group in by_domain.items():
        path = po_path(domain).relative_to(ROOT)
        parts.append(f"== {len(group)} in {path} (domain {domain!r}):")
        for item in group:
            parts.append(f"# {item.why}\n{po_entry(item.marked)}\n")
    return "\n".join(parts)


def _iter_pos() -> Iterator[tuple[str, Path]]:
    for domain in domain_folders():
        yield domain, po_path(domain)


def update() -> None:
    """Extract, then bring every domain's ``.po`` up to date (new entries empty, changed ones fuzzy) and compile."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from tui import pocompile

    marked = extract()
    for domain, path in _iter_pos():
        template = Catalog(domain=domain, project="concordia-tui", charset="utf-8")
        for (context, msgid), m in marked[domain].items():
            template.add((msgid, m.plural) if m.plural else msgid, None, locations=[
                (p.rsplit(":", 1)[0], int(p.rsplit(":", 1)[1])) for p in m.places
            ], flags=("python-brace-format",) if "{" in msgid else (), context=context)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            cat = read(domain)
        else:
            cat = Catalog(locale=LANG, domain=domain, project="concordia-tui", charset="utf-8")
        template.creation_date = cat.creation_date  # the header changes only with the words
        cat.update(template, update_header_comment=False)
        cat.fuzzy = False
        cat.header_comment = HEADER.format(domain=domain)
        cat.last_translator = cat.language_team = "concordia-tui"
        cat.version = "1"
        cat.msgid_bugs_address = ""
        with path.open("wb") as fh:
            # no line numbers: an entry changes only when its words or its files do, so branches merge cleanly
            write_po(fh, cat, width=120, sort_output=True, ignore_obsolete=True, include_previous=False,
                     include_lineno=False)
        pocompile.compile_file(path, path.with_suffix(".mo"))
        print(f"{path.relative_to(ROOT)}: {len(marked[domain])} strings")


def adopt(spec: str) -> int:
    """Carry a German dictionary of the old kind (``module:NAME``, ``{english: german}``) into the catalogs.

    Every catalog entry whose German is empty or fuzzy and whose English is a key of the dictionary takes the
    dictionary's word (a branch written before the catalogs keeps working after the merge: ``make po``, then
    ``python -m tui.catalogs adopt tui.concordia.salsa_text:GERMAN``, then delete the dictionary). The count.
    """
    import importlib

    from babel.messages.pofile import write_po

    from tui import pocompile

    module, _, name = spec.partition(":")
    words = getattr(importlib.import_module(module), name or "GERMAN")
    filled = 0
    for domain, path in _iter_pos():
        cat = read(domain)
        changed = False
        for msg in cat:
            if not msg.id or msg.pluralizable or msg.id not in words:
                continue
            if msg.string and not msg.fuzzy:
                continue
            msg.string = words[msg.id]
            msg.flags.discard("fuzzy")
            changed = True
            filled += 1
        if changed:
            with path.open("wb") as fh:
                write_po(fh, cat, width=120, sort_output=True, ignore_obsolete=True, include_previous=False,
                         include_lineno=False)
            pocompile.compile_file(path, path.with_suffix(".mo"))
    return filled


def main(argv: list[str]) -> int:
    if argv[1:2] == ["adopt"] and len(argv) == 3:
        print(f"{adopt(argv[2])} entries filled in from {argv[2]}")
        return 0
    if argv[1:2] == ["check"]:
        items = problems()
        if items:
            print(report(items))
            return 1
        print("every marked string has its German")
        return 0
    update()
    items = missing()
    if items:
        print(f"{len(items)} strings need German: fill in the empty or fuzzy entries (python -m tui.catalogs check)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
