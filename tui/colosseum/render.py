"""The panels of the Colosseum screen drawn as ``rich.text.Text``: board, displays, hand and the score table.

Pure functions of a state (no widgets), so the screen, the tests and a quick look in a REPL draw the same.
Every coloured thing carries a letter too (cards W G H S, tiles by their letters in the current language
(``text.TILE_LETTERS``) and stables 1/2, seats 1-4), and
seat names are appended as plain text, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from engine.colosseum.components import CARD_TYPES, LANDSCAPES, TILE_NAMES, components
from engine.colosseum.rules.building import build_options
from tui import glyphs
from tui.colosseum.text import (
    CARD_COLOURS,
    CARD_LETTERS,
    TILE_LETTERS,
    field_name,
    landscape_name,
    section_name,
    tile_legend,
)
from tui.game_over import breakdown_table, result_lines
from tui.i18n import t

TILE_COLOURS: dict[str, str] = {"river": "bright_blue", "grain": "yellow", "forest": "green",
                                "mountain": "white", "stable1": "magenta", "stable2": "magenta"}


def _tile(text: Text, tile: int) -> None:
    name = TILE_NAMES[tile]
    text.append(TILE_LETTERS[name], style=f"bold {TILE_COLOURS[name]}")


def _seat(text: Text, seat: int, label: str | None = None) -> None:
    text.append(label if label is not None else glyphs.player_letter(seat), style=f"bold {glyphs.player_colour(seat)}")


def track_text(s: Any, tight: bool = False) -> Text:
    """The consul track: the 7 fields by number and kind (A storage, B tile/build, D), the consul's in brackets.
    ``tight``: one space between fields (the small board, which keeps room for the trail after it)."""
    comp = components()
    out = Text()
    for f in range(len(comp.track)):
        here = f == s.consul
        style = "bold reverse" if here else ("red" if comp.track[f] == "A" else
                                             ("cyan" if comp.track[f] == "B" else "bold"))
        if tight:
            before = "[" if here else ("]" if f and f - 1 == s.consul else (" " if f else ""))
            out.append(before)
            out.append(field_name(f), style=style)
            if here and f == len(comp.track) - 1:
                out.append("]")
            continue
        out.append("[" if here else " ")
        out.append(field_name(f), style=style)
        out.append("]" if here else " ")
    return out


def trail_steps(trail: Sequence[tuple[int, int]]) -> Text:
    """The others' consul moves of the last round in order: ``3›2B 4›5B 2›7B`` (seat, field it ended on)."""
    out = Text()
    step = ">" if glyphs.ascii_mode() else "›"
    for i, (q, field) in enumerate(trail):
        if i:
            out.append(" ")
        _seat(out, q)
        out.append(step + field_name(field), style="bold")
    return out


def can_pay(s: Any, seat: int | None, pid: str) -> bool:
    """Whether ``seat``'s hand pays part ``pid`` now, 3:1 substitutions counted (the engine's payments)."""
    if seat is None:
        return False
    return bool(build_options(s.players[seat].hand, components().part(pid).cost))


def rows_text(s: Any, width: int = 40, seat: int | None = None) -> Text:
    """The four landscape rows on offer (front first) and the part on offer at each blue field; a part
    ``seat`` can pay now (3:1 substitutions counted) is marked, so the player sees which field builds."""
    comp = components()
    out = Text()
    for b in range(4):
        field = comp.blue_index.index(b)
        out.append(f"{field_name(field):>3} ", style="bold reverse" if field == s.consul else "cyan")
        row = s.land_rows[b]
        cells = Text()
        for tile in row[: comp.row_length]:
            _tile(cells, tile)
            cells.append(" ")
        if not row:
            cells.append(t("empty"), style="dim")
        cells.pad_right(max(0, 2 * comp.row_length + 1 - cells.cell_len))
        out.append_text(cells)
        out.append(glyphs.glyph("bullet") + " ", style="dim")
        pid = s.slots[b]
        if pid:
            part = comp.part(pid)
            out.append(pid, style="bold")
            out.append(" ")
            out.append_text(cost_text(part.cost))
            out.append(f" +{part.fame}", style="bold")
            if can_pay(s, seat, pid):
                out.append(" " + glyphs.glyph("can_pay"), style="bold green")
        else:
            out.append("--", style="dim")
        out.append("\n")
    return out


