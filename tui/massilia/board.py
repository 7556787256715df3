"""The Massilia board as text: the market ring, the harbour with prices and markers, the temple, the gods, the players.

Each function draws from a state and returns a ``rich.text.Text``; the screen hands them a *view*
(``state.view(seat)``) so that what lies behind another merchant's screen is never drawn. Colour is never
the only signal: goods, dice, figures and players each have a letter, and every letter is plain ASCII, so the
ASCII mode changes only the few symbols that come from ``tui.glyphs``. Player names are appended as plain
text, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from rich.text import Text

from engine.massilia.components import DICE, FIGURES, GOODS, PRICE_SLOTS, components
from tui import glyphs
from tui.i18n import t

from .text import (
    DIE_LETTER,
    DIE_STYLE,
    FIGURE_LETTER,
    GOOD_LETTER,
    GOOD_STYLE,
    day_name,
    die_short,
    god_effect,
    god_name,
)


def overflow() -> Literal["crop", "ellipsis"]:
    """How a line too long for its panel ends: an ellipsis, or cut in ASCII mode (the ellipsis is not ASCII)."""
    return "crop" if glyphs.ascii_mode() else "ellipsis"


CELL = 9
"""Characters per stall space in the market grid (two lines per space)."""


def ring_position(space: int, spaces: int) -> tuple[int, int]:
    """(row, column) of a stall space in the square ring, clockwise from the top-left corner (ST-MARKET)."""
    side = spaces // 4
    if space <= side:
        return 0, space
    if space < 2 * side:
        return space - side, side
    if space <= 3 * side:
        return side, 3 * side - space
    return 4 * side - space, 0


def _player(out: Text, seat: int) -> None:
    out.append(glyphs.player_letter(seat), style=f"bold {glyphs.player_colour(seat)}")


def _goods(out: Text, goods: Sequence[int], width: int = 0, spaced: bool = False) -> None:
    start = len(out)
    for i, n in enumerate(goods):
        if n:
            g = GOODS[i]
            if spaced and len(out) > start:
                out.append(" ")
            out.append(f"{GOOD_LETTER[g]}{n}", style=GOOD_STYLE[g])
    if width:
        out.append(" " * max(0, width - (len(out) - start)))


def temple_dice(s: Any) -> Text:
    """The temple's dice by colour, a letter then the faces: ``e2244 n136 k66 g13345`` (every die, in a third
    of the room ``n5 n6 ...`` takes). Before the first roll of the game the faces mean nothing: the colours only,
    marked as not rolled yet."""
    out = Text(no_wrap=True)
    if s.phase == "setup":
        out.append(" ".join(DIE_LETTER[c] for c in sorted({DICE[d // 6] for d in s.temple} or set(DICE),
                                                               key=DICE.index)), style="dim")
        out.append(" (" + t("not rolled yet") + ")", style="dim")
        return out
    if not s.temple:
        out.append(t("none"), style="dim")
        return out
    for c, colour in enumerate(DICE):
        faces = "".join(str(d % 6 + 1) for d in s.temple if d // 6 == c)
        if faces:
            if out.cell_len:
                out.append(" ")
            out.append(DIE_LETTER[colour] + faces, style=DIE_STYLE[colour])
    return out


def _dice(out: Text, dice: Sequence[int]) -> None:
    if not dice:
        out.append(t("none"), style="dim")
        return
    for i, d in enumerate(dice):
        if i:
            out.append(" ")
        colour = DICE[d // 6] if d >= 0 else DICE[-1 - d]
        out.append(die_short(d), style=DIE_STYLE[colour])


def market_text(s: Any, cell: int = CELL) -> Text:
    """The 16 stall spaces as a 5 x 5 ring: space number, owner's letter and figures, then the cubes on the stall.

    ``cell`` is the width of a space (9, or more on a large terminal: then the cubes are spaced out).
    """
    comp = components()
    n = comp.spaces
    side = n // 4
    grid: dict[tuple[int, int], int] = {ring_position(i, n): i for i in range(n)}
    here: dict[int, str] = {}
    for f, field in enumerate(s.figures):
        here[field] = here.get(field, "") + FIGURE_LETTER[FIGURES[f]]
    out = Text(no_wrap=True)
    empty = glyphs.glyph("empty_slot")
    centre = centre_lines(s, (side - 1) * (cell + 1) - 2)
    for row in range(side + 1):
        for line in range(2):
            for col in range(side + 1):
                space = grid.get((row, col))
                if col and (space is not None or col == 1):
                    out.append(" ")
                if space is None:
                    if col == 1:
                        k = (row - 1) * 2 + line
                        width = (side - 1) * (cell + 1) - 1
                        label = centre[k].copy() if 0 <= k < len(centre) else Text()
                        label.truncate(width - 1, overflow=overflow())
                        out.append(" ")
                        out.append_text(label)
                        out.append(" " * (width - 1 - label.cell_len))
                    continue
                owner = s.owner[space]
                if line == 0:
                    out.append(f"{space:>2}:", style="dim")
                    if owner >= 0:
                        _player(out, owner)
                    else:
                        out.append(empty, style="dim")
                    figs = here.get(space, "")
                    out.append(figs, style="bold reverse" if figs else "")
                    out.append(" " * max(0, cell - 4 - len(figs)))
                else:
                    if owner >= 0:
                        _goods(out, s.stock[space], cell, spaced=cell > CELL)
                    else:
                        out.append(" " * cell)
            out.append("\n")
    out.rstrip()
    return out


def centre_lines(s: Any, width: int) -> list[Text]:
    """The inside of the market ring: the day, the temple's dice, prices, point markers and the god display."""
    day = Text(f"{day_name(s.round)} ({s.round}/7)", style="bold")
    for q in s.order:  # the turn order; a merchant who has passed today in brackets
        day.append(" ")
        letter = glyphs.player_letter(q)
        day.append(f"({letter})" if s.players[q].passed else letter, style=glyphs.player_colour(q))
    temple = Text(t("Temple") + ": ", style="bold")
    rest = Text()
    dice = temple_dice(s)
    if temple.cell_len + dice.cell_len <= width:
        temple.append_text(dice)
    elif dice.cell_len <= width:
        rest.append_text(dice)
    else:  # many dice: colour groups fill the temple's line, then the next
        for group in dice.split(" "):
            target = temple if rest.cell_len == 0 and temple.cell_len + 1 + group.cell_len <= width else rest
            if target.cell_len and not target.plain.endswith(": "):
                target.append(" ")
            target.append_text(group)
    price = Text(t("price") + ":")
    points = Text(t("points") + ":")
    for i, g in enumerate(GOODS[:3]):
        slot = PRICE_SLOTS.index(g)
        price.append(f" {GOOD_LETTER[g]}{s.prices[slot]}", style=GOOD_STYLE[g])
        points.append(f" {GOOD_LETTER[g]}{s.markers[i]}", style=GOOD_STYLE[g])
    price.append(f" {t('Temple')[0]}{s.prices[PRICE_SLOTS.index('temple')]}")
    gods = Text(t("Gods") + ": " + ", ".join(god_name(c) if c else "-" for c in s.display))
    return [day, temple, rest, price, points, gods]


