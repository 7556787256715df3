"""Die Baumeister des Colosseum in words: names of cards, landscapes and fields, decisions and events.

Every string passes through ``tui.i18n.t``; the German words (the rulebook's: Wasser, Getreide, Holz, Stein,
Fluss, Wald, Gebirge, Stall, Lager, Ruhmespunkte, Konsul) are added with ``add_words`` when this module is
imported. Seat names come in as plain text and are only ever put into ``Text`` as text, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.colosseum import actions as act
from engine.colosseum.components import CARD_TYPES, LANDSCAPES, SCORE_KINDS, STACK_NAMES, components
from tui.i18n import add_words, t

CARD_LETTERS: dict[str, str] = {"water": "W", "grain": "G", "wood": "H", "stone": "S"}
"""One letter per building material (the spec's: H = Holz), in both languages: colour is never the only sign."""
CARD_COLOURS: dict[str, str] = {"water": "bright_blue", "grain": "yellow", "wood": "green", "stone": "white"}
TILE_LETTERS: dict[str, str] = {"river": "R", "grain": "G", "forest": "F", "mountain": "M", "stable1": "1",
                                "stable2": "2"}
"""Landscape tiles as drawn in the rows on offer (stables by their wheels)."""
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI",
         "XVII", "XVIII", "XIX", "XX")