def cost_text(cost: Sequence[int]) -> Text:
    out = Text()
    first = True
    for k, n in enumerate(cost):
        if not n:
            continue
        if not first:
            out.append(" ")
        first = False
        letter = CARD_LETTERS[CARD_TYPES[k]]
        out.append(f"{letter}{n}", style=CARD_COLOURS[CARD_TYPES[k]])
    return out


def built_text(s: Any) -> Text:
    """The Colosseum: sections built (section, part, builder) out of 17, and the chips still to come."""
    comp = components()
    out = Text()
    out.append(t("Colosseum") + f" {len(s.built)}/{comp.sections} ", style="bold")
    out.append(t("sections built") + ":", style="dim")
    for i, (pid, seat) in enumerate(s.built):
        out.append(f" {section_name(i + 1)}:{pid}·" if not glyphs.ascii_mode() else f" {section_name(i + 1)}:{pid}/")
        _seat(out, int(seat))
    if not s.built:
        out.append(" -", style="dim")
    chips = [f"{section_name(k)}+{v}" for k, v in sorted(comp.chips.items()) if k > len(s.built)]
    if chips:
        out.append("  (" + " ".join(chips) + ")", style="dim")
    return out


def supply_text(s: Any) -> Text:
    out = Text()
    out.append(t("supply") + ":", style="dim")
    for k, kind in enumerate(CARD_TYPES):
        out.append(" ")
        out.append(f"{CARD_LETTERS[kind]}{s.supply[k]}", style=CARD_COLOURS[kind])
    out.append("  " + t("Storage") + f" {s.storage}", style="dim")  # outside the f-string: Babel finds it
    out.append(f"\n{t('stack II')} {len(s.stack2)}, III {len(s.stack3)}, {t('parts stack')} {len(s.parts)}",
               style="dim")
    return out


def board_text(s: Any, seat: int | None = None, trail: Sequence[tuple[int, int]] = (), width: int = 0) -> Text:
    """The whole board panel (parts ``seat`` can pay are marked; ``trail``: where the others' consul moves
    of the last round ended, ``(seat, field)``, drawn under the track).

    ``width`` 0 is the small layout (38 columns: headings left out, the Colosseum as a count with the next
    chip); a wider panel gets the headings and the whole list of built sections, wrapped at ``width``.
    """
    out = Text()
    if width:
        out.append(t("Consul track") + f" ({t('consul')} {field_name(s.consul)})\n", style="bold")
        out.append_text(track_text(s))
        out.append("\n")
        if trail:
            out.append_text(trail_text(trail))
            out.append("\n")
    else:  # the small board: the others' moves after the track, in the order they were made
        out.append_text(track_text(s, tight=True))
        if trail:
            out.append("  ")
            out.append_text(trail_steps(trail[-3:]))
        out.append("\n")
    if width:
        out.append(t("Landscape rows") + " / " + t("Parts on offer") + "\n", style="bold")
    out.append_text(rows_text(s, seat=seat))
    if width:
        sep = " - " if glyphs.ascii_mode() else " · "  # the tiles' letters in words (they differ by language)
        legend = wrapped([Text(entry) for entry in tile_legend().split(sep)], width, sep)
        legend.stylize("dim")
        out.append_text(legend)
        out.append("\n")
        if any(pid and can_pay(s, seat, pid) for pid in s.slots):
            out.append(glyphs.glyph("can_pay") + " " + t("you can pay") + "\n", style="bold green")
        out.append_text(built_lines(s, width))
        out.append("\n")
        out.append_text(supply_text(s))
        return out
    out.append_text(built_short(s))
    out.append("\n")
    out.append(t("supply") + ":", style="dim")
    for k, kind in enumerate(CARD_TYPES):
        out.append(f" {CARD_LETTERS[kind]}{s.supply[k]}", style=CARD_COLOURS[kind])
    out.append("  " + t("Storage") + f" {s.storage}\n", style="dim")
    out.append(f"{t('stack II')} {len(s.stack2)}, III {len(s.stack3)}", style="dim")
    if any(pid and can_pay(s, seat, pid) for pid in s.slots):
        out.append("  " + glyphs.glyph("can_pay") + " " + t("you can pay"), style="bold green")
    return out


def trail_text(trail: Sequence[tuple[int, int]]) -> Text:
    """Under the track: the seats whose consul moves of the last round ended on each field (newest last)."""
    comp = components()
    out = Text()
    for f in range(len(comp.track)):
        seats = [q for q, field in trail if field == f]
        cell = Text()
        for q in seats[-3:]:
            _seat(cell, q)
        cell.pad_right(max(0, 4 - cell.cell_len))
        out.append(" ")
        out.append_text(cell[:3])
    out.rstrip()
    return out


