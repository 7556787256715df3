"""Words shown to the player, in English or German (with the rulebook's card names).

``set_language("de")`` switches; ``t("Quick game")`` translates a UI string (unknown strings stay English);
``role_name("prefect")`` gives a card's name (Prefect / Praefekt).
"""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("en", "de")

_language = "en"

GERMAN: dict[str, str] = {
    "brick": "Ziegel",
    "food": "Nahrung",
    "tool": "Werkzeug",
    "wine": "Wein",
    "cloth": "Tuch",
    "land": "Land",
    "sea": "See",
    "sestertii": "Sesterzen",
}
"""English UI text -> German. Screens add their strings here."""


def set_language(lang: str) -> None:
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _language = lang


def language() -> str:
    return _language


def t(text: str) -> str:
    """``text`` in the current language."""
    if _language == "de":
        return GERMAN.get(text, text)
    return text


def role_name(role: str) -> str:
    """A card role's name: the rulebook's German name in German."""
    from engine.concordia import model  # imported on first use: the title screen needs no game data

    names = model.role_names().get(role)
    if names is None:
        return role.capitalize()
    return names[1] if _language == "de" else names[0]


def card_name(card_id: str) -> str:
    """A card's name; a double-role card shows both roles (Prefect/Architect)."""
    from engine.concordia import model

    card = model.cards()[card_id]
    name = "/".join(role_name(r) for r in card.roles)
    if card.roles == ("mercator",) and card.mercator_money != 3:
        name += f" ({card.mercator_money})"
    return name


GOD_NAMES: dict[str, tuple[str, str]] = {
    "vesta": ("Vesta", "Vesta"),
    "jupiter": ("Jupiter", "Jupiter"),
    "saturnus": ("Saturnus", "Saturnus"),
    "venus": ("Venus", "Venus"),
    "mercurius": ("Mercurius", "Merkur"),
    "mars": ("Mars", "Mars"),
    "minerva": ("Minerva", "Minerva"),
}
"""god -> (English, German) name as the rulebooks print it."""


def god_name(god: str) -> str:
    """A god's name in the current language (Mercurius / Merkur)."""
    names = GOD_NAMES.get(god)
    if names is None:
        return god.capitalize()
    return names[1] if _language == "de" else names[0]


