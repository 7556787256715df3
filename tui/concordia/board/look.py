"""The look cursor: what is at a cell of the map, in words (like a roguelike's look command).

A city says its province, good (salt too), houses and their owners, colonists standing in it and what a
house costs the player to decide now (a salt city has its own price, R-SALSA-CITY); the capital its
colonists, and so does Britannia's Portus Itius, where sea colonists start (R-MAP-BRITANNIA); a route its
two ends, its kind, who stands on its colonist space and, during an Architect move, how many steps it
costs; a province its bonus marker's side.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.concordia import GameState, model
from engine.concordia.actions import Move
from engine.concordia.rules import architect
from tui import glyphs
from tui.concordia.board.layout import Cell, Layout
from tui.concordia.board.render import good_symbol, marker_coins
from tui.concordia.short_text import short_price
from tui.concordia.text import build_cost_text, good_name, move_cost
from tui.i18n import t, tn

_FEATURES: dict[int, tuple[Layout, dict[Cell, tuple[str, str]]]] = {}


def features(layout: Layout) -> dict[Cell, tuple[str, str]]:
    """``layout.features()``, computed once per layout."""
    hit = _FEATURES.get(id(layout))
    if hit is None or hit[0] is not layout:
        hit = (layout, layout.features())
        _FEATURES[id(layout)] = hit
    return hit[1]


def key_at(layout: Layout, s: GameState, cell: Cell) -> str | None:
    """The route, place or province id drawn at ``cell`` (None for empty sea and land)."""
    found = features(layout).get(cell)
    if found is None:
        return None
    key = found[1]
    gm = s.map
    if key in gm.routes or key in gm.cities or key in gm.capitals or key in gm.provinces:
        return key
    return None


def anchor(layout: Layout, key: str) -> Cell | None:
    """Where the cursor goes for ``key``: a route's colonist space, a place's mark, a province's marker."""
    if key in layout.routes:
        return layout.routes[key].colonist_cell
    if key in layout.places:
        p = layout.places[key]
        return p.x, p.y
    if key in layout.provinces:
        return layout.provinces[key].marker
    return None


def _seat(names: Sequence[str], q: int) -> str:
    """The seat as the panels name it (``names`` already start with the seat's digit)."""
    return names[q] if q < len(names) else f"{glyphs.player_letter(q)} P{q + 1}"


def nearest_key(layout: Layout, s: GameState, cell: Cell, reach: int = 3) -> str | None:
    """The place, route or province drawn nearest ``cell`` within ``reach`` cells (places first on a tie)."""
    best: tuple[int, int, str] | None = None
    x0, y0 = cell
    rank = {"place": 0, "label": 0, "colonist": 1, "route": 2, "province": 3}
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            found = features(layout).get((x0 + dx, y0 + dy))
            key = key_at(layout, s, (x0 + dx, y0 + dy)) if found else None
            if found is None or key is None:
                continue
            cand = (max(abs(dx), abs(dy) * 2), rank.get(found[0], 4), key)
            if best is None or cand < best:
                best = cand
    return None if best is None else best[2]


def describe(s: GameState, key: str | None, names: Sequence[str], moves: Sequence[Move] = (),
             short: bool = False, reader: int | None = None) -> str:
    """``key`` (a route, place or province id) in words; ``moves`` are the legal moves onto it, if any.
    ``short``: a city's good and house price in the goods' letters (``C``, ``house 1B+1W+3$``) and its
    province without the zone, for a narrow cursor line.
    ``reader``: the seat whose screen this is; a house price is theirs (none when no one's hand is shown)."""
    return " · ".join(describe_parts(s, key, names, moves, short, reader))


def fit(parts: Sequence[str], width: int) -> str:
    """``parts`` joined with `` · ``, leaving out the last parts (least telling) until the line fits
    ``width``; the first part (the name) is always kept."""
    kept = list(parts)
    while len(kept) > 1 and len(" · ".join(kept)) > width:
        kept.pop()
    return " · ".join(kept)