def built_short(s: Any) -> Text:
    """The Colosseum in one short line: sections built of 17, the next section's chip, parts left."""
    comp = components()
    out = Text()
    out.append(t("Colosseum") + f" {len(s.built)}/{comp.sections}", style="bold")
    chips = [(k, v) for k, v in sorted(comp.chips.items()) if k > len(s.built)]
    if chips:
        k, v = chips[0]
        out.append(f"  {section_name(k)} +{v}", style="dim")
    out.append(f"  {t('parts stack')} {len(s.parts)}", style="dim")
    return out


def built_lines(s: Any, width: int) -> Text:
    """Every built section (section, part, builder) wrapped at ``width``, never cut."""
    return wrapped(_words(built_text(s)), width)


def wrapped(pieces: Sequence[Text], width: int, sep: str = "") -> Text:
    """``pieces`` on lines of at most ``width`` cells, broken only between pieces (joined by ``sep`` on a
    line), styles kept, trailing spaces dropped."""
    lines: list[Text] = []
    line = Text()
    for piece in pieces:
        if line.cell_len and line.cell_len + len(sep) + piece.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append(sep)
        line.append_text(piece)
    lines.append(line)
    for each in lines:
        each.rstrip()
    return Text("\n").join(lines)


def _words(text: Text) -> list[Text]:
    """``text`` split after each space, styles kept (for wrapping by hand)."""
    plain = text.plain
    out: list[Text] = []
    start = 0
    for i, ch in enumerate(plain):
        if ch == " ":
            out.append(text[start : i + 1])
            start = i + 1
    if start < len(plain):
        out.append(text[start:])
    return out


def wheels_text(wheels: int, marker: int) -> Text:
    """The stable's wheels with the movement marker on wheel ``marker`` (leftmost 0)."""
    out = Text()
    wheel, mark = glyphs.glyph("marker_coins"), glyphs.glyph("marker_goods")
    for w in range(wheels):
        out.append(mark if w == marker else wheel, style="bold" if w == marker else "dim")
    return out


def _cell(out: Text, value: str, width: int, style: str = "") -> None:
    out.append(value.rjust(width), style=style)


def players_text(s: Any, names: Sequence[str], bots: Sequence[bool], width: int, viewer: int | None = None) -> Text:
    """Every seat's display as a table, one line a seat under one heading line, so the seats compare at a
    glance: fame and the projected final fame (the engine's end scoring as if the game ended now, R-END),
    cards in hand against the limit, the cards by type, movement points, and the six display rows, each
    with a mark when the seat leads or shares the lead of it (R-END-ROWS).

    A name too long for the room the numbers leave stands on a line of its own, so nothing is ever cut;
    from 100 columns the stable's wheels with the movement marker are drawn too.
    """
    projection = s.final_scores()  # the engine's end scoring as if the game ended now
    lead = glyphs.glyph("row_lead")
    arrow = glyphs.glyph("arrow")
    fames = [f"{pl.fame}{arrow}{projection.total(q)}" if not s.is_over else str(projection.total(q))
             for q, pl in enumerate(s.players)]
    fame_w = max(len(t("Fame") + arrow), *map(len, fames))
    wheels_w = max(pl.wheels for pl in s.players) + 1 if width >= 100 else 0
    digits = max(2, *(len(str(n)) for pl in s.players for n in pl.rows))  # a row cell: number, lead mark
    # the rows' headings: short ones, or from 110 columns the rows' names (each cell as wide as its name)
    labels = [t("Stb"), t("Sto"), *(TILE_LETTERS[land] for land in LANDSCAPES)]
    styles = ["dim", "dim", *(f"bold {TILE_COLOURS[land]}" for land in LANDSCAPES)]
    if width >= 110:
        labels = [landscape_name("stable"), t("storage"), *(landscape_name(land) for land in LANDSCAPES)]
    cells = [max(digits, len(label)) for label in labels]
    fixed = 2 + 2 + (fame_w + 1) + 6 + 4 * 3 + 4 + wheels_w + 2 + sum(c + 1 for c in cells)  # 2: bot or person
    room = max(8, width - fixed)
    name_w = min(room, max(len(names[q]) if q < len(names) else 1 for q in range(len(s.players))))
    name_w = max(name_w, 4)
    out = Text()
    # the heading
    out.append(" " * (2 + name_w + 2))
    _cell(out, t("Fame") + arrow, fame_w + 1, "dim")
    _cell(out, t("Hand"), 6, "dim")
    for kind in CARD_TYPES:
        _cell(out, CARD_LETTERS[kind], 3, f"bold {CARD_COLOURS[kind]}")
    _cell(out, t("Pt"), 4, "dim")
    if wheels_w:
        out.append(" " * (wheels_w - 1) + " ")
    out.append("  ")
    for label, cell, style in zip(labels, cells, styles, strict=True):
        _cell(out, label + " ", cell + 1, style)
    for q, pl in enumerate(s.players):
        leads = projection.players[q].breakdown
        out.append("\n")
        mark = glyphs.glyph("cursor") + " " if q == s.current_player and not s.is_over else "  "
        out.append(mark, style="bold")
        name = names[q] if q < len(names) else glyphs.player_letter(q)
        style = f"bold {glyphs.player_colour(q)}" + (" underline" if q == viewer else "")
        who = " " + glyphs.glyph("bot" if q < len(bots) and bots[q] else "human")  # a bot's seat or a person's
        if len(name) > name_w:  # a long name keeps a line of its own; the numbers follow below it
            out.append(name, style=style)
            out.append(who, style="dim")
            out.append("\n" + " " * (2 + name_w + 2))
        else:
            out.append(name.ljust(name_w), style=style)
            out.append(who, style="dim")
        out.append(" ")
        _cell(out, fames[q], fame_w, "bold")
        over = pl.cards > pl.limit
        _cell(out, f"{pl.cards}/{pl.limit}", 6, "bold red" if over else "")
        for k, kind in enumerate(CARD_TYPES):
            _cell(out, str(pl.hand[k]), 3, CARD_COLOURS[kind] if pl.hand[k] else "dim")
        _cell(out, str(pl.points), 4)
        if wheels_w:
            out.append(" ")
            out.append_text(wheels_text(pl.wheels, pl.marker))
            out.append(" " * (wheels_w - 1 - pl.wheels))
        out.append("  ")
        for r in range(6):
            key = ("stable", "storage", *LANDSCAPES)[r]
            _cell(out, str(pl.rows[r]), cells[r])
            out.append(lead if leads[key] else " ", style="bold cyan")
    return out


