"""Die Baumeister des Colosseum in words: names of cards, landscapes and fields, decisions and events.

Every string passes through ``tui.i18n.t``; the German words (the rulebook's: Wasser, Getreide, Holz, Stein,
Fluss, Wald, Gebirge, Stall, Lager, Ruhmespunkte, Konsul) are in the game's catalog,
``tui/colosseum/locale/de/LC_MESSAGES/colosseum.po``. Seat names come in as plain text and are only ever put
into ``Text`` as text, never as markup.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.colosseum import actions as act
from engine.colosseum.components import CARD_TYPES, LANDSCAPES, SCORE_KINDS, STACK_NAMES, components
from tui import glyphs
from tui.i18n import is_you, language, t, tn, tp

CARD_LETTERS: dict[str, str] = {"water": "W", "grain": "G", "wood": "H", "stone": "S"}
"""One letter per building material (the spec's: H = Holz), in both languages: colour is never the only sign."""
CARD_COLOURS: dict[str, str] = {"water": "bright_blue", "grain": "yellow", "wood": "green", "stone": "white"}


def _tile_letters() -> dict[str, str]:
    """Each landscape tile's letter in the current language (from the catalog), stables by their wheels.

    English R G F M (river, grain, forest, mountain). German W G H S: the letter of the material the landscape
    gives, the card letter too (the rulebook's "Wasser-Plättchen", "Getreide-Plättchen"); German initials
    (F G W B for Fluss, Getreide, Wald, Berg) put a W on the forest while a W card is water."""
    return {
        "river": tp("letter of the river landscape", "R"),
        "grain": tp("letter of the grain landscape", "G"),
        "forest": tp("letter of the forest landscape", "F"),
        "mountain": tp("letter of the mountain landscape", "M"),
        "stable1": "1",
        "stable2": "2",
    }


class _TileLetters(Mapping[str, str]):
    """``TILE_LETTERS[tile]``: the letter of a landscape tile in the language shown now (read at each lookup,
    so a switch of language redraws with the new letters; kept per language once looked up)."""

    def __init__(self) -> None:
        self._known: dict[str, dict[str, str]] = {}

    def _now(self) -> dict[str, str]:
        lang = language()
        if lang not in self._known:
            self._known[lang] = _tile_letters()
        return self._known[lang]

    def __getitem__(self, tile: str) -> str:
        return self._now()[tile]

    def __iter__(self) -> Iterator[str]:
        return iter(self._now())

    def __len__(self) -> int:
        return len(self._now())


TILE_LETTERS: Mapping[str, str] = _TileLetters()
"""Landscape tiles as drawn in the rows on offer, the displays and the log (stables by their wheels): letters
that read right in the current language, unique among the tiles; ``tile_legend`` names them."""


def tile_legend() -> str:
    """The tiles' letters in words, as one line: ``R river · G grain field · F forest · M mountain · 1/2 stable``."""
    sep = " - " if glyphs.ascii_mode() else " · "
    words = [f"{TILE_LETTERS[land]} {landscape_name(land)}" for land in LANDSCAPES]
    return sep.join([*words, "1/2 " + t("stable (wheels)")])
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI",
         "XVII", "XVIII", "XIX", "XX")

def card_name(kind: str | int) -> str:
    """A building material in the current language (``water`` or its index)."""
    return t(CARD_TYPES[kind] if isinstance(kind, int) else kind)


def landscape_name(kind: str | int) -> str:
    """A landscape (``river`` … ``mountain``, or its index) or ``stable`` in the current language."""
    name = SCORE_KINDS[kind] if isinstance(kind, int) else kind
    return t("grain field") if name == "grain" else t(name)


def tile_name(tile: str) -> str:
    """A landscape tile by its engine name (``forest``, ``stable2``)."""
    if tile == "stable1":
        return t("stable with 1 wheel")
    if tile == "stable2":
        return t("stable with 2 wheels")
    return landscape_name(tile)


def field_name(field: int) -> str:
    """A consul field: its number (1..7) and kind letter, as the board shows it: ``3A``."""
    return f"{field + 1}{components().track[field]}"


def section_name(section: int) -> str:
    return ROMAN[section - 1] if 1 <= section <= len(ROMAN) else str(section)


