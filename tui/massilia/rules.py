"""Massilia's rules as the app shows them: short chapters in English and German, the god cards as a table.

The text follows the rules spec (``shared/rules/massilia.md``, rule ids in brackets) and the German rulebook;
the god table and the stand-in chapter are generated from the engine's data (``engine.massilia.components``),
so they always name exactly what the engine plays with.
"""

from __future__ import annotations

import re

from engine.massilia.components import components
from tui.games import Chapter, RulesPage, TablePage, TableRow

EN: tuple[tuple[str, str, str], ...] = (
    ("overview", "The game", """\
2 to 4 merchants trade for seven days (Monday to Sunday) in the market of Massilia. **The most reputation wins.**

Each day: the price tiles move on (not on Monday), all dice are rolled, and in turn order the merchants take one
die at a time and do its colour's action, until everyone has passed.

* **beige** die: buy goods from the harbour onto your stalls
* **brown** die: move a customer (who buys at *your* stall) or the consul (who taxes and closes stalls)
* **black** die: buy reputation at the temple's price
* **grey** die: sacrifice goods for a god card

At the end, stalls, sesterces and penalty stones are scored (R-END-1).
"""),
    ("round", "A day", """\
**Phase I** (R-PRICE): each price tile moves one slot: temple, violet, orange, pink, temple.

**Phase II** (R-ROLL): the temple's dice are rolled. Then each merchant rolls the dice behind his screen and may
*keep* some in front of it for **2 sesterces each** (Mars: up to 2 free). Kept dice are his alone; the rest go to the
temple, where everyone may take them.

**Phase III** (R-TURN): in turn order, each merchant either **uses** dice (one action) or **passes**. Passing takes the
top round tile and that many sesterces; the last to pass gets no tile but becomes start player. The tiles decide the
next day's order (R-ORDER).
"""),
    ("dice", "Using dice", """\
A use takes a die from the temple or your kept dice, optionally *adds* more dice, and names an action colour and a
value V (R-DIE). Each change costs **one penalty stone**:

* **colour**: each die colour other than the action's
* **add**: each die beyond the first
* **pips**: each step of ±1 on a face (a 1 may become a 6)

Phoebus, Juno and Minerva each cover one unit of their kind. The dice go behind your screen and come back next
day. The app works the cheapest way out for you: the decision panel offers every legal value with its stones.
"""),
    ("actions", "The four actions", """\
**Beige** (R-BEIGE): buy V cubes: at least one of a main colour (pink, orange, violet) at its tile's price, the rest
beige at 1. They must fit on your stalls (6 each). The colour's point marker drops by 1.

**Black** (R-BLACK): V reputation for V x the temple's price.

**Grey** (R-GREY): return V cubes from your stalls to the harbour, then take a face-up god card or the top of the
deck (hand limit 3).

**Brown** (R-BROWN): move a figure exactly V fields. A customer in front of *your* stall buys all cubes of its
colour there (or all beige): the temple's price in sesterces and the marker's points in reputation per cube.
The consul taxes a stall with cubes (1 each, or the cubes go back), closes an empty one (never the last), and on an
empty space lets you build a stall for 5.
"""),
    ("gods", "God cards", """\
A card taken this turn cannot be played before your next turn (R-GOD-2); one card of each god per turn.

* **Jupiter**: take two god cards with a grey action
* **Neptunus**: two bought cubes are free
* **Mars**: keep up to two dice free
* **Mercurius**: one price tile +1 or -1 for one action
* **Pluto**: stop the consul's tax or closing at your stall (also in another's turn)
* **Minerva**: change a die's value by 1 without a penalty stone
* **Phoebus**: change a die's colour without a penalty stone
* **Juno**: add a die of the same colour without a penalty stone
* **Venus**: return up to two of your penalty stones
"""),
    ("end", "End and scoring", """\
After Sunday (R-END-1) every merchant adds to his reputation:

* his stalls on the market: 0, 0, 4, 9, 16, 25 points for 0 to 5+ stalls
* 1 point per 3 sesterces
* minus the stone penalty: 3 for 1-2 stones, 6 for 3-4, ... up to 15

Ties (R-TIE): more stalls, then more sesterces, then fewer stones.
"""),
    ("app", "Playing in the app", """\
The **decision panel** lists every legal choice, grouped by kind (Keep, Take die, Use, Buy, Move ...). Arrow keys and
Enter, or a click, choose.

* **u** undo (rolls come out the same again), **h** hint (the greedy bot's choice)
* **m** market, **b** harbour, temple and gods, **p** players, **l** log (on small terminals)
* **s** scores when the game is over, **?** this help, **q** leave (the game is saved)
* **-** and **+** scroll the log a page back and on from anywhere (on a small terminal they open it); **Tab** moves
  to the next panel, the log among them, where the arrow keys, Page Up/Down and Home/End scroll; the mouse wheel
  scrolls any panel. The log's **Last bot turn** box repeats the latest turn of a bot
  when it has scrolled out of view; while others decide, the decision panel shows it too

In the day's order (middle of the market) a merchant in brackets, **(3)**, has passed today. **end 12** in the
players panel is the reputation a merchant would have if the game ended now (stalls, sesterces / 3, stones).
Sesterces and stones lie behind the screens, but every payment is made openly, so another merchant's **money**
and **stones** there are what the table counted of his payments. A choice says what it brings: a sale its
sesterces, reputation and the point marker's rise, the consul his tax or closing (**Pluto?**: the owner may
still stop it with Pluto), passing its round tile, and a die that can only be used with a penalty stone says so
(**alone: 1 penalty stone**). Under each of your stalls, **brown: p1 o7 v5** gives the brown value that brings
each customer there (the shorter way round; **0**: it stands there already).

The market: each space shows its number, the owner's number and the figures there (**C** consul, **p o v** the
customers), and under it the cubes (**P**ink, **O**range, **V**iolet, **B**eige). Dice are a letter and the face:
**e** beige, **n** brown, **k** black, **g** grey (**n5** is a brown 5).
"""),
)