def board_text(s: Any, names: Sequence[str], width: int = 48) -> Text:
    """The day's order and the round tiles left, the harbour (cubes, price tiles, point markers), the temple's
    dice and price, the god cards."""
    comp = components()
    out = Text(no_wrap=True)
    order = Text(t("order") + ":")
    for q in s.order:  # a merchant who passed today in brackets, as in the market's middle: (3)
        order.append(" ")
        if s.players[q].passed:
            order.append("(", style="dim")
        _player(order, q)
        if s.players[q].passed:
            order.append(")", style="dim")
    tiles = Text(t("round tiles") + ": " + (" ".join(str(x) for x in reversed(s.round_tiles)) or t("none")))
    # the day is in the status line and the market's middle; the round tiles left, the next one first (R-PASS)
    out.append_text(flow([order, tiles], width, indent=2))
    out.append("\n")
    heads = [t("cubes"), t("price"), t("points")]
    pad = max(len(t("Harbour")), 3 + max(len(t(g)) for g in GOODS)) + 1
    out.append(t("Harbour"), style="bold underline")
    out.append(" " * (pad - len(t("Harbour"))) + " ".join(heads) + "\n", style="dim")
    price = {PRICE_SLOTS[i]: s.prices[i] for i in range(len(PRICE_SLOTS))}
    for i, g in enumerate(GOODS):
        out.append(f" {GOOD_LETTER[g]} {t(g):<{pad - 3}}"[:pad], style=GOOD_STYLE[g])
        points = str(s.markers[i]) if i < 3 else "-"
        values = (str(s.harbour[i]), str(price.get(g, 1)), points)
        out.append("".join(f" {v:>{len(h)}}" for v, h in zip(values, heads, strict=True)) + "\n")
    head = t("Temple") + f" ({t('price')} {price['temple']}): "
    out.append(head, style="bold")
    dice = temple_dice(s)
    if len(head) + dice.cell_len > width:
        out.append("\n ")
    out.append_text(dice)
    out.append("\n")
    gods = Text(t("Gods") + ": ", style="bold").append(f"{t('deck')} {s.deck_size}  {t('discard')} {len(s.discard)}")
    stones = Text(t("stones") + f": {s.supply}/{comp.stones_per_player * s.n}", style="dim")
    out.append_text(flow([gods, stones], width, indent=2))  # one line where it fits (the b view at 80x24)
    out.append("\n")
    for k, c in enumerate(s.display):
        out.append(f" {k + 1} ")
        if c:
            out.append(god_name(c), style="bold")
            out.append(": " + "\n   ".join(hanging(god_effect(c), width, len(god_name(c)) + 5, 3)) + "\n")
        else:
            out.append("-\n", style="dim")
    out.rstrip()
    return out