def part_text(part_id: str | None) -> str:
    """A part on offer: ``A1 W2 S1 4*`` (cost by letter, fame)."""
    if not part_id:
        return "--"
    part = components().part(part_id)
    return f"{part_id} {part.cost_text()} {part.fame}"


D_MODE_TEXT: dict[str, str] = {
    "score_any": "Score a landscape or the stable (base game)",
    "fame": "Gain 1 fame",
    "own_reset": "Reset your own marker",
    "card": "Take 1 card of a chosen type",
    "exchange": "Exchange 2 cards for 1",
    "tile": "Take the top tile of stack II/III",
    "random": "Drawn at random",
}
"""What field D does in each mode of R-VAR (English; passes through ``t``)."""


def _name(names: Sequence[str] | None, seat: Any) -> str:
    if names is not None and isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"P{int(seat) + 1}" if isinstance(seat, int) else str(seat)


def _cost_words(points: int, fame: int) -> str:
    parts = []
    if points:
        parts.append(t("1 pt") if points == 1 else t("{n} pts").format(n=points))
    if fame:
        parts.append(t("{n} fame").format(n=fame))
    return ", ".join(parts)


def choice_text(s: Any, a: act.Action) -> str:
    """One legal action as a choice of the deciding seat, in words (with what it costs or gains)."""
    p = s.current_player
    if isinstance(a, act.TakeCard):
        return t("Take a {card} card").format(card=card_name(a.kind))
    if isinstance(a, act.Move):
        field = field_name((s.consul + a.steps) % len(components().track))
        if a.steps == 1:
            return t("Move 1 to {field} (free)").format(field=field)
        points = min(a.steps - 1, max(0, s.players[p].points))
        cost = _cost_words(points, a.steps - 1 - points)
        return t("Move {n} to {field}: {cost}").format(n=a.steps, field=field, cost=cost)
    if isinstance(a, act.Storage):
        return t("Storage tile for 1 {card} (+2 limit)").format(card=card_name(a.kind))
    if isinstance(a, act.Pass):
        return t("No storage tile")
    if isinstance(a, act.Tile):
        b = components().blue_index[s.consul]
        row = s.land_rows[b] if 0 <= b < len(s.land_rows) else []
        tile = tile_name(_tile_str(row[0])) if row else "?"
        return t("Take the tile: {tile}").format(tile=tile)
    if isinstance(a, act.Build):
        b = components().blue_index[s.consul]
        pid = s.slots[b] if 0 <= b < len(s.slots) else None
        label = pid or "?"
        if not any(a.triples):
            part = components().part(pid) if pid else None
            return t("Build {part} ({cost}, +{fame} fame)").format(
                part=label, cost=part.cost_text() if part else "", fame=part.fame if part else 0)
        fame = components().part(pid).fame if pid else 0
        missing = sum(a.triples)
        return tn("Build {part} (+{fame} fame), {pay} for a missing card",
                  "Build {part} (+{fame} fame), {pay} for {n} missing cards", missing).format(
            part=label, fame=fame, pay=payment_text(a), n=missing)
    if isinstance(a, act.Score):
        return t("Score {kind}").format(kind=landscape_name(a.kind))
    if isinstance(a, act.Take):
        kind = s.score_kind if 0 <= s.score_kind < len(CARD_TYPES) else 0
        if a.count == 0:
            entitled = s.players[p].rows[2 + kind] >= 1
            return t("Take nothing (+1 fame)") if entitled else t("Take nothing")
        return t("Take {n} {card}").format(n=a.count, card=card_name(kind))
    if isinstance(a, act.Reset):
        return tn("Reset the marker ({n} pt back)", "Reset the marker ({n} pts back)", s.players[p].marker).format(
            n=s.players[p].marker)
    if isinstance(a, act.Decline):
        return t("Keep the marker (+1 fame)")
    if isinstance(a, act.Discard):
        return t("Discard 1 {card}").format(card=card_name(a.kind))
    if isinstance(a, act.Yes):
        return t("Yes") + ": " + t(D_MODE_TEXT.get(s.d_mode, s.d_mode))
    if isinstance(a, act.No):
        return t("No")
    if isinstance(a, act.Exchange):
        return t("Give {a} + {b} for {c}").format(a=card_name(a.give1), b=card_name(a.give2), c=card_name(a.get))
    if isinstance(a, act.Stop):
        return t("Stop exchanging")
    return str(a)