GERMAN.update({
    # ---- the app: title, new game, load, rules, settings, dialogs
    "Continue": "Fortsetzen",
    "Quick game": "Schnelles Spiel",
    "New game": "Neues Spiel",
    "Load": "Laden",
    "Rules": "Regeln",
    "Settings": "Einstellungen",
    "Quit": "Beenden",
    "You": "Du",
    "Bot": "Bot",
    "My game": "Mein Spiel",
    "Mac Gerdts' game of trade in the Roman Empire, with Venus":
        "Mac Gerdts' Handelsspiel im Römischen Reich, mit Venus",
    "No running game to continue.": "Kein laufendes Spiel zum Fortsetzen.",
    "Saves could not be read": "Spielstände konnten nicht gelesen werden",
    "This save cannot be loaded": "Dieser Spielstand kann nicht geladen werden",
    "This save cannot be resumed": "Dieser Spielstand kann nicht fortgesetzt werden",
    "The game could not start": "Das Spiel konnte nicht starten",
    "The game could not be saved": "Das Spiel konnte nicht gespeichert werden",
    "Saved a copy as '{title}'.": "Kopie als „{title}“ gespeichert.",
    "Save a copy of this game as (Enter to save, Escape to cancel):":
        "Kopie dieses Spiels speichern als (Enter speichert, Esc bricht ab):",
    "Save as": "Speichern als",
    "Settings could not be saved": "Einstellungen konnten nicht gespeichert werden",
    "Terminal too small": "Terminal zu klein",
    "This screen needs at least": "Diese Ansicht braucht mindestens",
    "Enlarge the window (or press Ctrl+Q to quit).": "Fenster vergrößern (oder Strg+Q zum Beenden).",
    "Yes": "Ja",
    "No": "Nein",
    "Cancel": "Abbrechen",
    # new game
    "Map": "Spielplan",
    "Variant": "Variante",
    "Players": "Personen",
    "players": "Personen",
    "recommended": "empfohlen",
    "Seats": "Plätze",
    "name": "Name",
    "Person": "Mensch",
    "Options": "Optionen",
    "Interim scoring (at each player's first Tribune)": "Zwischenwertung (beim ersten Tribun jeder Person)",
    "Display": "Auslage",
    "cloth side (base)": "Tuchseite (Grundspiel)",
    "wine side (Venus)": "Weinseite (Venus)",
    "Small Ionium (without zone B, 2-3 players)": "Kleines Ionium (ohne Zone B, 2-3 Personen)",
    "Seed": "Startwert",
    "seed": "Startwert",
    "New seed": "Neuer Startwert",
    "Start": "Starten",
    "Back": "Zurück",
    "Base game": "Grundspiel",
    "Venus": "Venus",
    "Venus team game": "Venus-Teamspiel",
    "base": "Grundspiel",
    "Venus team": "Venus-Team",
    "Teams": "Teams",
    "easy": "leicht",
    "normal": "normal",
    "hard": "schwer",
    "random": "zufällig",
    "greedy": "gierig",
    "red": "rot",
    "blue": "blau",
    "green": "grün",
    "yellow": "gelb",
    "magenta": "magenta",
    "cyan": "türkis",
    "Player {n}": "Person {n}",
    "Bot {n} ({bot})": "Bot {n} ({bot})",
    "two seats have the colour {colour}": "zwei Plätze haben die Farbe {colour}",
    "the seed must be a whole number from 0 (leave it as drawn for a random game)":
        "der Startwert muss eine ganze Zahl ab 0 sein (für ein zufälliges Spiel so lassen)",
    "the name of seat {n} contains control characters": "der Name von Platz {n} enthält Steuerzeichen",
    "every seat is a bot: you will watch the game": "alle Plätze sind Bots: du schaust zu",
    "The game cannot start yet": "Das Spiel kann noch nicht starten",
    "the individual game is for 2 to 5 players": "das Einzelspiel ist für 2 bis 5 Personen",
    "the Venus team game is for 4 or 6 players (teams of two)":
        "das Venus-Teamspiel ist für 4 oder 6 Personen (Zweierteams)",
    "only Ionium has a small variant (without zone B)": "nur Ionium hat eine kleine Variante (ohne Zone B)",
    # load
    "Saved games": "Gespeicherte Spiele",
    "Saved": "Gespeichert",
    "saved": "gespeichert",
    "Title": "Titel",
    "Turn": "Zug",
    "turn": "Zug",
    "Status": "Status",
    "finished": "beendet",
    "running": "läuft",
    "(untitled)": "(ohne Titel)",
    "Folder": "Ordner",
    "Open": "Öffnen",
    "Delete": "Löschen",
    "Rename": "Umbenennen",
    "Enter: open · D: delete · R: rename · Esc: back": "Enter: öffnen · D: löschen · R: umbenennen · Esc: zurück",
    "Games are saved automatically after every turn.": "Spiele werden nach jedem Zug automatisch gespeichert.",
    "No saved games yet: games are saved automatically after every turn.":
        "Noch keine Spielstände: Spiele werden nach jedem Zug automatisch gespeichert.",
    "There is no save to open.": "Es gibt keinen Spielstand zum Öffnen.",
    "There is no save to delete.": "Es gibt keinen Spielstand zum Löschen.",
    "There is no save to rename.": "Es gibt keinen Spielstand zum Umbenennen.",
    "Delete the save {title}? This cannot be undone.":
        "Spielstand {title} löschen? Das lässt sich nicht rückgängig machen.",
    "Save deleted.": "Spielstand gelöscht.",
    "The save could not be deleted": "Der Spielstand konnte nicht gelöscht werden",
    "The save could not be renamed": "Der Spielstand konnte nicht umbenannt werden",
    "New title for this save (Enter to keep, Escape to cancel):":
        "Neuer Titel für diesen Spielstand (Enter übernimmt, Esc bricht ab):",
    "The title cannot be empty.": "Der Titel darf nicht leer sein.",
    "The title cannot contain control characters.": "Der Titel darf keine Steuerzeichen enthalten.",
    "Finished game": "Beendetes Spiel",
    "Player": "Person",
    "Total": "Summe",
    "Winner": "Sieg",
    "Decision": "Entscheidung",
    "Scores/Log": "Wertung/Protokoll",
    # rules
    "Rules in English": "Regeln auf Englisch",
    "Rules in German": "Regeln auf Deutsch",
    "Next": "Weiter",
    "Previous": "Zurück",
    "Cards": "Karten",
    "English/Deutsch": "Deutsch/English",
    # settings
    "Language": "Sprache",
    "Theme": "Farbschema",
    "English": "English (Englisch)",
    "Deutsch (German)": "Deutsch",
    "Dark": "Dunkel",
    "Light": "Hell",
    "High contrast": "Hoher Kontrast",
    "ASCII mode: no Unicode lines or symbols (old terminals)":
        "ASCII-Modus: keine Unicode-Linien oder -Symbole (alte Terminals)",
    "Bot pace": "Bot-Tempo",
    "Slow (watch every bot move)": "Langsam (jeden Bot-Zug ansehen)",
    "Normal": "Normal",
    "Fast": "Schnell",
    "Instant (no pause)": "Sofort (keine Pause)",
    "Confirm end of turn: ask before a choice that ends your turn":
        "Zugende bestätigen: vor einer Wahl fragen, die deinen Zug beendet",
    "Defaults": "Standardwerte",
    "Settings file": "Einstellungsdatei",
    # ---- the game screen (tui/screens/game*.py, tui/widgets, tui/text.py, tui/session.py)
    "nothing": "nichts",
    "1 step": "1 Schritt",
    "{n} steps": "{n} Schritte",
    "Play {card} as {role}": "{card} als {role} spielen",
    "Play {card}": "{card} spielen",
    "Move {kind} colonist from {src} to {dst}": "{kind}kolonist von {src} nach {dst} ziehen",
    "Move {kind} colonist {src} → {dst}": "{kind}kolonist {src} → {dst} ziehen",
    "Build a house in {city} ({good}) for {cost}": "Haus in {city} ({good}) bauen für {cost}",
    "Produce in {province} (you get {goods})": "In {province} produzieren (du erhältst {goods})",
    "Take the cash bonus ({n} sestertii)": "Geldbonus nehmen ({n} Sesterzen)",
    "Take {n} sestertii instead": "Stattdessen {n} Sesterzen nehmen",
    "Place a {kind} colonist in {place} (1 food + 1 tool)":
        "{kind}kolonist in {place} einsetzen (1 Nahrung + 1 Werkzeug)",
    "Sell {n} {good} for {money} sestertii": "{n} {good} für {money} Sesterzen verkaufen",
    "Buy {n} {good} for {money} sestertii": "{n} {good} für {money} Sesterzen kaufen",
    "Buy {card} from slot {slot} for {cost}": "{card} aus Feld {slot} kaufen für {cost}",
    "Copy {card} of {seat}": "{card} von {seat} kopieren",
    "as {role}": "als {role}",
    "Repeat as {role}": "Als {role} wiederholen",
    "Take {goods}": "{goods} nehmen",
    "Recommend {card}": "{card} empfehlen",
    "Start in {city}": "In {city} beginnen",
    "End the Architect": "Architekt beenden",
    "End trading": "Handel beenden",
    "Buy nothing more": "Nichts mehr kaufen",
    "Place no colonist": "Keinen Kolonisten einsetzen",
    "Place no more colonists": "Keine weiteren Kolonisten einsetzen",
    "Copy nothing": "Nichts kopieren",
    "Do nothing": "Nichts tun",
    "Done": "Fertig",
    "The game is over": "Das Spiel ist vorbei",
    "({n} movement points left)": "(noch {n} Bewegungspunkte)",
    "({n} more)": "({n} weitere)",
    "Autosave failed: {error}": "Automatisches Speichern fehlgeschlagen: {error}",
    "the bot failed ({error}); it takes the first choice": "der Bot ist gescheitert ({error}); er nimmt die erste Wahl",
    "the bot chose an illegal action ({action}); it takes the first choice":
        "der Bot wählte eine unerlaubte Aktion ({action}); er nimmt die erste Wahl",
    "Final scoring": "Schlusswertung",
    "God": "Gott",
    "Concordia card": "Concordia-Karte",
    "Team": "Team",
    "Winners: {names} with {vp} VP": "Sieg: {names} mit {vp} SP",
    "Winner: {name} with {vp} VP": "Sieg: {name} mit {vp} SP",
    "Tie on points: the tie-break (Praefectus Magnus order) decided it.":
        "Punktgleichstand: entschieden nach der Reihenfolge des Praefectus Magnus.",
    "No tie-break was needed.": "Kein Gleichstand zu entscheiden.",
    "Pass the keyboard to": "Gib die Tastatur weiter an",
    "The hand stays hidden until you are ready.": "Die Hand bleibt verdeckt, bis du bereit bist.",
    "I am ready (Enter)": "Ich bin bereit (Enter)",
    "the capital": "die Hauptstadt",
    "free land route": "freier Landweg",
    "free sea route": "freier Seeweg",
    "a player's house (in a city) or colonist (on a route)": "Haus (in einer Stadt) oder Kolonist (auf einem Weg)",
    "colonists standing in a city (lower-case seat letter)": "Kolonisten in einer Stadt (kleiner Platzbuchstabe)",
    "highlighted route: a colonist can reach it for that many movement points":
        "hervorgehobener Weg: ein Kolonist erreicht ihn für so viele Bewegungspunkte",
    "province bonus marker, goods side: the province can produce":
        "Bonusmarker, Warenseite: die Provinz kann produzieren",
    "bonus marker, coin side: worth that much for the Prefect's cash":
        "Bonusmarker, Münzseite: so viel bringt er beim Geld des Praefekten",
    "Praefectus Magnus": "Praefectus Magnus",
    "bot / person": "Bot / Mensch",
    "Goods": "Waren",
    "Keys": "Tasten",
    "Symbols": "Symbole",
    "Market": "Markt",
    "Storehouse": "Lagerhaus",
    "Log": "Protokoll",
    "Hand": "Hand",
    "turn {n}": "Zug {n}",
    "last round": "letzte Runde",
    "game over — press s for the scores": "Spielende — s zeigt die Wertung",
    "{name} is thinking": "{name} überlegt",
    "{name} to decide": "{name} entscheidet",
    "That is not possible now.": "Das geht jetzt nicht.",
    "End your turn?": "Zug beenden?",
    "Yes, end my turn": "Ja, Zug beenden",
    "That card cannot be played now.": "Diese Karte kann jetzt nicht gespielt werden.",
    "Play it as": "Ausspielen als",
    "Nothing to undo.": "Nichts rückgängig zu machen.",
    "Undone.": "Rückgängig gemacht.",
    "Thinking about a hint": "Suche einen Tipp",
    "The {bot} bot suggests:": "Der Bot {bot} schlägt vor:",
    "The {bot} bot would choose: {action}": "Der Bot {bot} würde wählen: {action}",
    "No hint: {error}": "Kein Tipp: {error}",
    "Card": "Karte",
    "Cost": "Kosten",
    "+Slot": "+Feld",
    "Deck: {n} cards": "Stapel: {n} Karten",
    "Concordia": "Concordia",
    "in play": "im Spiel",
    "Col.": "Kol.",
    "Top card": "Oberste Karte",
    "VP": "SP",
    "Last bot turn": "Letzter Bot-Zug",
    "(hidden)": "(verdeckt)",
    "Discard": "Ablage",
    "empty": "leer",
    "{n} free": "{n} frei",
    "on board": "auf dem Plan",
    "houses left": "Häuser übrig",
    "Sell": "Verkaufen",
    "Buy": "Kaufen",
    "{verb} {good} (1–{n})…": "{good} {verb} (1–{n})…",
    "Buy {card} from slot {slot} (choose the '?' goods)…": "{card} aus Feld {slot} kaufen (Waren für „?“ wählen)…",
    "Choose which goods to take…": "Wähle die Waren, die du nimmst…",
    "{route}: {cost} movement points": "{route}: {cost} Bewegungspunkte",
    "{province}: produce {good}": "{province}: {good} produzieren",
    "{city}: build for {cost}": "{city}: bauen für {cost}",
    "can produce": "kann produzieren",
    "1-9 or arrows + Enter to choose, Esc to cancel": "1-9 oder Pfeile + Enter wählen, Esc bricht ab",
    "Sell how many?": "Wie viele verkaufen?",
    "Buy how many?": "Wie viele kaufen?",
    "pay {goods} for '?'; in all {total}": "{goods} für „?“ zahlen; insgesamt {total}",
    "Buy the card in slot {slot}: choose the '?' goods": "Karte in Feld {slot} kaufen: Waren für „?“ wählen",
    "{who}: the storehouse has room for {n} goods only ({why}). Take:":
        "{who}: im Lagerhaus ist nur Platz für {n} Waren ({why}). Nimm:",
    # footer keys of the game screen
    "Undo": "Rückgängig",
    "Hint": "Tipp",
    "Help": "Hilfe",
    "Map/list": "Plan/Liste",
    "Gods": "Götter",
    "Leave": "Verlassen",
    "Close": "Schließen",
    "I am ready": "Ich bin bereit",
    "Look at the board": "Spielplan ansehen",
    "Board": "Plan",
    "Scores": "Wertung",
    "views: m k p l w": "Ansichten: m k p l w",
    "Top": "Oberste",
    "no goods": "keine Waren",
    "Store": "Lager",
    "Up": "Hoch",
    "Down": "Runter",
    "First": "Erste",
    "Last": "Letzte",
    "Page up": "Seite hoch",
    "Page down": "Seite runter",
    "Choose": "Wählen",
    "Next target": "Nächstes Ziel",
    "Previous target": "Voriges Ziel",
    "Choose target": "Ziel wählen",
    # the map (issue 16)
    "land route (a line from city to city)": "Landweg (eine Linie von Stadt zu Stadt)",
    "sea route": "Seeweg",
    "empty colonist space of a land / sea route": "freies Kolonistenfeld eines Land- / Seewegs",
    "a player's house (after a city's good) or colonist (on a route's space): the seat's digit":
        "Haus (hinter der Ware der Stadt) oder Kolonist (auf dem Feld eines Wegs): die Ziffer des Platzes",
    "a city: its good, then the seats with a house there": "eine Stadt: ihre Ware, dann die Plätze mit Haus dort",
    "pass only, no stop": "nur durchziehen, nicht anhalten",
    "colonist of {seat}": "Kolonist von {seat}",
    "free": "frei",
    "{cost} steps from here": "{cost} Schritte von hier",
    "capital": "Hauptstadt",
    "colonists: {who}": "Kolonisten: {who}",
    "none": "keine",
    "houses: {who}": "Häuser: {who}",
    "a house costs {cost}": "ein Haus kostet {cost}",
    "bonus marker: {good} side (may produce)": "Bonusmarker: Seite {good} (kann produzieren)",
    "bonus marker: coin side ({n} sestertii)": "Bonusmarker: Münzseite ({n} Sesterzen)",
    "on {route}": "auf {route}",
    "in {place}": "in {place}",
    "{kind} colonist {where}": "{kind}kolonist {where}",
    "({n} routes)…": "({n} Wege)…",
    "Legend (n closes)": "Legende (n schließt)",
    "(every name is written out in full at this scale)": "(in diesem Maßstab steht jeder Name ganz da)",
    "page {n}/{m}, arrows turn": "Seite {n}/{m}, Pfeile blättern",
    "From the map: {action} (u undoes it)": "Auf der Karte: {action} (u nimmt es zurück)",
    "Back to the list": "Zurück zur Liste",
    "Overview": "Übersicht",
    "Zoom": "Maßstab",
    "Legend": "Legende",
})
"""German for the app's screens and the game screen (the rulebook's words: Sesterzen, Lagerhaus, Praefekt ...)."""
