"""The rules of Die Baumeister des Colosseum as the app's rules screen shows them, in English and German.

Short Markdown chapters after ``shared/rules/colosseum.md`` and the German rulebook, and a table of the
Colosseum parts generated from ``engine.colosseum.components()`` (so it lists exactly the parts the engine
plays). The chapter "Our values" names every stand-in (``STAND_INS``): those values are ours, not the printed
game's.
"""

from __future__ import annotations

from engine.colosseum import STAND_INS, components
from tui.games import Chapter, RulesPage, TablePage, TableRow

EN: tuple[tuple[str, str, str], ...] = (
    ("goal", "Goal", """\
# Die Baumeister des Colosseum

Klaus-Jürgen Wrede, 2-4 players. You grow landscapes, produce **building materials** (water, grain,
wood, stone), store them and build the parts of the **Colosseum** for **fame**.

The game ends at once when the **17th section** is built. Then each of the 6 rows of the displays
(stable, storage, river, grain, forest, mountain) gives **4 fame** to the player alone with the most tiles,
**2** to each player tied for the most; every **3 cards** left in hand give 1 fame.
Most fame wins; on a tie, most cards left in hand.
"""),
    ("turn", "A turn", """\
# A turn

1. **Move the consul** clockwise along the 7 fields. The first field is free; each further field costs
   1 **movement point** (your marker moves one wheel right), and with no points left 1 **fame**.
   You may move as far as you can pay, round the track too (burning points, say, to decline the next
   stable scoring for 1 fame). Movement points = wheels in your stable row - 1 - the marker's wheel.
2. **One action of the field** the consul stands on:
   * **A (storage)**: you may discard 1 card to take a storage tile: your hand limit rises by 2.
   * **B (blue)**: either take the **front tile** of the field's landscape row (a landscape or a stable,
     whose wheels give movement points at once) and then the row's new front tile is **scored** for
     everyone, or **build** the Colosseum part on offer at that field.
   * **D**: choose a landscape or the stable to score for everyone.

At the start every player takes one card of their choice.
"""),
    ("scoring", "Scoring and building", """\
# Scoring a landscape or the stable

Everyone, the active player first: take up to one card of the scored landscape's material per tile
you have in that row (river: water, grain: grain, forest: wood, mountain: stone). Whoever could take
something and takes nothing gains **1 fame** instead.

At a **stable** scoring your marker may go back to the leftmost wheel (all movement points back);
keeping it gives 1 fame (only with points used).

# Hand limit

4 cards + 2 per storage tile. Over the limit you discard down to it at once.

# Building

Pay the part's cost (W water, G grain, H wood, S stone) and gain its fame; the part fills the next
section. Each **missing** card may be replaced by **3 cards of one other type**. Sections XV, XVI and
XVII carry a chip of extra fame.
"""),
    ("variant", "Field D variant", """\
# The field D variant

Chosen on the new-game screen (or drawn at random): field D gives 1 fame, lets you reset your own
marker, take 1 card, exchange 2 cards for 1 (as often as you like), or take the top tile of stack II
(then III) into your display. The base game scores a landscape or the stable for everyone.
"""),
    ("app", "In the app", """\
# Playing in the app

The **Decision** panel lists exactly what you may do now: Up/Down and Enter, a number key 1-9, or a
click. **u** undoes your last decision, **h** asks the greedy bot for a hint, **q** leaves (the game is
saved; Continue on the title screen resumes it), **?** shows the keys.

The board shows the consul track (fields 1-7 with their kind A, B or D; the consul's field in
brackets), each B field's landscape row (R river, G grain, F forest, M mountain, 1/2 a stable with 1 or
2 wheels; front tile first) and the part on offer (✓: your hand pays it now, 3 for 1 counted), and the
sections built with their builder's seat number. The displays show after each seat's fame its projected
final fame (→: fame + row leads + 1 per 3 cards, if the game ended now) and a * after every row it leads.
In a small terminal **b**, **p** and **l** switch between board, displays and log.
"""),
)

