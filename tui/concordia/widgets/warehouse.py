"""The warehouse panel: the storehouse's 12 slots (goods, salt and colonists), money, colonists on board, houses left.

With salt (R-SALSA-SALT) the salt units fill slots like goods (glyph ``salt``: S, in ASCII s, since the ASCII sea
colonist is S); with Claudia Agrippina (R-FORUM-CLAUDIA-AGRIPPINA) the storehouse has 16 slots."""

from __future__ import annotations

from rich.text import Text

from engine.concordia import GameState
from engine.concordia.model import GOODS, SALT
from tui import glyphs
from tui.i18n import t
from tui.widgets.text_panel import TextPanel

SALT_STYLE = "bold bright_white"
"""Salt's colour in the panels (the goods keep their map colours)."""


class WarehousePanel(TextPanel):
    """One seat's storehouse as 12 slots, with money, colonists and houses."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._signature: object = None

    def show(self, s: GameState, seat: int | None, version: int) -> None:
        signature = (version, seat, glyphs.ascii_mode())
        if signature == self._signature:
            return
        self._signature = signature
        if seat is None:
            self.show_text(Text(t("(hidden)"), style="dim"))
            return
        self.show_text(render_warehouse(s, seat))


def render_warehouse(s: GameState, seat: int) -> Text:
    pl = s.players[seat]
    slots: list[tuple[str, str]] = []
    for i, g in enumerate(GOODS):
        slots.extend((glyphs.good_letter(g), f"bold {glyphs.good_colour(g)}") for _ in range(pl.goods[i]))
    slots.extend((glyphs.glyph("salt"), SALT_STYLE) for _ in range(pl.salt))
    slots.extend((glyphs.glyph("land_colonist"), "bold white") for _ in range(pl.store[0]))
    slots.extend((glyphs.glyph("sea_colonist"), "bold blue") for _ in range(pl.store[1]))
    total = pl.slots
    slots.extend((glyphs.glyph("empty_slot"), "dim") for _ in range(total - len(slots)))
    out = Text()
    out.append("[")
    for ch, style in slots:
        out.append(ch, style=style)
    out.append("] ")
    out.append(t("{n} free").format(n=pl.free_slots), style="dim")
    out.append("\n")
    out.append(f"{pl.money} {t('sestertii')}", style="bold yellow")
    land = sum(1 for k, _ in pl.colonists if k == "land")
    sea = len(pl.colonists) - land
    out.append("  " + t("on board") + f": {land}{glyphs.glyph('land_colonist')} {sea}{glyphs.glyph('sea_colonist')}")
    out.append("  " + t("houses left") + f": {s.houses_left(seat)}")
    counts = ", ".join(f"{pl.goods[i]} {t(g)}" for i, g in enumerate(GOODS) if pl.goods[i])
    if pl.salt:
        counts += (", " if counts else "") + f"{pl.salt} {t(SALT)}"
    out.append("\n" + (counts or t("no goods")), style="dim")
    return out