DE: tuple[tuple[str, str, str], ...] = (
    ("overview", "Das Spiel", """\
2 bis 4 Händler handeln sieben Tage lang (Montag bis Sonntag) auf dem Markt von Massilia. **Das meiste Ansehen
gewinnt.**

Jeden Tag wandern die Preisplättchen weiter (nicht am Montag), alle Würfel werden geworfen, und in Zugreihenfolge
nehmen die Händler je einen Würfel und führen die Aktion seiner Farbe aus, bis alle gepasst haben.

* **beiger** Würfel: Waren aus dem Hafen auf die eigenen Stände kaufen
* **brauner** Würfel: einen Kunden (kauft an *deinem* Stand) oder den Konsul (Steuer, schließt Stände) ziehen
* **schwarzer** Würfel: Ansehen zum Tempelpreis kaufen
* **grauer** Würfel: Waren opfern für eine Götterkarte

Am Ende zählen Stände, Sesterzen und Strafsteine (R-END-1).
"""),
    ("round", "Spielablauf", """\
**Phase I** (R-PRICE): jedes Preisplättchen rückt ein Feld weiter: Tempel, violett, orange, rosa, Tempel.

**Phase II** (R-ROLL): die Tempelwürfel werden geworfen. Dann würfelt jeder Händler die Würfel hinter seinem
Schirm und darf einige davor *behalten*, für **2 Sesterzen je Würfel** (Mars: bis zu 2 frei). Behaltene Würfel
gehören nur ihm; die übrigen kommen in den Tempel, wo alle sie nehmen dürfen.

**Phase III** (R-TURN): in Zugreihenfolge **setzt** jeder Würfel ein (eine Aktion) oder **passt**. Wer passt, nimmt
das oberste Rundenplättchen und so viele Sesterzen; wer zuletzt passt, bekommt keines, wird aber Startspieler.
Die Plättchen bestimmen die Reihenfolge des nächsten Tages (R-ORDER).
"""),
    ("dice", "Einsatz der Würfel", """\
Ein Einsatz nimmt einen Würfel aus dem Tempel oder von den eigenen behaltenen, nimmt auf Wunsch weitere *dazu* und
nennt eine Aktionsfarbe und einen Wert W (R-DIE). Jede Änderung kostet **einen Strafstein**:

* **Farbe**: jede Würfelfarbe außer der der Aktion
* **Dazu**: jeder Würfel nach dem ersten
* **Augen**: jeder Schritt um ±1 (aus einer 1 wird eine 6)

Phoebus, Juno und Minerva decken je eine Einheit ihrer Art. Die Würfel kommen hinter den Schirm und am nächsten Tag
zurück. Die App rechnet den billigsten Weg: die Entscheidung bietet jeden erlaubten Wert mit seinen Steinen an.
"""),
    ("actions", "Die Aktionen: Kunden und Konsul", """\
**Beige** (R-BEIGE): W Waren kaufen: mindestens eine Hauptfarbe (rosa, orange, violett) zum Preis ihres Plättchens,
den Rest beige zu 1. Sie müssen auf die eigenen Stände passen (6 je Stand). Der Punktemarker der Farbe sinkt um 1.

**Schwarz** (R-BLACK): W Ansehen für W x Tempelpreis.

**Grau** (R-GREY): W Waren von den eigenen Ständen in den Hafen zurück, dann eine offene Götterkarte oder die oberste
vom Stapel nehmen (höchstens 3 auf der Hand).

**Braun** (R-BROWN): eine Figur genau W Felder ziehen. Ein Kunde vor *deinem* Stand kauft dort alle Waren seiner Farbe
(sonst alle beigen): je Ware den Tempelpreis in Sesterzen und die Markerpunkte in Ansehen. Der Konsul verlangt an
einem Stand mit Waren Steuer (1 je Ware, sonst gehen sie zurück), schließt einen leeren (nie den letzten) und lässt
auf einem freien Feld für 5 einen Stand bauen.
"""),
    ("gods", "Die Götterkarten", """\
Eine in diesem Zug genommene Karte darf erst im nächsten eigenen Zug gespielt werden (R-GOD-2); je Gott eine Karte
pro Zug.

* **Jupiter**: mit einer grauen Aktion zwei Götterkarten nehmen
* **Neptunus**: zwei gekaufte Waren sind frei
* **Mars**: bis zu zwei Würfel frei behalten
* **Mercurius**: ein Preisplättchen für eine Aktion +1 oder -1
* **Pluto**: Steuer oder Schließung des Konsuls am eigenen Stand verhindern (auch im fremden Zug)
* **Minerva**: den Wert eines Würfels um 1 ändern, ohne Strafstein
* **Phoebus**: die Farbe eines Würfels ändern, ohne Strafstein
* **Juno**: einen Würfel derselben Farbe addieren, ohne Strafstein
* **Venus**: bis zu zwei eigene Strafsteine zurückgeben
"""),
    ("end", "Spielende", """\
Nach dem Sonntag (R-END-1) erhält jeder Händler zu seinem Ansehen:

* für seine Stände auf dem Markt: 0, 0, 4, 9, 16, 25 Punkte für 0 bis 5+ Stände
* 1 Punkt je 3 Sesterzen
* abzüglich der Strafsteine: 3 für 1-2 Steine, 6 für 3-4, ... bis 15

Gleichstand (R-TIE): mehr Stände, dann mehr Sesterzen, dann weniger Steine.
"""),
    ("app", "Spielen in der App", """\
Die **Entscheidung** listet jede erlaubte Wahl, nach Art geordnet (Behalten, Würfel nehmen, Einsatz, Kaufen,
Bewegen ...). Pfeiltasten und Enter oder ein Klick wählen.

* **u** rückgängig (die Würfel fallen wieder gleich), **h** Tipp (die Wahl des gierigen Bots)
* **m** Markt, **b** Hafen, Tempel und Götter, **p** Spieler, **l** Protokoll (auf kleinen Terminals)
* **s** Wertung nach Spielende, **?** diese Hilfe, **q** verlassen (das Spiel wird gespeichert)
* **-** und **+** blättern das Protokoll von überall eine Seite zurück und vor (auf kleinen Terminals öffnen sie
  es); **Tab** springt zum nächsten Bereich, auch zum Protokoll, wo Pfeiltasten, Bild auf/ab und Pos1/Ende blättern;
  das Mausrad blättert jeden Bereich. Der Kasten **Letzter Bot-Zug** im Protokoll wiederholt den letzten Zug eines Bots,
  wenn er aus dem Blick gerollt ist; während andere entscheiden, zeigt ihn auch die Entscheidung

In der Tagesreihenfolge (Mitte des Markts) hat ein Händler in Klammern, **(3)**, heute gepasst. **Ende 12** bei den
Spielern ist das Ansehen, das ein Händler hätte, wenn das Spiel jetzt endete (Stände, Sesterzen / 3, Strafsteine).
Sesterzen und Strafsteine liegen hinter den Schirmen, aber jede Zahlung geschieht offen: **Geld** und **Steine**
eines anderen Händlers sind, was der Tisch von seinen Zahlungen mitgezählt hat. Jede Wahl sagt, was sie bringt: ein
Verkauf Sesterzen, Ansehen und den steigenden Punktestein, der Konsul Steuer oder Schließung (**Pluto?**: der
Besitzer kann sie noch mit Pluto verhindern), Passen das Rundenplättchen, und ein Würfel, der nur mit Strafstein
nutzbar ist, sagt es (**allein: 1 Strafstein**). Unter jedem deiner Stände nennt **braun: p1 o7 v5** den braunen
Wert, der jeden Kunden dorthin bringt (auf dem kürzeren Weg; **0**: er steht schon dort).

Der Markt: jedes Feld zeigt seine Nummer, die Nummer des Besitzers und die Figuren dort (**C** Konsul, **p o v**
die Kunden), darunter die Waren (**P** rosa, **O** orange, **V** violett, **B** beige). Würfel sind ein Buchstabe und
die Augenzahl: **e** beige, **n** braun, **k** schwarz, **g** grau (**n5** ist eine braune 5).
"""),
)