DE: tuple[tuple[str, str, str], ...] = (
    ("goal", "Ziel", """\
# Die Baumeister des Colosseum

Klaus-Jürgen Wrede, 2-4 Spieler. Ihr erweitert Landschaften, erzeugt **Baustoffe** (Wasser, Getreide,
Holz, Stein), lagert sie und baut die Teile des **Colosseums** für **Ruhmespunkte**.

Das Spiel endet sofort, wenn der **17. Bauabschnitt** gebaut ist. Dann bringt jede der 6 Reihen der
Auslagen (Stall, Lager, Fluss, Getreide, Wald, Gebirge) dem Spieler, der allein die meisten Plättchen hat,
**4 Ruhm**, bei Gleichstand jedem der Besten **2**; je **3 Karten** auf der Hand bringen 1 Ruhm.
Wer den meisten Ruhm hat, gewinnt; bei Gleichstand, wer mehr Karten auf der Hand hat.
"""),
    ("turn", "Ein Zug", """\
# Ein Zug

1. **Konsul ziehen**, im Uhrzeigersinn über die 7 Felder. Das erste Feld ist frei; jedes weitere kostet
   1 **Bewegungspunkt** (der Marker rückt ein Rad nach rechts), ohne Punkte 1 **Ruhmespunkt**.
   Du darfst beliebig viele Felder ziehen, soweit du bezahlen kannst, auch rundherum (etwa um Punkte
   zu verbrauchen und die nächste Stallwertung für 1 Ruhm abzulehnen).
   Bewegungspunkte = Räder in der Stallreihe - 1 - das Rad des Markers.
2. **Eine Aktion des Feldes**, auf dem der Konsul steht:
   * **A (Lager)**: du darfst 1 Karte abwerfen und ein Lager nehmen: dein Handlimit steigt um 2.
   * **B (blau)**: entweder das **vordere Plättchen** der Landschaftsreihe des Feldes nehmen (eine
     Landschaft oder einen Stall, dessen Räder sofort Bewegungspunkte geben); danach wird das neue vordere
     Plättchen für alle **gewertet** - oder das dort ausliegende Bauteil **bauen**.
   * **D**: eine Landschaft oder den Stall wählen, die für alle gewertet wird.

Zu Beginn nimmt jeder Spieler eine Karte seiner Wahl.
"""),
    ("scoring", "Wertung und Bauen", """\
# Wertung einer Landschaft oder des Stalls

Alle, der aktive Spieler zuerst: nimm bis zu eine Karte des Baustoffs der Landschaft je Plättchen in
dieser Reihe (Fluss: Wasser, Getreide: Getreide, Wald: Holz, Gebirge: Stein). Wer etwas nehmen könnte und
ganz verzichtet, erhält **1 Ruhmespunkt**.

Bei einer **Stallwertung** darf dein Marker ganz nach links (alle Bewegungspunkte zurück); wer ihn
stehen lässt, erhält 1 Ruhm (nur mit verbrauchten Punkten).

# Handlimit

4 Karten + 2 je Lager. Wer darüber liegt, wirft sofort bis zum Limit ab.

# Bauen

Bezahle die Kosten des Bauteils (W Wasser, G Getreide, H Holz, S Stein) und erhalte seinen Ruhm; das Teil
füllt den nächsten Bauabschnitt. Jede **fehlende** Karte darf durch **3 gleiche Karten einer anderen
Sorte** ersetzt werden. Die Abschnitte XV, XVI und XVII tragen ein Plättchen mit zusätzlichem Ruhm.
"""),
    ("variant", "Variante Feld D", """\
# Die Variante für Feld D

Auf dem Bildschirm Neues Spiel gewählt (oder zufällig gezogen): Feld D gibt 1 Ruhm, setzt nur den eigenen
Marker zurück, gibt 1 Karte, tauscht 2 Karten gegen 1 (beliebig oft) oder gibt das oberste Plättchen von
Stapel II (dann III) in die eigene Auslage. Im Grundspiel wird eine Landschaft oder der Stall für alle
gewertet.
"""),
    ("app", "In der App", """\
# Spielen in der App

Die **Entscheidung** listet genau, was du jetzt tun darfst: Pfeiltasten und Enter, eine Zahl 1-9 oder
ein Klick. **u** nimmt deine letzte Entscheidung zurück, **h** fragt den gierigen Bot nach einem Tipp,
**q** verlässt das Spiel (es wird gespeichert; Fortsetzen im Titelbild setzt es fort), **?** zeigt die
Tasten.

Der Spielplan zeigt die Konsulbahn (Felder 1-7 mit ihrer Art A, B oder D; das Konsulfeld in Klammern),
zu jedem B-Feld die Landschaftsreihe (W Fluss, G Getreide, H Wald, S Gebirge, wie die Karte des Baustoffs,
den die Landschaft gibt; 1/2 ein Stall mit 1 oder 2 Rädern; vorderes Plättchen zuerst) und das ausliegende
Bauteil (✓: deine Hand bezahlt es jetzt, 3 für 1 mitgezählt), und die gebauten Abschnitte mit der
Platznummer ihres Erbauers. Die Auslagen zeigen nach dem Ruhm jedes Platzes seinen erwarteten Endstand
(→: Ruhm + Reihenmehrheiten + 1 je 3 Karten, endete das Spiel jetzt) und ein * hinter jeder Reihe, in der
er vorn liegt. Im kleinen Terminal wechseln **b**, **p**
und **l** zwischen Spielplan, Auslagen und Protokoll.
"""),
)