def payment_text(a: act.Build) -> str:
    """The cards a build gives 3 for 1 in place of missing ones (R-ACT-C1): ``3 grain + 6 wood``."""
    return " + ".join(f"{3 * n} {card_name(k)}" for k, n in enumerate(a.triples) if n)


def _tile_str(tile: int) -> str:
    from engine.colosseum.components import TILE_NAMES

    return TILE_NAMES[tile]


def action_text(s: Any, a: Any, names: Sequence[str] | None) -> str:
    """(state before, action, seat names) -> the decision for the log: ``Take the front tile (forest)``.

    The log puts the deciding seat's name in front itself.
    """
    if isinstance(a, str):
        from engine.colosseum.actions import parse

        a = parse(a)
    return choice_text(s, a)


def event_text(event: Any, names: Sequence[str] | None) -> str:
    """One of ``state.events`` in words."""
    kind, params = event if isinstance(event, tuple) and len(event) == 2 else (str(event), {})
    p: dict[str, Any] = params if isinstance(params, dict) else {}
    name = _name(names, p.get("player"))
    you = is_you(name)  # the single person's default name "1 You": the verb agrees ("1 You take", "1 Du nimmst")

    def say(second: str, third: str) -> str:
        """The line about the reader ("1 You take") or about another seat ("2 Anna takes")."""
        return second if you else third

    if kind == "card":
        return say(t("{name} take a {card} card"), t("{name} takes a {card} card")).format(
            name=name, card=card_name(p["kind"]))
    if kind == "move":
        out = say(t("{name} move the consul {n} to field {field}"),
                  t("{name} moves the consul {n} to field {field}")).format(
            name=name, n=p["steps"], field=field_name(int(p["field"])))
        if p.get("points") or p.get("fame"):
            out += " (" + _cost_words(int(p.get("points", 0)), int(p.get("fame", 0))) + ")"  # "1 pt", not "1 points"
        return out
    if kind == "skip":
        return say(t("{name} skip the field action (nothing possible)"),
                   t("{name} skips the field action (nothing possible)")).format(name=name)
    if kind == "build":
        if p.get("chip"):  # sections XV-XVII also pay the fame lying there (S-CHIPS)
            return say(t("{name} build {part} as section {section} (+{fame} fame, +{chip} fame from the "
                         "section's chip)"),
                       t("{name} builds {part} as section {section} (+{fame} fame, +{chip} fame from the section's "
                         "chip)")).format(
                name=name, part=p["part"], section=section_name(int(p["section"])), fame=p["fame"], chip=p["chip"])
        return say(t("{name} build {part} as section {section} (+{fame} fame)"),
                   t("{name} builds {part} as section {section} (+{fame} fame)")).format(
            name=name, part=p["part"], section=section_name(int(p["section"])), fame=p["fame"])
    if kind == "part":
        field = components().blue_index.index(int(p["slot"]))
        if not p.get("part"):
            return t("the parts stack is empty: field {field} offers no part").format(field=field_name(field))
        return t("{part} comes on offer at field {field}").format(part=part_text(p["part"]), field=field_name(field))
    if kind == "d_fame":
        return say(t("{name} gain 1 fame (field D)"), t("{name} gains 1 fame (field D)")).format(name=name)
    if kind == "exchange":
        give = p.get("give", ["?", "?"])
        return say(t("{name} give {a} and {b} for {c}"), t("{name} gives {a} and {b} for {c}")).format(
            name=name, a=card_name(give[0]), b=card_name(give[1]), c=card_name(p.get("get", "?")))
    if kind == "reset":
        n = int(p.get("points", 0))
        return (tn("{name} reset the marker ({n} pt back)", "{name} reset the marker ({n} pts back)", n) if you
                else tn("{name} resets the marker ({n} pt back)", "{name} resets the marker ({n} pts back)", n)).format(
            name=name, n=n)
    if kind == "d_tile":
        return say(t("{name} take {tile} from the stack"), t("{name} takes {tile} from the stack")).format(
            name=name, tile=tile_name(p["tile"]))
    if kind == "pass":
        return say(t("{name} pass"), t("{name} passes")).format(name=name)
    if kind == "refill":
        tiles = " ".join(TILE_LETTERS.get(x, "?") for x in p.get("tiles", []))
        return t("row {row} refilled: {tiles}").format(row=row_label(int(p["row"])), tiles=tiles or "-")
    if kind == "tile":
        return say(t("{name} take {tile} from row {row}"), t("{name} takes {tile} from row {row}")).format(
            name=name, tile=tile_name(p["tile"]), row=row_label(int(p["row"])))
    if kind == "row_empty":
        return t("row {row} stays empty").format(row=row_label(int(p["row"])))
    if kind == "scoring":
        if "row" in p:  # the taken tile uncovered the row's new front tile, which set off the scoring (R-ACT-B2)
            return t("row {row}'s new front tile: {kind} is scored for everyone").format(
                row=row_label(int(p["row"])), kind=landscape_name(p["kind"]))
        return say(t("{name} choose to score {kind} for everyone"),
                   t("{name} chooses to score {kind} for everyone")).format(name=name, kind=landscape_name(p["kind"]))
    if kind == "empty_pile":
        # R-HAND-SUPPLY: the seat gets 1 fame instead of cards (the engine adds it with this event)
        return say(t("the {card} pile is empty: {name} get 1 fame instead"),
                   t("the {card} pile is empty: {name} gets 1 fame instead")).format(
            card=card_name(p["kind"]), name=name)
    if kind == "decline":
        return say(t("{name} take nothing: +1 fame"), t("{name} takes nothing: +1 fame")).format(name=name)
    if kind == "take":
        n = int(p["count"])
        return (tn("{name} take {n} {card} card", "{name} take {n} {card} cards", n) if you
                else tn("{name} takes {n} {card} card", "{name} takes {n} {card} cards", n)).format(
            name=name, n=n, card=card_name(p["kind"]))
    if kind == "storage":
        return say(t("{name} discard {card} for a storage tile (hand limit {limit})"),
                   t("{name} discards {card} for a storage tile (hand limit {limit})")).format(
            name=name, card=card_name(p["kind"]), limit=p.get("limit", "?"))
    if kind == "discard":
        return say(t("{name} discard a {card} card"), t("{name} discards a {card} card")).format(
            name=name, card=card_name(p["kind"]))
    if kind == "forced":
        return say(t("{name} have only one choice"), t("{name} has only one choice")).format(name=name)
    if kind == "game_over":
        reason = p.get("reason")
        if reason == "max_turns":
            return t("Game over after {n} turns (turn limit)").format(n=p.get("turns", "?"))
        if reason == "stalled":
            return t("Game over: nothing can change any more")
        if reason == "no_build":
            return t("Game over: no part can be built any more")
        return t("Game over: the 17th part is built")
    return f"{kind} {p}"


