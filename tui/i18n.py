"""Words shown to the player, in English or German (with the rulebook's card names).

``set_language("de")`` switches; ``t("Quick game")`` translates a UI string (unknown strings stay English).
A game's UI package adds its own words with ``add_words`` (Concordia's card and god names are in
``tui.concordia.names``).
"""

from __future__ import annotations

from tui import glyphs

LANGUAGES: tuple[str, ...] = ("en", "de")

_language = "en"

GERMAN: dict[str, str] = {}
"""English UI text -> German. The shell's screens add their strings below, a game's UI with ``add_words``."""


def set_language(lang: str) -> None:
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _language = lang


def language() -> str:
    return _language


def add_words(german: dict[str, str]) -> None:
    """Add a game's own German words (its UI package calls this when it is imported); existing ones win."""
    for english, word in german.items():
        GERMAN.setdefault(english, word)


def t(text: str) -> str:
    """``text`` in the current language; in ASCII mode in 7-bit ASCII (``ä`` as ``ae``, ``tui.glyphs.ascii_text``)."""
    if _language == "de":
        text = GERMAN.get(text, text)
    if glyphs.ascii_mode():
        return glyphs.ascii_text(text)
    return text


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
    "No running game to continue.": "Kein laufendes Spiel zum Fortsetzen.",
    "Board games of ancient Rome: {games}": "Brettspiele aus dem alten Rom: {games}",
    "Which game do you want to play?": "Welches Spiel möchtest du spielen?",
    "Rules of which game?": "Regeln welches Spiels?",
    "Choose a game": "Wähle ein Spiel",
    "Game": "Spiel",
    "Setup": "Aufbau",
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
    "TERM={term}: this terminal cannot draw the app's symbols, so it draws with ASCII only (--ascii).":
        "TERM={term}: Dieses Terminal kann die Symbole des Spiels nicht zeigen, es zeichnet daher nur mit ASCII "
        "(--ascii).",
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
    "Seed": "Startwert",
    "seed": "Startwert",
    "New seed": "Neuer Startwert",
    "Start": "Starten",
    "Back": "Zurück",
    "base": "Grundspiel",
    "easy": "leicht",
    "normal": "normal",
    "hard": "schwer",
    "random": "zufällig",
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
    # ---- what every game's screen shares (session, hot seat, log, lists)
    "Autosave failed: {error}": "Automatisches Speichern fehlgeschlagen: {error}",
    "the bot failed ({error}); it takes the first choice": "der Bot ist gescheitert ({error}); er nimmt die erste Wahl",
    "the bot chose an illegal action ({action}); it takes the first choice":
        "der Bot wählte eine unerlaubte Aktion ({action}); er nimmt die erste Wahl",
    "God": "Gott",
    "Pass the keyboard to": "Gib die Tastatur weiter an",
    "The hand stays hidden until you are ready.": "Die Hand bleibt verdeckt, bis du bereit bist.",
    "I am ready (Enter)": "Ich bin bereit (Enter)",
    "Concordia": "Concordia",
    "VP": "SP",
    "Last bot turn": "Letzter Bot-Zug",
    # footer keys
    "I am ready": "Ich bin bereit",
    "Scores": "Wertung",
    "Up": "Hoch",
    "Down": "Runter",
    "First": "Erste",
    "Last": "Letzte",
    "Page up": "Seite hoch",
    "Page down": "Seite runter",
    "Choose": "Wählen",
})
"""German for the app's own screens and what every game's screen shares (Concordia's words: tui.concordia.words)."""