def _money(s: Any, q: int) -> str:
    """Seat ``q``'s sesterces: his own behind the screen, another's as the table counted his open payments
    (ruling 21: totals hidden, transactions public; ``GameState.counted``), ``?`` if not counted."""
    money = s.players[q].money
    if money < 0:
        money = s.counted[q][0] if q < len(getattr(s, "counted", ())) else -1
    return "?" if money < 0 else str(money)


def _stones(s: Any, q: int) -> str:
    """Seat ``q``'s penalty stones, like ``_money``."""
    stones = s.players[q].stones
    if stones < 0:
        stones = s.counted[q][1] if q < len(getattr(s, "counted", ())) else -1
    return "?" if stones < 0 else str(stones)


PLAYERS_WIDTH = 48
"""The players panel's lines when its width is not known yet."""


def flow(parts: Sequence[Text], width: int, indent: int = 3, gap: int = 2) -> Text:
    """``parts`` in lines of at most ``width`` cells, ``gap`` spaces between parts, continuation lines indented by
    ``indent``; a part never splits (nothing is cut: a part longer than a line stands alone on its line)."""
    out = Text(no_wrap=True)
    line = 0
    for part in parts:
        if not part.cell_len:
            continue
        if line and width and line + gap + part.cell_len > width:
            out.append("\n" + " " * indent)
            line = indent
        elif line:
            out.append(" " * gap)
            line += gap
        out.append_text(part)
        line += part.cell_len
    return out


def projection(s: Any, q: int) -> Text:
    """Seat ``q``'s final reputation if the game ended now (R-END-1, ``engine.massilia.scoring.projected``):
    another seat's sesterces and stones as far as the table counted them (ruling 21), never hidden totals;
    ``end 9+?`` (reputation and stalls only) if nothing was counted."""
    from engine.massilia.scoring import projected, score_player

    if s.is_over:
        return Text("")
    ps = projected(s, q)
    if ps is None:
        known = score_player(s, q).breakdown
        value = f"{known['reputation'] + known['stalls']}+?"
    else:
        value = str(ps.total)
    return Text(t("end {n}").format(n=value), style="italic")


def players_text(s: Any, names: Sequence[str], bots: Sequence[bool], width: int = 0) -> Text:
    """Every merchant's public information (and, in the viewer's own line, what his screen hides), flowed into
    lines of ``width`` cells (0: the natural lines), so a narrow panel shows all of it without cutting."""
    out = Text(no_wrap=True)
    for q, pl in enumerate(s.players):
        if q:
            out.append("\n")
        head = Text()
        mark = glyphs.glyph("bot") if bots[q] else glyphs.glyph("human")
        head.append(glyphs.glyph("cursor")[0] if q == s.current_player and not s.is_over else " ", style="bold")
        head.append(mark + " ")
        head.append(names[q] if q < len(names) else glyphs.player_letter(q), style=f"bold {glyphs.player_colour(q)}")
        parts = [head]
        if pl.passed:
            parts.append(Text(t("passed") + (f" ({t('tile')} {pl.tile})" if pl.tile else ""), style="dim"))
        parts.append(Text(f"{t('reputation')} {pl.rep}", style="bold"))
        parts.append(Text(f"{t('stalls')} {s.owner.count(q)}/{s.config.stall_tiles}"))
        parts.append(projection(s, q))
        parts.append(Text(f"{t('money')} {_money(s, q)}"))
        parts.append(Text(f"{t('stones')} {_stones(s, q)}"))
        hidden = s.hidden_cards[q] if q < len(s.hidden_cards) else 0
        cards = [god_name(c) for c in pl.hand]
        hand = Text(t("hand") + f" {len(pl.hand) + hidden}")
        if cards:
            hand.append(": " + ", ".join(cards) + (f" +{hidden}" if hidden else ""))
        parts.append(hand)
        if pl.kept:
            kept = Text(t("kept") + ": ")
            _dice(kept, pl.kept)
            parts.append(kept)
        parts.append(Text(f"{t('dice')} {sum(pl.screen)}"))
        out.append_text(flow(parts, width or PLAYERS_WIDTH))
    return out