def row_label(row: int) -> str:
    """A landscape row on offer by the field it belongs to: ``2B``."""
    return field_name(components().blue_index.index(row))


def decision_text(s: Any, names: Sequence[str]) -> str:
    """The pending decision in words."""
    if s.is_over:
        return t("Game over")
    name = _name(names, s.current_player)
    phase = s.phase
    if phase == "card":
        return t("{name}: take a start card").format(name=name)
    if phase == "move":
        return t("{name}: move the consul (1 field free, then points, then fame)").format(name=name)
    if phase == "storage":
        return t("{name}: storage field: discard a card for a storage tile?").format(name=name)
    if phase == "blue":
        return t("{name}: take the front tile or build the part").format(name=name)
    if phase == "choice":
        return t("{name}: choose what to score for everyone").format(name=name)
    if phase == "take":
        return t("{name}: scoring {kind}: how many cards?").format(name=name, kind=landscape_name(s.score_kind))
    if phase == "reset":
        return t("{name}: stable scoring: reset your marker?").format(name=name)
    if phase == "discard":
        return t("{name}: too many cards: discard one").format(name=name)
    if s.d_mode == "exchange":
        return t("{name}: field D: exchange 2 cards for 1?").format(name=name)
    return t("{name}: field D: use its action?").format(name=name)


__all__ = ["CARD_LETTERS", "LANDSCAPES", "STACK_NAMES", "action_text", "card_name", "choice_text",
           "decision_text", "event_text", "field_name", "landscape_name", "part_text", "tile_name"]
