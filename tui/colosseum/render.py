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
    card_name,
    field_name,
    landscape_name,
    section_name,
    tile_legend,
)
from tui.game_over import breakdown_table, result_lines
from tui.i18n import t, tn

TILE_COLOURS: dict[str, str] = {"river": "bright_blue", "grain": "yellow", "forest": "green",
                                "mountain": "white", "stable1": "magenta", "stable2": "magenta"}


def _tile(text: Text, tile: int) -> None:
    name = TILE_NAMES[tile]
    text.append(TILE_LETTERS[name], style=f"bold {TILE_COLOURS[name]}")


def _seat(text: Text, seat: int, label: str | None = None) -> None:
    text.append(label if label is not None else glyphs.player_letter(seat), style=f"bold {glyphs.player_colour(seat)}")


def track_text(s: Any) -> Text:
    """The consul track: the 7 fields by number and kind (A storage, B tile/build, D), the consul's in brackets."""
    comp = components()
    out = Text()
    for f in range(len(comp.track)):
        here = f == s.consul
        style = "bold reverse" if here else ("red" if comp.track[f] == "A" else
                                             ("cyan" if comp.track[f] == "B" else "bold"))
        out.append("[" if here else " ")
        out.append(field_name(f), style=style)
        out.append("]" if here else " ")
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
    out.append(f"  {t('Storage')} {s.storage}", style="dim")
    out.append(f"\n{t('stack II')} {len(s.stack2)}, III {len(s.stack3)}, {t('parts stack')} {len(s.parts)}",
               style="dim")
    return out


def board_text(s: Any, seat: int | None = None) -> Text:
    """The whole board panel (parts ``seat`` can pay are marked)."""
    out = Text()
    out.append(t("Consul track") + f" ({t('consul')} {field_name(s.consul)})\n", style="bold")
    out.append_text(track_text(s))
    out.append("\n")
    out.append(t("Landscape rows") + " / " + t("Parts on offer") + "\n", style="bold")
    out.append_text(rows_text(s, seat=seat))
    out.append(tile_legend() + "\n", style="dim")  # the tiles' letters in words (they differ by language)
    if any(pid and can_pay(s, seat, pid) for pid in s.slots):
        out.append(glyphs.glyph("can_pay") + " " + t("you can pay") + "\n", style="bold green")
    out.append_text(built_text(s))
    out.append("\n")
    out.append_text(supply_text(s))
    return out


def wheels_text(wheels: int, marker: int) -> Text:
    """The stable's wheels with the movement marker on wheel ``marker`` (leftmost 0)."""
    out = Text()
    wheel, mark = glyphs.glyph("marker_coins"), glyphs.glyph("marker_goods")
    for w in range(wheels):
        out.append(mark if w == marker else wheel, style="bold" if w == marker else "dim")
    return out


def hand_cards_text(hand: Sequence[int]) -> Text:
    out = Text()
    for k, kind in enumerate(CARD_TYPES):
        if k:
            out.append(" ")
        out.append(f"{CARD_LETTERS[kind]}{hand[k]}", style=CARD_COLOURS[kind])
    return out


def players_text(s: Any, names: Sequence[str], bots: Sequence[bool], width: int) -> Text:
    """Each seat's display: fame, hand against the limit, stable (wheels and marker), storage, landscapes.

    From 58 columns two lines a seat, below five short ones (the name alone on the first, so a long bot name
    cuts nothing a player needs); landscapes by name from 80 columns. After the fame, the projected final
    fame (the engine's end scoring as if the game ended now: fame + row leads + 1 per 3 cards), and a mark
    after every row the seat leads or shares the lead of (R-END-ROWS).
    """
    two = width >= 58
    long_names = width >= 80
    out = Text()
    projection = s.final_scores()  # the engine's end scoring as if the game ended now
    lead = glyphs.glyph("row_lead")
    for q, pl in enumerate(s.players):
        leads = projection.players[q].breakdown
        if q:
            out.append("\n")
        mark = glyphs.glyph("cursor") + " " if q == s.current_player and not s.is_over else "  "
        out.append(mark, style="bold")
        _seat(out, q, names[q] if q < len(names) else glyphs.player_letter(q))
        out.append(" " + glyphs.glyph("bot" if q < len(bots) and bots[q] else "human"), style="dim")
        out.append("  " if two else "\n    ")  # narrow: a long seat name keeps a line of its own
        out.append(t("Fame {fame}").format(fame=pl.fame), style="bold")
        if not s.is_over:
            out.append(f" {glyphs.glyph('arrow')}{projection.total(q)}", style="bold cyan")
        over = pl.cards > pl.limit
        out.append(f"  {t('Hand')} {pl.cards}/{pl.limit}", style="bold red" if over else "")
        out.append(" " if two else "\n    ")
        out.append_text(hand_cards_text(pl.hand))
        out.append("  " + t("Storage") + f" {pl.rows[1]}")
        out.append(lead if leads["storage"] else "", style="bold cyan")
        out.append("\n    ")
        out.append(t("Stables") + f" {pl.rows[0]}")
        out.append(lead if leads["stable"] else " ", style="bold cyan")
        out.append_text(wheels_text(pl.wheels, pl.marker))
        out.append(" " + tn("{n} pt", "{n} pts", pl.points).format(n=pl.points))
        out.append("  " if two else "\n    ")
        for k, land in enumerate(LANDSCAPES):
            if k:
                out.append(" ")
            out.append(TILE_LETTERS[land], style=f"bold {TILE_COLOURS[land]}")
            if long_names:
                out.append(f" {landscape_name(land)}")
            out.append(f" {pl.rows[2 + k]}" if long_names else f"{pl.rows[2 + k]}")
            if leads[land]:
                out.append(lead, style="bold cyan")
    return out


def hand_text(s: Any, seat: int | None) -> Text:
    """The viewer's building material cards against the hand limit, one line per type."""
    out = Text()
    if seat is None:
        out.append(t("Cards held against the hand limit"), style="dim")
        return out
    pl = s.players[seat]
    for k, kind in enumerate(CARD_TYPES):
        out.append(f"{CARD_LETTERS[kind]} ", style=f"bold {CARD_COLOURS[kind]}")
        out.append(f"{card_name(kind):<9}{pl.hand[k]:>3}  ")
        out.append("#" * pl.hand[k] if glyphs.ascii_mode() else "■" * pl.hand[k], style=CARD_COLOURS[kind])
        out.append("\n")
    over = pl.cards > pl.limit
    out.append(t("hand {n}/{limit}").format(n=pl.cards, limit=pl.limit), style="bold red" if over else "bold")
    if over:
        out.append(" " + t("over the limit") + "!", style="bold red")
    out.append("  " + t("Fame {fame}").format(fame=pl.fame), style="bold")
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