def hanging(text: str, width: int, first: int, indent: int) -> list[str]:
    """``text`` broken between words: the first line after ``first`` cells, the others after ``indent``
    (a god card's effect beside its name, then under it: as few lines as the width allows). The first line
    is empty when not even the first word fits beside the name."""
    lines = [""]
    room = width - first
    for word in text.split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) <= room:
            lines[-1] += " " + word
        elif not lines[-1] and (len(word) <= room or len(lines) > 1):
            lines[-1] = word
        else:
            lines.append(word)
            room = width - indent
    return lines


def wrap_words(text: str, width: int) -> list[str]:
    """``text`` broken between words into lines of at most ``width`` characters."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def own_text(s: Any, seat: int | None, names: Sequence[str], width: int = 40) -> Text:
    """The viewer's own screen: money, stones, god cards (playable or just taken), kept dice, his stalls' goods."""
    out = Text(no_wrap=True)
    if seat is None:
        out.append(t("hidden"), style="dim")
        return out
    pl = s.players[seat]
    name = names[seat] if seat < len(names) else glyphs.player_letter(seat)
    head = [Text(name, style=f"bold {glyphs.player_colour(seat)}"), Text(f"{t('money')} {_money(s, seat)}"),
            Text(f"{t('stones')} {_stones(s, seat)}"), Text(f"{t('reputation')} {pl.rep}")]
    out.append_text(flow(head, width, indent=0))
    out.append("\n")
    kept = Text(t("kept") + ": ")
    _dice(kept, pl.kept)
    letters = [DIE_LETTER[DICE[c]] for c, n in enumerate(pl.screen) for _ in range(n)]
    behind = Text(t("behind screen") + ": " + " ".join(letters or [t("none")]))
    parts = [kept, behind]
    if behind.cell_len > width - 2:  # many dice (flowed below at indent 2): the letters flow on lines of their own
        parts = [kept]
        behind = flow([Text(t("behind screen") + ":")] + [Text(x) for x in letters], width, 2, gap=1)
    if not pl.hand:  # hand, kept dice and screen flowed together: a short own panel (120x36) shows its stalls
        out.append_text(flow([Text(t("hand") + ": " + t("none")), *parts], width, indent=2))
    else:
        out.append(t("hand") + ": ")
        for c, f in zip(pl.hand, pl.fresh, strict=False):
            out.append("\n ")
            out.append(god_name(c) + ("*" if f else ""), style="bold")
            for line in wrap_words(god_effect(c), max(12, width - 3)):
                out.append("\n   " + line, style="dim")
        if any(pl.fresh):
            for line in wrap_words(t("* taken this turn: playable from your next turn"), max(12, width - 1)):
                out.append("\n " + line, style="dim")
        out.append("\n")
        out.append_text(flow(parts, width, indent=2))
    if len(parts) == 1:
        out.append("\n")
        out.append_text(behind)
    if s.frames and s.frames[-1].get("k") == "keep" and s.frames[-1].get("p") == seat:
        out.append("\n" + t("rolled") + ": ", style="bold")
        _dice(out, s.frames[-1]["rolled"])
    if s.frames and s.frames[-1].get("k") == "use" and s.frames[-1].get("p") == seat:
        out.append("\n" + t("Your use") + ": ", style="bold")
        _dice(out, s.frames[-1]["g"])
    for space in s.stalls_of(seat):
        out.append(f"\n{t('stall {n}').format(n=space)}: ")
        if any(s.stock[space]):
            _goods(out, s.stock[space])
        else:
            out.append(t("none"), style="dim")
        out.append("\n  " + t("brown") + ": ", style="dim")
        out.append_text(customer_values(s, space))
    return out


def customer_values(s: Any, space: int) -> Text:
    """The brown values that bring each customer to ``space`` (R-BROWN-1: exactly V fields, either way), the
    shorter way: ``p1 o7 v5`` (a customer already there: 0, or the whole ring round)."""
    n = len(s.owner)
    out = Text()
    for f in range(1, len(s.figures)):
        pos = s.figures[f]
        value = min((space - pos) % n, (pos - space) % n)
        if out.cell_len:
            out.append(" ")
        good = FIGURES[f]
        out.append(f"{FIGURE_LETTER[good]}{value}", style=GOOD_STYLE[good])
    return out