SOURCES: tuple[str, ...] = ("fame", "stable", "storage", "river", "grain", "forest", "mountain", "cards")


def source_label(key: str) -> str:
    if key == "fame":
        return t("fame in play")
    if key == "cards":
        return t("cards (1 per 3)")
    return landscape_name(key) if key in LANDSCAPES or key == "stable" else t(key)


def score_rows(scores: Any) -> tuple[list[str], list[list[str]]]:
    """Columns (sources, then the total) and one row per seat, from ``final_scores().breakdown``."""
    keys = [k for k in SOURCES if any(k in ps.breakdown for ps in scores.players)]
    columns = [source_label(k) for k in keys] + [t("Total")]
    rows = [[str(ps.breakdown.get(k, 0)) for k in keys] + [str(ps.total)] for ps in scores.players]
    return columns, rows


def score_table(scores: Any, names: Sequence[str]) -> Table:
    """The final scoring: one row per source, one column per seat (as the rulebook's end scoring)."""
    keys = [k for k in SOURCES if any(k in ps.breakdown for ps in scores.players)]
    rows = [(source_label(k), [str(ps.breakdown.get(k, 0)) for ps in scores.players]) for k in keys]
    return breakdown_table(t("Source"), names, rows, [ps.total for ps in scores.players])


def final_table(_state: Any, scores: Any, names: list[str]) -> Table:
    """``GameUI.final_table``."""
    return score_table(scores, names)


def result_text(scores: Any, names: Sequence[str]) -> Text:
    """``GameUI.final_result``: the winner (or the seats that share the win), how a tie was broken, and whether
    the game was stopped before its end."""
    winners = list(getattr(scores, "winners", []) or [scores.winner])
    fame = scores.total(scores.winner)
    if len(winners) > 1:
        winner = t("Shared win: {names} with {fame} fame").format(names=" & ".join(names[q] for q in winners),
                                                                 fame=fame)
    else:
        winner = t("Winner: {name} with {fame} fame").format(name=names[scores.winner], fame=fame)
    tie = t("Tie on fame: the cards left in hand decided it.") if scores.tie_break else ""
    notes = [t("The game was stopped before the 17th part (truncated).")] if getattr(scores, "truncated", False) else []
    return result_lines(winner, tie, t("No tie-break was needed."), *notes)