add_words({
    "water": "Wasser",
    "grain": "Getreide",
    "wood": "Holz",
    "stone": "Stein",
    "river": "Fluss",
    "grain field": "Getreidefeld",
    "forest": "Wald",
    "mountain": "Gebirge",
    "stable": "Stall",
    "stables": "Ställe",
    "storage": "Lager",
    "stable with 1 wheel": "Stall mit 1 Rad",
    "stable with 2 wheels": "Stall mit 2 Rädern",
    "cards": "Karten",
    "fame": "Ruhm",
    "Fame": "Ruhm",
    "Board": "Spielplan",
    "Displays": "Auslagen",
    "Building": "Bau",
    "Consul track": "Konsulbahn",
    "Landscape rows": "Landschaftsreihen",
    "Parts on offer": "Bauteile in der Auslage",
    "Colosseum": "Colosseum",
    "Hand": "Hand",
    "Log": "Protokoll",
    "Decision": "Entscheidung",
    "Storage": "Lager",
    "Stables": "Ställe",
    "Wheels": "Räder",
    "Marker": "Marker",
    "points": "Punkte",
    "Field": "Feld",
    "consul": "Konsul",
    "empty": "leer",
    "built": "gebaut",
    "sections built": "Bauabschnitte gebaut",
    "supply": "Vorrat",
    "storage tiles left": "Lagerplättchen übrig",
    "stack II": "Stapel II",
    "stack III": "Stapel III",
    "parts stack": "Bauteilstapel",
    "Take a {card} card": "Eine Karte {card} nehmen",
    "Move the consul {n} field(s) (free)": "Konsul {n} Feld ziehen (kostenlos)",
    "Move the consul {n} fields ({cost})": "Konsul {n} Felder ziehen ({cost})",
    "{n} movement point(s)": "{n} Bewegungspunkt(e)",
    "{n} pts": "{n} Pkt.",
    "1 pt": "1 Pkt.",
    "{n} fame": "{n} Ruhm",
    "to field {field}": "auf Feld {field}",
    "Discard {card} for a storage tile (+2 hand limit)": "{card} abwerfen für ein Lager (+2 Handlimit)",
    "No storage tile": "Kein Lager",
    "Take the front tile ({tile})": "Vorderes Plättchen nehmen ({tile})",
    "Build {part} ({cost}, {fame} fame)": "{part} bauen ({cost}, {fame} Ruhm)",
    "Build {part} paying {pay}": "{part} bauen, bezahlt mit {pay}",
    "{n}x3 {card} for missing cards": "{n}x3 {card} für fehlende Karten",
    "Score {kind} for everyone": "{kind} für alle werten",
    "Take {n} {card} card(s)": "{n} Karte(n) {card} nehmen",
    "Take nothing (+1 fame)": "Nichts nehmen (+1 Ruhm)",
    "Take nothing": "Nichts nehmen",
    "Reset your marker ({n} movement point(s) back)": "Marker zurücksetzen ({n} Bewegungspunkt(e) zurück)",
    "Keep your marker (+1 fame)": "Marker lassen (+1 Ruhm)",
    "Discard a {card} card": "Eine Karte {card} abwerfen",
    "Move 1 to {field} (free)": "1 auf {field} ziehen (frei)",
    "Move {n} to {field}: {cost}": "{n} auf {field} ziehen: {cost}",
    "Storage tile for 1 {card} (+2 limit)": "Lager für 1 {card} (+2 Limit)",
    "Take the tile: {tile}": "Plättchen nehmen: {tile}",
    "Build {part} ({cost}, +{fame} fame)": "{part} bauen ({cost}, +{fame} Ruhm)",
    "Build {part}, {pay}": "{part} bauen, {pay}",
    "{n}x3 {card} for missing": "{n}x3 {card} für Fehlende",
    "Score {kind}": "{kind} werten",
    "Take {n} {card}": "{n} {card} nehmen",
    "Reset the marker ({n} pts back)": "Marker zurück ({n} Pkt. zurück)",
    "Keep the marker (+1 fame)": "Marker lassen (+1 Ruhm)",
    "Discard 1 {card}": "1 {card} abwerfen",
    "Give {a} + {b} for {c}": "{a} + {b} gegen {c}",
    "Yes": "Ja",
    "No": "Nein",
    "Give {a} and {b} for {c}": "{a} und {b} abgeben für {c}",
    "Stop exchanging": "Nicht mehr tauschen",
    "{name}: {what}": "{name}: {what}",
    "{name} takes a {card} card": "{name} nimmt eine Karte {card}",
    "{name} moves the consul {n} to field {field}": "{name} zieht den Konsul {n} auf Feld {field}",
    " (pays {points} points, {fame} fame)": " (zahlt {points} Punkte, {fame} Ruhm)",
    "{name} skips the field action (nothing possible)": "{name} lässt die Feldaktion aus (nichts möglich)",
    "{name} builds {part} as section {section} (+{fame} fame)": "{name} baut {part} als Abschnitt {section} "
                                                                "(+{fame} Ruhm)",
    "{part} comes on offer at field {field}": "{part} kommt auf Feld {field} in die Auslage",
    "the parts stack is empty: field {field} offers no part": "der Bauteilstapel ist leer: Feld {field} "
                                                             "bietet kein Bauteil",
    "{name} gains 1 fame (field D)": "{name} erhält 1 Ruhm (Feld D)",
    "{name} gives {a} and {b} for {c}": "{name} gibt {a} und {b} für {c}",
    "{name} resets the marker ({n} back)": "{name} setzt den Marker zurück ({n} zurück)",
    "{name} takes {tile} from the stack": "{name} nimmt {tile} vom Stapel",
    "{name} passes": "{name} verzichtet",
    "row {row} refilled: {tiles}": "Reihe {row} aufgefüllt: {tiles}",
    "{name} takes {tile} from row {row}": "{name} nimmt {tile} aus Reihe {row}",
    "row {row} stays empty": "Reihe {row} bleibt leer",
    "{kind} is scored (chosen by {name})": "{kind} wird gewertet (gewählt von {name})",
    "the {card} pile is empty: {name} gets nothing": "der Stapel {card} ist leer: {name} bekommt nichts",
    "{name} takes nothing: +1 fame": "{name} nimmt nichts: +1 Ruhm",
    "{name} takes {n} {card}": "{name} nimmt {n} {card}",
    "{name} discards {card} for a storage tile (hand limit {limit})":
        "{name} wirft {card} ab für ein Lager (Handlimit {limit})",
    "{name} discards a {card} card": "{name} wirft eine Karte {card} ab",
    "{name} has only one choice": "{name} hat nur eine Wahl",
    "Game over: the 17th part is built": "Spielende: das 17. Bauteil ist gebaut",
    "Game over after {n} turns (turn limit)": "Spielende nach {n} Zügen (Zuglimit)",
    "Game over: nothing can change any more": "Spielende: nichts kann sich mehr ändern",
    "Game over: no part can be built any more": "Spielende: kein Bauteil kann mehr gebaut werden",
    "{name}: take a start card": "{name}: eine Startkarte nehmen",
    "{name}: move the consul (1 field free, then points, then fame)":
        "{name}: Konsul ziehen (1 Feld frei, dann Punkte, dann Ruhm)",
    "{name}: storage field: discard a card for a storage tile?": "{name}: Lagerfeld: eine Karte für ein Lager "
                                                                  "abwerfen?",
    "{name}: take the front tile or build the part": "{name}: vorderes Plättchen nehmen oder Bauteil bauen",
    "{name}: choose what to score for everyone": "{name}: wählen, was für alle gewertet wird",
    "{name}: scoring {kind}: how many cards?": "{name}: Wertung {kind}: wie viele Karten?",
    "{name}: stable scoring: reset your marker?": "{name}: Stallwertung: Marker zurücksetzen?",
    "{name}: too many cards: discard one": "{name}: zu viele Karten: eine abwerfen",
    "{name}: field D: use its action?": "{name}: Feld D: Aktion nutzen?",
    "{name}: field D: exchange 2 cards for 1?": "{name}: Feld D: 2 Karten gegen 1 tauschen?",
    "Game over": "Spielende",
    "Gain 1 fame": "1 Ruhm erhalten",
    "Reset your own marker": "Eigenen Marker zurücksetzen",
    "Take the top tile of stack II/III": "Oberstes Plättchen von Stapel II/III nehmen",
    "Take 1 card of a chosen type": "1 Karte einer Sorte nehmen",
    "Exchange 2 cards for 1": "2 Karten gegen 1 tauschen",
    "Score a landscape or the stable (base game)": "Landschaft oder Stall werten (Grundspiel)",
    "Drawn at random": "Zufällig gezogen",
    "Field D": "Feld D",
    "field D: {mode}": "Feld D: {mode}",
    "turn {n}": "Zug {n}",
    "{name} to decide": "{name} entscheidet",
    "{name} is thinking": "{name} denkt nach",
    "game over — press s for the scores": "Spielende — s zeigt die Wertung",
    "views: b p l": "Ansichten: b p l",
    "hand {n}/{limit}": "Hand {n}/{limit}",
    "Cards held against the hand limit": "Karten gegen das Handlimit",
    "over the limit": "über dem Limit",
    "Fame {fame}": "Ruhm {fame}",
    "movement points {n}": "Bewegungspunkte {n}",
    "Final scoring": "Schlusswertung",
    "Winner: {name} with {fame} fame": "Sieger: {name} mit {fame} Ruhm",
    "Shared win: {names} with {fame} fame": "Geteilter Sieg: {names} mit {fame} Ruhm",
    "Tie on fame: the cards left in hand decided it.": "Gleichstand beim Ruhm: die Handkarten entschieden.",
    "No tie-break was needed.": "Kein Gleichstand.",
    "The game was stopped before the 17th part (truncated).": "Das Spiel endete vor dem 17. Bauteil (abgebrochen).",
    "Source": "Quelle",
    "fame in play": "Ruhm im Spiel",
    "cards (1 per 3)": "Karten (1 je 3)",
    "Total": "Summe",
    "These values are ours, not the printed game's:": "Diese Werte sind unsere, nicht die des gedruckten Spiels:",
    "The {bot} bot would choose: {action}": "Der Bot {bot} würde wählen: {action}",
    "Thinking about a hint": "Denke über einen Tipp nach",
    "No hint: {error}": "Kein Tipp: {error}",
    "Nothing to undo.": "Nichts rückgängig zu machen.",
    "That is not possible now.": "Das geht jetzt nicht.",
    "Choose how to pay": "Bezahlung wählen",
    "Build {part}…": "{part} bauen…",
    "Give 2 cards for 1…": "2 Karten für 1 abgeben…",
    "Exchange": "Tausch",
    "Cancel": "Abbrechen",
    "river row": "Flussreihe",
    "front": "vorn",
})


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
        return t("Build {part}, {pay}").format(part=label, pay=payment_text(a))
    if isinstance(a, act.Score):
        return t("Score {kind}").format(kind=landscape_name(a.kind))
    if isinstance(a, act.Take):
        kind = s.score_kind if 0 <= s.score_kind < len(CARD_TYPES) else 0
        if a.count == 0:
            entitled = s.players[p].rows[2 + kind] >= 1
            return t("Take nothing (+1 fame)") if entitled else t("Take nothing")
        return t("Take {n} {card}").format(n=a.count, card=card_name(kind))
    if isinstance(a, act.Reset):
        return t("Reset the marker ({n} pts back)").format(n=s.players[p].marker)
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
    """The triples a build pays for missing cards: ``1x3 grain``."""
    return ", ".join(t("{n}x3 {card} for missing").format(n=n, card=card_name(k))
                     for k, n in enumerate(a.triples) if n)


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
    if kind == "card":
        return t("{name} takes a {card} card").format(name=name, card=card_name(p["kind"]))
    if kind == "move":
        out = t("{name} moves the consul {n} to field {field}").format(
            name=name, n=p["steps"], field=field_name(int(p["field"])))
        if p.get("points") or p.get("fame"):
            out += t(" (pays {points} points, {fame} fame)").format(points=p.get("points", 0), fame=p.get("fame", 0))
        return out
    if kind == "skip":
        return t("{name} skips the field action (nothing possible)").format(name=name)
    if kind == "build":
        return t("{name} builds {part} as section {section} (+{fame} fame)").format(
            name=name, part=p["part"], section=section_name(int(p["section"])), fame=p["fame"])
    if kind == "part":
        field = components().blue_index.index(int(p["slot"]))
        if not p.get("part"):
            return t("the parts stack is empty: field {field} offers no part").format(field=field_name(field))
        return t("{part} comes on offer at field {field}").format(part=part_text(p["part"]), field=field_name(field))
    if kind == "d_fame":
        return t("{name} gains 1 fame (field D)").format(name=name)
    if kind == "exchange":
        give = p.get("give", ["?", "?"])
        return t("{name} gives {a} and {b} for {c}").format(
            name=name, a=card_name(give[0]), b=card_name(give[1]), c=card_name(p.get("get", "?")))
    if kind == "reset":
        return t("{name} resets the marker ({n} back)").format(name=name, n=p.get("points", 0))
    if kind == "d_tile":
        return t("{name} takes {tile} from the stack").format(name=name, tile=tile_name(p["tile"]))
    if kind == "pass":
        return t("{name} passes").format(name=name)
    if kind == "refill":
        tiles = " ".join(TILE_LETTERS.get(x, "?") for x in p.get("tiles", []))
        return t("row {row} refilled: {tiles}").format(row=row_label(int(p["row"])), tiles=tiles or "-")
    if kind == "tile":
        return t("{name} takes {tile} from row {row}").format(name=name, tile=tile_name(p["tile"]),
                                                             row=row_label(int(p["row"])))
    if kind == "row_empty":
        return t("row {row} stays empty").format(row=row_label(int(p["row"])))
    if kind == "scoring":
        return t("{kind} is scored (chosen by {name})").format(kind=landscape_name(p["kind"]), name=name)
    if kind == "empty_pile":
        return t("the {card} pile is empty: {name} gets nothing").format(card=card_name(p["kind"]), name=name)
    if kind == "decline":
        return t("{name} takes nothing: +1 fame").format(name=name)
    if kind == "take":
        return t("{name} takes {n} {card}").format(name=name, n=p["count"], card=card_name(p["kind"]))
    if kind == "storage":
        return t("{name} discards {card} for a storage tile (hand limit {limit})").format(
            name=name, card=card_name(p["kind"]), limit=p.get("limit", "?"))
    if kind == "discard":
        return t("{name} discards a {card} card").format(name=name, card=card_name(p["kind"]))
    if kind == "forced":
        return t("{name} has only one choice").format(name=name)
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
