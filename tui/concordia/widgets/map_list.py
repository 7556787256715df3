"""The compact map: provinces -> cities -> houses as a list, for panels too small for the drawing.

Shows the same facts as the map (bonus markers, city goods, houses, colonists) and marks the legal targets
with the cursor symbol; choosing happens in the prompt.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from engine.concordia import GameState
from tui import glyphs
from tui.concordia.board.render import good_style, good_symbol, marker_coins
from tui.concordia.widgets.targets import Target
from tui.i18n import t, tn
from tui.widgets.text_lines import TextLines


class MapList(TextLines):
    """Provinces with their bonus marker, each city with its good, houses and colonists."""

    DEFAULT_CSS = """
    MapList { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._signature: object = None
        self._shown: tuple[GameState, Sequence[Target], int, int | None] | None = None

    def show(self, state: GameState, targets: Sequence[Target], version: int, reader: int | None = None,
             lit: Sequence[str] = ()) -> None:
        signature = (version, tuple(x.key for x in targets), glyphs.ascii_mode(), reader, tuple(lit))
        if signature == self._signature:
            return
        self._signature = signature
        self._shown = (state, targets, version, reader)
        self.set_text(render_list(state, targets, reader, lit))

    def light(self, keys: Sequence[str]) -> None:
        """Highlight the places the decision list's row acts on (a province and its cities)."""
        if self._shown is not None:
            self.show(*self._shown, lit=keys)


def render_list(s: GameState, targets: Sequence[Target], reader: int | None = None,
                lit: Sequence[str] = ()) -> Text:
    """The provinces, each with its marker and, for the ``reader``, how many of their houses stand there
    (what a Prefect there pays them, what Saturnus counts), then its cities; the ``lit`` row's province and
    its cities are highlighted (the decision list's row), the legal targets marked."""
    gm = s.map
    keys = {x.key for x in targets}
    shine = set(lit) | {c for k in lit if k in gm.provinces for c in gm.provinces[k].cities}
    mark = glyphs.glyph("cursor")[0]

    owners: dict[str, list[int]] = {}
    for q, pl in enumerate(s.players):
        for c in pl.houses:
            owners.setdefault(c, []).append(q)
    people: dict[str, list[int]] = {}
    routes: dict[str, list[str]] = {}
    for q, pl in enumerate(s.players):
        for _kind, loc in pl.colonists:
            if loc in gm.routes:
                r = gm.routes[loc]
                routes.setdefault(r.a, []).append(glyphs.player_letter(q))
                routes.setdefault(r.b, []).append(glyphs.player_letter(q))
            else:
                people.setdefault(loc, []).append(q)
    out = Text()

    def who(seats: list[int], lower: bool = False) -> Text:
        x = Text()
        for q in sorted(seats):
            letter = glyphs.player_letter(q)
            x.append(letter.lower() if lower else letter, style=f"bold {glyphs.player_colour(q)}")
        return x

    out.append(glyphs.glyph("capital") + " " + gm.capital_name, style="bold")
    if gm.capital in keys:
        out.append(" " + mark, style="bold yellow")
    if people.get(gm.capital):
        out.append(f"  {glyphs.glyph('colonist')}")
        out.append_text(who(people[gm.capital], lower=True))
    out.append("\n")
    for pid, prov in gm.provinces.items():
        good = s.bonus.get(pid, "brick")
        if pid in s.active_markers:
            marker = Text(glyphs.glyph("marker_goods") + good_symbol(good), style=good_style(good))
        else:
            # the coin side as the map draws it: the coin sign and the sestertii (``$2``)
            marker = Text(glyphs.glyph("coin") + str(marker_coins(s, pid)), style="yellow")
        line = Text()
        style = "bold underline" if pid in keys else "bold"
        line.append(prov.name, style=f"{style} black on bright_cyan" if pid in shine else style)
        line.append(" ")
        line.append_text(marker)
        if reader is not None and 0 <= reader < len(s.players):
            mine = sum(1 for c in prov.cities if c in s.players[reader].houses)
            if mine:
                line.append(" " + tn("{n} house of yours", "{n} houses of yours", mine).format(n=mine), style="green")
        if pid in keys:
            line.append(" " + mark + " " + t("can produce"), style="bold yellow")
        out.append_text(line)
        out.append("\n")
        for cid in prov.cities:
            city = gm.cities[cid]
            good_c = s.tiles.get(cid, "brick")
            row = Text("  ")
            row.append(mark if cid in keys else " ", style="bold yellow")
            name_style = "underline" if cid in keys else ""
            row.append(f"{city.name:<12}", style=f"{name_style} black on bright_cyan" if cid in shine else name_style)
            row.append(glyphs.good_letter(good_c), style=f"bold {glyphs.good_colour(good_c)}")
            if owners.get(cid):
                row.append(f" {glyphs.glyph('house')}")
                row.append_text(who(owners[cid]))
            if people.get(cid):
                row.append(f" {glyphs.glyph('colonist')}")
                row.append_text(who(people[cid], lower=True))
            if routes.get(cid):
                row.append(f" {glyphs.glyph('land_route')}{''.join(sorted(set(routes[cid])))}", style="dim")
            out.append_text(row)
            out.append("\n")
    out.rstrip()
    return out
