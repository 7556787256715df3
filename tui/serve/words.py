"""The German words of the lobby and the remote table (``concordia serve``), added to ``tui.i18n``."""

from __future__ import annotations

from tui.i18n import add_words

add_words({
    "Tables on this server": "Tische auf diesem Server",
    "Game": "Spiel",
    "Status": "Stand",
    "Seats": "Plätze",
    "free": "frei",
    "bot": "Bot",
    "away": "weg",
    "open": "offen",
    "playing": "läuft",
    "finished": "beendet",
    "{status} ({n} decisions)": "{status} ({n} Entscheidungen)",
    "Game ({games}):": "Spiel ({games}):",
    "Seats (me, free, bot:LEVEL), comma-separated:": "Plätze (me, free, bot:STUFE), durch Kommas getrennt:",
    "unknown game {game}": "unbekanntes Spiel {game}",
    "Options (such as variant=venus-team map=italia), may stay empty:":
        "Optionen (etwa variant=venus-team map=italia), dürfen leer bleiben:",
    "an option is NAME=VALUE, not {word}": "eine Option ist NAME=WERT, nicht {word}",
    "New table": "Neuer Tisch",
    "Watch": "Zuschauen",
    "Start": "Starten",
    "Refresh": "Aktualisieren",
    "Play alone": "Allein spielen",
    "Quit": "Beenden",
    "Cancel": "Abbrechen",
    "Lobby": "Lobby",
    "Undo": "Zurück",
    "No tables yet: N creates one.": "Noch keine Tische: N eröffnet einen.",
    "Your table is open: friends take its free seats, then S starts it.":
        "Dein Tisch ist offen: Freunde nehmen die freien Plätze, dann startet S das Spiel.",
    "You sit at seat {n}; the game opens when the host starts it.":
        "Du sitzt auf Platz {n}; das Spiel öffnet sich, sobald der Gastgeber es startet.",
    "The game opens when the host starts it.": "Das Spiel öffnet sich, sobald der Gastgeber es startet.",
    "Waiting for the server ...": "Warte auf den Server ...",
    "you": "du",
    "waiting for the host to start": "wartet auf den Start durch den Gastgeber",
    "spectator": "Zuschauer",
    "seat {n}": "Platz {n}",
    "decision {n} - to decide: {who}": "Entscheidung {n} - am Zug: {who}",
    "Seats: {seats}": "Plätze: {seats}",
    "Your decisions: ": "Deine Entscheidungen: ",
    "A bad update of the table: {error}": "Eine fehlerhafte Nachricht vom Tisch: {error}",
    "({n} decisions before you came)": "({n} Entscheidungen, bevor du kamst)",
    "decided": "hat entschieden",
    "That is not possible now.": "Das geht jetzt nicht.",
})