STAND_INS_DE: dict[str, str] = {
    "track": "S-TRACK: die Reihenfolge der 7 Konsulfelder ist aus einer Rezension erschlossen, nicht gedruckt",
    "start_field": "S-TRACK: dass der Konsul auf Feld D beginnt, ist unsere Annahme",
    "start_displays": "S-START: welche zwei Landschaften jede Startauslage zeigt",
    "tile_stacks": "S-TILES: die Mischung aus Landschaften und Ställen in den Stapeln I, II und III",
    "cards_per_type": "S-CARDS: 18 Karten je Baustoff (72 / 4)",
    "parts": "S-PARTS: Kosten und Ruhm der 20 Bauteile des Colosseums (ein A-Teil ist abgebildet: W2 S1, 4 Ruhm)",
    "chips": "S-CHIPS: welcher der letzten drei Abschnitte das Plättchen mit 1, 2 und 4 Ruhm trägt",
}
"""The engine's stand-in notes (``components().stand_ins``, English data) in German, by their key; a note not
listed here (new data) is shown as the engine writes it."""

STAND_IN_HEAD = {
    "en": "# Our values\n\nThese values are ours, not the printed game's: no source we found gives them.\n\n",
    "de": "# Unsere Werte\n\nDiese Werte sind unsere, nicht die des gedruckten Spiels: keine Quelle, die wir "
          "fanden, nennt sie.\n\n",
}


def stand_in_words(lang: str) -> list[str]:
    """Every stand-in value in ``lang`` (the engine's words in English; German from ``STAND_INS_DE``)."""
    notes = components().stand_ins
    return [STAND_INS_DE.get(key, why) for key, why in notes.items()] if lang == "de" else list(STAND_INS)


def stand_ins_text(lang: str) -> str:
    """The stand-in chapter: a heading and one bullet per stand-in value."""
    return STAND_IN_HEAD.get(lang, STAND_IN_HEAD["en"]) + "\n".join(f"* {why}" for why in stand_in_words(lang)) + "\n"


def parts_page(lang: str) -> TablePage:
    """Every Colosseum part the engine plays: id, cost, fame (marked as stand-ins but the one printed part)."""
    de = lang == "de"
    rows = tuple(
        TableRow(p.id, (p.id, p.cost_text(), str(p.fame)),
                 ("Kosten W Wasser, G Getreide, H Holz, S Stein; Werte sind unsere (S-PARTS)" if de else
                  "Cost W water, G grain, H wood, S stone; values are ours (S-PARTS)"))
        for p in components().parts
    )
    columns = ("Teil", "Kosten", "Ruhm") if de else ("Part", "Cost", "Fame")
    return TablePage("parts", "Bauteile" if de else "Colosseum parts", columns, rows)


def pages(lang: str) -> list[RulesPage]:
    """The rules pages in reading order, in ``lang`` ("en" or "de"; anything else reads English)."""
    chapters = DE if lang == "de" else EN
    out: list[RulesPage] = [Chapter(key, title, text) for key, title, text in chapters]
    out.append(Chapter("stand-ins", "Unsere Werte" if lang == "de" else "Our values", stand_ins_text(lang)))
    out.append(parts_page(lang))
    return out