def describe_parts(s: GameState, key: str | None, names: Sequence[str], moves: Sequence[Move] = (),
                   short: bool = False, reader: int | None = None) -> list[str]:
    """The parts of ``describe``, most telling first (a narrow line drops them from the end)."""
    if key is None:
        return []
    gm = s.map
    if key in gm.routes:
        r = gm.routes[key]
        ends = f"{gm.place_name(r.a)}–{gm.place_name(r.b)}"
        # short (80x24): the kind after the steps and the occupant (the line's drawing shows it too)
        parts = [ends if short else f"{ends} ({t(r.kind)})"]
        costs = sorted({c for m in moves for c in [move_cost(s, m)] if c is not None})
        if costs:
            n = costs[0] if len(costs) == 1 else max(costs)  # "1 step", "2 steps", "1/2 steps"
            cost = "/".join(str(c) for c in costs)
            parts.append(tn("{n} step", "{n} steps", n).format(n=cost) if short else
                         tn("{cost} step from here", "{cost} steps from here", n).format(cost=cost))
        owner = s.routes.get(key)
        parts.append(t("colonist of {seat}").format(seat=_seat(names, owner)) if owner is not None else t("free"))
        if short:
            parts.append(t(r.kind))
        if not r.stop:
            parts.append(t("pass only, no stop"))
        return parts
    if key in gm.capitals:
        here = sorted({q for q, pl in enumerate(s.players) for _k, loc in pl.colonists if loc == key})
        who = ", ".join(_seat(names, q) for q in here) or t("none")
        what = t("capital") if key == gm.capital else t("start place of sea colonists")  # R-MAP-BRITANNIA
        return [gm.place_name(key), what, t("colonists: {who}").format(who=who)]
    if key in gm.cities:
        city = gm.cities[key]
        good = s.tiles.get(key, "")
        parts = [city.name]
        if good:  # short: the good's letter as the map draws it (the line keeps room for the province)
            parts.append(good_symbol(good) if short else good_name(good))
        # the province decides a Prefect's and Saturnus' count: it comes before what a narrow line may drop
        province = gm.provinces[city.province].name
        parts.append(province if short else f"{province} ({city.zone})")
        p = reader
        if p is not None and 0 <= p < len(s.players) and good and not s.is_over and key not in s.players[p].houses:
            if short:
                goods, money = architect.house_price(s, p, key)
                parts.append(t("house {price}").format(price=short_price(goods, money)))
            else:
                parts.append(t("a house costs {cost}").format(cost=build_cost_text(s, p, key)))
        owners = [q for q, pl in enumerate(s.players) if key in pl.houses]
        parts.append(t("houses: {who}").format(who=", ".join(_seat(names, q) for q in owners) or t("none")))
        standing = sorted({q for q, pl in enumerate(s.players) for _k, loc in pl.colonists if loc == key})
        if standing:
            parts.append(t("colonists: {who}").format(who=", ".join(_seat(names, q) for q in standing)))
        return parts
    if key in gm.provinces:
        prov = gm.provinces[key]
        good = s.bonus.get(key, "")
        if key in s.active_markers:
            shown = good_name(good) if good and good != model.ANY else t("any good")
            side = (t("produces {good}") if short else t("bonus marker: {good} side (may produce)")).format(good=shown)
        else:
            n = marker_coins(s, key)
            money = tn("{n} sestertius", "{n} sestertii", n).format(n=n)
            side = (t("coin side: {money}") if short else t("bonus marker: coin side ({money})")).format(money=money)
        # the cities a Prefect's production (and Saturnus) count, with the houses standing there
        cities = []
        for cid in prov.cities:
            owners = "".join(glyphs.player_letter(q) for q, pl in enumerate(s.players) if cid in pl.houses)
            cities.append(gm.cities[cid].name + (f" {owners}" if owners else ""))
        return [prov.name, side, ", ".join(cities)]
    return []
