"""Choices linked to the map: which board places an action acts on, and the Architect's grouped moves.

The decision list and the map show the same legal actions. ``action_keys`` says which routes, cities or
provinces a list row concerns (the map lights them); ``primary_key`` which single place a map target is
(the list selects its row). Colonist moves are grouped for people as "which colonist, then where": one row
per colonist that can move, opening a short list of its routes (``→ Novaria–Aquileia (2)``). Only the
presentation is grouped: the engine's actions, saves and bots are unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.concordia import GameState
from engine.concordia.actions import Action, Build, Move, PlaceColonist, Produce, StartCity
from tui import glyphs
from tui.concordia.text import move_cost
from tui.i18n import t


def primary_key(a: Action) -> str | None:
    """The board place ``a`` acts on (a route, city/capital or province id), or None."""
    if isinstance(a, Move):
        return a.route
    if isinstance(a, Build | StartCity):
        return a.city
    if isinstance(a, PlaceColonist):
        return a.place
    if isinstance(a, Produce):
        return a.province
    return None


def action_keys(actions: Sequence[Action]) -> list[str]:
    """Every board place the actions act on, in order, without repeats (a move also lights its colonist)."""
    out: list[str] = []
    for a in actions:
        key = primary_key(a)
        if key is not None and key not in out:
            out.append(key)
    for a in actions:
        if isinstance(a, Move) and a.source not in out:
            out.append(a.source)
    return out


def _where(s: GameState, source: str) -> str:
    gm = s.map
    if source in gm.routes:
        r = gm.routes[source]
        return t("on {route}").format(route=f"{gm.place_name(r.a)}–{gm.place_name(r.b)}")
    return t("in {place}").format(place=gm.place_name(source))


def colonist_label(s: GameState, moves: Sequence[Move]) -> str:
    """A grouped row: the colonist that moves and how many routes it can reach."""
    first = moves[0]
    kind = s.map.routes[first.route].kind
    text = t("{kind} colonist {where}").format(kind=t(kind).capitalize(), where=_where(s, first.source))
    if len(moves) == 1:
        return f"{text} {target_label(s, first)}"
    return text + " " + t("({n} routes)…").format(n=len(moves))


def target_label(s: GameState, a: Move) -> str:
    """A short target row: ``→ Novaria–Aquileia (2)`` (the route's ends and the steps it costs)."""
    r = s.map.routes[a.route]
    cost = move_cost(s, a)
    text = f"{glyphs.glyph('arrow')} {s.map.place_name(r.a)}–{s.map.place_name(r.b)}"
    return text + (f" ({cost})" if cost is not None else "")


def move_options(s: GameState, moves: Sequence[Action]) -> tuple[str, list[tuple[str, Action]]]:
    """The 'where' list of one colonist: a title and one short row per route it can reach."""
    only = [a for a in moves if isinstance(a, Move)]
    title = colonist_label(s, only[:1]).split(f" {glyphs.glyph('arrow')}")[0] + " " + glyphs.glyph("arrow") + " ?"
    return title, [(target_label(s, a), a) for a in only]
