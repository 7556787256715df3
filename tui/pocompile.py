"""A gettext ``.po`` catalog compiled to the ``.mo`` form that the standard library's ``gettext`` reads.

Standard library only, so that three places share it: the package build (``setup.py`` compiles every
``locale/*/LC_MESSAGES/*.po`` into the wheel, and next to the ``.po`` for an editable install), ``make po``, and
``tui.i18n`` at run time when a ``.mo`` is missing or older than its ``.po`` (a catalog just edited in a source
checkout). Fuzzy and untranslated entries are left out, as ``msgfmt`` does, so they fall back to English.
"""

from __future__ import annotations

import ast
import struct
from pathlib import Path

Entry = tuple[str | None, str, str | None, list[str], bool]
"""(msgctxt, msgid, msgid_plural, msgstr forms, fuzzy)."""


def parse_po(text: str) -> list[Entry]:
    """The entries of a ``.po`` file, the header (msgid "") included; obsolete ``#~`` entries are skipped."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    fuzzy = False
    key: str | None = None

    def flush() -> None:
        nonlocal fuzzy
        if "msgid" in fields:
            forms = [fields[k] for k in sorted((k for k in fields if k.startswith("msgstr")), key=_form_index)]
            entries.append((fields.get("msgctxt"), fields["msgid"], fields.get("msgid_plural"), forms, fuzzy))
        fields.clear()
        fuzzy = False

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        complete = any(k.startswith("msgstr") for k in fields)
        if line.startswith("#"):
            if complete:
                flush()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            if key is not None:
                fields[key] += ast.literal_eval(line)
            continue
        word, _, rest = line.partition(" ")
        if word in ("msgctxt", "msgid") and complete:
            flush()
        key = word
        fields[key] = ast.literal_eval(rest.strip())
    flush()
    return entries


def _form_index(key: str) -> int:
    return int(key[7:-1]) if key.startswith("msgstr[") else 0


def compile_mo(entries: list[Entry]) -> bytes:
    """The ``.mo`` bytes for ``entries`` (GNU format, little-endian, no hash table)."""
    pairs: dict[bytes, bytes] = {}
    for ctxt, msgid, plural, forms, fuzzy in entries:
        if msgid and (fuzzy or not any(forms)):
            continue
        source = msgid if plural is None else msgid + "\0" + plural
        if ctxt is not None:
            source = ctxt + "\x04" + source
        pairs[source.encode()] = "\0".join(forms).encode()
    keys = sorted(pairs)
    ids = b""
    strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for k in keys:
        v = pairs[k]
        offsets.append((len(ids), len(k), len(strs), len(v)))
        ids += k + b"\0"
        strs += v + b"\0"
    n = len(keys)
    start_ids = 7 * 4 + 16 * n
    start_strs = start_ids + len(ids)
    table_ids: list[int] = []
    table_strs: list[int] = []
    for o_id, l_id, o_str, l_str in offsets:
        table_ids += [l_id, start_ids + o_id]
        table_strs += [l_str, start_strs + o_str]
    header = struct.pack("<7I", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    return header + struct.pack(f"<{2 * n}I", *table_ids) + struct.pack(f"<{2 * n}I", *table_strs) + ids + strs


def compile_file(po: Path, mo: Path) -> None:
    """Compile ``po`` into ``mo`` (written only when the bytes change)."""
    data = compile_mo(parse_po(po.read_text(encoding="utf-8")))
    if not mo.exists() or mo.read_bytes() != data:
        mo.write_bytes(data)


def compile_tree(root: Path) -> list[Path]:
    """Compile every ``locale/<lang>/LC_MESSAGES/<domain>.po`` under ``root`` next to itself; the ``.mo`` paths."""
    out: list[Path] = []
    for po in sorted(root.glob("**/locale/*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        compile_file(po, mo)
        out.append(mo)
    return out


if __name__ == "__main__":  # pragma: no cover - ``make mo``
    for path in compile_tree(Path(__file__).resolve().parent):
        print(path)