GOD_TEXT: dict[str, tuple[str, str]] = {
    "jupiter": ("grey action: take 2 god cards", "graue Aktion: 2 Götterkarten nehmen"),
    "neptunus": ("beige action: up to 2 bought cubes are free", "beige Aktion: bis zu 2 gekaufte Waren frei"),
    "mars": ("phase II: keep up to 2 dice without paying", "Phase II: bis zu 2 Würfel kostenlos behalten"),
    "mercurius": ("one price tile +1/-1 for one action", "ein Preisplättchen +1/-1 für eine Aktion"),
    "pluto": ("stop the consul's tax or closing at your stall", "Steuer oder Schließung am eigenen Stand verhindern"),
    "minerva": ("change a die's value by 1 without a penalty stone", "Würfelwert um 1 ändern, ohne Strafstein"),
    "phoebus": ("change a die's colour without a penalty stone", "Würfelfarbe ändern, ohne Strafstein"),
    "juno": ("add a die of the same colour without a penalty stone", "Würfel gleicher Farbe addieren, ohne Strafstein"),
    "venus": ("return up to 2 own penalty stones", "bis zu 2 eigene Strafsteine zurückgeben"),
}

STAND_IN_TEXT = {
    "en": ("Stand-ins", "Some component values are not known from the sources. **These values are ours, not the "
           "printed game's**; they live in one data file and will be replaced when the printed parts are known:\n\n"),
    "de": ("Platzhalter", "Einige Werte des Spielmaterials sind aus den Quellen nicht bekannt. **Diese Werte sind "
           "unsere, nicht die des gedruckten Spiels**; sie stehen in einer Datendatei und werden ersetzt, sobald "
           "das gedruckte Material bekannt ist:\n\n"),
}


