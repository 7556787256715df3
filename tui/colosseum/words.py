"""Colosseum's words that its UI translates from data at run time (resources, landscapes, labels kept in
tables ...).

Marked with ``N_`` so that Babel extracts them into the domain's catalog (``make po``); the code that shows
one passes it to ``t`` then. Nothing imports this module for its value."""

from __future__ import annotations

from tui.i18n import N_

WORDS: tuple[str, ...] = (
    N_("water"),
    N_("grain"),
    N_("wood"),
    N_("stone"),
    N_("river"),
    N_("forest"),
    N_("mountain"),
    N_("stable"),
    N_("stables"),
    N_("storage"),
    N_("cards"),
    N_("fame"),
    N_("Fame"),
    N_("Building"),
    N_("Wheels"),
    N_("Marker"),
    N_("Field"),
    N_("consul"),
    N_("built"),
    N_("storage tiles left"),
    N_("stack II"),
    N_("stack III"),
    N_("parts stack"),
    N_("Move the consul {n} fields ({cost})"),
    N_("to field {field}"),
    N_("Discard {card} for a storage tile (+2 hand limit)"),
    N_("Take the front tile ({tile})"),
    N_("Build {part} ({cost}, {fame} fame)"),
    N_("Build {part} paying {pay}"),
    N_("{n}x3 {card} for missing cards"),
    N_("Score {kind} for everyone"),
    N_("Keep your marker (+1 fame)"),
    N_("Discard a {card} card"),
    N_("Give {a} and {b} for {c}"),
    N_("{name}: {what}"),
    N_("Gain 1 fame"),
    N_("Reset your own marker"),
    N_("Take the top tile of stack II/III"),
    N_("Take 1 card of a chosen type"),
    N_("Exchange 2 cards for 1"),
    N_("Score a landscape or the stable (base game)"),
    N_("Drawn at random"),
    N_("Field D"),
    N_("movement points {n}"),
    N_("Choose how to pay"),
    N_("Build {part}…"),
    N_("Give 2 cards for 1…"),
    N_("Exchange"),
    N_("Cancel"),
    N_("river row"),
    N_("front"),
    N_("Undo"),
    N_("Hint"),
    N_("Help"),
    N_("Leave"),
    N_("Scores"),
    N_("Look at the board"),
    # shown through the shell's code (key labels, form values) or from tables of this game
    N_("points"),
    N_("The {bot} bot would choose: {action}"),
    N_("Keys"),
    N_("Thinking about a hint"),  # the shared play loop's words (tui/play_screen.py), in this game's German
    N_("{name} to decide"),  # the status line: who decides now (the turn may be another seat's: "{name}'s turn")
)