RULE_IDS = re.compile(r" ?\((?:[RD]-[A-Z0-9-]+(?:\.\.[0-9]+)?(?:, |/)?)+\)")
"""A bracket of rule ids (``(R-END-1)``, ``(R-CONSUL-1..4)``): for the rules spec's readers, not the players'."""


def player_text(text: str) -> str:
    """A chapter as a player reads it: without the spec's rule ids."""
    return RULE_IDS.sub("", text)


STAND_INS_DE: dict[str, str] = {
    "market of 16 stall spaces in a 5x5 ring, quadrants and figure start fields":
        "Markt mit 16 Standfeldern in einem 5x5-Ring, Viertel und Startfelder der Figuren",
    "20 cubes of each colour": "20 Waren jeder Farbe",
    "price tiles 1, 2, 2, 3": "Preisplättchen 1, 2, 2, 3",
    "round tiles 4, 3, 2": "Rundenplättchen 4, 3, 2",
    "5 stall tiles per player (option: 6)": "5 Standplättchen je Spieler (Option: 6)",
    "10 penalty stones per player": "10 Strafsteine je Spieler",
    "the fourth player colour, blue": "die vierte Spielerfarbe, blau",
}
"""The engine's stand-in notes (``engine.massilia.STAND_INS``, English data) in German; a note not listed here
(new data) is shown as the engine writes it."""


def stand_in_words(lang: str) -> list[str]:
    """The stand-in notes in ``lang``."""
    notes = list(components().stand_ins)
    return [STAND_INS_DE.get(n, n) for n in notes] if lang == "de" else notes


def pages(lang: str) -> list[RulesPage]:
    """The chapters in reading order, the god table and the stand-ins, in ``lang`` ("en" or "de")."""
    de = lang == "de"
    out: list[RulesPage] = [Chapter(key, title, player_text(text)) for key, title, text in (DE if de else EN)]
    comp = components()
    from .text import god_name

    rows = tuple(
        TableRow(god, (god_name(god), str(n), GOD_TEXT[god][1 if de else 0]))
        for god, n in comp.gods.items()
    )
    out.insert(5, TablePage("god-table", "Götterkarten (Liste)" if de else "God cards (table)",
                            ("Gott", "Anzahl", "Wirkung") if de else ("God", "Cards", "Effect"), rows))
    title, intro = STAND_IN_TEXT["de" if de else "en"]
    out.append(Chapter("stand-ins", title, intro + "\n".join(f"* {note}" for note in stand_in_words(lang)) + "\n"))
    return out
